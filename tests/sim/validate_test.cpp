// Every rule of the events section, each on both sides of its boundary; warnings for the
// floors of seed 002, which then hold in the compiled scene.
#include <catch2/catch.hpp>
#include <functional>

#include "scenes.hpp"

using namespace simtest;
using kiln::core::Code;
using kiln::core::Severity;

namespace {

struct Outcome {
  bool ok;
  kiln::core::Diagnostics ds;
  std::optional<Scene> scene;
};

Outcome compileWith(const std::function<void(Events&)>& edit) {
  Events e = sampleEvents();
  edit(e);
  EventsCompileResult r = compileEvents(e, kTextures);
  return {r.scene.has_value(), r.diagnostics, r.scene};
}

// The edit produces exactly one diagnostic: `code` at `path`.
void rejects(const std::function<void(Events&)>& edit, Code code, const std::string& path) {
  const Outcome o = compileWith(edit);
  INFO("expected " << kiln::core::codeName(code) << " at " << path);
  for (const auto& d : o.ds) INFO(kiln::core::format(d));
  CHECK_FALSE(o.ok);
  REQUIRE(o.ds.size() == 1);
  CHECK(o.ds[0].code == code);
  CHECK(o.ds[0].path == path);
  CHECK(o.ds[0].severity == Severity::Error);
}

void accepts(const std::function<void(Events&)>& edit) {
  const Outcome o = compileWith(edit);
  for (const auto& d : o.ds) INFO(kiln::core::format(d));
  CHECK(o.ok);
  CHECK(o.ds.empty());
}

}  // namespace

TEST_CASE("the sample section compiles without diagnostics", "[sim][validate]") {
  const Outcome o = compileWith([](Events&) {});
  CHECK(o.ok);
  CHECK(o.ds.empty());
  CHECK(o.scene->maxSprites == 1024);  // max_sprites defaults to capacity
  CHECK(o.scene->emitterRecipe == std::vector<std::uint32_t>{0});
  CHECK(o.scene->scriptRecipe == std::vector<std::uint32_t>{1, 2});
  CHECK(o.scene->recipeTexture == std::vector<std::int32_t>{-1, -1, 1});
}

TEST_CASE("settings: capacity, step rate, max_sprites, sort, matter light", "[sim][validate]") {
  accepts([](Events& e) { e.capacity = 1; });
  accepts([](Events& e) { e.capacity = 65536; });
  rejects([](Events& e) { e.capacity = 0; }, Code::EventCapacity, "events.capacity");
  rejects([](Events& e) { e.capacity = 65537; }, Code::EventCapacity, "events.capacity");
  accepts([](Events& e) { e.stepHz = 1; });
  accepts([](Events& e) { e.stepHz = 1000; });
  rejects([](Events& e) { e.stepHz = 0.999; }, Code::StepRate, "events.step_hz");
  rejects([](Events& e) { e.stepHz = 1000.001; }, Code::StepRate, "events.step_hz");
  rejects([](Events& e) { e.stepHz = std::nan(""); }, Code::NotFinite, "events.step_hz");
  accepts([](Events& e) { e.maxSprites = 1; });
  accepts([](Events& e) { e.maxSprites = 65536; });
  rejects([](Events& e) { e.maxSprites = 0; }, Code::MaxSprites, "events.max_sprites");
  rejects([](Events& e) { e.maxSprites = 65537; }, Code::MaxSprites, "events.max_sprites");
  rejects([](Events& e) { e.sort = static_cast<SortMode>(3); }, Code::UnknownEnum, "events.sort");
  accepts([](Events& e) { e.matterLight = {0, 0, 0}; });
  rejects([](Events& e) { e.matterLight[1] = -1e-9; }, Code::NegativeColor, "events.matter_light[1]");
  rejects([](Events& e) { e.matterLight[2] = INFINITY; }, Code::NotFinite, "events.matter_light[2]");
}

TEST_CASE("dimensions: 3 and 2 compile, 1 and 4 are unknown-enum at events.dimensions", "[sim][validate]") {
  accepts([](Events& e) { e.dimensions = 3; });
  accepts([](Events& e) { e.dimensions = 2; });
  rejects([](Events& e) { e.dimensions = 1; }, Code::UnknownEnum, "events.dimensions");
  rejects([](Events& e) { e.dimensions = 4; }, Code::UnknownEnum, "events.dimensions");
  rejects([](Events& e) { e.dimensions = 0; }, Code::UnknownEnum, "events.dimensions");
  CHECK(Events{}.dimensions == 3);  // the default
}

TEST_CASE("list limits: recipes, emitters, script, path keys", "[sim][validate]") {
  auto recipes = [](std::size_t n) {
    return [n](Events& e) {
      while (e.recipes.size() < n) {
        Recipe r = ember();
        r.name = "r" + std::to_string(e.recipes.size());
        e.recipes.push_back(r);
      }
    };
  };
  accepts(recipes(256));
  rejects(recipes(257), Code::RecipeCount, "events.recipes");
  auto emitters = [](std::size_t n) {
    return [n](Events& e) {
      while (e.emitters.size() < n) {
        EventEmitter m = e.emitters[0];
        m.name = "m" + std::to_string(e.emitters.size());
        e.emitters.push_back(m);
      }
    };
  };
  accepts(emitters(256));
  rejects(emitters(257), Code::EventEmitterCount, "events.emitters");
  auto script = [](std::size_t n) { return [n](Events& e) { e.script.resize(n, e.script[0]); }; };
  accepts(script(4096));
  rejects(script(4097), Code::ScriptLength, "events.script");
  auto keys = [](std::size_t n) {
    return [n](Events& e) {
      auto& p = e.emitters[0].path;
      p.clear();
      for (std::size_t k = 0; k < n; ++k) p.push_back({static_cast<double>(k), {0, 0, 0}});
    };
  };
  accepts(keys(64));
  rejects(keys(65), Code::PathKeyCount, "events.emitters.lantern_embers.path");
}

TEST_CASE("names: unknown recipe or texture, duplicates, empty", "[sim][validate]") {
  rejects([](Events& e) { e.emitters[0].recipe = "embers"; }, Code::UnknownName,
          "events.emitters.lantern_embers.recipe");
  rejects([](Events& e) { e.script[1].recipe = "smoke"; }, Code::UnknownName, "events.script[1].recipe");
  accepts([](Events& e) { e.recipes[0].sprite = EventSprite{"spark"}; });
  rejects([](Events& e) { e.recipes[0].sprite = EventSprite{"sparks"}; }, Code::UnknownName,
          "events.recipes.ember.sprite.frame");
  rejects([](Events& e) { e.recipes.push_back(ember()); }, Code::DuplicateName, "events.recipes[3].name");
  rejects(
      [](Events& e) {
        e.emitters.push_back(e.emitters[0]);
      },
      Code::DuplicateName, "events.emitters[1].name");
  accepts([](Events& e) {
    e.emitters.push_back(e.emitters[0]);
    e.emitters[1].name = "lantern_embers_2";
  });
  rejects([](Events& e) { e.emitters[0].name = ""; }, Code::BadName, "events.emitters[0].name");
}

TEST_CASE("non-finite numbers are rejected wherever they appear", "[sim][validate]") {
  const double nan = std::nan("");
  rejects([&](Events& e) { e.recipes[0].speed = nan; }, Code::NotFinite, "events.recipes.ember.speed");
  rejects([&](Events& e) { e.recipes[0].spread = INFINITY; }, Code::NotFinite, "events.recipes.ember.spread");
  rejects([&](Events& e) { e.recipes[0].lifetime = nan; }, Code::NotFinite, "events.recipes.ember.lifetime");
  rejects([&](Events& e) { e.recipes[0].gravity = 1e39; }, Code::NotFinite, "events.recipes.ember.gravity");
  accepts([&](Events& e) { e.recipes[0].gravity = 3e38; });
  rejects([&](Events& e) { e.recipes[0].color[0] = nan; }, Code::NotFinite, "events.recipes.ember.color[0]");
  rejects([&](Events& e) { e.recipes[0].axis[2] = nan; }, Code::NotFinite, "events.recipes.ember.axis[2]");
  rejects([&](Events& e) { e.emitters[0].rate = nan; }, Code::NotFinite, "events.emitters.lantern_embers.rate");
  rejects([&](Events& e) { e.emitters[0].position[0] = nan; }, Code::NotFinite,
          "events.emitters.lantern_embers.position[0]");
  rejects([&](Events& e) { e.emitters[0].path[1].position[2] = nan; }, Code::NotFinite,
          "events.emitters.lantern_embers.path[1].position[2]");
  rejects([&](Events& e) { e.emitters[0].path[1].time = nan; }, Code::NotFinite,
          "events.emitters.lantern_embers.path[1].time");
  rejects([&](Events& e) { e.script[0].time = nan; }, Code::NotFinite, "events.script[0].time");
  rejects([&](Events& e) { e.script[0].position[1] = -INFINITY; }, Code::NotFinite, "events.script[0].position[1]");
}

TEST_CASE("times: path keys strictly increasing, all times within [0, 3600]", "[sim][validate]") {
  rejects([](Events& e) { e.emitters[0].path[1].time = 0; }, Code::PathOrder,
          "events.emitters.lantern_embers.path[1].time");
  accepts([](Events& e) { e.emitters[0].path[1].time = 1e-9; });
  rejects([](Events& e) { e.emitters[0].path[0].time = -1e-9; }, Code::EventTime,
          "events.emitters.lantern_embers.path[0].time");
  accepts([](Events& e) { e.emitters[0].path[1].time = 3600; });
  rejects([](Events& e) { e.emitters[0].path[1].time = 3600.001; }, Code::EventTime,
          "events.emitters.lantern_embers.path[1].time");
  accepts([](Events& e) { e.script[0].time = 0; });
  accepts([](Events& e) { e.script[0].time = 3600; });
  rejects([](Events& e) { e.script[0].time = -0.001; }, Code::EventTime, "events.script[0].time");
  rejects([](Events& e) { e.script[0].time = 3600.001; }, Code::EventTime, "events.script[0].time");
}

TEST_CASE("recipe and emitter ranges", "[sim][validate]") {
  const std::string r = "events.recipes.ember";
  accepts([](Events& e) { e.recipes[0].count = 65536; });
  rejects([](Events& e) { e.recipes[0].count = 65537; }, Code::BurstSize, r + ".count");
  accepts([](Events& e) { e.recipes[0].lifetime = 3600; });
  rejects([](Events& e) { e.recipes[0].lifetime = 3600.5; }, Code::RecipeRange, r + ".lifetime");
  accepts([](Events& e) { e.recipes[0].size = 0; });
  rejects([](Events& e) { e.recipes[0].size = -1e-9; }, Code::RecipeRange, r + ".size");
  accepts([](Events& e) { e.recipes[0].growth = -1; });
  rejects([](Events& e) { e.recipes[0].growth = -1.001; }, Code::RecipeRange, r + ".growth");
  accepts([](Events& e) { e.recipes[0].drag = 0; });
  rejects([](Events& e) { e.recipes[0].drag = -0.001; }, Code::RecipeRange, r + ".drag");
  accepts([](Events& e) { e.recipes[0].opacity = 0; });
  accepts([](Events& e) { e.recipes[0].opacity = 1; });
  rejects([](Events& e) { e.recipes[0].opacity = -0.001; }, Code::RecipeRange, r + ".opacity");
  rejects([](Events& e) { e.recipes[0].opacity = 1.001; }, Code::RecipeRange, r + ".opacity");
  accepts([](Events& e) { e.recipes[0].fade = 0; });
  rejects([](Events& e) { e.recipes[0].fade = -0.001; }, Code::RecipeRange, r + ".fade");
  accepts([](Events& e) { e.recipes[0].color = {0, 0, 0}; });
  rejects([](Events& e) { e.recipes[0].color[2] = -0.001; }, Code::NegativeColor, r + ".color[2]");
  accepts([](Events& e) { e.recipes[0].axis = {0, 1e-6, 0}; });
  rejects([](Events& e) { e.recipes[0].axis = {0, 0.99e-6, 0}; }, Code::ZeroAxis, r + ".axis");
  accepts([](Events& e) { e.recipes[2].sprite->alphaTest = 1; });
  rejects([](Events& e) { e.recipes[2].sprite->alphaTest = 1.001; }, Code::RecipeRange,
          "events.recipes.dust.sprite.alpha_test");
  rejects([](Events& e) { e.recipes[2].sprite->alphaTest = -0.001; }, Code::RecipeRange,
          "events.recipes.dust.sprite.alpha_test");
  rejects([](Events& e) { e.recipes[2].sprite->blend = static_cast<BlendMode>(7); }, Code::UnknownEnum,
          "events.recipes.dust.sprite.blend");
  rejects([](Events& e) { e.recipes[2].sprite->textureAlpha = static_cast<TextureAlpha>(2); }, Code::UnknownEnum,
          "events.recipes.dust.sprite.texture_alpha");
  accepts([](Events& e) { e.emitters[0].rate = 100000; });
  rejects([](Events& e) { e.emitters[0].rate = 100000.5; }, Code::EmitterRate, "events.emitters.lantern_embers.rate");
}

TEST_CASE("seed 002's floors: negative count or rate → 0, lifetime < 1 ms → 1 ms, with warnings",
          "[sim][validate]") {
  auto warnsOnce = [](const std::function<void(Events&)>& edit, Code code, const std::string& path) {
    const Outcome o = compileWith(edit);
    CHECK(o.ok);
    REQUIRE(o.ds.size() == 1);
    CHECK(o.ds[0].code == code);
    CHECK(o.ds[0].path == path);
    CHECK(o.ds[0].severity == Severity::Warning);
    CHECK_FALSE(kiln::core::hasErrors(o.ds));
    return *o.scene;
  };
  accepts([](Events& e) { e.recipes[0].count = 0; });
  CHECK(warnsOnce([](Events& e) { e.recipes[0].count = -1; }, Code::CountClamped, "events.recipes.ember.count")
            .events.recipes[0]
            .count == 0);
  accepts([](Events& e) { e.emitters[0].rate = 0; });
  CHECK(warnsOnce([](Events& e) { e.emitters[0].rate = -1e-9; }, Code::RateClamped,
                  "events.emitters.lantern_embers.rate")
            .events.emitters[0]
            .rate == 0);
  accepts([](Events& e) { e.recipes[0].lifetime = 0.001; });
  CHECK(warnsOnce([](Events& e) { e.recipes[0].lifetime = 0.00099; }, Code::LifetimeClamped,
                  "events.recipes.ember.lifetime")
            .events.recipes[0]
            .lifetime == 0.001);
  CHECK(warnsOnce([](Events& e) { e.recipes[0].lifetime = -5; }, Code::LifetimeClamped,
                  "events.recipes.ember.lifetime")
            .events.recipes[0]
            .lifetime == 0.001);
}

TEST_CASE("warnings format with their own word", "[sim][validate]") {
  const kiln::core::Diagnostic w{Code::RateClamped, "events.emitters.a.rate", "raised", Severity::Warning};
  CHECK(kiln::core::format(w) == "warning[rate-clamped]: events.emitters.a.rate: raised");
  const kiln::core::Diagnostic e{Code::StepRate, "events.step_hz", "no"};
  CHECK(kiln::core::format(e) == "error[step-rate]: events.step_hz: no");
  CHECK(kiln::core::hasErrors({w, e}));
  CHECK_FALSE(kiln::core::hasErrors({w}));
}

TEST_CASE("names of the enumerations round-trip", "[sim][validate]") {
  for (auto s : {SortMode::View, SortMode::Iso, SortMode::None}) CHECK(sortModeFromName(name(s)) == s);
  for (unsigned b = 0; b < 6; ++b) CHECK(blendModeFromName(name(static_cast<BlendMode>(b))) == static_cast<BlendMode>(b));
  CHECK(name(BlendMode::LightMatter) == "light_matter");
  CHECK(textureAlphaFromName("brightness") == TextureAlpha::Brightness);
  CHECK_FALSE(blendModeFromName("screen").has_value());
}

TEST_CASE("advice: two emitters with one seed_base are warned about, distinct ones are not", "[sim][validate]") {
  Events e = sampleEvents();
  EventEmitter second = e.emitters[0];
  second.name = "brazier_embers";
  second.seedBase = 1001;  // one apart: distinct bases, no advice
  e.emitters.push_back(second);
  CHECK(eventAdvice(e).empty());
  e.emitters[1].seedBase = 1000;
  const kiln::core::Diagnostics ds = eventAdvice(e);
  REQUIRE(ds.size() == 1);
  CHECK(ds[0].code == Code::SharedSeedBase);
  CHECK(ds[0].severity == Severity::Warning);
  CHECK(ds[0].path == "events.emitters.brazier_embers.seed_base");
  CHECK(ds[0].message.find("'lantern_embers'") != std::string::npos);
  // Advice, not a rule: the section still compiles without diagnostics, so a compiled file may
  // carry it.
  const Outcome o = compileWith([&](Events& x) { x = e; });
  CHECK(o.ok);
  CHECK(o.ds.empty());
}

TEST_CASE("materials: a sprite names one, and the count, size and byte limits hold on both sides", "[sim][validate]") {
  const auto withMaterial = [](std::string text) {
    return [text](Events& e) {
      e.materials = {{"soot", text, "materials/soot.glsl"}};
      e.recipes[0].sprite = EventSprite{"spark"};
      e.recipes[0].sprite->material = "soot";
    };
  };
  accepts(withMaterial("vec4 kilnMaterial(vec4 c, vec4 t, vec4 x) {\n\treturn c;\r\n}\n"));
  rejects(
      [&](Events& e) {
        withMaterial("")(e);
        e.recipes[0].sprite->material = "soots";
      },
      Code::UnknownName, "events.recipes.ember.sprite.material");
  accepts(withMaterial(std::string(kMaxMaterialBytes, ' ')));
  rejects(withMaterial(std::string(kMaxMaterialBytes + 1, ' ')), Code::CountOverLimit, "events.materials.soot");
  rejects(withMaterial("vec4 x; // \x01"), Code::BadName, "events.materials.soot");
  rejects(withMaterial("// caf\xc3\xa9"), Code::BadName, "events.materials.soot");
  const auto count = [](std::size_t n) {
    return [n](Events& e) {
      for (std::size_t i = 0; i < n; ++i) e.materials.push_back({"m" + std::to_string(i), "", ""});
    };
  };
  accepts(count(kMaxMaterials));
  rejects(count(kMaxMaterials + 1), Code::CountOverLimit, "events.materials");
}

TEST_CASE("materials: two with one name are a duplicate-name, distinct names compile", "[sim][validate]") {
  accepts([](Events& e) { e.materials = {{"soot", "", ""}, {"ash", "", ""}}; });
  rejects([](Events& e) { e.materials = {{"soot", "", ""}, {"soot", "", ""}}; }, Code::DuplicateName,
          "events.materials.soot");
}

TEST_CASE("palette: blend palette needs a known palette texture, and a palette needs that blend", "[sim][validate]") {
  const auto palette = [](BlendMode blend, std::string table) {
    return [blend, table](Events& e) {
      e.recipes[0].sprite = EventSprite{"spark"};
      e.recipes[0].sprite->blend = blend;
      e.recipes[0].sprite->palette = table;
    };
  };
  accepts(palette(BlendMode::Palette, "spark"));
  rejects(palette(BlendMode::Palette, ""), Code::MissingField, "events.recipes.ember.sprite.palette");
  rejects(palette(BlendMode::Palette, "sparks"), Code::UnknownName, "events.recipes.ember.sprite.palette");
  rejects(palette(BlendMode::Palette, "a\x01b"), Code::BadName, "events.recipes.ember.sprite.palette");
  accepts(palette(BlendMode::Normal, ""));
  rejects(palette(BlendMode::Normal, "spark"), Code::PaletteTable, "events.recipes.ember.sprite.palette");
  // The compiled scene names the table's texture index.
  const Outcome o = compileWith(palette(BlendMode::Palette, "spark"));
  REQUIRE(o.scene);
  CHECK(o.scene->recipePalette[0] == o.scene->recipeTexture[0]);
  CHECK(o.scene->recipePalette[0] >= 0);
  CHECK(o.scene->recipePalette[1] == -1);
}

TEST_CASE("palette: the table must be 256x256, checked by the image's size", "[sim][validate]") {
  Events e = sampleEvents();
  e.recipes[0].sprite = EventSprite{"spark"};
  e.recipes[0].sprite->blend = BlendMode::Palette;
  e.recipes[0].sprite->palette = "table";
  using Size = std::optional<std::pair<std::uint32_t, std::uint32_t>>;
  const auto sized = [](std::uint32_t w, std::uint32_t h) {
    return [w, h](const std::string& name) -> Size {
      if (name == "table") return std::pair{w, h};
      return std::nullopt;
    };
  };
  CHECK(checkPaletteImages(e, sized(256, 256)).empty());
  for (const auto& [w, h] : {std::pair{255u, 256u}, std::pair{256u, 257u}, std::pair{16u, 16u}}) {
    const auto ds = checkPaletteImages(e, sized(w, h));
    REQUIRE(ds.size() == 1);
    CHECK(ds[0].code == Code::PaletteTable);
    CHECK(ds[0].path == "events.recipes.ember.sprite.palette");
    CHECK(ds[0].message.find(std::to_string(w) + "x" + std::to_string(h)) != std::string::npos);
  }
  // A table without an image (unknown or unreadable) is another rule's; other blends are not read.
  CHECK(checkPaletteImages(e, [](const std::string&) -> Size { return std::nullopt; }).empty());
  e.recipes[0].sprite->blend = BlendMode::Normal;
  CHECK(checkPaletteImages(e, sized(16, 16)).empty());
}
