// The compiled sample cartridge shows what it exists to show: the cartridge covers its levels,
// each level uses the versions and features its brief names, stress sits at every limit, and
// every frame a module names is found beside it as <klm dir>/textures/NAME.png.
#include <stb_image.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <variant>

#include "core/file.hpp"
#include "particles/schedule.hpp"
#include "world/level.hpp"

namespace {

namespace fs = std::filesystem;
using namespace kiln;
using particles::Blend;

const fs::path kOut = KILN_ASSETS_OUT;
const fs::path kSource = KILN_SOURCE_DIR;

// Every sample but iso2d (event particles only) carries worldparticles.
world::Level load(const std::string& name, bool withParticles = true) {
  const fs::path path = kOut / "levels" / (name + ".klm");
  std::string error;
  const auto bytes = core::readFile(path, error);
  INFO(error << " (the kiln-assets target builds it)");
  REQUIRE(bytes);
  auto decoded = world::decodeKlm1(*bytes);
  if (const auto* e = std::get_if<core::DecodeError>(&decoded)) FAIL(core::format(*e));
  world::Level level = std::get<world::Level>(std::move(decoded));
  if (withParticles) REQUIRE(level.particles);
  return level;
}

std::string readText(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::set<Blend> blends(const particles::Document& d) {
  std::set<Blend> out;
  for (const auto& p : d.presets) out.insert(p.sprite.blend);
  return out;
}

std::uint32_t presetIndex(const particles::Document& d, const std::string& name) {
  for (std::uint32_t i = 0; i < d.presets.size(); ++i)
    if (d.presets[i].name == name) return i;
  FAIL("no preset " << name);
  return 0;
}

const particles::Emitter& emitter(const particles::Document& d, const std::string& name) {
  for (const auto& e : d.emitters)
    if (e.name == name) return e;
  FAIL("no emitter " << name);
  return d.emitters.front();
}

struct Png {
  int width = 0, height = 0;
  bool ok = false;
};
Png probe(const fs::path& p) {
  Png png;
  int channels = 0;
  png.ok = stbi_info(p.string().c_str(), &png.width, &png.height, &channels) != 0;
  return png;
}

const char* const kLevels[] = {"braziers", "smoke_fire", "stress", "iso2d"};

}  // namespace

TEST_CASE("the cartridge lists every sample and declares exactly the features they require") {
  const auto parsed = world::parseCartridge(readText(kSource / "assets/cartridge.kcart"));
  REQUIRE(std::holds_alternative<world::Cartridge>(parsed));
  const auto& cart = std::get<world::Cartridge>(parsed);
  CHECK(cart.levels == std::vector<std::string>{"levels/braziers.klm", "levels/smoke_fire.klm", "levels/stress.klm",
                                                "levels/iso2d.klm"});

  std::vector<std::vector<std::string>> levelFeatures;
  std::set<std::string> required;
  for (const std::string& rel : cart.levels) {
    const std::string name = fs::path(rel).stem().string();
    const world::Level level = load(name, name != "iso2d");
    CHECK(fs::exists(kOut / rel));
    levelFeatures.push_back(level.features);
    required.insert(level.features.begin(), level.features.end());
  }
  CHECK(world::checkCartridgeFeatures(cart, levelFeatures).empty());
  // Nothing declared that no level needs: sectors, both particle versions, and event particles.
  CHECK(std::set<std::string>(cart.features.begin(), cart.features.end()) == required);
  CHECK(required == std::set<std::string>{"world/sectors@1", "world/particles@1", "world/particles@2", "kiln/events@1"});

  // The other side of the rule: without particles@1 the version-1 level is not covered.
  world::Cartridge without = cart;
  std::erase(without.features, "world/particles@1");
  CHECK(core::contains(world::checkCartridgeFeatures(without, levelFeatures), core::Code::CartridgeFeatures));
}

TEST_CASE("braziers: version 1 additive and cutout effects in a portal-linked world of version 2") {
  const world::Level level = load("braziers");
  const auto& doc = *level.particles;
  CHECK(doc.version == 1);
  CHECK(level.world.version == 2);
  CHECK(level.world.sectors.size() >= 3);
  std::size_t portals = 0;
  for (const auto& s : level.world.sectors)
    portals += std::count_if(s.portals.begin(), s.portals.end(), [](std::uint32_t p) { return p != world::kNoPortal; });
  CHECK(portals >= 4);  // hall↔corridor and corridor↔alcove, each seen from both sides
  CHECK(blends(doc) == std::set<Blend>{Blend::Additive, Blend::Cutout});
  // Every sector holds at least one emitter: the whole room is lit.
  std::set<std::uint32_t> lit;
  for (const auto& e : doc.emitters) lit.insert(e.sector);
  CHECK(lit.size() == level.world.sectors.size());
}

TEST_CASE("braziers: seed 002's three event recipes, a lantern on a path, a script firing the bursts") {
  const world::Level level = load("braziers");
  REQUIRE(level.events.has_value());
  const sim::Events& e = *level.events;
  std::set<std::string> recipes;
  for (const sim::Recipe& r : e.recipes) recipes.insert(r.name);
  CHECK(recipes == std::set<std::string>{"ember", "pickup", "dust"});
  // Two glow (ember, pickup) and one is matter (dust).
  for (const sim::Recipe& r : e.recipes) CHECK(r.glows == (r.name != "dust"));
  // The embers leave a lantern that moves: a path with at least two distinct positions.
  REQUIRE(e.emitters.size() == 1);
  CHECK(e.emitters[0].recipe == "ember");
  REQUIRE(e.emitters[0].path.size() >= 2);
  CHECK(e.emitters[0].path[0].position != e.emitters[0].path[1].position);
  // The script fires both bursts.
  std::set<std::string> fired;
  for (const sim::ScriptEvent& x : e.script) fired.insert(x.recipe);
  CHECK(fired == std::set<std::string>{"pickup", "dust"});
  CHECK(std::find(level.features.begin(), level.features.end(), "kiln/events@1") != level.features.end());
}

TEST_CASE("iso2d: event particles in the plane, sorted iso, on two layers, and no worldparticles") {
  const world::Level level = load("iso2d", false);
  CHECK_FALSE(level.particles.has_value());
  REQUIRE(level.events.has_value());
  const sim::Events& e = *level.events;
  CHECK(e.dimensions == 2);
  CHECK(e.sort == sim::SortMode::Iso);
  std::set<std::int64_t> layers;
  for (const sim::Recipe& r : e.recipes) layers.insert(r.layer);
  CHECK(layers.size() >= 2);
  // Glowing recipes sit above the matter: sparks over dust whatever their rows.
  for (const sim::Recipe& r : e.recipes) CHECK(r.layer == (r.glows ? 1 : 0));
  CHECK_FALSE(e.script.empty());
  CHECK(std::find(level.features.begin(), level.features.end(), "kiln/events@1") != level.features.end());
}

TEST_CASE("smoke_fire: version 2 alpha smoke over additive fire, one premultiplied frame, world version 3") {
  const world::Level level = load("smoke_fire");
  const auto& doc = *level.particles;
  CHECK(doc.version == 2);
  CHECK(level.world.version == 3);
  CHECK(blends(doc) == std::set<Blend>{Blend::Additive, Blend::Alpha, Blend::Premultiplied});
  const bool sloped = std::any_of(level.world.sectors.begin(), level.world.sectors.end(), [](const world::Sector& s) {
    return s.floor.dzdx != 0 || s.floor.dzdy != 0;
  });
  const bool ambient = std::any_of(level.world.sectors.begin(), level.world.sectors.end(), [](const world::Sector& s) {
    return s.ambient[0] > 0 || s.ambient[1] > 0 || s.ambient[2] > 0;
  });
  CHECK(sloped);
  CHECK(ambient);

  // The flame/smoke material: one preset, one static frame, reused by several emitters.
  const std::uint32_t material = presetIndex(doc, "flame_smoke");
  CHECK(doc.presets[material].sprite.blend == Blend::Premultiplied);
  CHECK(doc.presets[material].sprite.frames == std::vector<particles::Name>{"flame_smoke"});
  CHECK(std::count_if(doc.emitters.begin(), doc.emitters.end(), [&](const auto& e) { return e.preset == material; }) >= 2);
  // It starts as glow (opacity 0, bright RGB) and ends as smoke (dark RGB).
  const auto& c = doc.presets[material].color;
  CHECK(c.front().rgba[3] == 0);
  CHECK(c.front().rgba[0] > 0.5);
  CHECK(c.back().rgba[0] < 0.2);

  // Charcoal smoke: one RGB for the whole life, so overlapping layers commute.
  const auto& smoke = doc.presets[presetIndex(doc, "smoke")];
  CHECK(smoke.sprite.blend == Blend::Alpha);
  for (const auto& k : smoke.color) {
    CHECK(k.rgba[0] == smoke.color.front().rgba[0]);
    CHECK(k.rgba[1] == smoke.color.front().rgba[1]);
    CHECK(k.rgba[2] == smoke.color.front().rgba[2]);
  }
  // The smoke column rises from above the fire it belongs to.
  const auto& fire = emitter(doc, "bonfire_fire");
  const auto& column = emitter(doc, "bonfire_smoke");
  CHECK(column.position.x == fire.position.x);
  CHECK(column.position.y == fire.position.y);
  CHECK(column.position.z > fire.position.z);
}

TEST_CASE("stress: every particle limit reached at once") {
  const world::Level level = load("stress");
  const auto& doc = *level.particles;
  CHECK(doc.presets.size() == 64);
  CHECK(doc.emitters.size() == 256);
  std::uint64_t slots = 0;
  bool sixteenBursts = false;
  for (const auto& e : doc.emitters) {
    const auto& p = doc.presets[e.preset];
    slots += p.capacity;
    sixteenBursts = sixteenBursts || e.bursts.size() == 16;
    // Each emitter fills its preset exactly, so no slot of the 65,536 is idle by construction.
    CHECK(particles::requiredCapacity(p, e) == p.capacity);
  }
  CHECK(slots == 65536);
  CHECK(sixteenBursts);
  for (const auto& p : doc.presets) CHECK(p.sprite.frames.size() == 16);
}

TEST_CASE("every frame a sample names is beside its module, square, one size per preset") {
  for (const char* name : kLevels) {
    const world::Level level = load(name, std::string(name) != "iso2d");
    // Event sprites too: their frames resolve the same way.
    if (level.events)
      for (const sim::Recipe& r : level.events->recipes)
        if (r.sprite) {
          const fs::path png = kOut / "levels" / "textures" / (r.sprite->frame + ".png");
          INFO(name << ": " << png.string());
          CHECK(probe(png).ok);
        }
    if (!level.particles) continue;
    for (const auto& p : level.particles->presets) {
      std::set<std::pair<int, int>> sizes;
      for (const particles::Name& frame : p.sprite.frames) {
        const fs::path png = kOut / "levels" / "textures" / (frame + ".png");
        const Png info = probe(png);
        INFO(name << ": " << png.string());
        REQUIRE(info.ok);
        CHECK(info.width == info.height);
        sizes.insert({info.width, info.height});
      }
      CHECK(sizes.size() == 1);
    }
  }
}

TEST_CASE("the smoke flipbook is 16 frames of one size") {
  std::set<std::pair<int, int>> sizes;
  for (int f = 0; f < 16; ++f) {
    char file[32];
    std::snprintf(file, sizeof file, "smoke_%02d.png", f);
    const Png info = probe(kSource / "assets/textures" / file);
    INFO(file);
    REQUIRE(info.ok);
    sizes.insert({info.width, info.height});
  }
  CHECK(sizes.size() == 1);
  CHECK_FALSE(probe(kSource / "assets/textures/smoke_16.png").ok);  // and not a 17th
}
