// The conformance kit's verdict cases of the event section (KEV1: every rule of docs/events.md on
// both sides of its limit) and of the level module (KLM1: the level rules, and an entry table
// written by hand so it can hold what encodeKlm1 never writes).
#include <functional>
#include <string>

#include "cli/conformance_cases.hpp"
#include "core/header.hpp"
#include "particles/bounds.hpp"
#include "particles/kwp1/kwp1.hpp"
#include "sim/kev1.hpp"
#include "world/level.hpp"

namespace kiln::cli::conformance::cases {
namespace {

// The first recipe with a sprite (the alpha_test cases need one).
std::size_t spriteRecipe(const sim::Events& e) {
  for (std::size_t i = 0; i < e.recipes.size(); ++i)
    if (e.recipes[i].sprite) return i;
  return e.recipes.size();
}

// KEV1 version 4 (docs/formats/kev1.md): the materials table, a sprite's material reference and
// the palette blend with its table's name, on the base section with recipe `s`'s sprite.
void versionFour(CaseList& g, const sim::Events& base, std::size_t s) {
  using E = sim::Events;
  const std::string docs = "docs/formats/kev1.md#version-4";
  auto add = [&](const std::string& rule, const std::string& name, const std::string& side, const std::string& what,
                 Bytes bytes) {
    const bool inside = side == "inside";
    g.add("kev1.v4." + name + "." + side, "KEV1", rule, side, docs, what, std::move(bytes),
          inside ? std::nullopt : std::optional<std::string>(rule));
  };
  auto edited = [&](const std::function<void(E&)>& edit) {
    E e = base;
    edit(e);
    return sim::encodeKev1(e);
  };
  // Snippets are text to the format: a short one that compiles stands for any.
  auto materials = [](E& e, std::size_t n) {
    e.materials.clear();
    for (std::size_t i = 0; i < n; ++i)
      e.materials.push_back({"m" + std::to_string(i), "vec4 kilnMaterial(vec4 c, vec4 t, vec4 e) { return c; }\n", ""});
  };
  const std::string limit = std::to_string(sim::kMaxMaterials);
  add("count-over-limit", "materials", "inside", limit + " materials, a sprite naming the last", edited([&](E& e) {
        materials(e, sim::kMaxMaterials);
        e.recipes[s].sprite->material = e.materials.back().name;
      }));
  add("count-over-limit", "materials", "outside", std::to_string(sim::kMaxMaterials + 1) + " materials (material_count)",
      edited([&](E& e) { materials(e, sim::kMaxMaterials + 1); }));
  add("bad-reference", "material", "inside", "a sprite material 2 (entry 1) with two materials", edited([&](E& e) {
        materials(e, 2);
        e.recipes[s].sprite->material = "m1";
      }));
  add("bad-reference", "material", "outside", "a sprite material 3 (entry 2, past the table) with two materials",
      edited([&](E& e) {
        materials(e, 2);
        e.recipes[s].sprite->material = "none";  // the encoder writes a name no material has one past the table
      }));
  add("unknown-enum", "blend-palette", "inside", "blend palette (6) with its table's name, version 4", edited([&](E& e) {
        e.recipes[s].sprite->blend = sim::BlendMode::Palette;
        e.recipes[s].sprite->palette = "heat";
      }));
  add("bad-name", "palette-empty", "outside", "blend palette (6) with a palette name of length 0", edited([&](E& e) {
        e.recipes[s].sprite->blend = sim::BlendMode::Palette;
        e.recipes[s].sprite->palette.clear();
      }));
  // Blend 6 in a version-3 file (fixed point makes it version 3): a value version 3 lacks.
  E fixed = base;
  fixed.math = sim::MathBackend::Fpx16_16;
  fixed.recipes[s].sprite->blend = sim::BlendMode::Premultiplied;
  Bytes v3 = sim::encodeKev1(fixed);
  const auto layout = sim::layoutKev1(v3);
  if (const auto* fields = std::get_if<std::vector<core::walk::FieldSpan>>(&layout)) {
    const std::string blend = "recipes." + fixed.recipes[s].name + ".sprite.blend";
    for (const core::walk::FieldSpan& f : *fields)
      if (f.path == blend) v3.at(f.offset) = static_cast<std::uint8_t>(sim::BlendMode::Palette);
    reseal(v3);
    add("unknown-enum", "blend-palette", "outside", "blend 6 (palette) in a version-3 file", std::move(v3));
  }
  // Version 4 holding none of its fields: the base section written as version 3 (fixed point),
  // then given version 4's two extra bytes, an empty materials table after the light (offset 60,
  // after a colour) and a material of 0 after each sprite's alpha_test, with fp32 again.
  E plain = base;
  plain.math = sim::MathBackend::Fpx16_16;
  plain.matterLightMode = sim::MatterLightMode::Color;
  plain.materials.clear();
  for (sim::Recipe& r : plain.recipes) {
    if (!r.sprite) continue;
    r.sprite->material.clear();
    r.sprite->palette.clear();
    if (r.sprite->blend == sim::BlendMode::Palette) r.sprite->blend = sim::BlendMode::Normal;
  }
  Bytes v4 = sim::encodeKev1(plain);
  const auto plainLayout = sim::layoutKev1(v4);
  if (const auto* fields = std::get_if<std::vector<core::walk::FieldSpan>>(&plainLayout); fields && v4[6] == 3) {
    std::vector<std::uint64_t> at{60};
    for (const core::walk::FieldSpan& f : *fields)
      if (f.path.ends_with(".sprite.alpha_test")) at.push_back(f.offset + 8);
    for (auto it = at.rbegin(); it != at.rend(); ++it) v4.insert(v4.begin() + static_cast<std::ptrdiff_t>(*it), 0);
    v4[6] = 4;
    v4[34] = 0;  // math fp32
    reseal(v4);
    add("unsupported-version", "defaults", "outside", "version 4 using no material, no sprite material, no palette blend",
        std::move(v4));
  }
}

}  // namespace

void eventRules(CaseList& g, const sim::Events& base) {
  using E = sim::Events;
  const double t = sim::kMaxSeconds;
  // `expect`: the code an outside case is rejected with when it is not the rule's own (the
  // format's count limit meets the count rules first, as 65 presets meet preset-count).
  auto rule = [&](const std::string& code, const std::string& name, const std::string& side, const std::string& what,
                  const std::function<void(E&)>& edit, const std::string& expect = {}) {
    E e = base;
    edit(e);
    const bool inside = side == "inside";
    g.add("kev1." + code + "." + name + "." + side, "KEV1", code, side, "docs/codes.md#" + code, what,
          sim::encodeKev1(e), inside ? std::nullopt : std::optional<std::string>(expect.empty() ? code : expect));
  };
  const auto cap = sim::kMaxCapacity;
  rule("event-capacity", "max", "inside", "capacity " + std::to_string(cap), [&](E& e) { e.capacity = cap; e.maxSprites.reset(); });
  rule("event-capacity", "max", "outside", "capacity " + std::to_string(cap + 1), [&](E& e) { e.capacity = cap + 1; });
  rule("event-capacity", "min", "inside", "capacity 1", [](E& e) { e.capacity = 1; e.maxSprites.reset(); });
  rule("event-capacity", "min", "outside", "capacity 0", [](E& e) { e.capacity = 0; });
  rule("step-rate", "max", "inside", "step_hz 1000", [](E& e) { e.stepHz = sim::kMaxStepHz; });
  rule("step-rate", "max", "outside", "step_hz the double above 1000", [](E& e) { e.stepHz = above(sim::kMaxStepHz); });
  rule("step-rate", "min", "inside", "step_hz 1", [](E& e) { e.stepHz = sim::kMinStepHz; });
  rule("step-rate", "min", "outside", "step_hz the double below 1", [](E& e) { e.stepHz = below(sim::kMinStepHz); });
  // max_sprites 0 is "not set" in KEV1 (the budget is the capacity), so only the upper limit
  // has two sides in a compiled file.
  rule("max-sprites", "max", "inside", "max_sprites " + std::to_string(cap) + " with capacity " + std::to_string(cap),
       [&](E& e) { e.capacity = cap; e.maxSprites = cap; });
  rule("max-sprites", "max", "outside", "max_sprites " + std::to_string(cap + 1), [&](E& e) { e.maxSprites = cap + 1; });
  rule("negative-color", "matter-light", "inside", "a matter_light component of 0",
       [](E& e) { e.matterLightMode = sim::MatterLightMode::Color; e.matterLight[1] = 0; });
  rule("negative-color", "matter-light", "outside", "a matter_light component the double below 0",
       [](E& e) { e.matterLightMode = sim::MatterLightMode::Color; e.matterLight[1] = -kTiny; });

  // The counts (kev1.md: u16 recipe_count ≤ 256, emitter_count ≤ 256, script_count ≤ 4096, u8
  // path_count ≤ 64): the limit itself is accepted, one more is count-over-limit at the count.
  if (!base.recipes.empty()) {
    auto recipes = [](E& e, std::size_t n) {
      for (std::size_t i = e.recipes.size(); i < n; ++i) {
        e.recipes.push_back(e.recipes[0]);
        e.recipes.back().name = "r" + std::to_string(i);
      }
    };
    rule("recipe-count", "max", "inside", std::to_string(sim::kMaxRecipes) + " recipes",
         [&](E& e) { recipes(e, sim::kMaxRecipes); });
    rule("recipe-count", "max", "outside", std::to_string(sim::kMaxRecipes + 1) + " recipes (the format's count limit)",
         [&](E& e) { recipes(e, sim::kMaxRecipes + 1); }, "count-over-limit");
  }
  if (!base.script.empty()) {
    auto script = [](E& e, std::size_t n) {
      for (std::size_t i = e.script.size(); i < n; ++i) {
        e.script.push_back(e.script[0]);
        e.script.back().seed = static_cast<std::uint32_t>(i);
      }
    };
    rule("script-length", "max", "inside", std::to_string(sim::kMaxScriptEvents) + " script events",
         [&](E& e) { script(e, sim::kMaxScriptEvents); });
    rule("script-length", "max", "outside",
         std::to_string(sim::kMaxScriptEvents + 1) + " script events (the format's count limit)",
         [&](E& e) { script(e, sim::kMaxScriptEvents + 1); }, "count-over-limit");
    rule("event-time", "max", "inside", "a script event at 3600 s", [&](E& e) { e.script[0].time = t; });
    rule("event-time", "max", "outside", "a script event at the double above 3600 s",
         [&](E& e) { e.script[0].time = above(t); });
    rule("event-time", "min", "inside", "a script event at 0 s", [&](E& e) { e.script[0].time = 0; });
    rule("event-time", "min", "outside", "a script event at the double below 0 s",
         [&](E& e) { e.script[0].time = -kTiny; });
  }
  if (!base.recipes.empty()) {
    using R = sim::Recipe;
    auto recipe = [&](const std::string& code, const std::string& name, const std::string& side,
                      const std::string& what, const std::function<void(R&)>& edit) {
      rule(code, name, side, what, [&](E& e) { edit(e.recipes[0]); });
    };
    recipe("lifetime-clamped", "floor", "inside", "a recipe lifetime of 1 ms", [](R& r) { r.lifetime = sim::kMinLifetime; });
    recipe("lifetime-clamped", "floor", "outside", "a recipe lifetime the double below 1 ms",
           [](R& r) { r.lifetime = below(sim::kMinLifetime); });
    recipe("burst-size", "max", "inside", "a recipe count of " + std::to_string(sim::kMaxBurstCount),
           [](R& r) { r.count = sim::kMaxBurstCount; });
    recipe("burst-size", "max", "outside", "a recipe count of " + std::to_string(sim::kMaxBurstCount + 1),
           [](R& r) { r.count = sim::kMaxBurstCount + 1; });
    recipe("negative-color", "recipe", "inside", "a recipe colour component of 0", [](R& r) { r.color[2] = 0; });
    recipe("negative-color", "recipe", "outside", "a recipe colour component the double below 0",
           [](R& r) { r.color[2] = -kTiny; });
    // recipe-range (docs/events.md "Rules"): each bounded field on both sides of each bound.
    recipe("recipe-range", "lifetime-max", "inside", "a lifetime of 3600 s", [&](R& r) { r.lifetime = t; });
    recipe("recipe-range", "lifetime-max", "outside", "a lifetime the double above 3600 s",
           [&](R& r) { r.lifetime = above(t); });
    recipe("recipe-range", "size-min", "inside", "a size of 0", [](R& r) { r.size = 0; });
    recipe("recipe-range", "size-min", "outside", "a size the double below 0", [](R& r) { r.size = -kTiny; });
    recipe("recipe-range", "growth-min", "inside", "a growth of -1", [](R& r) { r.growth = -1; });
    recipe("recipe-range", "growth-min", "outside", "a growth the double below -1", [](R& r) { r.growth = below(-1.0); });
    recipe("recipe-range", "drag-min", "inside", "a drag of 0", [](R& r) { r.drag = 0; });
    recipe("recipe-range", "drag-min", "outside", "a drag the double below 0", [](R& r) { r.drag = -kTiny; });
    recipe("recipe-range", "opacity-min", "inside", "an opacity of 0", [](R& r) { r.opacity = 0; });
    recipe("recipe-range", "opacity-min", "outside", "an opacity the double below 0", [](R& r) { r.opacity = -kTiny; });
    recipe("recipe-range", "opacity-max", "inside", "an opacity of 1", [](R& r) { r.opacity = 1; });
    recipe("recipe-range", "opacity-max", "outside", "an opacity the double above 1", [](R& r) { r.opacity = above(1.0); });
    recipe("recipe-range", "fade-min", "inside", "a fade of 0", [](R& r) { r.fade = 0; });
    recipe("recipe-range", "fade-min", "outside", "a fade the double below 0", [](R& r) { r.fade = -kTiny; });
    // The axis length is sqrt(x² + y² + z²) in double; sqrt(fl(a²)) is a exactly, so an axis of
    // (0, 0, 1e-6) has length 1e-6, the limit.
    recipe("zero-axis", "length", "inside", "an axis of length 1e-6", [](R& r) { r.axis = {0, 0, sim::kMinAxisLength}; });
    recipe("zero-axis", "length", "outside", "an axis of length the double below 1e-6",
           [](R& r) { r.axis = {0, 0, below(sim::kMinAxisLength)}; });
    recipe("zero-axis", "zero", "outside", "the axis (0, 0, 0)", [](R& r) { r.axis = {0, 0, 0}; });
    const std::size_t s = spriteRecipe(base);
    if (s < base.recipes.size()) {
      auto sprite = [&](const std::string& side, const std::string& name, const std::string& what, double v) {
        rule("recipe-range", name, side, what, [&](E& e) { e.recipes[s].sprite->alphaTest = v; });
      };
      sprite("inside", "alpha-test-min", "a sprite alpha_test of 0", 0);
      sprite("outside", "alpha-test-min", "a sprite alpha_test the double below 0", -kTiny);
      sprite("inside", "alpha-test-max", "a sprite alpha_test of 1", 1);
      sprite("outside", "alpha-test-max", "a sprite alpha_test the double above 1", above(1.0));
      versionFour(g, base, s);
    }
  }
  if (!base.emitters.empty()) {
    auto emitters = [](E& e, std::size_t n) {
      for (std::size_t i = e.emitters.size(); i < n; ++i) {
        e.emitters.push_back(e.emitters[0]);
        e.emitters.back().name = "e" + std::to_string(i);
        e.emitters.back().seedBase = static_cast<std::uint32_t>(1000000 + 100000 * i);
      }
    };
    rule("event-emitter-count", "max", "inside", std::to_string(sim::kMaxEmitters) + " emitters",
         [&](E& e) { emitters(e, sim::kMaxEmitters); });
    rule("event-emitter-count", "max", "outside",
         std::to_string(sim::kMaxEmitters + 1) + " emitters (the format's count limit)",
         [&](E& e) { emitters(e, sim::kMaxEmitters + 1); }, "count-over-limit");
    auto path = [](E& e, std::size_t n) {
      e.emitters[0].path.clear();
      for (std::size_t k = 0; k < n; ++k)
        e.emitters[0].path.push_back({static_cast<double>(k), {2.0 + 0.1 * static_cast<double>(k % 2), 4, 1.6}});
    };
    rule("path-key-count", "max", "inside", std::to_string(sim::kMaxPathKeys) + " path keys",
         [&](E& e) { path(e, sim::kMaxPathKeys); });
    rule("path-key-count", "max", "outside",
         std::to_string(sim::kMaxPathKeys + 1) + " path keys (the format's count limit)",
         [&](E& e) { path(e, sim::kMaxPathKeys + 1); }, "count-over-limit");
    rule("path-order", "equal", "inside", "the second path key at the double after the first's time", [&](E& e) {
      path(e, 3);
      e.emitters[0].path[1].time = above(e.emitters[0].path[0].time);
    });
    rule("path-order", "equal", "outside", "the second path key at the first's time", [&](E& e) {
      path(e, 3);
      e.emitters[0].path[1].time = e.emitters[0].path[0].time;
    });
    rule("path-order", "reversed", "outside", "the third path key before the second", [&](E& e) {
      path(e, 3);
      e.emitters[0].path[2].time = below(e.emitters[0].path[1].time);
    });
    rule("emitter-rate", "max", "inside", "an emitter rate of 100000/s", [](E& e) { e.emitters[0].rate = sim::kMaxRate; });
    rule("emitter-rate", "max", "outside", "an emitter rate the double above 100000/s",
         [](E& e) { e.emitters[0].rate = above(sim::kMaxRate); });
    rule("rate-clamped", "negative", "inside", "an emitter rate of 0", [](E& e) { e.emitters[0].rate = 0; });
    rule("rate-clamped", "negative", "outside", "an emitter rate the double below 0",
         [](E& e) { e.emitters[0].rate = -kTiny; });
  }
}

void levelRules(CaseList& g, const world::Level& base) {
  using L = world::Level;
  auto rule = [&](const std::string& code, const std::string& name, const std::string& what,
                  const std::function<void(L&)>& edit) {
    L l = base;
    edit(l);
    g.add("klm1." + code + "." + name + ".outside", "KLM1", code, "outside", "docs/formats/klm1.md#decoding", what,
          world::encodeKlm1(l), code);
  };
  if (!base.particles || base.particles->emitters.empty()) return;
  rule("missing-sector", "index", "the first emitter in a sector past the world's",
       [](L& l) { l.particles->emitters[0].sector = static_cast<std::uint32_t>(l.world.sectors.size()); });
  rule("outside-sector", "moved", "the first emitter moved 1000 m east, its bounds recomputed", [](L& l) {
    particles::Emitter& e = l.particles->emitters[0];
    e.position.x += 1000;
    e.bounds = particles::conservativeEmitterBounds(l.particles->presets.at(e.preset), e);
  });
  rule("feature-mismatch", "extra", "a feature declared that no entry needs",
       [](L& l) { l.features.push_back("world/particles@2"); });
}

namespace {

// A module payload written field by field from docs/formats/klm1.md "Byte layout", with the
// offset (in the file) where each entry starts.
struct Module {
  std::vector<std::string> features;
  std::vector<std::pair<std::string, Bytes>> entries;
};

Bytes writeModule(const Module& m, std::vector<std::uint64_t>& entryStarts, std::uint64_t& payloadEnd) {
  Bytes p;
  auto u16 = [&](std::size_t v) { p.resize(p.size() + 2); putU16(p, p.size() - 2, static_cast<std::uint16_t>(v)); };
  auto u32 = [&](std::size_t v) { p.resize(p.size() + 4); putU32(p, p.size() - 4, static_cast<std::uint32_t>(v)); };
  u32(m.features.size());
  for (const std::string& f : m.features) {
    u16(f.size());
    p.insert(p.end(), f.begin(), f.end());
  }
  u32(m.entries.size());
  entryStarts.clear();
  for (const auto& [name, data] : m.entries) {
    entryStarts.push_back(core::kHeaderSize + p.size());
    u16(name.size());
    p.insert(p.end(), name.begin(), name.end());
    u32(data.size());
    p.insert(p.end(), data.begin(), data.end());
  }
  payloadEnd = core::kHeaderSize + p.size();
  return core::frame(world::kKlm1Magic, world::kKlm1Version, p);
}

}  // namespace

void moduleEntries(CaseList& g, const world::Level& base) {
  const std::string sectors(world::kSectorsEntry), particles(world::kParticlesEntry), events(world::kEventsEntry);
  const Bytes kws = world::encodeKws1(base.world);
  const Bytes kwp = base.particles ? particles::encodeKwp1(*base.particles) : Bytes{};
  const Bytes kev = base.events ? sim::encodeKev1(*base.events) : Bytes{};
  const std::vector<std::string> all = world::requiredFeatures(base);
  const std::vector<std::string> worldOnly = {all.front()};
  const std::string docs = "docs/formats/klm1.md#entries-and-features";
  // `at`: the entry whose start the format names as the offset, or nullopt for the end of the
  // entry table (missing-entry: the defect is what is not there).
  auto add = [&](const std::string& code, const std::string& name, const std::string& side, const std::string& what,
                 const Module& m, std::optional<std::size_t> at) {
    std::vector<std::uint64_t> starts;
    std::uint64_t end = 0;
    Bytes b = writeModule(m, starts, end);
    const bool inside = side == "inside";
    g.add("klm1." + code + "." + name + "." + side, "KLM1", code, side, docs, what, std::move(b),
          inside ? std::nullopt : std::optional<std::string>(code),
          inside ? std::nullopt : std::optional<std::uint64_t>(at ? starts.at(*at) : end));
  };
  add("missing-entry", "sectors", "inside", "a module of the sectors entry alone", {worldOnly, {{sectors, kws}}},
      std::nullopt);
  add("missing-entry", "sectors", "outside", "a module with no entry at all", {{}, {}}, std::nullopt);
  if (base.particles && base.events) {
    add("missing-entry", "reordered", "inside", "the three entries in reverse order (decoders accept any order)",
        {all, {{events, kev}, {particles, kwp}, {sectors, kws}}}, std::nullopt);
    add("missing-entry", "others", "outside", "the particles and events entries without the sectors entry",
        {all, {{particles, kwp}, {events, kev}}}, std::nullopt);
  }
  add("duplicate-entry", "sectors", "outside", "the sectors entry twice", {worldOnly, {{sectors, kws}, {sectors, kws}}},
      1);
  if (base.events)
    add("duplicate-entry", "events", "outside", "the events entry twice, after the sectors entry",
        {all, {{sectors, kws}, {events, kev}, {events, kev}}}, 2);
  add("unknown-entry", "short", "outside", "an entry named '@world/sector' (one byte short) before the sectors entry",
      {worldOnly, {{"@world/sector", kws}, {sectors, kws}}}, 0);
  add("unknown-entry", "extra", "outside", "an entry named '@kiln/sounds' after the sectors entry",
      {worldOnly, {{sectors, kws}, {"@kiln/sounds", kev}}}, 1);
}

}  // namespace kiln::cli::conformance::cases
