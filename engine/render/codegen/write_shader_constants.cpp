// Build step: writes shader_constants.glsl, the GLSL copy of render/shader_constants.hpp and
// the hash streams of particles/variation.hpp, so no binding or flag is typed twice.
// Usage: kiln-shader-constants OUT.glsl
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#include "particles/model.hpp"
#include "particles/variation.hpp"
#include "render/shader_constants.hpp"

namespace {

using namespace kiln;

// Layout qualifiers take int constant expressions; everything the shaders compare with uint
// values is uint.
void constant(std::ostringstream& out, const char* type, const char* name, std::uint32_t value) {
  out << "const " << type << ' ' << name << " = " << value << (type[0] == 'u' ? "u" : "") << ";\n";
}
void binding(std::ostringstream& out, const char* name, std::uint32_t value) { constant(out, "int", name, value); }
void word(std::ostringstream& out, const char* name, std::uint32_t value) { constant(out, "uint", name, value); }
void stream(std::ostringstream& out, const char* name, particles::Stream s) {
  word(out, name, static_cast<std::uint32_t>(s));
}
void blend(std::ostringstream& out, const char* name, particles::Blend b) { word(out, name, render::shaderBlendMode(b)); }

void eventBlend(std::ostringstream& out, const char* name, sim::BlendMode b) {
  word(out, name, render::shaderEventBlend(b));
}

std::string text() {
  std::ostringstream out;
  out << "// Generated at build time from engine/render/shader_constants.hpp and\n"
         "// engine/particles/variation.hpp by kiln-shader-constants; do not edit.\n\n";
  out << "// Binding points and texture units.\n";
  binding(out, "kFrameBinding", render::kFrameBinding);
  binding(out, "kPresetsBinding", render::kPresetsBinding);
  binding(out, "kEmittersBinding", render::kEmittersBinding);
  binding(out, "kScheduleBinding", render::kScheduleBinding);
  binding(out, "kClocksBinding", render::kClocksBinding);
  binding(out, "kFrameRectsBinding", render::kFrameRectsBinding);
  binding(out, "kInstancesBinding", render::kInstancesBinding);
  binding(out, "kCountersBinding", render::kCountersBinding);
  binding(out, "kResultsBinding", render::kResultsBinding);
  binding(out, "kStatesBinding", render::kStatesBinding);
  binding(out, "kDrawListBinding", render::kDrawListBinding);
  binding(out, "kCommandsBinding", render::kCommandsBinding);
  binding(out, "kEventInstancesBinding", render::kEventInstancesBinding);
  binding(out, "kLiveBitsBinding", render::kLiveBitsBinding);
  binding(out, "kAtlasUnit", render::kAtlasUnit);
  binding(out, "kLayerCountsUnit", render::kLayerCountsUnit);
  binding(out, "kEventSpriteUnit", render::kEventSpriteUnit);
  out << "\n// Instances: emitter << kSlotBits | slot.\n";
  word(out, "kSlotBits", render::kSlotBits);
  word(out, "kSlotMask", render::kSlotMask);
  out << "\n// EmitterClockData.clock.w flags.\n";
  word(out, "kClockStarted", render::kClockStarted);
  word(out, "kClockVisible", render::kClockVisible);
  out << "\n// Variation hash streams.\n";
  stream(out, "kSpawnX", particles::Stream::SpawnX);
  stream(out, "kSpawnY", particles::Stream::SpawnY);
  stream(out, "kSpawnZ", particles::Stream::SpawnZ);
  stream(out, "kVelocityX", particles::Stream::VelocityX);
  stream(out, "kVelocityY", particles::Stream::VelocityY);
  stream(out, "kVelocityZ", particles::Stream::VelocityZ);
  stream(out, "kLifetime", particles::Stream::Lifetime);
  stream(out, "kAngle", particles::Stream::Angle);
  stream(out, "kSpin", particles::Stream::Spin);
  out << "\n// Blend selector (PresetData.sprite.w).\n";
  blend(out, "kBlendAdditive", particles::Blend::Additive);
  blend(out, "kBlendCutout", particles::Blend::Cutout);
  blend(out, "kBlendAlpha", particles::Blend::Alpha);
  blend(out, "kBlendPremultiplied", particles::Blend::Premultiplied);
  out << "\n// Event particles: blend formula and texture-alpha selectors (events.frag).\n";
  eventBlend(out, "kEventLightMatter", sim::BlendMode::LightMatter);
  eventBlend(out, "kEventNormal", sim::BlendMode::Normal);
  eventBlend(out, "kEventAdditive", sim::BlendMode::Additive);
  eventBlend(out, "kEventMultiply", sim::BlendMode::Multiply);
  eventBlend(out, "kEventSubtractive", sim::BlendMode::Subtractive);
  eventBlend(out, "kEventPremultiplied", sim::BlendMode::Premultiplied);
  word(out, "kTextureAlphaAlpha", render::shaderTextureAlpha(sim::TextureAlpha::Alpha));
  word(out, "kTextureAlphaBrightness", render::shaderTextureAlpha(sim::TextureAlpha::Brightness));
  return out.str();
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: kiln-shader-constants OUT.glsl\n");
    return 2;
  }
  std::ofstream out(argv[1], std::ios::binary | std::ios::trunc);
  out << text();
  return out ? 0 : 1;
}
