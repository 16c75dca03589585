// The @kiln/events entry of a level module: kiln/events@1 is required exactly when it is present,
// round trips bit for bit, errors inside it are re-based and named by the entry, and a host
// without the feature cannot mount it.
#include <catch2/catch.hpp>

#include "goldens.hpp"
#include "sim/kev1.hpp"
#include "world/level.hpp"

using kiln::core::Code;
using kiln::core::DecodeError;
namespace kw = kiln::world;
namespace ks = kiln::sim;
using Features = std::vector<std::string>;

namespace {

ks::Events events() {
  ks::Events e;
  e.capacity = 64;
  ks::Recipe r;
  r.name = "puff";
  r.count = 6, r.speed = 1, r.lifetime = 0.5, r.size = 0.1;
  e.recipes = {r};
  e.script = {{1.0, "puff", {1, 1, 1}, 7}};
  return e;
}

kw::Level level(bool withEvents) {
  kw::Level l;
  l.world = kiln::worldtest::levelWorld(1);
  if (withEvents) l.events = events();
  l.features = kw::requiredFeatures(l);
  return l;
}

}  // namespace

TEST_CASE("kiln/events@1 is required exactly when the events entry is present", "[world][events]") {
  CHECK(kw::requiredFeatures(level(false)) == Features{"world/sectors@1"});
  CHECK(kw::requiredFeatures(level(true)) == Features{"world/sectors@1", "kiln/events@1"});
}

TEST_CASE("a level with events round-trips through KLM1 bit for bit", "[world][events]") {
  const kw::Level l = level(true);
  const auto bytes = kw::encodeKlm1(l);
  auto r = kw::decodeKlm1(bytes);
  if (auto* e = std::get_if<DecodeError>(&r)) FAIL(kiln::core::format(*e));
  CHECK(std::get<kw::Level>(r) == l);
  CHECK(kw::encodeKlm1(std::get<kw::Level>(r)) == bytes);
  // The entry is a complete KEV1 file: its bytes appear verbatim in the module.
  const auto kev = ks::encodeKev1(events());
  CHECK(std::search(bytes.begin(), bytes.end(), kev.begin(), kev.end()) != bytes.end());
}

TEST_CASE("the declared features must match the events entry both ways", "[world][events]") {
  kw::Level missing = level(true);
  missing.features = {"world/sectors@1"};
  auto r = kw::decodeKlm1(kw::encodeKlm1(missing));
  REQUIRE(std::holds_alternative<DecodeError>(r));
  CHECK(std::get<DecodeError>(r).code == Code::FeatureMismatch);

  kw::Level extra = level(false);
  extra.features = {"world/sectors@1", "kiln/events@1"};
  r = kw::decodeKlm1(kw::encodeKlm1(extra));
  REQUIRE(std::holds_alternative<DecodeError>(r));
  CHECK(std::get<DecodeError>(r).code == Code::FeatureMismatch);
}

TEST_CASE("an error inside the events entry is named by the entry at a module offset", "[world][events]") {
  kw::Level l = level(true);
  l.events->capacity = 0;
  const auto bytes = kw::encodeKlm1(l);
  auto r = kw::decodeKlm1(bytes);
  REQUIRE(std::holds_alternative<DecodeError>(r));
  const DecodeError& e = std::get<DecodeError>(r);
  CHECK(e.code == Code::EventCapacity);
  CHECK(e.path == "@kiln/events:capacity");
  // The KEV1 file is the last entry: its payload starts 16 bytes into it.
  const auto kev = ks::encodeKev1(*l.events);
  CHECK(e.offset == bytes.size() - kev.size() + 16);
}

TEST_CASE("mounting a level with events needs a host that advertises kiln/events@1", "[world][events]") {
  CHECK(kw::kilnCapabilities().advertises("kiln/events@1"));
  CHECK(kw::mount(level(true), kw::kilnCapabilities()).empty());
  const auto ds = kw::mount(level(true), kw::HostCapabilities{{"world/sectors@1"}});
  REQUIRE(ds.size() == 1);
  CHECK(ds[0].code == Code::MissingFeature);
  CHECK(ds[0].message.find("kiln/events@1") != std::string::npos);
  CHECK(kw::mount(level(false), kw::HostCapabilities{{"world/sectors@1"}}).empty());
}
