// The source compiler on trees built in code: vocabulary rules, defaults, resolution, stages.
#include "source/compile.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <functional>
#include <stdexcept>

#include "particles/bounds.hpp"
#include "tree_builder.hpp"

using namespace kiln;
using namespace kiln::source;
using namespace kiln::source::test;
using core::Code;

namespace {

SourceNode& preset(SourceNode& root) {
  return at(at(root, "presets"), "embers");
}
SourceNode& emitter(SourceNode& root) {
  return at(root, "emitters").items[0];
}
SourceNode& sector(SourceNode& root) {
  return at(at(root, "world"), "sectors").items[0];
}

bool has(const CompileResult& r, Code code, const std::string& path) {
  return std::any_of(r.diagnostics.begin(), r.diagnostics.end(), [&](const SourceDiagnostic& d) {
    return d.diagnostic.code == code && d.diagnostic.path == path;
  });
}

std::string dump(const CompileResult& r) {
  std::string s;
  for (const auto& d : r.diagnostics) s += core::format(d.diagnostic) + "\n";
  return s;
}

}  // namespace

TEST_CASE("a valid tree compiles with no diagnostics and filled bounds", "[source]") {
  const CompileResult r = compileSource(validLevel());
  INFO(dump(r));
  REQUIRE(r.ok());
  REQUIRE(r.particles.version == 2);
  REQUIRE(r.world.version == 3);
  REQUIRE(r.particles.emitters.size() == 1);
  const particles::Emitter& e = r.particles.emitters[0];
  CHECK(e.bounds == particles::conservativeEmitterBounds(r.particles.presets[0], e));
  CHECK(e.bounds.min.x < e.bounds.max.x);  // filled, not left at zero
  CHECK(e.scale == 1.0);                   // omitted scale means 1, not 0
  CHECK(e.seed == 7);
  CHECK(r.particles.presets[0].sprite.blend == particles::Blend::Alpha);
  CHECK(r.particles.presets[0].spawnShape == particles::SpawnShape::Point);  // zero default
  REQUIRE(r.textures.size() == 1);
  CHECK(r.textures[0].path == "textures/ember.png");
}

TEST_CASE("required fields are reported when omitted", "[source]") {
  struct Case {
    const char* what;
    std::function<void(SourceNode&)> edit;
    const char* path;
  };
  const std::vector<Case> cases{
      {"version", [](SourceNode& r) { erase(r, "version"); }, "version"},
      {"world", [](SourceNode& r) { erase(r, "world"); }, "world"},
      {"world.version", [](SourceNode& r) { erase(at(r, "world"), "version"); }, "world.version"},
      {"capacity", [](SourceNode& r) { erase(preset(r), "capacity"); }, "presets.embers.capacity"},
      {"lifetime", [](SourceNode& r) { erase(preset(r), "lifetime"); }, "presets.embers.lifetime"},
      {"size", [](SourceNode& r) { erase(preset(r), "size"); }, "presets.embers.size"},
      {"color", [](SourceNode& r) { erase(preset(r), "color"); }, "presets.embers.color"},
      {"sprite", [](SourceNode& r) { erase(preset(r), "sprite"); }, "presets.embers.sprite"},
      {"sprite.frames", [](SourceNode& r) { erase(at(preset(r), "sprite"), "frames"); },
       "presets.embers.sprite.frames"},
      {"emitter preset", [](SourceNode& r) { erase(emitter(r), "preset"); }, "emitters.e1.preset"},
      {"emitter name", [](SourceNode& r) { erase(emitter(r), "name"); }, "emitters[0].name"},
      {"sector name", [](SourceNode& r) { erase(sector(r), "name"); }, "world.sectors[0].name"},
  };
  for (const Case& c : cases) {
    SECTION(c.what) {
      SourceNode root = validLevel();
      c.edit(root);
      const CompileResult r = compileSource(root);
      INFO(dump(r));
      CHECK(has(r, Code::MissingField, c.path));
    }
  }
}

TEST_CASE("unknown keys are reported with their path and the key's mark", "[source]") {
  SourceNode root = validLevel();
  SourceNode extra = num("1");
  const std::uint32_t line = extra.mark.line;
  set(emitter(root), "rat", extra);
  const CompileResult r = compileSource(root);
  REQUIRE(has(r, Code::UnknownKey, "emitters.e1.rat"));
  CHECK(r.diagnostics[0].mark.line == line);
}

TEST_CASE("wrong types are reported", "[source]") {
  SECTION("quoted number") {
    SourceNode root = validLevel();
    set(at(preset(root), "lifetime"), "max", str("2"));
    CHECK(has(compileSource(root), Code::WrongType, "presets.embers.lifetime.max"));
  }
  SECTION("vector of two") {
    SourceNode root = validLevel();
    set(emitter(root), "position", seq({num("1"), num("2")}));
    CHECK(has(compileSource(root), Code::WrongType, "emitters.e1.position"));
  }
  SECTION("map where a sequence belongs") {
    SourceNode root = validLevel();
    set(preset(root), "size", map({{"age", num("0")}}));
    CHECK(has(compileSource(root), Code::WrongType, "presets.embers.size"));
  }
  SECTION("fractional integer") {
    SourceNode root = validLevel();
    set(preset(root), "capacity", num("16.5"));
    CHECK(has(compileSource(root), Code::WrongType, "presets.embers.capacity"));
  }
}

TEST_CASE("unknown names are reported", "[source]") {
  SECTION("preset") {
    SourceNode root = validLevel();
    set(emitter(root), "preset", str("sparks"));
    CHECK(has(compileSource(root), Code::UnknownName, "emitters.e1.preset"));
  }
  SECTION("sector") {
    SourceNode root = validLevel();
    set(emitter(root), "sector", str("attic"));
    CHECK(has(compileSource(root), Code::UnknownName, "emitters.e1.sector"));
  }
  SECTION("texture") {
    SourceNode root = validLevel();
    set(at(preset(root), "sprite"), "frames", seq({str("ember"), str("spark")}));
    CHECK(has(compileSource(root), Code::UnknownName, "presets.embers.sprite.frames[1]"));
  }
}

TEST_CASE("enumeration spellings map to the model and others are unknown-enum", "[source]") {
  SourceNode root = validLevel();
  set(at(preset(root), "sprite"), "facing", str("upright"));
  set(at(preset(root), "sprite"), "flipbook", str("cycle"));
  set(preset(root), "spawn", map({{"shape", str("box")}, {"half_extents", vec3("0.1", "0.1", "0.1")}}));
  set(emitter(root), "mode", str("cycle"));
  set(emitter(root), "period_seconds", num("2"));
  const CompileResult ok = compileSource(root);
  INFO(dump(ok));
  REQUIRE(ok.ok());
  CHECK(ok.particles.presets[0].sprite.facing == particles::Facing::Upright);
  CHECK(ok.particles.presets[0].sprite.flipbook == particles::Flipbook::Cycle);
  CHECK(ok.particles.presets[0].spawnShape == particles::SpawnShape::Box);
  CHECK(ok.particles.emitters[0].mode == particles::PlayMode::Cycle);

  set(at(preset(root), "sprite"), "blend", str("Additive"));  // spellings are case-sensitive
  CHECK(has(compileSource(root), Code::UnknownEnum, "presets.embers.sprite.blend"));
}

TEST_CASE("seed is a uint32", "[source]") {
  SourceNode root = validLevel();
  set(emitter(root), "seed", num("4294967295"));
  const CompileResult top = compileSource(root);
  INFO(dump(top));
  REQUIRE(top.ok());
  CHECK(top.particles.emitters[0].seed == 4294967295u);
  set(emitter(root), "seed", num("4294967296"));
  CHECK(has(compileSource(root), Code::OutOfRange, "emitters.e1.seed"));
  set(emitter(root), "seed", num("-1"));
  CHECK(has(compileSource(root), Code::OutOfRange, "emitters.e1.seed"));
  set(emitter(root), "seed", num("0"));
  CHECK(compileSource(root).ok());
}

TEST_CASE("non-finite numbers are not-finite", "[source]") {
  SourceNode root = validLevel();
  set(emitter(root), "rate", num(".inf"));
  CHECK(has(compileSource(root), Code::NotFinite, "emitters.e1.rate"));
  set(emitter(root), "rate", num("1e400"));
  CHECK(has(compileSource(root), Code::NotFinite, "emitters.e1.rate"));
  set(emitter(root), "rate", num("nan"));
  CHECK(has(compileSource(root), Code::NotFinite, "emitters.e1.rate"));
  set(emitter(root), "rate", num("-infinity"));
  CHECK(has(compileSource(root), Code::NotFinite, "emitters.e1.rate"));
  set(emitter(root), "rate", num("4e0"));
  CHECK(compileSource(root).ok());
}

TEST_CASE("versions outside the contract are unsupported", "[source]") {
  SourceNode root = validLevel();
  set(root, "version", num("3"));
  CHECK(has(compileSource(root), Code::UnsupportedVersion, "version"));
  set(root, "version", num("0"));
  CHECK(has(compileSource(root), Code::UnsupportedVersion, "version"));
  set(at(root, "world"), "version", num("4"));
  CHECK(has(compileSource(root), Code::UnsupportedVersion, "world.version"));
}

TEST_CASE("yaw is normalized into [-180, 180]", "[source]") {
  CHECK(normalizeYaw(180) == 180);
  CHECK(normalizeYaw(-180) == -180);
  CHECK(normalizeYaw(180.5) == -179.5);
  CHECK(normalizeYaw(-180.5) == 179.5);
  CHECK(normalizeYaw(540) == 180);
  CHECK(normalizeYaw(-450) == -90);
  CHECK(normalizeYaw(30) == 30);
  SourceNode root = validLevel();
  set(emitter(root), "yaw", num("370"));
  const CompileResult r = compileSource(root);
  REQUIRE(r.ok());
  CHECK(r.particles.emitters[0].yaw == 10);
}

TEST_CASE("an emitter without sector is placed by its position", "[source]") {
  SourceNode root = validLevel();
  SECTION("inside") {
    const CompileResult r = compileSource(root);
    REQUIRE(r.ok());
    CHECK(r.particles.emitters[0].sector == 0);
  }
  SECTION("outside every sector") {
    set(emitter(root), "position", vec3("9", "3", "1"));
    CHECK(has(compileSource(root), Code::NoSector, "emitters.e1.position"));
  }
  SECTION("outside but named: the envelope must still fit") {
    set(emitter(root), "position", vec3("7.99", "3", "1"));
    set(emitter(root), "sector", str("hall"));
    const CompileResult r = compileSource(root);
    INFO(dump(r));
    CHECK(std::any_of(r.diagnostics.begin(), r.diagnostics.end(),
                      [](const SourceDiagnostic& d) { return d.diagnostic.code == Code::OutsideSector; }));
  }
}

TEST_CASE("particle validation findings map back to source marks", "[source]") {
  SourceNode root = validLevel();
  SourceNode key = map({{"age", num("1")}, {"value", num("-0.5")}});
  at(preset(root), "size").items[1] = key;
  const CompileResult r = compileSource(root);
  INFO(dump(r));
  auto it = std::find_if(r.diagnostics.begin(), r.diagnostics.end(),
                         [](const SourceDiagnostic& d) { return d.diagnostic.code == Code::SizeRange; });
  REQUIRE(it != r.diagnostics.end());
  CHECK(it->diagnostic.path.rfind("presets.embers.size[1]", 0) == 0);
  CHECK(it->mark.line != 0);
}

TEST_CASE("all vocabulary diagnostics are reported at once", "[source]") {
  SourceNode root = validLevel();
  set(emitter(root), "colour", num("1"));
  set(emitter(root), "preset", str("nope"));
  set(preset(root), "drag", str("x"));
  const CompileResult r = compileSource(root);
  CHECK(has(r, Code::UnknownKey, "emitters.e1.colour"));
  CHECK(has(r, Code::UnknownName, "emitters.e1.preset"));
  CHECK(has(r, Code::WrongType, "presets.embers.drag"));
}

TEST_CASE("portals resolve by name and need world version 2", "[source]") {
  SourceNode root = validLevel();
  set(sector(root), "portals", seq({null(), null(), null(), null()}));
  const CompileResult r = compileSource(root);
  INFO(dump(r));
  REQUIRE(r.ok());
  CHECK(r.world.sectors[0].portals == std::vector<std::uint32_t>(4, world::kNoPortal));
  set(sector(root), "portals", seq({null(), str("attic"), null(), null()}));
  CHECK(has(compileSource(root), Code::UnknownName, "world.sectors.hall.portals[1]"));
  set(sector(root), "portals", seq({null(), null(), null(), null()}));
  set(at(root, "world"), "version", num("1"));
  CHECK(has(compileSource(root), Code::PortalForVersion, "world.sectors.hall.portals"));
}

TEST_CASE("frame textures must be square and share one size per preset", "[source]") {
  SourceNode root = validLevel();
  set(at(preset(root), "sprite"), "frames", seq({str("ember"), str("ember")}));
  set(at(preset(root), "sprite"), "fps", num("4"));
  CompileResult r = compileSource(root);
  REQUIRE(r.ok());
  CompileResult square = r;
  checkFrameTextures(square, {{"ember", {32, 32}}});
  CHECK(square.ok());
  CompileResult wide = r;
  checkFrameTextures(wide, {{"ember", {32, 16}}});
  CHECK(has(wide, Code::TextureNotSquare, "presets.embers.sprite.frames[0]"));

  set(root, "textures", map({{"ember", str("a.png")}, {"spark", str("b.png")}}));
  set(at(preset(root), "sprite"), "frames", seq({str("ember"), str("spark")}));
  CompileResult two = compileSource(root);
  REQUIRE(two.ok());
  CompileResult same = two;
  checkFrameTextures(same, {{"ember", {32, 32}}, {"spark", {32, 32}}});
  CHECK(same.ok());
  checkFrameTextures(two, {{"ember", {32, 32}}, {"spark", {64, 64}}});
  CHECK(has(two, Code::TextureSizeMismatch, "presets.embers.sprite.frames[1]"));
}

TEST_CASE("locate falls back to the nearest recorded ancestor", "[source]") {
  MarkMap marks{{"presets.embers", {3, 4}}, {"presets.embers.size[1]", {9, 7}}};
  CHECK(locate(marks, "presets.embers.size[1].age") == Mark{9, 7});
  CHECK(locate(marks, "presets.embers.size[0].age") == Mark{3, 4});
  CHECK(locate(marks, "emitters.x").line == 0);
}

TEST_CASE("capacity is read as written and judged by the contract's limit", "[source]") {
  SourceNode root = validLevel();
  set(preset(root), "capacity", num("4096"));
  const CompileResult top = compileSource(root);
  INFO(dump(top));
  REQUIRE(top.ok());
  CHECK(top.particles.presets[0].capacity == 4096);
  set(preset(root), "capacity", num("4097"));
  CHECK(has(compileSource(root), Code::Capacity, "presets.embers.capacity"));
  set(preset(root), "capacity", num("8"));  // the emitter needs 4 births/s x 2 s = 8 slots
  CHECK(compileSource(root).ok());
  set(preset(root), "capacity", num("7"));
  const CompileResult small = compileSource(root);
  CHECK(std::any_of(small.diagnostics.begin(), small.diagnostics.end(),
                    [](const SourceDiagnostic& d) { return d.diagnostic.code == Code::CapacityTooSmall; }));
}
