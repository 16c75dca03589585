// The event sandbox's GL-free half (events_edit.hpp): validation, YAML write-back, firing,
// the surface under the mouse, the plotted history, the rate check and picking.
#include "panels/logic/events_edit.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>

#include "core/assert.hpp"
#include "sim/batcher.hpp"
#include "sim/look.hpp"
#include "sim/scene.hpp"

namespace kiln::viewer::events_edit {

void Session::start(const sim::Events& events) {
  EditSession::start(0, events);
  recipe = 0;
}

core::Diagnostics validateEdit(const sim::Events& events, std::span<const std::string> textures, const sim::ImageSizeOf& sizeOf) {
  core::Diagnostics errors;
  for (auto& d : sim::compileEvents(events, textures).diagnostics)
    if (d.severity == core::Severity::Error) errors.push_back(std::move(d));
  // The event pass refuses a palette that is not a 256x256 table; refused here, at the field,
  // the level keeps a section it can draw.
  if (sizeOf)
    for (auto& d : sim::checkPaletteImages(events, sizeOf)) errors.push_back(std::move(d));
  return errors;
}

namespace {

using Path = std::vector<std::string>;

std::string item(std::size_t i) { return "[" + std::to_string(i) + "]"; }

std::string vec3Text(const sim::Vec3& v) {
  return loader::flowSequence({loader::formatNumber(v[0]), loader::formatNumber(v[1]), loader::formatNumber(v[2])});
}

// Collects the edits; a vector field changed in one component writes that component, and the
// whole vector when the source omits it (the default was in force).
struct Edits {
  std::vector<loader::ScalarEdit> out;
  void word(Path path, std::string text) { out.push_back({std::move(path), std::move(text)}); }
  // The source reads no null for sprite, material, palette or max_sprites: one taken away takes
  // its key (and the key's lines) out of the text.
  void remove(Path path) { out.push_back(loader::removeKey(std::move(path))); }
  void number(const Path& path, double before, double after) {
    if (before != after) word(path, loader::formatNumber(after));
  }
  void vec3(const Path& path, const sim::Vec3& before, const sim::Vec3& after) {
    for (std::size_t i = 0; i < 3; ++i) {
      if (before[i] == after[i]) continue;
      Path p = path;
      p.push_back(item(i));
      out.push_back({std::move(p), loader::formatNumber(after[i]), path.size(), vec3Text(after)});
    }
  }
};

struct NumberField {
  const char* name;
  double sim::Recipe::*member;
};
constexpr NumberField kNumbers[] = {
    {"speed", &sim::Recipe::speed},     {"spread", &sim::Recipe::spread},   {"lifetime", &sim::Recipe::lifetime},
    {"size", &sim::Recipe::size},       {"growth", &sim::Recipe::growth},   {"gravity", &sim::Recipe::gravity},
    {"drag", &sim::Recipe::drag},       {"opacity", &sim::Recipe::opacity}, {"fade", &sim::Recipe::fade},
};

void recipeEdits(Edits& e, const sim::Recipe& a, const sim::Recipe& b) {
  const Path base{"events", "recipes", b.name};
  auto at = [&](std::initializer_list<const char*> rel) {
    Path p = base;
    for (const char* r : rel) p.emplace_back(r);
    return p;
  };
  if (a.count != b.count) e.word(at({"count"}), std::to_string(b.count));
  for (const NumberField& f : kNumbers) e.number(at({f.name}), a.*f.member, b.*f.member);
  if (a.glows != b.glows) e.word(at({"glows"}), b.glows ? "true" : "false");
  e.vec3(at({"color"}), a.color, b.color);
  e.vec3(at({"axis"}), a.axis, b.axis);
  if (a.layer != b.layer) e.word(at({"layer"}), std::to_string(b.layer));
  // `~` is the field's own word for "none" (docs/source.md), so a key taken away keeps its line.
  if (a.depthOverride != b.depthOverride) e.word(at({"depth_override"}), b.depthOverride ? std::to_string(*b.depthOverride) : "~");
  if (a.sprite && !b.sprite) return e.remove(at({"sprite"}));
  if (!b.sprite) return;
  const sim::EventSprite none{};
  const sim::EventSprite& sa = a.sprite ? *a.sprite : none;
  const sim::EventSprite& sb = *b.sprite;
  // A sprite the source lacks is written field by field into a new flow map; the frame first,
  // since it is the one required field.
  if (!a.sprite || sa.frame != sb.frame) e.word(at({"sprite", "frame"}), sb.frame);
  if (sa.blend != sb.blend) e.word(at({"sprite", "blend"}), std::string(sim::name(sb.blend)));
  if (sa.textureAlpha != sb.textureAlpha) e.word(at({"sprite", "texture_alpha"}), std::string(sim::name(sb.textureAlpha)));
  e.number(at({"sprite", "alpha_test"}), sa.alphaTest, sb.alphaTest);
  // A material taken away, or a palette let go with its blend, leaves the sprite's map.
  if (sa.material != sb.material) {
    if (sb.material.empty()) e.remove(at({"sprite", "material"}));
    else e.word(at({"sprite", "material"}), sb.material);
  }
  if (sa.palette != sb.palette) {
    if (sb.palette.empty()) e.remove(at({"sprite", "palette"}));
    else e.word(at({"sprite", "palette"}), sb.palette);
  }
}

}  // namespace

std::optional<std::vector<loader::ScalarEdit>> changedScalars(const sim::Events& before, const sim::Events& after,
                                                              core::Diagnostic* why) {
  auto refuse = [&](std::string path, std::string message) -> std::optional<std::vector<loader::ScalarEdit>> {
    if (why) *why = {core::Code::EditNotLossless, std::move(path), std::move(message)};
    return std::nullopt;
  };
  if (before.recipes.size() != after.recipes.size())
    return refuse("events.recipes", "recipes were added or removed; that is done in the source");
  if (before.emitters != after.emitters) return refuse("events.emitters", "the event emitters are edited in the source");
  if (before.materials != after.materials) return refuse("events.materials", "the materials are edited in the source");
  // Only the colour form is a [r, g, b] in the text; the sky and sector forms are not edited here.
  if (before.matterLightMode != after.matterLightMode)
    return refuse("events.matter_light", "the matter light's form (colour, sky or sector) is changed in the source");
  Edits e;
  e.number({"events", "capacity"}, static_cast<double>(before.capacity), static_cast<double>(after.capacity));
  e.number({"events", "step_hz"}, before.stepHz, after.stepHz);
  if (after.maxSprites && before.maxSprites != after.maxSprites) e.word({"events", "max_sprites"}, std::to_string(*after.maxSprites));
  if (before.maxSprites && !after.maxSprites) e.remove({"events", "max_sprites"});
  if (before.sort != after.sort) e.word({"events", "sort"}, std::string(sim::name(after.sort)));
  if (before.math != after.math) e.word({"events", "math"}, std::string(sim::name(after.math)));
  if (before.dimensions != after.dimensions) e.word({"events", "dimensions"}, std::to_string(after.dimensions));
  if (after.matterLightMode == sim::MatterLightMode::Color)
    e.vec3({"events", "matter_light"}, before.matterLight, after.matterLight);
  for (const sim::Recipe& b : after.recipes) {
    const auto a = std::find_if(before.recipes.begin(), before.recipes.end(), [&](const sim::Recipe& r) { return r.name == b.name; });
    if (a == before.recipes.end())
      return refuse("events.recipes." + b.name, "recipe '" + b.name + "' is new or renamed; that is done in the source");
    recipeEdits(e, *a, b);
  }
  if (before.script != after.script) {
    // The script's items line up by value: a fired or removed burst is one item edit, and every
    // other item keeps its text (a changed field edits that field).
    auto itemOf = [](const sim::ScriptEvent& s) -> loader::ScalarEdit::Item {
      return {{"time", loader::formatNumber(s.time)},
              {"recipe", s.recipe},
              {"position", vec3Text(s.position)},
              {"seed", std::to_string(s.seed)}};
    };
    std::vector<std::string> all;
    for (const sim::ScriptEvent& s : after.script) all.push_back(loader::flowMap(itemOf(s)));
    const Path script{"events", "script"};
    const std::string whole = loader::flowSequence(all);
    const auto& sa = before.script;
    const auto& sb = after.script;
    const auto lined = loader::alignItems(sa.size(), sb.size(), [&](std::size_t i, std::size_t j) {
      const int differ = (sa[i].time != sb[j].time) + (sa[i].recipe != sb[j].recipe) + (sa[i].position[0] != sb[j].position[0]) +
                         (sa[i].position[1] != sb[j].position[1]) + (sa[i].position[2] != sb[j].position[2]) +
                         (sa[i].seed != sb[j].seed);
      return differ / 6.0;
    });
    for (const std::size_t i : lined.removed) e.out.push_back(loader::removeItem(script, i, script.size(), whole));
    for (const auto& [j, at] : lined.inserted) e.out.push_back(loader::insertItem(script, at, itemOf(sb[j]), script.size(), whole));
    for (const auto& [i, j] : lined.kept) {
      const Path at{"events", "script", item(i)};
      auto field = [&](const char* name) {
        Path p = at;
        p.emplace_back(name);
        return p;
      };
      e.number(field("time"), sa[i].time, sb[j].time);
      if (sa[i].recipe != sb[j].recipe) e.word(field("recipe"), sb[j].recipe);
      e.vec3(field("position"), sa[i].position, sb[j].position);
      if (sa[i].seed != sb[j].seed) e.word(field("seed"), std::to_string(sb[j].seed));
    }
  }
  return std::move(e.out);
}

bool setRecipeField(sim::Recipe& recipe, std::string_view field, double value) {
  if (!std::isfinite(value)) return false;
  if (field == "count") {
    if (!(value >= 0 && value <= static_cast<double>(sim::kMaxBurstCount)) || value != std::floor(value)) return false;
    recipe.count = static_cast<std::int64_t>(value);
    return true;
  }
  if (field == "glows") {
    if (value != 0 && value != 1) return false;
    recipe.glows = value == 1;
    return true;
  }
  if (field == "alpha_test") {
    if (!recipe.sprite || !(value >= 0 && value <= 1)) return false;
    recipe.sprite->alphaTest = value;
    return true;
  }
  if (field == "layer") {
    if (!(value >= static_cast<double>(sim::kMinLayer) && value <= static_cast<double>(sim::kMaxLayer)) || value != std::floor(value))
      return false;
    recipe.layer = static_cast<std::int64_t>(value);
    return true;
  }
  if (field == "depth_override") {
    if (!(value >= 0 && value <= static_cast<double>(sim::kMaxDepthOverride)) || value != std::floor(value)) return false;
    recipe.depthOverride = static_cast<std::int64_t>(value);
    return true;
  }
  for (const NumberField& f : kNumbers)
    if (field == f.name) return recipe.*f.member = value, true;
  constexpr std::string_view kComponents[2][3] = {{"color.r", "color.g", "color.b"}, {"axis.x", "axis.y", "axis.z"}};
  for (std::size_t i = 0; i < 3; ++i) {
    if (field == kComponents[0][i]) return recipe.color[i] = value, true;
    if (field == kComponents[1][i]) return recipe.axis[i] = value, true;
  }
  return false;
}

std::vector<std::string> recipeFieldNames() {
  std::vector<std::string> names{"count"};
  for (const NumberField& f : kNumbers) names.emplace_back(f.name);
  for (const char* n : {"glows", "alpha_test", "color.r", "color.g", "color.b", "axis.x", "axis.y", "axis.z", "layer",
                        "depth_override"})
    names.emplace_back(n);
  return names;
}

void setBlend(sim::EventSprite& sprite, sim::BlendMode blend) {
  sprite.blend = blend;
  if (blend != sim::BlendMode::Palette) sprite.palette.clear();  // read by blend palette alone
}

void setPalette(sim::EventSprite& sprite, std::string palette) {
  if (!palette.empty()) sprite.blend = sim::BlendMode::Palette;  // the one blend that reads it
  sprite.palette = std::move(palette);
}

std::optional<std::string> setWordField(sim::Events& events, std::uint32_t recipe, std::string_view field,
                                        std::string_view word) {
  auto known = [](auto const& table) {
    std::string out;
    for (const auto& e : table) out += (out.empty() ? "" : ", ") + std::string(e.text);
    return out;
  };
  if (field == "math") {
    const auto m = sim::mathBackendFromName(word);
    if (!m) return "math is " + known(sim::kMathBackendSpellings) + ", not '" + std::string(word) + "'";
    events.math = *m;
    return std::nullopt;
  }
  if (field == "dimensions") {
    if (word != std::to_string(sim::kDefaultDimensions) && word != std::to_string(sim::kPlanarDimensions))
      return "dimensions is " + std::to_string(sim::kDefaultDimensions) + " or " + std::to_string(sim::kPlanarDimensions) +
             ", not '" + std::string(word) + "'";
    events.dimensions = word == std::to_string(sim::kPlanarDimensions) ? sim::kPlanarDimensions : sim::kDefaultDimensions;
    return std::nullopt;
  }
  const auto names = wordFieldNames();
  if (std::find(names.begin(), names.end(), field) == names.end()) return "no field '" + std::string(field) + "'";
  if (recipe >= events.recipes.size()) return "the section has no recipe to set " + std::string(field) + " on";
  sim::Recipe& r = events.recipes[recipe];
  if (field == "depth_override") {
    if (word == "none") return r.depthOverride.reset(), std::nullopt;
    std::int64_t v = -1;
    const auto [end, ec] = std::from_chars(word.data(), word.data() + word.size(), v);
    if (ec != std::errc{} || end != word.data() + word.size() || v < 0 || v > sim::kMaxDepthOverride)
      return "depth_override is none or a whole number 0.." + std::to_string(sim::kMaxDepthOverride) + ", not '" +
             std::string(word) + "'";
    r.depthOverride = v;
    return std::nullopt;
  }
  if (!r.sprite) return "recipe '" + r.name + "' has no sprite (choose its frame first)";
  if (field == "sprite.blend") {
    const auto b = sim::blendModeFromName(word);
    if (!b) return "sprite.blend is " + known(sim::kBlendModeSpellings) + ", not '" + std::string(word) + "'";
    setBlend(*r.sprite, *b);
  } else if (field == "sprite.palette") {
    setPalette(*r.sprite, word == "none" ? std::string() : std::string(word));
  } else {
    r.sprite->material = word == "none" ? std::string() : std::string(word);
  }
  return std::nullopt;
}

std::vector<std::string> wordFieldNames() {
  return {"math", "dimensions", "depth_override", "sprite.blend", "sprite.palette", "sprite.material"};
}

std::size_t fireBurst(sim::Events& events, std::uint32_t recipe, const glm::dvec3& position, double levelTime) {
  KILN_ASSERT(recipe < events.recipes.size());
  sim::ScriptEvent e;
  e.time = levelTime;
  e.recipe = events.recipes[recipe].name;
  // To the millimetre, so the script reads as a person would write it.
  auto mm = [](double v) { return std::round(v * 1000.0) / 1000.0; };
  e.position = {mm(position.x), mm(position.y), mm(position.z)};
  // The step that fires it: ⌊T·step_hz⌋, as the system counts (seeds are uint32).
  e.seed = static_cast<std::uint32_t>(sim::ParticleSystem::stepsAt(levelTime, events.stepHz));
  events.script.push_back(std::move(e));
  return events.script.size() - 1;
}

std::optional<glm::dvec3> surfaceUnderRay(const world::World& world, const Ray& ray) {
  // Each sector is the convex volume n·p ≤ c over its walls, floor and ceiling. The ray leaves
  // it through the plane with the smallest exit parameter (Cyrus–Beck); that exit is a surface
  // unless the wall is a portal, in which case the neighbour's own exit is further along.
  std::optional<double> nearest;
  for (const world::Sector& s : world.sectors) {
    const std::size_t n = s.walls.size();
    double enter = 0.0, exit = std::numeric_limits<double>::infinity();
    bool portal = false, empty = false;
    auto plane = [&](const glm::dvec3& normal, double c, bool isPortal) {
      const double along = glm::dot(normal, ray.direction), gap = c - glm::dot(normal, ray.origin);
      if (std::abs(along) < 1e-12) {
        if (gap < 0) empty = true;  // parallel and outside
        return;
      }
      const double t = gap / along;
      if (along > 0) {
        if (t < exit) exit = t, portal = isPortal;
      } else {
        enter = std::max(enter, t);
      }
    };
    for (std::size_t i = 0; i < n; ++i) {
      const world::Vec2 a = s.walls[i], b = s.walls[(i + 1) % n];
      // Counter-clockwise: the outward normal is the edge direction turned clockwise.
      const glm::dvec3 normal(b.y - a.y, a.x - b.x, 0.0);
      const bool isPortal = i < s.portals.size() && s.portals[i] != world::kNoPortal;
      plane(normal, normal.x * a.x + normal.y * a.y, isPortal);
    }
    plane({s.floor.dzdx, s.floor.dzdy, -1.0}, -s.floor.z, false);
    plane({-s.ceiling.dzdx, -s.ceiling.dzdy, 1.0}, s.ceiling.z, false);
    if (empty || portal || !std::isfinite(exit) || exit <= enter || exit <= 0.0) continue;
    if (!nearest || exit < *nearest) nearest = exit;
  }
  if (!nearest) return std::nullopt;
  return ray.origin + ray.direction * *nearest;
}

History history(const sim::Scene& scene, double t0, double t1, std::size_t samples) {
  History h;
  h.t0 = t0, h.t1 = std::max(t0, t1);
  h.capacity = scene.capacity;
  h.maxSprites = scene.maxSprites;
  if (samples == 0) return h;
  sim::ParticleSystem system(scene);
  // A window of one second of steps: per-step recycled and dropped counts in a ring.
  const auto window = static_cast<std::size_t>(std::max(1.0, std::round(system.stepHz())));
  const double windowSeconds = static_cast<double>(window) / system.stepHz();
  std::vector<std::uint64_t> recycledRing(window, 0), droppedRing(window, 0);
  std::uint64_t recycledSum = 0, droppedSum = 0, recycledBefore = 0;
  h.live.reserve(samples), h.recycledPerSecond.reserve(samples), h.droppedPerSecond.reserve(samples);
  for (std::size_t k = 0; k < samples; ++k) {
    const double t = samples == 1 ? h.t0 : h.t0 + (h.t1 - h.t0) * static_cast<double>(k) / static_cast<double>(samples - 1);
    const std::int64_t target = sim::ParticleSystem::stepsAt(t, system.stepHz());
    while (system.step() < target) {
      system.advance();
      const auto at = static_cast<std::size_t>(system.step() % static_cast<std::int64_t>(window));
      const std::uint64_t recycled = system.counters().recycled - recycledBefore;
      recycledBefore = system.counters().recycled;
      const std::uint64_t dropped = sim::SpriteBatcher::dropsFor(system.liveCount(), h.maxSprites);
      recycledSum += recycled - recycledRing[at], droppedSum += dropped - droppedRing[at];
      recycledRing[at] = recycled, droppedRing[at] = dropped;
    }
    h.live.push_back(static_cast<float>(system.liveCount()));
    h.recycledPerSecond.push_back(static_cast<float>(static_cast<double>(recycledSum) / windowSeconds));
    h.droppedPerSecond.push_back(static_cast<float>(static_cast<double>(droppedSum) / windowSeconds));
  }
  return h;
}

std::vector<std::uint64_t> spawnedAtRates(const sim::Scene& scene, double levelTime, std::span<const double> rates) {
  std::vector<std::uint64_t> out;
  for (double rate : rates) {
    sim::Scene s = scene;
    s.events.stepHz = rate;
    sim::ParticleSystem system(std::move(s));
    system.advanceTo(levelTime);
    out.push_back(system.counters().spawned);
  }
  return out;
}

template <class M>
std::optional<EventPickHit> pickParticle(const sim::ParticleSystemT<M>& system, const Ray& ray, const ViewCamera& camera) {
  const auto [right, up] = billboardAxes(camera);
  const glm::dvec3 normal = glm::cross(right, up);
  const double denom = glm::dot(ray.direction, normal);
  if (std::abs(denom) < 1e-12) return std::nullopt;
  std::optional<EventPickHit> best;
  for (const std::uint32_t slot : system.liveSlots()) {
    const sim::ParticleMotionT<M>& m = system.motion(slot);
    const sim::Float3 drawn = sim::toFloat3<M>(m.position);
    const glm::dvec3 p(drawn.x, drawn.y, drawn.z);
    const double t = glm::dot(p - ray.origin, normal) / denom;
    // Equal distances keep the older particle (the one drawn first in spawn order).
    if (t <= 0 || (best && t >= best->distance)) continue;
    const double half = 0.5 * static_cast<double>(M::toFloat(sim::particleLook(system, slot).size));
    const glm::dvec3 d = ray.origin + ray.direction * t - p;
    if (std::abs(glm::dot(d, right)) > half || std::abs(glm::dot(d, up)) > half) continue;
    const sim::ParticleBirthT<M>& b = system.birth(slot);
    best = EventPickHit{slot, b.id, b.source, b.recipe, b.seed, b.index, M::toDouble(m.age), M::toDouble(m.lifetime),
                        2 * half, p, t};
  }
  return best;
}
template std::optional<EventPickHit> pickParticle(const sim::ParticleSystemT<sim::Fp32Math>&, const Ray&, const ViewCamera&);
template std::optional<EventPickHit> pickParticle(const sim::ParticleSystemT<sim::Fx16Math>&, const Ray&, const ViewCamera&);

}  // namespace kiln::viewer::events_edit
