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
