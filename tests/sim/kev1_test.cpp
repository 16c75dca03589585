// KEV1: hand-checked layout, round trips, and the checked-in goldens (tests/data/kev1/): valid
// files decode and re-encode bit for bit, every malformed file is rejected with its code.
// Regenerate: KILN_UPDATE_GOLDENS=1 test_sim "[kev1-golden]" (fails while it changes a file; rerun)
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <functional>
#include <limits>
#include <set>

#include "core/escape.hpp"
#include "core/file.hpp"
#include "core/header.hpp"
#include "scenes.hpp"
#include "sim/kev1.hpp"

namespace fs = std::filesystem;
using kiln::core::Code;
using kiln::core::DecodeError;
using namespace simtest;

namespace {

using Bytes = std::vector<std::uint8_t>;

// A section using every field: a sprite with non-default options, max_sprites, a path.
Events fullEvents() {
  Events e = sampleEvents();
  e.stepHz = 144;
  e.maxSprites = 512;
  e.sort = SortMode::Iso;
  e.matterLight = {0.9, 0.8, 0.7};
  e.recipes[1].sprite = EventSprite{"spark", BlendMode::Additive, TextureAlpha::Brightness, 0.25};
  e.recipes[0].axis = {0, 1, 1};
  return e;
}

Events minimalEvents() {
  Events e;
  e.capacity = 1;
  return e;
}

// Version 2: the full section with a sky, and the minimal one lit by sectors.
Events skyEvents() {
  Events e = fullEvents();
  e.matterLightMode = MatterLightMode::Sky;
  e.skyRadiance = {0.2, 0.3, 0.4};
  e.sunIrradiance = {2.5, 2.25, 2.0};
  e.matterLight = skyMatterLight(e.skyRadiance, e.sunIrradiance);
  return e;
}

// Version 3: seed 004's fixed point, layers at both limits and a depth_override.
Events fixedEvents() {
  Events e = fullEvents();
  e.math = MathBackend::Fpx16_16;
  e.recipes[0].layer = -512;
  e.recipes[1].layer = 511;
  e.recipes[2].depthOverride = 4294967295;
  return e;
}

// Version 3 for seed 003's 2D buffers alone: the full section in the plane.
Events planarEvents() {
  Events e = fullEvents();
  e.dimensions = 2;
  return e;
}

// Version 4, small enough to lay out by hand (docs/formats/kev1.md "Worked example"): two
// materials and one recipe whose sprite names the second.
const std::string kGlow = "vec4 kilnMaterial(vec4 c, vec4 t, vec4 e) { return c * 2.0; }\n";               // 62 bytes
const std::string kSoot = "vec4 kilnMaterial(vec4 c, vec4 t, vec4 e) { return vec4(0.0, 0.0, 0.0, c.a); }\n";  // 79

Events materialEvents() {
  Events e;
  e.capacity = 64;
  e.materials = {{"glow", kGlow, ""}, {"soot", kSoot, ""}};
  Recipe ash = dust();
  ash.name = "ash";
  ash.sprite->material = "soot";
  e.recipes = {ash};
  e.script = {{1.0, "ash", {0, 0, 0}, 7}};
  return e;
}

// Version 4 for the palette blend alone: one recipe drawn through the table "heat".
Events paletteEvents() {
  Events e;
  e.capacity = 64;
  Recipe r = pickup();
  r.sprite = EventSprite{"spark", BlendMode::Palette, TextureAlpha::Alpha, 0.0, "", "heat"};
  e.recipes = {r};
  e.script = {{1.0, "pickup", {0, 0, 0}, 7}};
  return e;
}

// Version 4 over version 3: every version's fields at once.
Events everythingEvents() {
  Events e = fixedEvents();
  e.materials = {{"glow", kGlow, ""}, {"soot", kSoot, ""}};
  e.recipes[1].sprite = EventSprite{"spark", BlendMode::Palette, TextureAlpha::Brightness, 0.5, "glow", "heat"};
  e.recipes[2].sprite->material = "soot";
  return e;
}

Events sectorEvents() {
  Events e = minimalEvents();
  e.matterLightMode = MatterLightMode::Sector;
  e.matterLight = kOutsideSectorLight;
  return e;
}

std::uint64_t offsetOf(const Bytes& file, const std::string& path) {
  auto layout = layoutKev1(file);
  REQUIRE(std::holds_alternative<std::vector<kiln::core::walk::FieldSpan>>(layout));
  for (const auto& f : std::get<std::vector<kiln::core::walk::FieldSpan>>(layout))
    if (f.path == path) return f.offset;
  FAIL("no field " << path);
  return 0;
}

void put(Bytes& b, std::uint64_t at, const void* v, std::size_t n) { std::memcpy(b.data() + at, v, n); }
void putU32(Bytes& b, std::uint64_t at, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) b[at + static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(v >> (8 * i));
}
void putF64(Bytes& b, std::uint64_t at, double v) {
  std::uint64_t u;
  std::memcpy(&u, &v, 8);
  for (int i = 0; i < 8; ++i) b[at + static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(u >> (8 * i));
}
void reseal(Bytes& b) {
  const std::span<const std::uint8_t> payload(b.data() + kiln::core::kHeaderSize, b.size() - kiln::core::kHeaderSize);
  putU32(b, 8, static_cast<std::uint32_t>(payload.size()));
  putU32(b, 12, kiln::core::crc32(payload));
}

struct Golden {
  std::string file;
  Bytes bytes;
  bool valid = false;
  Code code{};
  std::string why;
};

std::vector<Golden> buildGoldens() {
  std::vector<Golden> g;
  const Bytes full = encodeKev1(fullEvents());
  g.push_back({"valid-full.kev", full, true, {}, "every field: sprite, max_sprites, iso sort, a path, a script"});
  g.push_back({"valid-minimal.kev", encodeKev1(minimalEvents()), true, {}, "capacity 1, nothing else"});
  g.push_back({"valid-braziers-like.kev", encodeKev1(sampleEvents()), true, {}, "seed 002's three recipes"});
  const Bytes sky = encodeKev1(skyEvents());
  g.push_back({"valid-v2-sky.kev", sky, true, {}, "version 2: valid-full with a sky matter_light"});
  g.push_back({"valid-v2-sector.kev", encodeKev1(sectorEvents()), true, {}, "version 2: capacity 1, matter_light sector"});
  const Bytes fixed = encodeKev1(fixedEvents());
  g.push_back({"valid-v3-fixed.kev", fixed, true, {},
               "version 3: valid-full with math fpx16_16, layers -512 and 511, depth_override 4294967295"});
  const Bytes planar = encodeKev1(planarEvents());
  g.push_back({"valid-v3-planar.kev", planar, true, {}, "version 3: valid-full with dimensions 2, nothing else new"});
  const Bytes material = encodeKev1(materialEvents());
  g.push_back({"valid-v4-material.kev", material, true, {},
               "version 4: materials glow and soot, recipe ash's sprite through soot, one script event"});
  const Bytes palette = encodeKev1(paletteEvents());
  g.push_back({"valid-v4-palette.kev", palette, true, {},
               "version 4: no material, recipe pickup's sprite with blend palette and the table heat"});

  // A byte edit of valid-full; `sealed` recomputes the header's size and crc afterwards.
  auto edit = [&](std::string file, Code code, bool sealed, std::string why, const std::function<void(Bytes&)>& fn) {
    Bytes b = full;
    fn(b);
    if (sealed) reseal(b);
    g.push_back({std::move(file), std::move(b), false, code, std::move(why)});
  };
  auto at = [&](const std::string& path) { return offsetOf(full, path); };
  const double nan = std::numeric_limits<double>::quiet_NaN();

  edit("invalid-bad-magic.kev", Code::BadMagic, false, "magic KEV2", [](Bytes& b) { b[3] = '2'; });
  edit("invalid-unsupported-version.kev", Code::UnsupportedVersion, false, "document version 5", [](Bytes& b) { b[6] = 5; });
  edit("invalid-unknown-enum-light-mode-colour.kev", Code::UnknownEnum, false,
       "document version 2 over version-1 bytes: matter_light_mode 0 (a colour is version 1)",
       [](Bytes& b) { b[6] = 2; });
  edit("invalid-truncated-header.kev", Code::Truncated, false, "10 bytes", [](Bytes& b) { b.resize(10); });
  edit("invalid-checksum-mismatch.kev", Code::ChecksumMismatch, false, "a payload byte flipped",
       [](Bytes& b) { b[20] ^= 1; });
  edit("invalid-truncated.kev", Code::CountPastEnd, true, "the last 3 bytes cut: the script count no longer fits",
       [](Bytes& b) { b.resize(b.size() - 3); });
  edit("invalid-truncated-field.kev", Code::Truncated, true, "cut to 40 bytes, inside matter_light",
       [](Bytes& b) { b.resize(40); });
  edit("invalid-trailing-bytes.kev", Code::TrailingBytes, true, "one byte after the script",
       [](Bytes& b) { b.push_back(0); });
  edit("invalid-reserved-nonzero.kev", Code::ReservedNonZero, true, "reserved byte 1 set",
       [&](Bytes& b) { b[at("reserved") + 1] = 7; });
  edit("invalid-unknown-enum-sort.kev", Code::UnknownEnum, true, "sort 3",
       [&](Bytes& b) { b[at("sort")] = 3; });
  edit("invalid-unknown-enum-glows.kev", Code::UnknownEnum, true, "glows 2",
       [&](Bytes& b) { b[at("recipes.ember.glows")] = 2; });
  edit("invalid-unknown-enum-blend.kev", Code::UnknownEnum, true, "blend 6",
       [&](Bytes& b) { b[at("recipes.pickup.sprite.blend")] = 6; });
  edit("invalid-count-over-limit.kev", Code::CountOverLimit, true, "257 recipes",
       [&](Bytes& b) { b[at("recipes.count")] = 1, b[at("recipes.count") + 1] = 1; });
  edit("invalid-count-past-end.kev", Code::CountPastEnd, true, "4096 script events in a few bytes",
       [&](Bytes& b) { b[at("script.count")] = 0, b[at("script.count") + 1] = 16; });
  edit("invalid-count-over-limit-path.kev", Code::CountOverLimit, true, "65 path keys",
       [&](Bytes& b) { b[at("emitters.lantern_embers.path.count")] = 65; });
  edit("invalid-bad-name-empty.kev", Code::BadName, true, "a recipe name of length 0",
       [&](Bytes& b) { b[at("recipes.ember.name")] = 0; });
  edit("invalid-bad-name-control.kev", Code::BadName, true, "a tab in a recipe name",
       [&](Bytes& b) { b[at("recipes.ember.name") + 1] = '\t'; });
  edit("invalid-bad-reference.kev", Code::BadReference, true, "emitter recipe index 3 of 3",
       [&](Bytes& b) { putU32(b, at("emitters.lantern_embers.recipe"), 3); });
  edit("invalid-bad-reference-script.kev", Code::BadReference, true, "script recipe index 9",
       [&](Bytes& b) { putU32(b, at("script[1].recipe"), 9); });
  edit("invalid-not-finite.kev", Code::NotFinite, true, "speed NaN",
       [&](Bytes& b) { putF64(b, at("recipes.pickup.speed"), nan); });
  edit("invalid-event-capacity.kev", Code::EventCapacity, true, "capacity 65537",
       [&](Bytes& b) { putU32(b, at("capacity"), 65537); });
  edit("invalid-event-capacity-zero.kev", Code::EventCapacity, true, "capacity 0",
       [&](Bytes& b) { putU32(b, at("capacity"), 0); });
  edit("invalid-step-rate.kev", Code::StepRate, true, "step_hz 1000.5",
       [&](Bytes& b) { putF64(b, at("step_hz"), 1000.5); });
  edit("invalid-max-sprites.kev", Code::MaxSprites, true, "max_sprites 65537",
       [&](Bytes& b) { putU32(b, at("max_sprites"), 65537); });
  edit("invalid-burst-size.kev", Code::BurstSize, true, "count 65537",
       [&](Bytes& b) { putU32(b, at("recipes.pickup.count"), 65537); });
  edit("invalid-lifetime-clamped.kev", Code::LifetimeClamped, true, "lifetime 0.0005 (a compiler raises it)",
       [&](Bytes& b) { putF64(b, at("recipes.dust.lifetime"), 0.0005); });
  edit("invalid-recipe-range.kev", Code::RecipeRange, true, "opacity 1.5",
       [&](Bytes& b) { putF64(b, at("recipes.dust.opacity"), 1.5); });
  edit("invalid-negative-color.kev", Code::NegativeColor, true, "matter_light[1] -0.1",
       [&](Bytes& b) { putF64(b, at("matter_light[1]"), -0.1); });
  edit("invalid-zero-axis.kev", Code::ZeroAxis, true, "axis (0, 0, 0)", [&](Bytes& b) {
    for (const char* f : {"recipes.ember.axis[0]", "recipes.ember.axis[1]", "recipes.ember.axis[2]"}) putF64(b, at(f), 0);
  });
  edit("invalid-emitter-rate.kev", Code::EmitterRate, true, "rate 100001",
       [&](Bytes& b) { putF64(b, at("emitters.lantern_embers.rate"), 100001); });
  edit("invalid-path-order.kev", Code::PathOrder, true, "second key at time 0",
       [&](Bytes& b) { putF64(b, at("emitters.lantern_embers.path[1].time"), 0); });
  edit("invalid-event-time.kev", Code::EventTime, true, "script time 3600.5",
       [&](Bytes& b) { putF64(b, at("script[0].time"), 3600.5); });
  {
    Bytes b = sky;
    b[offsetOf(sky, "matter_light_mode")] = 3;
    reseal(b);
    g.push_back({"invalid-unknown-enum-light-mode.kev", std::move(b), false, Code::UnknownEnum,
                 "version 2, matter_light_mode 3"});
    b = sky;
    putF64(b, offsetOf(sky, "matter_light.sun_irradiance[2]"), -2.0);
    reseal(b);
    g.push_back({"invalid-negative-sun.kev", std::move(b), false, Code::NegativeColor,
                 "version 2, sun_irradiance[2] -2"});
    b = sky;
    b[offsetOf(sky, "reserved") + 1] = 1;
    reseal(b);
    g.push_back({"invalid-v2-reserved-nonzero.kev", std::move(b), false, Code::ReservedNonZero,
                 "version 2, the second of its two reserved bytes set"});
  }
  {
    Bytes b = fixed;
    b[offsetOf(fixed, "math")] = 2;
    reseal(b);
    g.push_back({"invalid-v3-unknown-enum-math.kev", std::move(b), false, Code::UnknownEnum, "version 3, math 2"});
    b = fixed;
    putU32(b, offsetOf(fixed, "recipes.pickup.layer"), 1024);
    reseal(b);
    g.push_back({"invalid-v3-recipe-range-layer.kev", std::move(b), false, Code::RecipeRange,
                 "version 3, pickup's layer stored 1024 (layer 512)"});
    b = fixed;
    b[offsetOf(fixed, "recipes.dust.has_depth_override")] = 2;
    reseal(b);
    g.push_back({"invalid-v3-unknown-enum-override.kev", std::move(b), false, Code::UnknownEnum,
                 "version 3, has_depth_override 2"});
    b = planar;
    b[offsetOf(planar, "dimensions")] = 2;
    reseal(b);
    g.push_back({"invalid-v3-unknown-enum-dimensions.kev", std::move(b), false, Code::UnknownEnum,
                 "version 3, dimensions byte 2 (0 is 3 dimensions, 1 is 2)"});
    // Only the math made it version 3: with fp32 it must have been written as version 1.
    Events onlyMath = fullEvents();
    onlyMath.math = MathBackend::Fpx16_16;
    b = encodeKev1(onlyMath);
    b[offsetOf(b, "math")] = 0;
    reseal(b);
    g.push_back({"invalid-v3-defaults.kev", std::move(b), false, Code::UnsupportedVersion,
                 "version 3 holding only defaults (math fp32, dimensions 3, layers 0, no depth_override)"});
    // The palette blend is version 4's: in a version-3 file blend 6 is not defined.
    b = fixed;
    b[offsetOf(fixed, "recipes.pickup.sprite.blend")] = 6;
    reseal(b);
    g.push_back({"invalid-v3-unknown-enum-blend-palette.kev", std::move(b), false, Code::UnknownEnum,
                 "version 3, pickup's blend 6 (palette, a version-4 value)"});
  }
  {
    // Edits of valid-v4-material.kev at the offsets docs/formats/kev1.md "Version 4" computes by
    // hand: material_count at 60, soot's record at 130 (its text length at 135, its text from
    // 137), ash's sprite material at 368.
    auto v4 = [&](const Bytes& base, std::string file, Code code, std::string why, const std::function<void(Bytes&)>& fn) {
      Bytes b = base;
      fn(b);
      reseal(b);
      g.push_back({std::move(file), std::move(b), false, code, std::move(why)});
    };
    v4(material, "invalid-v4-count-over-limit-materials.kev", Code::CountOverLimit, "material_count 17",
       [](Bytes& b) { b[60] = 17; });
    v4(material, "invalid-v4-truncated-material-text.kev", Code::Truncated,
       "soot's text length 65535, past the end of the payload", [](Bytes& b) { b[135] = 0xFF, b[136] = 0xFF; });
    v4(material, "invalid-v4-bad-reference-material.kev", Code::BadReference,
       "ash's sprite material 3 (entry 2) with two materials", [](Bytes& b) { b[368] = 3; });
    v4(material, "invalid-v4-duplicate-material.kev", Code::DuplicateName,
       "glow renamed in place to soot: two materials named soot", [](Bytes& b) { put(b, 62, "soot", 4); });
    v4(material, "invalid-v4-bad-name-material-text.kev", Code::BadName,
       "soot's text begins with byte 0x01 (not printable ASCII)", [](Bytes& b) { b[137] = 0x01; });
    // valid-v4-palette.kev: pickup's blend at 207, its palette name's length at 218.
    v4(palette, "invalid-v4-unknown-enum-blend.kev", Code::UnknownEnum, "version 4, blend 7",
       [](Bytes& b) { b[207] = 7; });
    v4(palette, "invalid-v4-bad-name-palette-empty.kev", Code::BadName,
       "blend palette with a palette name of length 0", [](Bytes& b) { b[218] = 0; });
    // valid-minimal.kev as version 4: its three reserved bytes read as version 4's colour, fp32
    // and 3 dimensions, and an empty materials table (count 0) goes in before the recipe count.
    Bytes b = encodeKev1(minimalEvents());
    b[6] = 4;
    b.insert(b.begin() + 60, 0);
    reseal(b);
    g.push_back({"invalid-v4-defaults.kev", std::move(b), false, Code::UnsupportedVersion,
                 "version 4 with no material, no sprite material and no palette blend"});
  }
  {
    // Two recipes, "spark" and "smoke"; the second renamed in place (same length) to "spark".
    Events two = minimalEvents();
    two.recipes = {ember(), ember()};
    two.recipes[0].name = "spark", two.recipes[1].name = "smoke";
    Bytes b = encodeKev1(two);
    put(b, offsetOf(b, "recipes.smoke.name") + 1, "spark", 5);
    reseal(b);
    g.push_back({"invalid-duplicate-name.kev", std::move(b), false, Code::DuplicateName, "two recipes named spark"});
  }
  return g;
}

const fs::path kDir = fs::path(KILN_TEST_DATA) / "kev1";

}  // namespace

TEST_CASE("KEV1 lays the section out as docs/formats/kev1.md says", "[kev1]") {
  const Bytes b = encodeKev1(minimalEvents());
  // Header 16, then capacity u32, step_hz f64, max_sprites u32, sort u8, 3 reserved,
  // matter_light 3×f64, three u16 counts: 16 + 4 + 8 + 4 + 1 + 3 + 24 + 6 = 66 bytes.
  REQUIRE(b.size() == 66);
  CHECK(std::string(b.begin(), b.begin() + 4) == "KEV1");
  CHECK(b[16] == 1);  // capacity, little-endian
  double hz = 0;
  std::memcpy(&hz, b.data() + 20, 8);
  CHECK(hz == 60.0);
  CHECK(b[28] == 0);  // max_sprites absent
  CHECK(b[32] == 0);  // sort view
  CHECK(offsetOf(b, "recipes.count") == 60);
  CHECK(offsetOf(b, "script.count") == 64);
  const Bytes f = encodeKev1(fullEvents());
  // The first recipe starts at 62 with its name: u8 length 5, "ember".
  CHECK(offsetOf(f, "recipes.ember.name") == 62);
  CHECK(offsetOf(f, "recipes.ember.count") == 68);
  CHECK(offsetOf(f, "recipes.ember.glows") == 68 + 4 + 7 * 8 + 24 + 16);
}

TEST_CASE("KEV1 version 2 lays out the sky and sector forms as docs/formats/kev1.md says", "[kev1]") {
  Events e = minimalEvents();
  e.matterLightMode = MatterLightMode::Sky;
  e.skyRadiance = {0.25, 0.5, 0.75};
  e.sunIrradiance = {1, 2, 3};
  const Bytes b = encodeKev1(e);
  // Header, capacity 4, step_hz 8, max_sprites 4, sort 1, mode 1, reserved 2, two 3×f64, counts 6.
  REQUIRE(b.size() == 16 + 4 + 8 + 4 + 1 + 1 + 2 + 48 + 6);
  CHECK(b[6] == 2);
  CHECK(b[7] == 0);
  CHECK(b[33] == 1);  // sky
  CHECK(b[34] == 0);
  CHECK(b[35] == 0);
  double v = 0;
  std::memcpy(&v, b.data() + 36, 8);
  CHECK(v == 0.25);
  std::memcpy(&v, b.data() + 60 + 16, 8);
  CHECK(v == 3.0);
  CHECK(offsetOf(b, "matter_light.sun_irradiance[0]") == 60);
  CHECK(offsetOf(b, "recipes.count") == 84);
  const Bytes s = encodeKev1(sectorEvents());
  REQUIRE(s.size() == 16 + 4 + 8 + 4 + 1 + 1 + 2 + 6);
  CHECK(s[6] == 2);
  CHECK(s[33] == 2);  // sector
  CHECK(offsetOf(s, "recipes.count") == 36);
}

TEST_CASE("KEV1 writes a colour matter_light as version 1, whatever sky values the model holds", "[kev1]") {
  Events e = fullEvents();
  const Bytes before = encodeKev1(e);
  CHECK(before[6] == 1);
  e.skyRadiance = {5, 5, 5};  // ignored by the colour form
  e.sunIrradiance = {1, 2, 3};
  CHECK(encodeKev1(e) == before);
  std::string error;
  const auto onDisk = kiln::core::readFile(kDir / "valid-full.kev", error);
  REQUIRE(onDisk);
  CHECK(*onDisk == before);
}

TEST_CASE("KEV1 version 3 lays out math, layer and depth_override as docs/formats/kev1.md says", "[kev1]") {
  Events e = minimalEvents();
  e.math = MathBackend::Fpx16_16;
  const Bytes b = encodeKev1(e);
  // Header, capacity 4, step_hz 8, max_sprites 4, sort 1, mode 1, math 1, dimensions 1, colour 24,
  // counts 6: the same 66 bytes as version 1.
  REQUIRE(b.size() == 66);
  CHECK(b[6] == 3);
  CHECK(b[33] == 0);  // a colour
  CHECK(b[34] == 1);  // fpx16_16
  CHECK(b[35] == 0);  // three dimensions
  CHECK(offsetOf(b, "math") == 34);
  // A recipe: layer (u32, layer + 512) and has_depth_override follow the axis; the override's
  // u32 only when the flag is 1.
  e.recipes = {ember()};
  e.recipes[0].layer = -3;
  const Bytes r = encodeKev1(e);
  const std::uint64_t axis = offsetOf(r, "recipes.ember.axis[2]");
  CHECK(offsetOf(r, "recipes.ember.layer") == axis + 8);
  CHECK(r[axis + 8] == 0xFD);  // 509 = 0x1FD
  CHECK(r[axis + 9] == 0x01);
  CHECK(r[axis + 12] == 0);  // no override
  CHECK(offsetOf(r, "recipes.ember.sprite") == axis + 13);
  e.recipes[0].depthOverride = 0x01020304;
  const Bytes o = encodeKev1(e);
  CHECK(o[axis + 12] == 1);
  CHECK(o[axis + 13] == 4);
  CHECK(o[axis + 16] == 1);
  CHECK(offsetOf(o, "recipes.ember.sprite") == axis + 17);
  // The defaults are version 1, byte for byte: the new fields cost nothing when unused.
  e.math = MathBackend::Fp32;
  e.recipes[0].layer = 0;
  e.recipes[0].depthOverride.reset();
  CHECK(encodeKev1(e)[6] == 1);
  e.matterLightMode = MatterLightMode::Sector;
  CHECK(encodeKev1(e)[6] == 2);
  e.recipes[0].layer = 511;
  CHECK(encodeKev1(e)[6] == 3);
}

TEST_CASE("KEV1 version 3 records dimensions 2 in byte 35, dimensions 3 costs nothing", "[kev1]") {
  Events e = minimalEvents();
  e.dimensions = 2;
  const Bytes b = encodeKev1(e);
  // The same 66 bytes as version 1: byte 33 the light's form, 34 the math, 35 the dimensions.
  REQUIRE(b.size() == 66);
  CHECK(b[6] == 3);
  CHECK(b[33] == 0);
  CHECK(b[34] == 0);
  CHECK(b[35] == 1);  // 1: two dimensions
  CHECK(offsetOf(b, "dimensions") == 35);
  auto d = decodeKev1(b);
  REQUIRE(std::holds_alternative<Events>(d));
  CHECK(std::get<Events>(d).dimensions == 2);
  // Dimensions 3 is version 1, byte for byte the file written before the field existed.
  e.dimensions = 3;
  const Bytes three = encodeKev1(e);
  CHECK(three[6] == 1);
  std::string error;
  const auto minimal = kiln::core::readFile(kDir / "valid-minimal.kev", error);
  REQUIRE(minimal);
  CHECK(three == *minimal);
  // With fixed point it is version 3 with 0 in byte 35, as valid-v3-fixed.kev has always held.
  e.math = MathBackend::Fpx16_16;
  const Bytes fixed = encodeKev1(e);
  CHECK(fixed[6] == 3);
  CHECK(fixed[35] == 0);
}

TEST_CASE("KEV1 decoding derives the sky's colour from the stored inputs", "[kev1]") {
  auto d = decodeKev1(encodeKev1(skyEvents()));
  if (auto* err = std::get_if<DecodeError>(&d)) FAIL(kiln::core::format(*err));
  const Events& e = std::get<Events>(d);
  CHECK(e.matterLightMode == MatterLightMode::Sky);
  // 0.2 + 2.5/4π, 0.3 + 2.25/4π, 0.4 + 2/4π.
  CHECK(e.matterLight[0] == Approx(0.2 + 2.5 / (4 * 3.14159265358979323846)).epsilon(1e-15));
  CHECK(e.matterLight[1] == Approx(0.3 + 2.25 / (4 * 3.14159265358979323846)).epsilon(1e-15));
  CHECK(e.matterLight[2] == Approx(0.4 + 2.0 / (4 * 3.14159265358979323846)).epsilon(1e-15));
}

TEST_CASE("KEV1 refuses a document version it does not know, naming the versions it reads", "[kev1]") {
  for (std::uint8_t version : {std::uint8_t{0}, std::uint8_t{5}, std::uint8_t{200}}) {
    Bytes b = encodeKev1(skyEvents());
    b[6] = version;  // the header's crc covers the payload only
    auto d = decodeKev1(b);
    REQUIRE(std::holds_alternative<DecodeError>(d));
    const DecodeError& err = std::get<DecodeError>(d);
    CHECK(err.code == Code::UnsupportedVersion);
    CHECK(err.offset == 6);
    CHECK(err.message.find("document version " + std::to_string(version)) != std::string::npos);
    CHECK(err.message.find("1..4") != std::string::npos);
  }
}

TEST_CASE("KEV1 round-trips every field", "[kev1]") {
  for (const Events& e : {fullEvents(), minimalEvents(), sampleEvents(), skyEvents(), sectorEvents(), fixedEvents(),
                          planarEvents(), materialEvents(), paletteEvents(), everythingEvents()}) {
    const Bytes b = encodeKev1(e);
    auto d = decodeKev1(b);
    if (auto* err = std::get_if<DecodeError>(&d)) FAIL(kiln::core::format(*err));
    CHECK(std::get<Events>(d) == e);
    CHECK(encodeKev1(std::get<Events>(d)) == b);
  }
}

TEST_CASE("KEV1 capacity rule: 1 and 65536 decode, 0 and 65537 do not", "[kev1]") {
  for (std::int64_t c : {std::int64_t{1}, std::int64_t{65536}}) {
    Events e = minimalEvents();
    e.capacity = c;
    CHECK(std::holds_alternative<Events>(decodeKev1(encodeKev1(e))));
  }
  for (std::int64_t c : {std::int64_t{0}, std::int64_t{65537}}) {
    Events e = minimalEvents();
    e.capacity = c;
    auto d = decodeKev1(encodeKev1(e));
    REQUIRE(std::holds_alternative<DecodeError>(d));
    CHECK(std::get<DecodeError>(d).code == Code::EventCapacity);
    CHECK(std::get<DecodeError>(d).path == "capacity");
  }
}

TEST_CASE("KEV1 lifetime floor: 0.001 decodes, just below is rejected at its recipe", "[kev1]") {
  Events e = sampleEvents();
  e.recipes[2].lifetime = 0.001;
  CHECK(std::holds_alternative<Events>(decodeKev1(encodeKev1(e))));
  e.recipes[2].lifetime = 0.000999;
  const Bytes b = encodeKev1(e);
  auto d = decodeKev1(b);
  REQUIRE(std::holds_alternative<DecodeError>(d));
  const DecodeError& err = std::get<DecodeError>(d);
  CHECK(err.code == Code::LifetimeClamped);
  CHECK(err.path == "recipes.dust.lifetime");
  CHECK(err.offset == offsetOf(encodeKev1(sampleEvents()), "recipes.dust.name"));
}

TEST_CASE("KEV1 script limit: 4096 events decode, 4097 are count-over-limit", "[kev1]") {
  Events e = sampleEvents();
  e.script.assign(4096, ScriptEvent{1.0, "dust", {0, 0, 0}, 1});
  CHECK(std::holds_alternative<Events>(decodeKev1(encodeKev1(e))));
  e.script.push_back(e.script.back());
  auto d = decodeKev1(encodeKev1(e));
  REQUIRE(std::holds_alternative<DecodeError>(d));
  CHECK(std::get<DecodeError>(d).code == Code::CountOverLimit);
  CHECK(std::get<DecodeError>(d).path == "script.count");
}

TEST_CASE("KEV1 goldens on disk equal the generator's output", "[kev1-golden]") {
  const bool update = std::getenv("KILN_UPDATE_GOLDENS") != nullptr;
  for (const Golden& g : buildGoldens()) {
    std::string error;
    const auto onDisk = kiln::core::readFile(kDir / g.file, error);
    const bool same = onDisk && *onDisk == g.bytes;
    if (!same && update) {
      INFO(error);
      REQUIRE(kiln::core::writeFile(kDir / g.file, g.bytes, error));
    }
    INFO(g.file << " (" << g.why << ") " << (update ? "was rewritten; review it and rerun" : "differs; regenerate with KILN_UPDATE_GOLDENS=1"));
    CHECK(same);
  }
}

TEST_CASE("every .kev file in tests/data/kev1 is in the golden table", "[kev1-golden]") {
  std::set<std::string> known;
  for (const Golden& g : buildGoldens()) CHECK(known.insert(g.file).second);
  for (const auto& entry : fs::directory_iterator(kDir)) {
    INFO(entry.path().filename().string());
    CHECK(known.count(entry.path().filename().string()) == 1);
  }
}

TEST_CASE("valid KEV1 goldens decode and re-encode bit for bit, malformed ones fail with their code",
          "[kev1-golden]") {
  for (const Golden& g : buildGoldens()) {
    INFO(g.file << ": " << g.why);
    std::string error;
    const auto bytes = kiln::core::readFile(kDir / g.file, error);
    REQUIRE(bytes);
    auto d = decodeKev1(*bytes);
    if (g.valid) {
      if (auto* e = std::get_if<DecodeError>(&d)) FAIL(kiln::core::format(*e));
      CHECK(encodeKev1(std::get<Events>(d)) == *bytes);
      continue;
    }
    REQUIRE(std::holds_alternative<DecodeError>(d));
    const DecodeError& e = std::get<DecodeError>(d);
    INFO(kiln::core::format(e));
    CHECK(e.code == g.code);
    CHECK(e.offset <= bytes->size());
    CHECK(!e.message.empty());
    // The scan alone finds the structural defects, at the same place.
    if (auto s = scanKev1(*bytes)) CHECK(s->offset == e.offset);
  }
}

TEST_CASE("KEV1 decoding and compileEvents give names one verdict: 64 bytes pass, 65 and control bytes fail",
          "[kev1]") {
  // Each case bypasses any compiler: encodeKev1 writes what it is given, so decoding alone must
  // apply the name rule, at the path compileEvents reports (less its "events." root).
  struct Case {
    const char* what;
    std::function<void(Events&, const std::string&)> rename;
    std::string path;  // of the refused name, as compileEvents spells it
  };
  const std::vector<Case> cases{
      {"recipe", [](Events& e, const std::string& n) { e.recipes[0].name = n; e.emitters[0].recipe = n; },
       "events.recipes[0].name"},
      {"emitter", [](Events& e, const std::string& n) { e.emitters[0].name = n; }, "events.emitters[0].name"},
      {"sprite frame", [](Events& e, const std::string& n) { e.recipes[1].sprite->frame = n; },
       "events.recipes.pickup.sprite.frame"},
  };
  const std::string at64(64, 'n'), at64utf8 = [] {
    std::string s;
    for (int i = 0; i < 32; ++i) s += "\xc3\xa9";  // é, two bytes
    return s;
  }();
  for (const Case& c : cases) {
    for (const std::string& good : {at64, at64utf8}) {
      Events e = fullEvents();
      c.rename(e, good);
      INFO(c.what << " of " << good.size() << " bytes");
      CHECK(compileEvents(e, std::vector<std::string>{"spark", "dust", good}).diagnostics.empty());
      auto d = decodeKev1(encodeKev1(e));
      if (auto* err = std::get_if<DecodeError>(&d)) FAIL(kiln::core::format(*err));
      CHECK(std::get<Events>(d) == e);
    }
    for (const std::string& bad : {std::string(65, 'n'), at64utf8 + "n", std::string("a\tb"), std::string("a\nb"),
                                   std::string("a\x7f" "b"), std::string(200, 'n')}) {
      Events e = fullEvents();
      c.rename(e, bad);
      INFO(c.what << " '" << kiln::core::escapeText(bad) << "'");
      const auto compiled = compileEvents(e, std::vector<std::string>{"spark", "dust", bad});
      REQUIRE(!compiled.diagnostics.empty());
      CHECK(compiled.diagnostics.front().code == Code::BadName);
      CHECK(compiled.diagnostics.front().path == c.path);
      auto d = decodeKev1(encodeKev1(e));
      REQUIRE(std::holds_alternative<DecodeError>(d));
      CHECK(std::get<DecodeError>(d).code == Code::BadName);
      CHECK(std::get<DecodeError>(d).path == c.path.substr(7));
    }
  }
}

namespace {

std::uint32_t u32At(const Bytes& b, std::size_t at) {
  return static_cast<std::uint32_t>(b[at]) | static_cast<std::uint32_t>(b[at + 1]) << 8 |
         static_cast<std::uint32_t>(b[at + 2]) << 16 | static_cast<std::uint32_t>(b[at + 3]) << 24;
}

DecodeError refused(const Bytes& b) {
  auto d = decodeKev1(b);
  REQUIRE(std::holds_alternative<DecodeError>(d));
  return std::get<DecodeError>(d);
}

}  // namespace

TEST_CASE("KEV1 version 4 lays out materials and the sprite's material as docs/formats/kev1.md says", "[kev1]") {
  const Bytes b = encodeKev1(materialEvents());
  // Header 16, section fields 20 and a colour 24 (as version 3), material_count 1, glow 1+4+2+62,
  // soot 1+4+2+79, recipe_count 2, ash 151 (with its sprite: frame 1+4, blend, texture_alpha,
  // alpha_test 8, material 1), emitter_count 2, script_count 2, one script event 40.
  REQUIRE(b.size() == 413);
  CHECK(b[6] == 4);
  CHECK(u32At(b, 8) == 397);
  CHECK(b[33] == 0);  // colour
  CHECK(b[34] == 0);  // fp32
  CHECK(b[35] == 0);  // three dimensions
  CHECK(b[60] == 2);  // material_count
  CHECK(b[61] == 4);
  CHECK(std::string(b.begin() + 62, b.begin() + 66) == "glow");
  CHECK(b[66] == 62);
  CHECK(b[67] == 0);
  CHECK(std::string(b.begin() + 68, b.begin() + 130) == kGlow);
  CHECK(b[130] == 4);
  CHECK(std::string(b.begin() + 131, b.begin() + 135) == "soot");
  CHECK(b[135] == 79);
  CHECK(b[136] == 0);
  CHECK(std::string(b.begin() + 137, b.begin() + 216) == kSoot);
  CHECK(b[216] == 1);  // recipe_count
  CHECK(b[217] == 0);
  CHECK(b[218] == 3);
  CHECK(std::string(b.begin() + 219, b.begin() + 222) == "ash");
  CHECK(u32At(b, 222) == 14);   // count
  CHECK(b[322] == 0);           // glows: matter
  CHECK(u32At(b, 347) == 512);  // layer 0
  CHECK(b[351] == 0);           // no depth_override
  CHECK(b[352] == 1);           // a sprite
  CHECK(b[353] == 4);
  CHECK(std::string(b.begin() + 354, b.begin() + 358) == "dust");
  CHECK(b[358] == 1);  // normal
  CHECK(b[359] == 0);  // alpha
  CHECK(b[368] == 2);  // material: 1 + index 1, soot
  CHECK(b[369] == 0);  // emitter_count
  CHECK(b[371] == 1);  // script_count
  CHECK(u32At(b, 381) == 0);  // the script event's recipe: ash
  CHECK(u32At(b, 409) == 7);  // its seed
  // The layout dump agrees on the names of those places.
  CHECK(offsetOf(b, "materials.count") == 60);
  CHECK(offsetOf(b, "materials.soot.name") == 130);
  CHECK(offsetOf(b, "materials.soot.text") == 135);
  CHECK(offsetOf(b, "recipes.ash.sprite.material") == 368);
  auto d = decodeKev1(b);
  if (auto* err = std::get_if<DecodeError>(&d)) FAIL(kiln::core::format(*err));
  CHECK(std::get<Events>(d) == materialEvents());
}

TEST_CASE("KEV1 version 4 stores the palette table's name only with blend palette", "[kev1]") {
  const Bytes b = encodeKev1(paletteEvents());
  // Header 16, section 44, material_count 1 (0), recipe_count 2, pickup 160 (name 1+6, ..., sprite
  // 1, frame 1+5, blend, texture_alpha, alpha_test 8, material 1, palette 1+4), counts 4, event 40.
  REQUIRE(b.size() == 267);
  CHECK(b[6] == 4);
  CHECK(b[60] == 0);  // no material
  CHECK(b[61] == 1);  // recipe_count
  CHECK(b[63] == 6);
  CHECK(std::string(b.begin() + 64, b.begin() + 70) == "pickup");
  CHECK(b[200] == 1);  // a sprite
  CHECK(b[201] == 5);
  CHECK(std::string(b.begin() + 202, b.begin() + 207) == "spark");
  CHECK(b[207] == 6);  // palette
  CHECK(b[217] == 0);  // no material
  CHECK(b[218] == 4);
  CHECK(std::string(b.begin() + 219, b.begin() + 223) == "heat");
  CHECK(offsetOf(b, "recipes.pickup.sprite.palette") == 218);
  CHECK(offsetOf(b, "emitters.count") == 223);
  // Any other blend stores no palette: version 4 with a material, the sprite ends at its material.
  Events e = paletteEvents();
  e.materials = {{"glow", kGlow, ""}};
  e.recipes[0].sprite->blend = BlendMode::Additive;
  e.recipes[0].sprite->palette.clear();
  e.recipes[0].sprite->material = "glow";
  const Bytes m = encodeKev1(e);
  CHECK(m[6] == 4);
  const std::uint64_t material = offsetOf(m, "recipes.pickup.sprite.material");
  CHECK(m[material] == 1);
  CHECK(offsetOf(m, "emitters.count") == material + 1);
}

TEST_CASE("KEV1 writes version 4 exactly when a material, a sprite's material or the palette blend is used",
          "[kev1]") {
  CHECK(encodeKev1(materialEvents())[6] == 4);
  CHECK(encodeKev1(paletteEvents())[6] == 4);
  CHECK(encodeKev1(everythingEvents())[6] == 4);
  // A material no sprite names is still version 4: the section carries it.
  Events unused = minimalEvents();
  unused.materials = {{"glow", kGlow, ""}};
  CHECK(encodeKev1(unused)[6] == 4);
  // Without them, the bytes the earlier versions wrote (valid-full.kev, valid-v3-fixed.kev).
  Events plain = materialEvents();
  plain.materials.clear();
  plain.recipes[0].sprite->material.clear();
  CHECK(encodeKev1(plain)[6] == 1);
  std::string error;
  Events full = fullEvents();
  full.recipes[1].sprite->material = "";
  const auto fullOnDisk = kiln::core::readFile(kDir / "valid-full.kev", error);
  REQUIRE(fullOnDisk);
  CHECK(encodeKev1(full) == *fullOnDisk);
  Events fixed = everythingEvents();
  fixed.materials.clear();
  fixed.recipes[1].sprite = fixedEvents().recipes[1].sprite;
  fixed.recipes[2].sprite->material.clear();
  const auto fixedOnDisk = kiln::core::readFile(kDir / "valid-v3-fixed.kev", error);
  REQUIRE(fixedOnDisk);
  CHECK(encodeKev1(fixed) == *fixedOnDisk);
}

TEST_CASE("KEV1 keeps a material's name and text, not the file it was read from", "[kev1]") {
  Events e = materialEvents();
  e.materials[1].file = "materials/soot.glsl";
  const Bytes b = encodeKev1(e);
  CHECK(b == encodeKev1(materialEvents()));
  auto d = decodeKev1(b);
  REQUIRE(std::holds_alternative<Events>(d));
  const Events& back = std::get<Events>(d);
  REQUIRE(back.materials.size() == 2);
  CHECK(back.materials[1].name == "soot");
  CHECK(back.materials[1].text == kSoot);
  CHECK(back.materials[1].file.empty());
  // An empty snippet is a text like any other (the compiler, not the format, refuses it).
  e = materialEvents();
  e.materials[0].text.clear();
  auto empty = decodeKev1(encodeKev1(e));
  if (auto* err = std::get_if<DecodeError>(&empty)) FAIL(kiln::core::format(*err));
  CHECK(std::get<Events>(empty) == e);
}

TEST_CASE("KEV1 material limits: 16 materials and 16384 bytes decode, 17 and 16385 do not", "[kev1]") {
  auto withMaterials = [](std::size_t n) {
    Events e = materialEvents();
    e.materials.clear();
    for (std::size_t i = 0; i < n; ++i) e.materials.push_back({"m" + std::to_string(i), kGlow, ""});
    e.recipes[0].sprite->material = "m0";
    return e;
  };
  CHECK(compileEvents(withMaterials(16), kTextures).diagnostics.empty());
  CHECK(std::holds_alternative<Events>(decodeKev1(encodeKev1(withMaterials(16)))));
  const Bytes seventeen = encodeKev1(withMaterials(17));
  const DecodeError over = refused(seventeen);
  CHECK(over.code == Code::CountOverLimit);
  CHECK(over.offset == 60);
  CHECK(over.path == "materials.count");
  CHECK(compileEvents(withMaterials(17), kTextures).diagnostics.front().code == Code::CountOverLimit);

  Events big = materialEvents();
  big.materials[1].text = std::string(16384, 'a');
  CHECK(compileEvents(big, kTextures).diagnostics.empty());
  auto d = decodeKev1(encodeKev1(big));
  if (auto* err = std::get_if<DecodeError>(&d)) FAIL(kiln::core::format(*err));
  CHECK(std::get<Events>(d) == big);
  big.materials[1].text += 'a';
  const auto compiled = compileEvents(big, kTextures);
  REQUIRE(!compiled.diagnostics.empty());
  CHECK(compiled.diagnostics.front().code == Code::CountOverLimit);
  CHECK(compiled.diagnostics.front().path == "events.materials.soot");
  const DecodeError tooLong = refused(encodeKev1(big));
  CHECK(tooLong.code == Code::CountOverLimit);
  CHECK(tooLong.path == "materials.soot");
  CHECK(tooLong.offset == 130);  // soot's record: after glow (61 + 1 + 4 + 2 + 62)

  // A byte outside printable ASCII: the model's rule, on both routes.
  for (const char bad : {'\x01', '\x7f', '\x80'}) {
    Events e = materialEvents();
    e.materials[0].text[5] = bad;
    INFO(static_cast<int>(static_cast<unsigned char>(bad)));
    CHECK(compileEvents(e, kTextures).diagnostics.front().code == Code::BadName);
    const DecodeError err = refused(encodeKev1(e));
    CHECK(err.code == Code::BadName);
    CHECK(err.path == "materials.glow");
    CHECK(err.offset == 61);
  }
  for (const char good : {'\t', '\r', '\n', '~', ' '}) {
    Events e = materialEvents();
    e.materials[0].text[5] = good;
    CHECK(std::holds_alternative<Events>(decodeKev1(encodeKev1(e))));
  }
}

TEST_CASE("KEV1 material references: every entry of the table, and none past it", "[kev1]") {
  Events e = materialEvents();
  for (const char* name : {"glow", "soot", ""}) {
    e.recipes[0].sprite->material = name;
    const Bytes b = encodeKev1(e);
    auto d = decodeKev1(b);
    if (auto* err = std::get_if<DecodeError>(&d)) FAIL(kiln::core::format(*err));
    CHECK(std::get<Events>(d).recipes[0].sprite->material == name);
    CHECK(b[368] == (std::string(name) == "glow" ? 1 : std::string(name) == "soot" ? 2 : 0));
  }
  // A name no material has is written one past the table (3 here) and refused by the scan.
  e.recipes[0].sprite->material = "ember";
  CHECK(compileEvents(e, kTextures).diagnostics.front().code == Code::UnknownName);
  const Bytes b = encodeKev1(e);
  CHECK(b[368] == 3);
  const DecodeError err = refused(b);
  CHECK(err.code == Code::BadReference);
  CHECK(err.offset == 368);
  CHECK(err.path == "recipes.ash.sprite.material");
  REQUIRE(scanKev1(b));
  CHECK(scanKev1(b)->code == Code::BadReference);
}

TEST_CASE("KEV1 palette blend: a table named decodes, blend palette without one does not", "[kev1]") {
  // Decoding resolves no texture (the host does): "heat" needs no image here.
  auto d = decodeKev1(encodeKev1(paletteEvents()));
  if (auto* err = std::get_if<DecodeError>(&d)) FAIL(kiln::core::format(*err));
  CHECK(std::get<Events>(d).recipes[0].sprite->palette == "heat");
  CHECK(std::get<Events>(d).recipes[0].sprite->blend == BlendMode::Palette);
  // The source's rule is missing-field; in KEV1 the name is always there, so an empty one is a
  // name of length 0, which the scan refuses.
  Events e = paletteEvents();
  e.recipes[0].sprite->palette.clear();
  CHECK(compileEvents(e, std::vector<std::string>{"spark"}).diagnostics.front().code == Code::MissingField);
  const DecodeError err = refused(encodeKev1(e));
  CHECK(err.code == Code::BadName);
  CHECK(err.offset == 218);
  CHECK(err.path == "recipes.pickup.sprite.palette");
  // A palette name that breaks the name rule reads, and compileEvents refuses it.
  e.recipes[0].sprite->palette = "he\tat";
  const DecodeError name = refused(encodeKev1(e));
  CHECK(name.code == Code::BadName);
  CHECK(name.path == "recipes.pickup.sprite.palette");
  CHECK(name.offset == 63);  // pickup's record
  // A palette without blend palette (palette-table in a source) has no field to be stored in.
  e = paletteEvents();
  e.recipes[0].sprite->blend = BlendMode::Normal;
  CHECK(compileEvents(e, std::vector<std::string>{"spark", "heat"}).diagnostics.front().code == Code::PaletteTable);
  Events without = e;
  without.recipes[0].sprite->palette.clear();
  CHECK(encodeKev1(e) == encodeKev1(without));
  CHECK(encodeKev1(e)[6] == 1);
}

TEST_CASE("KEV1 blend 6 is version 4's: in versions 1 to 3 it is not defined", "[kev1]") {
  for (const Events& base : {fullEvents(), skyEvents(), fixedEvents()}) {
    Bytes b = encodeKev1(base);
    REQUIRE(b[6] < 4);
    const std::uint64_t at = offsetOf(b, "recipes.pickup.sprite.blend");
    b[at] = 6;
    reseal(b);
    const DecodeError err = refused(b);
    INFO("version " << int(b[6]));
    CHECK(err.code == Code::UnknownEnum);
    CHECK(err.offset == at);
    b[at] = 5;  // premultiplied: the last blend before version 4
    reseal(b);
    CHECK(std::holds_alternative<Events>(decodeKev1(b)));
  }
}

TEST_CASE("KEV1's largest section fits the file bound", "[kev1]") {
  // Every count at its limit, every name 64 bytes, a sky, a depth_override, every sprite with a
  // material and a palette (largestEvents): the sum below is the layout of docs/formats/kev1.md,
  // by hand.
  const Events e = simtest::largestEvents();
  const Bytes b = encodeKev1(e);
  const std::size_t section = 4 + 8 + 4 + 1 + 3 + 48;
  const std::size_t materials = 1 + 16 * (65 + 2 + 16384);
  const std::size_t recipe = 65 + 4 + 56 + 24 + 16 + 1 + 24 + 4 + 1 + 4 + 1 + 65 + 1 + 1 + 8 + 1 + 65;
  const std::size_t emitter = 65 + 4 + 8 + 4 + 24 + 1 + 64 * 32;
  CHECK(b.size() == 16 + section + materials + 2 + 256 * recipe + 2 + 256 * emitter + 2 + 4096 * 40);
  CHECK(b.size() == 1065867);
  CHECK(b.size() <= kMaxKev1Bytes);
  auto d = decodeKev1(b);
  if (auto* err = std::get_if<DecodeError>(&d)) FAIL(kiln::core::format(*err));
  CHECK(std::get<Events>(d) == e);
}
