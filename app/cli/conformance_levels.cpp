// The levels the conformance kit writes itself for the event features of seeds 003 and 004
// (docs/conformance.md, "Sim cases" and "Picture cases"): YAML sources the exporter compiles,
// and the palette case's translucency table, computed from its formula.
#include "cli/conformance.hpp"

#include <cassert>

#include <iostream>

#include "core/file.hpp"
#include "core/image.hpp"
#include "loader/loader.hpp"
#include "sim/model.hpp"
#include "world/level.hpp"

namespace kiln::cli::conformance {
namespace {

// One sector around every burst of the 3D sim levels; events do not read it.
constexpr const char* kRoom = R"(version: 1
world:
  version: 1
  sectors:
    - {name: room, walls: [[-8, -8], [8, -8], [8, 8], [-8, 8]], floor: -4, ceiling: 8}
)";

// The iso2d floor: 8 × 8 m, 0.5 m under the particle plane (assets/levels/iso2d.yaml).
constexpr const char* kFloor = R"(version: 1
world:
  version: 3
  sectors:
    - {name: floor, walls: [[0, 0], [8, 0], [8, 8], [0, 8]], floor: -0.5, ceiling: 1.5, ambient: [0.2, 0.19, 0.24]}
)";

// Every number dyadic (docs/events.md "Where the two agree"), as tests/data/sources/
// events-dyadic.yaml: dt = 1/64, gravity −4 adds −1/16 m/s a step, no drag, growth or fade, and
// seeds whose draws give lifetimes and sizes of at most 16 fraction bits. Both backends print the
// same state; the exporter refuses a kit in which they do not.
constexpr const char* kDyadic = R"(events:
  capacity: 16
  step_hz: 64
  sort: iso
  math: fp32
  matter_light: [0.5, 1, 0.25]
  recipes:
    mote: {count: 1, lifetime: 1, size: 0.5, gravity: -4, drag: 0, fade: 0, opacity: 0.5, color: [0.5, 0.5, 0.5]}
    spark: {count: 1, lifetime: 1, size: 0.5, gravity: 2, drag: 0, fade: 0, color: [4, 4, 4], glows: true, layer: 511}
    marker: {count: 1, lifetime: 1, size: 0.5, gravity: 0, drag: 0, fade: 0, color: [1, 0, 1], glows: true,
             layer: -512, depth_override: 7}
  script:
    - {time: 0.0, recipe: mote, position: [1.5, -2.25, 0.5], seed: 24718}
    - {time: 0.125, recipe: spark, position: [0.75, 0.5, 1.5], seed: 112320}
    - {time: 0.25, recipe: mote, position: [-3.125, 2, 2.5], seed: 1623918}
    - {time: 0.25, recipe: marker, position: [0, 0, 0], seed: 2047939}
)";

// Layers against rows (sort: iso): the layer-1 burst lies on the lowest rows and the layer −1
// burst on the highest, so a host that sorts by row alone draws them the other way round; the
// two layer-0 bursts overlap in rows, one at step height 2 (z 2.5, rising), one at 0.
constexpr const char* kIsoLayers = R"(events:
  capacity: 64
  sort: iso
  recipes:
    low: {count: 6, spread: 1.5, lifetime: 2, size: 0.3, gravity: 0, drag: 1, color: [0.4, 0.4, 0.4], layer: -1}
    mid: {count: 6, spread: 1.5, lifetime: 2, size: 0.3, gravity: 1, drag: 1, color: [0.8, 0.6, 0.3]}
    high: {count: 6, spread: 1.5, lifetime: 2, size: 0.3, gravity: 0, drag: 1, color: [2, 1, 0.3], glows: true,
           layer: 1}
  script:
    - {time: 0.1, recipe: high, position: [-3, -3, 0], seed: 7}
    - {time: 0.1, recipe: mid, position: [0, 0, 2.5], seed: 8}
    - {time: 0.1, recipe: mid, position: [0.5, 0.5, 0], seed: 9}
    - {time: 0.1, recipe: low, position: [3, 3, 0], seed: 10}
)";

// Fixed sort keys (depth_override) against layers and spawn order: `last` (key 2^32 − 1) is born
// first and on layer −512, `first` (key 0) last and on layer 511; `pinned` holds the key of
// layer 0, row 0 (2^31 + 2^21), so it lands among the `plain` burst around x + y = 0.
constexpr const char* kDepthOverride = R"(events:
  capacity: 64
  sort: iso
  recipes:
    plain: {count: 6, spread: 1.5, lifetime: 2, size: 0.3, gravity: 0, drag: 1, color: [0.6, 0.6, 0.6]}
    first: {count: 3, spread: 1, lifetime: 2, size: 0.3, gravity: 0, drag: 1, color: [0.2, 0.4, 1], layer: 511,
            depth_override: 0}
    last: {count: 3, spread: 1, lifetime: 2, size: 0.3, gravity: 0, drag: 1, color: [1, 0.3, 0.2], layer: -512,
           depth_override: 4294967295}
    pinned: {count: 2, spread: 0.5, lifetime: 2, size: 0.3, gravity: 0, drag: 1, color: [0.3, 1, 0.3],
             depth_override: 2149580800}
  script:
    - {time: 0.1, recipe: last, position: [-3, -3, 0], seed: 1}
    - {time: 0.1, recipe: plain, position: [0, 0, 0], seed: 2}
    - {time: 0.1, recipe: pinned, position: [0, 0, 0], seed: 3}
    - {time: 0.1, recipe: first, position: [3, 3, 0], seed: 4}
)";

// Glass over dust through the kit's translucency table (paletteTablePng): a pale dust ring below,
// soft shards a layer above it, overlapping each other and the ring, so each shard reads what the
// floor, the ring and the shards drawn before it left.
constexpr const char* kPalette = R"(textures:
  soft: textures/soft.png
  charcoal: textures/charcoal.png
  palette_table: textures/palette_table.png
events:
  capacity: 256
  dimensions: 2
  sort: iso
  matter_light: [1.4, 1.35, 1.3]
  recipes:
    dust: {count: 24, spread: 2.2, lifetime: 3, size: 0.9, growth: 0.8, gravity: 0, drag: 2.5,
           color: [0.85, 0.82, 0.78], opacity: 0.9, fade: 0.6, sprite: {frame: charcoal, blend: normal}}
    glass: {count: 14, spread: 3.2, lifetime: 3, size: 0.7, gravity: 0, drag: 1.8, color: [1, 1, 1], fade: 0.4,
            layer: 1, sprite: {frame: soft, blend: palette, palette: palette_table}}
  script:
    - {time: 0.2, recipe: dust, position: [4, 4, 0], seed: 5}
    - {time: 0.5, recipe: glass, position: [4, 4, 0], seed: 6}
)";

}  // namespace

std::vector<GeneratedLevel> generatedLevels() {
  const std::string room = kRoom, floor = kFloor;
  return {{"dyadic", room + kDyadic},
          {"iso_layers", room + kIsoLayers},
          {"depth_override", room + kDepthOverride},
          {"palette", floor + kPalette}};
}

// Entry (column s = the sprite's luminance, row d = the luminance behind it):
// (s, ⌊(s + d)/2⌋, 255 − d, s). No entry is symmetric in s and d, so a host that swaps row and
// column, or reads a black destination (row 0), draws other colours; alpha s leaves the
// destination alone where the sprite is transparent (column 0).
std::vector<std::uint8_t> paletteTablePng() {
  constexpr std::uint32_t kPaletteSide = sim::kPaletteSize;
  core::Image table{kPaletteSide, kPaletteSide, std::vector<std::uint8_t>(std::size_t{kPaletteSide} * kPaletteSide * 4)};
  for (std::uint32_t d = 0; d < kPaletteSide; ++d)
    for (std::uint32_t s = 0; s < kPaletteSide; ++s) {
      std::uint8_t* px = &table.rgba[(std::size_t{d} * kPaletteSide + s) * 4];
      px[0] = static_cast<std::uint8_t>(s);
      px[1] = static_cast<std::uint8_t>((s + d) / 2);
      px[2] = static_cast<std::uint8_t>(255 - d);
      px[3] = static_cast<std::uint8_t>(s);
    }
  std::vector<std::uint8_t> png;
  core::Diagnostic error;
  [[maybe_unused]] const bool encoded = loader::encodePngBytes(table, png, error);
  assert(encoded && "an in-memory 256x256 image always encodes");
  return png;
}

namespace fs = std::filesystem;

int addEventFeatureLevels(Profile profile, const fs::path& levelsIn, const fs::path& scratch,
                          std::vector<KitFile>& files, std::vector<fs::path>& inputs) {
  core::Diagnostic error;
  const auto add = [&](const fs::path& from, const std::string& to) {
    auto bytes = core::readFile(from, error, 64u << 20);
    if (!bytes) return false;
    inputs.push_back(from);
    files.push_back({to, std::move(*bytes)});
    return true;
  };
  const auto load = [](const fs::path& file, world::Level& level) {
    loader::LoadResult r = loader::loadAny(file, readOptions(false));
    if (!r.ok() || !r.level.events) {
      std::cerr << "kiln conformance export: " << file.string() << ": "
                << (r.diagnostics.empty() ? std::string("no events: section") : loader::format(r.diagnostics.front()))
                << '\n';
      return false;
    }
    level = std::move(r.level);
    return true;
  };
  // A module re-encoded with its events in 16.16 fixed point.
  const auto fixedPoint = [](world::Level level) {
    level.events->math = sim::MathBackend::Fpx16_16;
    return world::encodeKlm1(level);
  };

  if (!add(levelsIn / "iso2d.klm", "levels/iso2d.klm")) return reportIoError(error);
  if (profile == Profile::Full) {
    world::Level iso2d;
    if (!load(levelsIn / "iso2d.klm", iso2d)) return kExitInvalid;
    files.push_back({"levels/iso2d_fpx16_16.klm", fixedPoint(std::move(iso2d))});
  }
  // The soot sample reads its textures from ../textures/; the kit keeps them in levels/textures/,
  // so that prefix is the one thing changed.
  if (!add(levelsIn / "soot.yaml", "levels/soot.yaml")) return reportIoError(error);
  {
    std::vector<std::uint8_t>& text = files.back().bytes;
    std::string s(text.begin(), text.end());
    for (std::size_t at; (at = s.find("../textures/")) != std::string::npos;) s.erase(at, 3);
    text.assign(s.begin(), s.end());
  }
  if (!add(levelsIn / "materials" / "soot.glsl", "levels/materials/soot.glsl")) return reportIoError(error);
  // The picture reads the compiled module (KEV1 version 4 carries the snippet's text); the source
  // and its snippet file stay beside it for a host that reads sources.
  if (!add(levelsIn / "soot.klm", "levels/soot.klm")) return reportIoError(error);
  files.push_back({"levels/textures/palette_table.png", paletteTablePng()});

  std::error_code ec;
  fs::create_directories(scratch / "sources" / "textures", ec);
  // The generated sources read textures/NAME.png beside them, as the kit's levels/ holds them.
  for (const KitFile& f : files)
    if (f.path.starts_with("levels/textures/") &&
        !core::writeFile(scratch / "sources" / f.path.substr(std::string_view("levels/").size()), f.bytes, error))
      return reportIoError(error);
  for (const GeneratedLevel& g : generatedLevels()) {
    const std::vector<std::uint8_t> source(g.source.begin(), g.source.end());
    files.push_back({"levels/" + g.name + ".yaml", source});
    if (!g.module) continue;
    const fs::path file = scratch / "sources" / (g.name + ".yaml");
    if (!core::writeFile(file, source, error)) return reportIoError(error);
    world::Level level;
    if (!load(file, level)) return kExitInvalid;
    files.push_back({"levels/" + g.name + ".klm", world::encodeKlm1(level)});
    if (g.name == "dyadic") files.push_back({"levels/dyadic_fpx16_16.klm", fixedPoint(std::move(level))});
  }
  return kExitOk;
}

}  // namespace kiln::cli::conformance
