// The generated shader_constants.glsl against the C++ constants it is made from, and the
// shaders' use of it: no binding, stream or slot packing typed as a number in a shader.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <string>

#include "particles/variation.hpp"
#include "render/cpu/shader_constants.hpp"
#include "render/cpu/shader_source.hpp"

using namespace kiln;

namespace {

struct GlslConstant {
  std::string type;
  std::uint32_t value = 0;
};

// `const int|uint NAME = VALUE[u];` lines, parsed without the generator's help.
std::map<std::string, GlslConstant> parseConstants(std::string_view text) {
  std::map<std::string, GlslConstant> out;
  const std::regex line(R"(^const (int|uint) (\w+) = (\d+)(u?);$)");
  std::istringstream in{std::string(text)};
  for (std::string l; std::getline(in, l);) {
    std::smatch m;
    if (!std::regex_match(l, m, line)) continue;
    REQUIRE((m[1] == "uint") == (m[4] == "u"));
    out[m[2]] = {m[1], static_cast<std::uint32_t>(std::stoul(m[3]))};
  }
  return out;
}

// A binding, texture unit or slot shift written as a literal number.
bool hasLiteralShaderConstant(const std::string& text) {
  static const std::regex literal(R"((binding\s*=\s*\d)|(>>\s*12\b)|(0xfffu))");
  return std::regex_search(text, literal);
}

std::string readFile(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace

TEST_CASE("the generated header holds every shared C++ constant and nothing else", "[shaders]") {
  const std::string_view text = render::embeddedShader(render::kShaderConstantsFile);
  REQUIRE_FALSE(text.empty());
  const auto c = parseConstants(text);
  const std::map<std::string, GlslConstant> expected{
      {"kFrameBinding", {"int", render::kFrameBinding}},
      {"kPresetsBinding", {"int", render::kPresetsBinding}},
      {"kEmittersBinding", {"int", render::kEmittersBinding}},
      {"kScheduleBinding", {"int", render::kScheduleBinding}},
      {"kClocksBinding", {"int", render::kClocksBinding}},
      {"kFrameRectsBinding", {"int", render::kFrameRectsBinding}},
      {"kInstancesBinding", {"int", render::kInstancesBinding}},
      {"kCountersBinding", {"int", render::kCountersBinding}},
      {"kResultsBinding", {"int", render::kResultsBinding}},
      {"kStatesBinding", {"int", render::kStatesBinding}},
      {"kDrawListBinding", {"int", render::kDrawListBinding}},
      {"kCommandsBinding", {"int", render::kCommandsBinding}},
      {"kEventInstancesBinding", {"int", render::kEventInstancesBinding}},
      {"kLiveBitsBinding", {"int", render::kLiveBitsBinding}},
      {"kEventSpriteUnit", {"int", render::kEventSpriteUnit}},
      {"kEventPaletteUnit", {"int", render::kEventPaletteUnit}},
      {"kEventDestinationUnit", {"int", render::kEventDestinationUnit}},
      {"kEventLightMatter", {"uint", render::shaderEventBlend(sim::BlendMode::LightMatter)}},
      {"kEventNormal", {"uint", render::shaderEventBlend(sim::BlendMode::Normal)}},
      {"kEventAdditive", {"uint", render::shaderEventBlend(sim::BlendMode::Additive)}},
      {"kEventMultiply", {"uint", render::shaderEventBlend(sim::BlendMode::Multiply)}},
      {"kEventSubtractive", {"uint", render::shaderEventBlend(sim::BlendMode::Subtractive)}},
      {"kEventPremultiplied", {"uint", render::shaderEventBlend(sim::BlendMode::Premultiplied)}},
      {"kEventPalette", {"uint", render::shaderEventBlend(sim::BlendMode::Palette)}},
      {"kTextureAlphaAlpha", {"uint", render::shaderTextureAlpha(sim::TextureAlpha::Alpha)}},
      {"kTextureAlphaBrightness", {"uint", render::shaderTextureAlpha(sim::TextureAlpha::Brightness)}},
      {"kAtlasUnit", {"int", render::kAtlasUnit}},
      {"kLayerCountsUnit", {"int", render::kLayerCountsUnit}},
      {"kSlotBits", {"uint", render::kSlotBits}},
      {"kSlotMask", {"uint", render::kSlotMask}},
      {"kClockStarted", {"uint", render::kClockStarted}},
      {"kClockVisible", {"uint", render::kClockVisible}},
      {"kSpawnX", {"uint", static_cast<std::uint32_t>(particles::Stream::SpawnX)}},
      {"kSpawnY", {"uint", static_cast<std::uint32_t>(particles::Stream::SpawnY)}},
      {"kSpawnZ", {"uint", static_cast<std::uint32_t>(particles::Stream::SpawnZ)}},
      {"kVelocityX", {"uint", static_cast<std::uint32_t>(particles::Stream::VelocityX)}},
      {"kVelocityY", {"uint", static_cast<std::uint32_t>(particles::Stream::VelocityY)}},
      {"kVelocityZ", {"uint", static_cast<std::uint32_t>(particles::Stream::VelocityZ)}},
      {"kLifetime", {"uint", static_cast<std::uint32_t>(particles::Stream::Lifetime)}},
      {"kAngle", {"uint", static_cast<std::uint32_t>(particles::Stream::Angle)}},
      {"kSpin", {"uint", static_cast<std::uint32_t>(particles::Stream::Spin)}},
      {"kBlendAdditive", {"uint", render::shaderBlendMode(particles::Blend::Additive)}},
      {"kBlendCutout", {"uint", render::shaderBlendMode(particles::Blend::Cutout)}},
      {"kBlendAlpha", {"uint", render::shaderBlendMode(particles::Blend::Alpha)}},
      {"kBlendPremultiplied", {"uint", render::shaderBlendMode(particles::Blend::Premultiplied)}},
      {"kVaryingParticleUv", {"int", render::kVaryingParticleUv}},
      {"kVaryingParticleColor", {"int", render::kVaryingParticleColor}},
      {"kVaryingParticleBlend", {"int", render::kVaryingParticleBlend}},
      {"kVaryingEventUv", {"int", render::kVaryingEventUv}},
      {"kVaryingEventColor", {"int", render::kVaryingEventColor}},
      {"kVaryingEventOpacity", {"int", render::kVaryingEventOpacity}},
      {"kVaryingEventTextureAlphaMode", {"int", render::kVaryingEventTextureAlphaMode}},
      {"kVaryingEventAlphaTest", {"int", render::kVaryingEventAlphaTest}},
      {"kVaryingEventShaderData", {"int", render::kVaryingEventShaderData}},
      {"kVaryingSectorGrid", {"int", render::kVaryingSectorGrid}},
      {"kVaryingSectorShade", {"int", render::kVaryingSectorShade}},
      {"kVaryingLineColor", {"int", render::kVaryingLineColor}},
      {"kVaryingOutputUv", {"int", render::kVaryingOutputUv}},
      {"kVaryingOutputExposure", {"int", render::kVaryingOutputExposure}},
      {"kOutputSceneUnit", {"int", render::kOutputSceneUnit}},
      {"kOutputBloomUnit", {"int", render::kOutputBloomUnit}},
      {"kOutputLuminanceUnit", {"int", render::kOutputLuminanceUnit}},
      {"kToneMapClamp", {"uint", static_cast<std::uint32_t>(render::ToneMap::Clamp)}},
      {"kToneMapNeutral", {"uint", static_cast<std::uint32_t>(render::ToneMap::Neutral)}},
      {"kToneMapAces", {"uint", static_cast<std::uint32_t>(render::ToneMap::Aces)}},
      {"kToneMapAgx", {"uint", static_cast<std::uint32_t>(render::ToneMap::Agx)}},
      {"kOutputAutoExposure", {"uint", render::kOutputAutoExposure}},
      {"kOutputBloom", {"uint", render::kOutputBloom}},
      {"kOutputSrgb", {"uint", render::kOutputSrgb}},
      {"kLuminanceGrid", {"int", render::kLuminanceGrid}},
  };
  CHECK(c.size() == expected.size());
  for (const auto& [name, want] : expected) {
    INFO(name);
    REQUIRE(c.count(name) == 1);
    CHECK(c.at(name).type == want.type);
    CHECK(c.at(name).value == want.value);
  }
}

TEST_CASE("the instance packing holds 4,096 slots and the largest emitter index", "[shaders]") {
  CHECK(render::packInstance(1, 0) == 4096u);
  CHECK(render::packInstance(0, 4095) == 4095u);
  CHECK(render::packInstance(render::kMaxPackedEmitter, 4095) == 0xffffffffu);
}

TEST_CASE("no shader writes a binding or the slot packing as a number", "[shaders]") {
  // The detector itself, on both sides.
  CHECK(hasLiteralShaderConstant("layout(std430, binding = 3) readonly buffer Clocks"));
  CHECK(hasLiteralShaderConstant("uint e = entry >> 12;"));
  CHECK_FALSE(hasLiteralShaderConstant("layout(std430, binding = kClocksBinding) readonly buffer Clocks"));
  CHECK_FALSE(hasLiteralShaderConstant("uint e = entry >> kSlotBits;"));
  std::size_t files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(std::filesystem::path(KILN_SOURCE_DIR) / "shaders")) {
    INFO(entry.path().filename().string());
    CHECK_FALSE(hasLiteralShaderConstant(readFile(entry.path())));
    ++files;
  }
  CHECK(files >= 10);
}

TEST_CASE("shaders include the constants and the Frame block once", "[shaders]") {
  std::string text, error;
  REQUIRE(render::loadShader("particle.vert", "", text, error));
  const auto count = [&](const std::string& needle) {
    std::size_t n = 0;
    for (auto at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1)) ++n;
    return n;
  };
  CHECK(count("const int kPresetsBinding") == 1);  // particle_common.glsl and frame.glsl both include it
  CHECK(count("uniform Frame") == 1);
  for (const char* name : {"sector.vert", "lines.vert"}) {
    INFO(name);
    REQUIRE(render::loadShader(name, "", text, error));
    CHECK(count("uniform Frame") == 1);
  }
}

TEST_CASE("a developer shader directory gets the generated header, but no other missing file", "[shaders]") {
  const std::string dir = std::string(KILN_SOURCE_DIR) + "/shaders";
  std::string text, error;
  CHECK(render::loadShader("particle.vert", dir, text, error));
  CHECK(text.find("const uint kSlotBits") != std::string::npos);
  CHECK_FALSE(render::loadShader("no_such_shader.vert", dir, text, error));
}
