// Every rule of the `events:` section (docs/events.md "Rules"): all diagnostics at once, each
// with a code from core/codes.def and a field path such as events.recipes.ember.lifetime.
#include "sim/scene.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <set>

#include "core/float.hpp"
#include "core/names.hpp"
#include "core/report.hpp"

namespace kiln::sim {
namespace {

using core::Code;
using core::Severity;

using core::Report;

std::string num(double v) { return Report::num(v); }
std::string limit(double v) { return Report::limit(v); }

std::string idx(std::size_t i) {
  std::string s(1, '[');
  s += std::to_string(i);
  s += ']';
  return s;
}

// A finite value that must lie in [lo, hi]; reported under `code`.
void range(Report& r, double v, double lo, double hi, Code code, const std::string& path) {
  if (r.finite(v, path) && (v < lo || v > hi))
    r.error(code, path, "value " + num(v) + " is outside [" + num(lo) + ", " + num(hi) + "]");
}

constexpr double kHuge = 3.4e38;  // "no upper bound" below the float32 limit

void checkColor(Report& r, const Vec3& c, const std::string& path) {
  for (std::size_t i = 0; i < 3; ++i) {
    const std::string at = path + idx(i);
    if (r.finite(c[i], at) && c[i] < 0) r.error(Code::NegativeColor, at, "component " + num(c[i]) + " is negative");
  }
}

void checkRecipe(Report& r, Recipe& x, const std::string& at, std::span<const std::string> textures,
                 std::int32_t& texture, std::int32_t& palette, std::span<const Material> materials) {
  if (x.count < 0) {
    r.warning(Code::CountClamped, at + ".count", "count " + std::to_string(x.count) + " is raised to 0");
    x.count = 0;
  } else if (x.count > kMaxBurstCount) {
    r.error(Code::BurstSize, at + ".count", "count " + std::to_string(x.count) + " exceeds " + std::to_string(kMaxBurstCount));
  }
  r.finite(x.speed, at + ".speed");
  r.finite(x.spread, at + ".spread");
  if (r.finite(x.lifetime, at + ".lifetime")) {
    if (x.lifetime < kMinLifetime) {
      r.warning(Code::LifetimeClamped, at + ".lifetime", "lifetime " + num(x.lifetime) + " s is raised to " + limit(kMinLifetime) + " s");
      x.lifetime = kMinLifetime;
    } else if (x.lifetime > kMaxSeconds) {
      r.error(Code::RecipeRange, at + ".lifetime", "lifetime " + num(x.lifetime) + " s exceeds " + limit(kMaxSeconds) + " s");
    }
  }
  range(r, x.size, 0.0, kHuge, Code::RecipeRange, at + ".size");
  range(r, x.growth, -1.0, kHuge, Code::RecipeRange, at + ".growth");
  r.finite(x.gravity, at + ".gravity");
  range(r, x.drag, 0.0, kHuge, Code::RecipeRange, at + ".drag");
  checkColor(r, x.color, at + ".color");
  range(r, x.opacity, 0.0, 1.0, Code::RecipeRange, at + ".opacity");
  range(r, x.fade, 0.0, kHuge, Code::RecipeRange, at + ".fade");
  if (r.finite(x.axis, at + ".axis")) {
    const double len = std::sqrt(x.axis[0] * x.axis[0] + x.axis[1] * x.axis[1] + x.axis[2] * x.axis[2]);
    if (!(len >= kMinAxisLength)) r.error(Code::ZeroAxis, at + ".axis", "length " + num(len) + " is below " + limit(kMinAxisLength));
  }
  // Seed 004's key layout leaves the layer 10 bits and a key 32.
  if (x.layer < kMinLayer || x.layer > kMaxLayer)
    r.error(Code::RecipeRange, at + ".layer",
            "layer " + std::to_string(x.layer) + " is outside " + std::to_string(kMinLayer) + ".." + std::to_string(kMaxLayer));
  if (x.depthOverride && (*x.depthOverride < 0 || *x.depthOverride > kMaxDepthOverride))
    r.error(Code::RecipeRange, at + ".depth_override",
            "depth_override " + std::to_string(*x.depthOverride) + " is outside 0.." + std::to_string(kMaxDepthOverride));
  texture = -1;
  palette = -1;
  if (!x.sprite) return;
  const EventSprite& s = *x.sprite;
  for (std::size_t t = 0; t < textures.size(); ++t)
    if (textures[t] == s.frame) texture = static_cast<std::int32_t>(t);
  if (const auto why = core::nameProblem(s.frame, kMaxEventNameBytes))
    r.error(Code::BadName, at + ".sprite.frame", "the sprite frame's " + *why);
  else if (texture < 0)
    r.error(Code::UnknownName, at + ".sprite.frame", "no texture is named '" + s.frame + "'");
  if (static_cast<unsigned>(s.blend) > static_cast<unsigned>(BlendMode::Palette))
    r.error(Code::UnknownEnum, at + ".sprite.blend", "blend value is not defined");
  // A palette table is read by `blend: palette` alone, and that blend has nothing to draw without one.
  if (s.blend == BlendMode::Palette) {
    for (std::size_t t = 0; t < textures.size(); ++t)
      if (textures[t] == s.palette) palette = static_cast<std::int32_t>(t);
    if (s.palette.empty())
      r.error(Code::MissingField, at + ".sprite.palette", "blend: palette needs a palette (the texture name of its 256x256 table)");
    else if (const auto why = core::nameProblem(s.palette, kMaxEventNameBytes))
      r.error(Code::BadName, at + ".sprite.palette", "the palette's " + *why);
    else if (palette < 0)
      r.error(Code::UnknownName, at + ".sprite.palette", "no texture is named '" + s.palette + "'");
  } else if (!s.palette.empty()) {
    r.error(Code::PaletteTable, at + ".sprite.palette",
            "a palette is read only with blend: palette (this sprite's blend is " + std::string(name(s.blend)) + ")");
  }
  if (static_cast<unsigned>(s.textureAlpha) > static_cast<unsigned>(TextureAlpha::Brightness))
    r.error(Code::UnknownEnum, at + ".sprite.texture_alpha", "texture_alpha value is not defined");
  range(r, s.alphaTest, 0.0, 1.0, Code::RecipeRange, at + ".sprite.alpha_test");
  if (!s.material.empty() &&
      std::none_of(materials.begin(), materials.end(), [&](const Material& m) { return m.name == s.material; }))
    r.error(Code::UnknownName, at + ".sprite.material", "no material is named '" + s.material + "'");
}

// Names follow the common name rule (core::nameProblem, kMaxEventNameBytes) and are unique per
// kind; returns false for a name that cannot be used, whose record is then spelled by index.
bool checkName(Report& r, std::set<std::string>& seen, const std::string& name, const std::string& list,
               std::size_t i, const char* kind) {
  if (name.empty()) {
    r.error(Code::BadName, list + idx(i) + ".name", std::string("a ") + kind + " name is empty");
    return false;
  }
  if (const auto why = core::nameProblem(name, kMaxEventNameBytes)) {
    r.error(Code::BadName, list + idx(i) + ".name", std::string("a ") + kind + " " + *why);
    return false;
  }
  if (!seen.insert(name).second)
    r.error(Code::DuplicateName, list + idx(i) + ".name", std::string("another ") + kind + " is also named '" + name + "'");
  return true;
}

std::optional<std::uint32_t> findRecipe(const Events& e, const std::string& name) {
  for (std::size_t i = 0; i < e.recipes.size(); ++i)
    if (e.recipes[i].name == name) return static_cast<std::uint32_t>(i);
  return std::nullopt;
}

void checkEmitter(Report& r, EventEmitter& x, const std::string& at) {
  if (r.finite(x.rate, at + ".rate")) {
    if (x.rate < 0) {
      r.warning(Code::RateClamped, at + ".rate", "rate " + num(x.rate) + " is raised to 0");
      x.rate = 0;
    } else if (x.rate > kMaxRate) {
      r.error(Code::EmitterRate, at + ".rate", "rate " + num(x.rate) + " exceeds " + limit(kMaxRate) + " per second");
    }
  }
  r.finite(x.position, at + ".position");
  if (x.path.size() > kMaxPathKeys)
    r.error(Code::PathKeyCount, at + ".path", "has " + std::to_string(x.path.size()) + " keys; at most " + std::to_string(kMaxPathKeys));
  for (std::size_t k = 0; k < x.path.size(); ++k) {
    const std::string key = at + ".path" + idx(k);
    r.finite(x.path[k].position, key + ".position");
    if (!r.finite(x.path[k].time, key + ".time")) continue;
    const double t = x.path[k].time;
    if (t < 0 || t > kMaxSeconds) {
      r.error(Code::EventTime, key + ".time", "time " + num(t) + " is outside [0, " + limit(kMaxSeconds) + "]");
    } else if (k > 0 && core::finite(x.path[k - 1].time) && !(t > x.path[k - 1].time)) {
      r.error(Code::PathOrder, key + ".time", "time " + num(t) + " is not after the previous key's " +
                                                  num(x.path[k - 1].time));
    }
  }
}

}  // namespace

EventsCompileResult compileEvents(const Events& events, std::span<const std::string> textures) {
  EventsCompileResult out;
  Scene scene;
  scene.events = events;
  Events& e = scene.events;
  Report r(out.diagnostics);

  if (e.capacity < 1 || e.capacity > kMaxCapacity)
    r.error(Code::EventCapacity, "events.capacity", "capacity " + std::to_string(e.capacity) + " is outside 1.." + std::to_string(kMaxCapacity));
  range(r, e.stepHz, kMinStepHz, kMaxStepHz, Code::StepRate, "events.step_hz");
  const std::int64_t maxSprites = e.maxSprites.value_or(e.capacity);
  if (e.maxSprites && (*e.maxSprites < 1 || *e.maxSprites > kMaxCapacity))
    r.error(Code::MaxSprites, "events.max_sprites", "max_sprites " + std::to_string(*e.maxSprites) + " is outside 1.." + std::to_string(kMaxCapacity));
  if (static_cast<unsigned>(e.sort) > static_cast<unsigned>(SortMode::None))
    r.error(Code::UnknownEnum, "events.sort", "sort value is not defined");
  if (static_cast<unsigned>(e.math) > static_cast<unsigned>(MathBackend::Fpx16_16))
    r.error(Code::UnknownEnum, "events.math", "math value is not defined");
  if (e.dimensions != kDefaultDimensions && e.dimensions != kPlanarDimensions)
    r.error(Code::UnknownEnum, "events.dimensions",
            "dimensions " + std::to_string(e.dimensions) + " is not " + std::to_string(kDefaultDimensions) + " or " +
                std::to_string(kPlanarDimensions));
  switch (e.matterLightMode) {
    case MatterLightMode::Color:
      checkColor(r, e.matterLight, "events.matter_light");
      break;
    case MatterLightMode::Sky: {
      const auto before = out.diagnostics.size();
      checkColor(r, e.skyRadiance, "events.matter_light.sky_radiance");
      checkColor(r, e.sunIrradiance, "events.matter_light.sun_irradiance");
      // The derived colour is what runs (and what the viewer shows), whatever the model held.
      e.matterLight = skyMatterLight(e.skyRadiance, e.sunIrradiance);
      if (out.diagnostics.size() == before) r.finite(e.matterLight, "events.matter_light");
      break;
    }
    case MatterLightMode::Sector:
      e.matterLight = kOutsideSectorLight;
      break;
    default:
      r.error(Code::UnknownEnum, "events.matter_light", "matter_light mode is not defined");
  }

  if (e.recipes.size() > kMaxRecipes)
    r.error(Code::RecipeCount, "events.recipes", "has " + std::to_string(e.recipes.size()) + " recipes; at most " + std::to_string(kMaxRecipes));
  if (e.emitters.size() > kMaxEmitters)
    r.error(Code::EventEmitterCount, "events.emitters", "has " + std::to_string(e.emitters.size()) + " emitters; at most " + std::to_string(kMaxEmitters));
  if (e.script.size() > kMaxScriptEvents)
    r.error(Code::ScriptLength, "events.script", "has " + std::to_string(e.script.size()) + " events; at most " + std::to_string(kMaxScriptEvents));
  if (e.materials.size() > kMaxMaterials)
    r.error(Code::CountOverLimit, "events.materials", "has " + std::to_string(e.materials.size()) + " materials; at most " + std::to_string(kMaxMaterials));
  std::set<std::string> materialNames;
  for (const Material& m : e.materials) {
    const std::string at = "events.materials." + m.name;
    if (const auto why = core::nameProblem(m.name, kMaxEventNameBytes))
      r.error(Code::BadName, "events.materials", "a material's " + *why);
    else if (!materialNames.insert(m.name).second)
      r.error(Code::DuplicateName, at, "two materials are named '" + m.name + "'");
    if (m.text.size() > kMaxMaterialBytes)
      r.error(Code::CountOverLimit, at, "has " + std::to_string(m.text.size()) + " bytes; at most " + std::to_string(kMaxMaterialBytes));
    // GLSL source is ASCII: a control byte other than tab and line ends, or any byte >= 0x80, is
    // refused here rather than by one driver and not another.
    const auto bad = std::find_if(m.text.begin(), m.text.end(), [](char c) {
      const auto u = static_cast<unsigned char>(c);
      return u >= 0x7F || (u < 0x20 && c != '\t' && c != '\n' && c != '\r');
    });
    if (bad != m.text.end())
      r.error(Code::BadName, at, "byte " + std::to_string(bad - m.text.begin()) + " is not printable ASCII");
  }

  std::set<std::string> names;
  scene.recipeTexture.resize(e.recipes.size(), -1);
  scene.recipePalette.resize(e.recipes.size(), -1);
  for (std::size_t i = 0; i < e.recipes.size(); ++i) {
    Recipe& x = e.recipes[i];
    const bool named = checkName(r, names, x.name, "events.recipes", i, "recipe");
    checkRecipe(r, x, named ? "events.recipes." + x.name : "events.recipes" + idx(i), textures, scene.recipeTexture[i],
                scene.recipePalette[i], e.materials);
  }
  names.clear();
  for (std::size_t i = 0; i < e.emitters.size(); ++i) {
    EventEmitter& x = e.emitters[i];
    const std::string at = checkName(r, names, x.name, "events.emitters", i, "emitter") ? "events.emitters." + x.name
                                                                                          : "events.emitters" + idx(i);
    const auto recipe = findRecipe(e, x.recipe);
    if (!recipe) r.error(Code::UnknownName, at + ".recipe", "no recipe is named '" + x.recipe + "'");
    scene.emitterRecipe.push_back(recipe.value_or(0));
    checkEmitter(r, x, at);
  }
  for (std::size_t i = 0; i < e.script.size(); ++i) {
    const ScriptEvent& x = e.script[i];
    const std::string at = "events.script" + idx(i);
    if (r.finite(x.time, at + ".time") && (x.time < 0 || x.time > kMaxSeconds))
      r.error(Code::EventTime, at + ".time", "time " + num(x.time) + " is outside [0, " + limit(kMaxSeconds) + "]");
    const auto recipe = findRecipe(e, x.recipe);
    if (!recipe) r.error(Code::UnknownName, at + ".recipe", "no recipe is named '" + x.recipe + "'");
    scene.scriptRecipe.push_back(recipe.value_or(0));
    r.finite(x.position, at + ".position");
  }

  if (core::hasErrors(out.diagnostics)) return out;
  scene.capacity = static_cast<std::uint32_t>(e.capacity);
  scene.maxSprites = static_cast<std::uint32_t>(maxSprites);
  out.scene = std::move(scene);
  return out;
}

core::Diagnostics checkPaletteImages(const Events& events, const ImageSizeOf& sizeOf) {
  core::Diagnostics out;
  for (const Recipe& x : events.recipes) {
    if (!x.sprite || x.sprite->blend != BlendMode::Palette || x.sprite->palette.empty()) continue;
    const auto size = sizeOf(x.sprite->palette);
    if (!size || (size->first == kPaletteSize && size->second == kPaletteSize)) continue;
    out.push_back({Code::PaletteTable, "events.recipes." + x.name + ".sprite.palette",
                   "palette '" + x.sprite->palette + "' is " + std::to_string(size->first) + "x" +
                       std::to_string(size->second) + "; a translucency table is " + std::to_string(kPaletteSize) + "x" +
                       std::to_string(kPaletteSize) + " (one column per source luminance, one row per destination luminance)"});
  }
  return out;
}

core::Diagnostics eventAdvice(const Events& events) {
  core::Diagnostics out;
  std::map<std::uint32_t, std::size_t> firstWith;  // seed_base → the first emitter using it
  for (std::size_t i = 0; i < events.emitters.size(); ++i) {
    const EventEmitter& e = events.emitters[i];
    const auto [it, fresh] = firstWith.emplace(e.seedBase, i);
    if (fresh) continue;
    const EventEmitter& first = events.emitters[it->second];
    out.push_back({Code::SharedSeedBase, "events.emitters." + e.name + ".seed_base",
                   "seed_base " + std::to_string(e.seedBase) + " is also emitter '" + first.name +
                       "''s: both throw particles with the same random values; give each emitter its own",
                   core::Severity::Warning});
  }
  return out;
}

Vec3 skyMatterLight(const Vec3& skyRadiance, const Vec3& sunIrradiance) {
  constexpr double kFourPi = 4.0 * 3.14159265358979323846;
  return {skyRadiance[0] + sunIrradiance[0] / kFourPi, skyRadiance[1] + sunIrradiance[1] / kFourPi,
          skyRadiance[2] + sunIrradiance[2] / kFourPi};
}

Vec3 emitterOrigin(const EventEmitter& emitter, double t) {
  const auto& keys = emitter.path;
  if (keys.empty()) return emitter.position;
  if (keys.size() == 1) return keys.front().position;
  const double period = keys.back().time;
  double tau = std::fmod(t, period);
  if (tau < 0) tau += period;
  auto lerp = [](const Vec3& a, const Vec3& b, double f) {
    return Vec3{a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f, a[2] + (b[2] - a[2]) * f};
  };
  // Before the first key the loop closes: the last key stands at time 0 of every period.
  if (tau < keys.front().time) return lerp(keys.back().position, keys.front().position, tau / keys.front().time);
  for (std::size_t k = 0; k + 1 < keys.size(); ++k) {
    if (tau < keys[k + 1].time)
      return lerp(keys[k].position, keys[k + 1].position, (tau - keys[k].time) / (keys[k + 1].time - keys[k].time));
  }
  return keys.back().position;
}

}  // namespace kiln::sim
