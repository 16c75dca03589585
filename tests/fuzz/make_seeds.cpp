// fuzz_make_seeds: writes the largest valid documents the project can make, one folder per
// format, as seeds for the libFuzzer campaigns (docs/fuzzing.md "Seed corpora").
//
//   fuzz_make_seeds STRESS.yaml OUT_DIR [SOURCE.yaml...]
//
// writes (and OUT_DIR/klm1/NAME.klm for every further SOURCE.yaml, e.g. the other sample levels)
//   OUT_DIR/kwp1/stress.kwp     the @world/particles entry of the compiled stress level
//   OUT_DIR/kws1/stress.kws     its @world/sectors entry
//   OUT_DIR/klm1/stress.klm     the compiled stress level (byte for byte what `kiln compile` writes)
//   OUT_DIR/kev1/limits.kev     an events section at every KEV1 count limit (16 materials of
//                               16,384 bytes, 256 recipes with sprites that each name a material,
//                               every blend (palette with its table), 256 emitters with 64 path
//                               keys, 4,096 script events, 64-byte names): KEV1 version 4, within
//                               a few KiB of the largest section the limits allow
//   OUT_DIR/klm1/stress-events.klm  the stress level with limits.kev as its @kiln/events entry
//   OUT_DIR/kws1/limits.kws     a version-3 world of 1,024 sectors (the limit) with 64-byte names,
//                               sloped floors and ambient colours, each a regular 44-gon: the
//                               most vertices for which 1,024 sectors still fit the 1 MiB bound
//
// The source is compiled like the source fuzz target does it (every texture counts as 16×16,
// no file is read), which gives the same bytes as the kiln CLI: texture sizes feed only the
// frame checks, never the encoding. Every file is decoded again before it is written and must
// re-encode to the same bytes. Deterministic: no clock, no randomness.
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "core/file.hpp"
#include "loader/yaml_tree.hpp"
#include "particles/kwp1/kwp1.hpp"
#include "sim/kev1.hpp"
#include "source/compile.hpp"
#include "support/long_name.hpp"
#include "world/level.hpp"
#include "world/world.hpp"

namespace {

namespace fs = std::filesystem;
namespace ks = kiln::source;
namespace ww = kiln::world;
namespace sim = kiln::sim;

int fail(const std::string& what) {
  std::fprintf(stderr, "fuzz_make_seeds: %s\n", what.c_str());
  return 2;
}

// A name of exactly 64 bytes: PREFIX, the index in decimal, padded with 'x'.
std::string longName(const char* prefix, std::size_t i) {
  return kiln::testsupport::longName(prefix, i, sim::kMaxEventNameBytes);
}

sim::Events limitsEvents() {
  sim::Events e;
  e.capacity = sim::kMaxCapacity;
  e.stepHz = 120.0;
  e.maxSprites = sim::kMaxCapacity;
  e.sort = sim::SortMode::Iso;
  e.matterLight = {0.9, 0.8, 0.7};
  for (std::size_t i = 0; i < sim::kMaxMaterials; ++i) {
    // Printable ASCII to the byte limit: a snippet that returns its colour, padded by a comment.
    std::string text = "vec4 kilnMaterial(vec4 c, vec4 t, vec4 e) { return c; }\n//";
    text.resize(sim::kMaxMaterialBytes, 'x');
    e.materials.push_back({longName("material_", i), std::move(text), ""});
  }
  for (std::size_t i = 0; i < sim::kMaxRecipes; ++i) {
    sim::Recipe r;
    r.name = longName("recipe_", i);
    r.count = static_cast<std::int64_t>(1 + i % 64);
    r.speed = 0.5 + 0.01 * static_cast<double>(i);
    r.spread = 0.25;
    r.lifetime = 0.5 + 0.005 * static_cast<double>(i);
    r.size = 0.1;
    r.growth = 0.5;
    r.gravity = -3.0;
    r.drag = 1.5;
    r.color = {1.0, 0.5, 0.25};
    r.opacity = 0.75;
    r.fade = 1.25;
    r.glows = i % 2 == 0;
    r.axis = {0.0, 0.25, 1.0};
    sim::EventSprite s;
    s.frame = longName("frame_", i);
    s.blend = static_cast<sim::BlendMode>(i % 7);
    if (s.blend == sim::BlendMode::Palette) s.palette = longName("palette_", i);
    s.material = e.materials[i % e.materials.size()].name;
    s.textureAlpha = static_cast<sim::TextureAlpha>(i % 2);
    s.alphaTest = 0.125;
    r.sprite = s;
    e.recipes.push_back(std::move(r));
  }
  for (std::size_t i = 0; i < sim::kMaxEmitters; ++i) {
    sim::EventEmitter m;
    m.name = longName("emitter_", i);
    m.recipe = e.recipes[i % e.recipes.size()].name;
    m.rate = 10.0;
    m.seedBase = static_cast<std::uint32_t>(1000 * i);
    m.position = {1.0 + static_cast<double>(i % 16), 1.0 + static_cast<double>(i / 16), 1.5};
    for (std::size_t k = 0; k < sim::kMaxPathKeys; ++k) {
      const double t = 0.5 * static_cast<double>(k + 1);
      m.path.push_back({t, {m.position[0] + 0.01 * static_cast<double>(k), m.position[1], 1.5}});
    }
    e.emitters.push_back(std::move(m));
  }
  for (std::size_t i = 0; i < sim::kMaxScriptEvents; ++i) {
    sim::ScriptEvent s;
    s.time = 0.25 * static_cast<double>(i);
    s.recipe = e.recipes[(7 * i) % e.recipes.size()].name;
    s.position = {static_cast<double>(i % 64), static_cast<double>(i / 64), 1.0};
    s.seed = static_cast<std::uint32_t>(i);
    e.script.push_back(std::move(s));
  }
  return e;
}

// 1,024 solid sectors on a 32 × 32 grid of 16 m cells, each a regular polygon of radius 7.
ww::World limitsWorld(std::size_t vertices) {
  ww::World w;
  w.version = 3;
  const double pi = std::acos(-1.0);
  for (std::size_t i = 0; i < ww::kMaxSectors; ++i) {
    ww::Sector s;
    s.name = longName("sector_", i);
    const double cx = 16.0 * static_cast<double>(i % 32) + 8.0, cy = 16.0 * static_cast<double>(i / 32) + 8.0;
    for (std::size_t k = 0; k < vertices; ++k) {
      const double a = 2.0 * pi * static_cast<double>(k) / static_cast<double>(vertices);
      s.walls.push_back({cx + 7.0 * std::cos(a), cy + 7.0 * std::sin(a)});
    }
    s.floor = {0.0, 0.001 * static_cast<double>(i % 5), -0.001 * static_cast<double>(i % 3)};
    s.ceiling = {4.0 + static_cast<double>(i % 4), 0.0, 0.0};
    s.portals.assign(vertices, ww::kNoPortal);
    s.ambient = {0.25, 0.5, static_cast<double>(i % 2)};
    w.sectors.push_back(std::move(s));
  }
  return w;
}

bool write(const fs::path& path, const std::vector<std::uint8_t>& bytes) {
  std::error_code ec;
  fs::create_directories(path.parent_path(), ec);
  std::string error;
  if (!kiln::core::writeFile(path, bytes, error)) {
    std::fprintf(stderr, "fuzz_make_seeds: %s: %s\n", path.string().c_str(), error.c_str());
    return false;
  }
  std::printf("%s %zu bytes\n", path.string().c_str(), bytes.size());
  return true;
}

// Compiles one source into a level and checks that it round-trips; nullopt (after a message) if not.
std::optional<ww::Level> compileLevel(const fs::path& path, std::vector<std::uint8_t>& klm) {
  std::string error;
  const auto text = kiln::core::readFile(path, error, 16u << 20);
  if (!text) {
    fail(path.string() + ": " + error);
    return std::nullopt;
  }
  auto parsed = kiln::loader::parseYaml({reinterpret_cast<const char*>(text->data()), text->size()});
  if (std::holds_alternative<ks::SourceDiagnostic>(parsed)) {
    fail(path.string() + ": the source does not parse");
    return std::nullopt;
  }
  ks::CompileResult c = ks::compileSource(std::get<ks::SourceNode>(parsed));
  std::map<std::string, ks::TextureInfo> info;
  for (const ks::TextureRef& t : c.textures) info[t.name] = {16, 16};
  ks::checkFrameTextures(c, info);
  if (!c.ok()) {
    fail(path.string() + ": the source does not compile: " + c.diagnostics.front().diagnostic.message);
    return std::nullopt;
  }
  ww::Level level;
  level.world = c.world;
  if (!c.particles.presets.empty() || !c.particles.emitters.empty()) level.particles = c.particles;
  level.events = c.events;
  level.features = ww::requiredFeatures(level);
  klm = ww::encodeKlm1(level);
  auto back = ww::decodeKlm1(klm);
  if (!std::holds_alternative<ww::Level>(back) || ww::encodeKlm1(std::get<ww::Level>(back)) != klm) {
    fail(path.string() + ": the compiled level does not round-trip");
    return std::nullopt;
  }
  return std::get<ww::Level>(std::move(back));
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) return fail("usage: fuzz_make_seeds STRESS.yaml OUT_DIR [SOURCE.yaml...]");
  const fs::path out = argv[2];
  std::vector<std::uint8_t> klm;
  const std::optional<ww::Level> stress = compileLevel(argv[1], klm);
  if (!stress) return 2;
  const auto kws = ww::encodeKws1(stress->world);
  if (!std::holds_alternative<ww::World>(ww::decodeKws1(kws))) return fail("the world does not decode");
  std::vector<std::uint8_t> kwp;
  if (const auto& doc = stress->particles) {
    kwp = kiln::particles::encodeKwp1(*doc);
    if (!std::holds_alternative<kiln::particles::Document>(kiln::particles::decodeKwp1(kwp)))
      return fail("the particles document does not decode");
  }

  const sim::Events events = limitsEvents();
  const auto kev = sim::encodeKev1(events);
  const auto decoded = sim::decodeKev1(kev);
  if (const auto* e = std::get_if<kiln::core::DecodeError>(&decoded))
    return fail("limits.kev does not decode: " + e->path + ": " + e->message);
  if (sim::encodeKev1(std::get<sim::Events>(decoded)) != kev) return fail("limits.kev does not round-trip");

  ww::Level withEvents = *stress;
  withEvents.events = events;
  withEvents.features = ww::requiredFeatures(withEvents);
  const auto big = ww::encodeKlm1(withEvents);
  const auto bigBack = ww::decodeKlm1(big);
  if (const auto* e = std::get_if<kiln::core::DecodeError>(&bigBack))
    return fail("stress-events.klm does not decode: " + e->path + ": " + e->message);
  if (ww::encodeKlm1(std::get<ww::Level>(bigBack)) != big) return fail("stress-events.klm does not round-trip");

  const auto bigWorld = ww::encodeKws1(limitsWorld(44));
  if (bigWorld.size() > ww::kMaxKws1Bytes) return fail("limits.kws is over the KWS1 bound");
  const auto worldBack = ww::decodeKws1(bigWorld);
  if (const auto* e = std::get_if<kiln::core::DecodeError>(&worldBack))
    return fail("limits.kws does not decode: " + e->path + ": " + e->message);
  if (ww::encodeKws1(std::get<ww::World>(worldBack)) != bigWorld) return fail("limits.kws does not round-trip");

  bool ok = write(out / "klm1" / "stress.klm", klm) && write(out / "kws1" / "stress.kws", kws) &&
            (kwp.empty() || write(out / "kwp1" / "stress.kwp", kwp)) && write(out / "kev1" / "limits.kev", kev) &&
            write(out / "klm1" / "stress-events.klm", big) && write(out / "kws1" / "limits.kws", bigWorld);
  for (int i = 3; ok && i < argc; ++i) {
    std::vector<std::uint8_t> more;
    if (!compileLevel(argv[i], more)) return 2;
    ok = write(out / "klm1" / (fs::path(argv[i]).stem().string() + ".klm"), more);
  }
  return ok ? 0 : 2;
}
