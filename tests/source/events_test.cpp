// The `events:` section of a source: vocabulary and types here, the event rules through
// sim::compileEvents with their paths located in the source, warnings that leave it usable.
#include <algorithm>
#include <catch2/catch.hpp>

#include "source/compile.hpp"
#include "tree_builder.hpp"

using namespace kiln;
using namespace kiln::source;
using namespace kiln::source::test;
using core::Code;

namespace {

SourceNode withEvents(SourceNode events) {
  SourceNode root = validLevel();
  set(root, "events", std::move(events));
  return root;
}

SourceNode sampleEvents() {
  return map({{"capacity", num("32")},
              {"recipes", map({{"puff", map({{"count", num("4")}, {"lifetime", num("0.5")}, {"glows", num("true")}})}})},
              {"emitters", seq({map({{"name", str("vent")}, {"recipe", str("puff")}, {"rate", num("3")}})})},
              {"script", seq({map({{"time", num("1")}, {"recipe", str("puff")}, {"seed", num("9")}})})}});
}

const SourceDiagnostic* find(const CompileResult& r, Code code, const std::string& path) {
  for (const SourceDiagnostic& d : r.diagnostics)
    if (d.diagnostic.code == code && d.diagnostic.path == path) return &d;
  return nullptr;
}

std::string dump(const CompileResult& r) {
  std::string s;
  for (const auto& d : r.diagnostics) s += core::format(d.diagnostic) + "\n";
  return s;
}

}  // namespace

TEST_CASE("an events section compiles into the model", "[source][events]") {
  const CompileResult r = compileSource(withEvents(sampleEvents()));
  INFO(dump(r));
  REQUIRE(r.ok());
  REQUIRE(r.events.has_value());
  CHECK(r.events->capacity == 32);
  REQUIRE(r.events->recipes.size() == 1);
  CHECK(r.events->recipes[0].count == 4);
  CHECK(r.events->recipes[0].gravity == -6.5);  // the default
  CHECK(r.events->emitters[0].recipe == "puff");
  CHECK(r.events->script[0].seed == 9);
}

TEST_CASE("no events section, no events", "[source][events]") {
  const CompileResult r = compileSource(validLevel());
  CHECK(!r.events.has_value());
}

TEST_CASE("a negative count is a located warning and compiles as 0", "[source][events]") {
  SourceNode e = sampleEvents();
  set(at(at(e, "recipes"), "puff"), "count", num("-2"));
  const SourceNode tree = withEvents(e);
  const CompileResult r = compileSource(tree);
  const SourceDiagnostic* d = find(r, Code::CountClamped, "events.recipes.puff.count");
  REQUIRE(d);
  CHECK(d->diagnostic.severity == core::Severity::Warning);
  CHECK(d->mark.known());
  CHECK(r.ok());
  REQUIRE(r.events);
  CHECK(r.events->recipes[0].count == 0);
}

TEST_CASE("event rules reach the source with located paths, on both sides", "[source][events]") {
  SourceNode e = sampleEvents();
  set(e, "capacity", num("65536"));
  CHECK(compileSource(withEvents(e)).ok());
  set(e, "capacity", num("65537"));
  const CompileResult r = compileSource(withEvents(e));
  const SourceDiagnostic* d = find(r, Code::EventCapacity, "events.capacity");
  REQUIRE(d);
  CHECK(d->mark.known());
}

TEST_CASE("events.dimensions: 2 and 3 compile, 1 and 4 are refused at their line", "[source][events]") {
  SourceNode e = sampleEvents();
  {
    const CompileResult r = compileSource(withEvents(e));
    REQUIRE(r.events);
    CHECK(r.events->dimensions == 3);  // absent: 3
  }
  for (const char* ok : {"2", "3"}) {
    set(e, "dimensions", num(ok));
    const CompileResult r = compileSource(withEvents(e));
    INFO(dump(r));
    CHECK(r.ok());
    REQUIRE(r.events);
    CHECK(r.events->dimensions == std::stoi(ok));
  }
  for (const char* bad : {"1", "4"}) {
    set(e, "dimensions", num(bad));
    const CompileResult r = compileSource(withEvents(e));
    INFO(dump(r));
    CHECK_FALSE(r.ok());
    const SourceDiagnostic* d = find(r, Code::UnknownEnum, "events.dimensions");
    REQUIRE(d);
    CHECK(d->mark.known());
  }
}

TEST_CASE("vocabulary mistakes in events are reported with suggestions", "[source][events]") {
  SourceNode e = sampleEvents();
  set(at(at(e, "recipes"), "puff"), "lifetme", num("1"));
  at(e, "emitters").items[0] = map({{"name", str("vent")}, {"recipe", str("puf")}});
  set(at(at(e, "recipes"), "puff"), "glows", num("1"));
  const CompileResult r = compileSource(withEvents(e));
  INFO(dump(r));
  const SourceDiagnostic* key = find(r, Code::UnknownKey, "events.recipes.puff.lifetme");
  REQUIRE(key);
  CHECK(key->diagnostic.message.find("did you mean 'lifetime'") != std::string::npos);
  const SourceDiagnostic* name = find(r, Code::UnknownName, "events.emitters.vent.recipe");
  REQUIRE(name);
  CHECK(name->diagnostic.message.find("did you mean 'puff'") != std::string::npos);
  CHECK(find(r, Code::WrongType, "events.recipes.puff.glows"));
  // Vocabulary errors stop the event rules, so nothing is reported twice.
  CHECK(std::count_if(r.diagnostics.begin(), r.diagnostics.end(), [](const SourceDiagnostic& d) {
          return d.diagnostic.path == "events.emitters.vent.recipe";
        }) == 1);
}

TEST_CASE("a sprite frame must name a texture", "[source][events]") {
  SourceNode e = sampleEvents();
  set(at(at(e, "recipes"), "puff"), "sprite", map({{"frame", str("nope")}}));
  const CompileResult r = compileSource(withEvents(e));
  CHECK(find(r, Code::UnknownName, "events.recipes.puff.sprite.frame"));
}

TEST_CASE("matter_light: a colour, a sky map or the word sector", "[source][events][matter-light]") {
  SourceNode e = sampleEvents();
  set(e, "matter_light", vec3("0.5", "0.25", "0"));
  CompileResult r = compileSource(withEvents(e));
  INFO(dump(r));
  REQUIRE(r.ok());
  CHECK(r.events->matterLightMode == sim::MatterLightMode::Color);
  CHECK(r.events->matterLight == sim::Vec3{0.5, 0.25, 0});

  // (0.2, 0.3, 0.4) + (4π, 0, 2π) / 4π = (1.2, 0.3, 0.9), derived when compiled.
  const std::string fourPi = "12.566370614359172", twoPi = "6.283185307179586";
  set(e, "matter_light", map({{"sky_radiance", vec3("0.2", "0.3", "0.4")},
                              {"sun_irradiance", seq({num(fourPi), num("0"), num(twoPi)})}}));
  r = compileSource(withEvents(e));
  INFO(dump(r));
  REQUIRE(r.ok());
  CHECK(r.events->matterLightMode == sim::MatterLightMode::Sky);
  CHECK(r.events->skyRadiance == sim::Vec3{0.2, 0.3, 0.4});
  CHECK(r.events->matterLight[0] == Approx(1.2).epsilon(1e-15));
  CHECK(r.events->matterLight[1] == Approx(0.3).epsilon(1e-15));
  CHECK(r.events->matterLight[2] == Approx(0.9).epsilon(1e-15));

  set(e, "matter_light", str("sector"));
  r = compileSource(withEvents(e));
  INFO(dump(r));
  REQUIRE(r.ok());
  CHECK(r.events->matterLightMode == sim::MatterLightMode::Sector);
  CHECK(r.events->matterLight == sim::kOutsideSectorLight);
}

TEST_CASE("matter_light's bad forms are named by their path", "[source][events][matter-light]") {
  auto compileWith = [](SourceNode light) {
    SourceNode e = sampleEvents();
    set(e, "matter_light", std::move(light));
    return compileSource(withEvents(e));
  };
  CompileResult r = compileWith(map({{"sky_radiance", vec3("0.2", "-0.3", "0.4")}, {"sun_irradiance", vec3("1", "1", "1")}}));
  INFO(dump(r));
  CHECK(find(r, Code::NegativeColor, "events.matter_light.sky_radiance[1]"));
  r = compileWith(map({{"sky_radiance", vec3("0.2", "0.3", "0.4")}, {"sun_irradiance", vec3("1", "1e400", "1")}}));
  INFO(dump(r));
  CHECK(find(r, Code::NotFinite, "events.matter_light.sun_irradiance[1]"));
  r = compileWith(map({{"sky_radiance", vec3("0.2", "0.3", "0.4")}}));
  INFO(dump(r));
  CHECK(find(r, Code::MissingField, "events.matter_light.sun_irradiance"));
  r = compileWith(map({{"sky_radiance", vec3("0", "0", "0")}, {"sun_irradiance", vec3("0", "0", "0")}, {"sky_radience", vec3("0", "0", "0")}}));
  INFO(dump(r));
  const SourceDiagnostic* key = find(r, Code::UnknownKey, "events.matter_light.sky_radience");
  REQUIRE(key);
  CHECK(key->diagnostic.message.find("did you mean 'sky_radiance'") != std::string::npos);
  r = compileWith(str("sky"));
  INFO(dump(r));
  const SourceDiagnostic* word = find(r, Code::WrongType, "events.matter_light");
  REQUIRE(word);
  CHECK(word->diagnostic.message.find("sector") != std::string::npos);
  r = compileWith(seq({num("1"), num("1")}));
  INFO(dump(r));
  CHECK_FALSE(r.ok());
}

TEST_CASE("two emitters sharing a seed_base compile with a located warning, distinct bases give none", "[source][events]") {
  const auto withBases = [](const char* a, const char* b) {
    SourceNode events = sampleEvents();
    set(events, "emitters",
        seq({map({{"name", str("vent")}, {"recipe", str("puff")}, {"rate", num("3")}, {"seed_base", num(a)}}),
             map({{"name", str("vent2")}, {"recipe", str("puff")}, {"rate", num("3")}, {"seed_base", num(b)}})}));
    return compileSource(withEvents(std::move(events)));
  };
  const CompileResult same = withBases("7", "7");
  INFO(dump(same));
  CHECK(same.ok());
  const SourceDiagnostic* d = find(same, Code::SharedSeedBase, "events.emitters.vent2.seed_base");
  REQUIRE(d != nullptr);
  CHECK(d->diagnostic.severity == core::Severity::Warning);
  const CompileResult distinct = withBases("7", "8");
  INFO(dump(distinct));
  CHECK(distinct.ok());
  CHECK(find(distinct, Code::SharedSeedBase, "events.emitters.vent2.seed_base") == nullptr);
}

TEST_CASE("events.materials: a sprite names a snippet the host reads, a misspelt name is refused with a suggestion",
          "[source][events]") {
  SourceNode e = sampleEvents();
  set(e, "materials", map({{"soot", str("materials/soot.glsl")}}));
  set(at(at(e, "recipes"), "puff"), "sprite", map({{"frame", str("ember")}, {"material", str("soot")}}));
  std::vector<std::string> asked;
  const MaterialReader reader = [&asked](const std::string& path, kiln::core::Diagnostic& error) -> std::optional<std::string> {
    asked.push_back(path);
    if (path == "materials/soot.glsl") return std::string("vec4 kilnMaterial(vec4 c, vec4 t, vec4 x) { return c; }\n");
    error = {Code::IoError, path, "no such file"};
    return std::nullopt;
  };
  const CompileResult r = compileSource(withEvents(e), reader);
  INFO(dump(r));
  REQUIRE(r.ok());
  CHECK(asked == std::vector<std::string>{"materials/soot.glsl"});
  REQUIRE(r.events->materials.size() == 1);
  CHECK(r.events->materials[0].name == "soot");
  CHECK(r.events->materials[0].file == "materials/soot.glsl");
  CHECK(r.events->materials[0].text.find("kilnMaterial") != std::string::npos);
  CHECK(r.events->recipes[0].sprite->material == "soot");

  set(at(at(at(e, "recipes"), "puff"), "sprite"), "material", str("sot"));
  const CompileResult bad = compileSource(withEvents(e), reader);
  const SourceDiagnostic* name = find(bad, Code::UnknownName, "events.recipes.puff.sprite.material");
  REQUIRE(name);
  CHECK(name->diagnostic.message.find("did you mean 'soot'") != std::string::npos);

  set(e, "materials", map({{"soot", str("materials/missing.glsl")}}));
  set(at(at(at(e, "recipes"), "puff"), "sprite"), "material", str("soot"));
  const CompileResult missing = compileSource(withEvents(e), reader);
  CHECK(find(missing, Code::IoError, "events.materials.soot"));
}
