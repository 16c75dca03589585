// The `events:` part of the source vocabulary (docs/source.md "Event particles"): shapes and
// types here, every semantic rule in sim::compileEvents, whose paths share this file's spelling.
#include <limits>

#include "core/names.hpp"

#include "source/compile.hpp"
#include "source/parts.hpp"

namespace kiln::source::detail {
namespace {

using core::Code;
using namespace kiln::sim;

constexpr std::int64_t kU32Max = std::numeric_limits<std::uint32_t>::max();
// Wide enough that a capacity, count or budget out of its rule's range reaches that rule (and
// its own code) rather than a generic out-of-range.
constexpr std::int64_t kWide = std::int64_t{1} << 40;

bool vec3(Walker& w, const SourceNode& map, const std::string& mapPath, std::string_view key, Vec3& out) {
  const SourceNode* n = w.field(map, mapPath, key);
  return !n || w.numbers(*n, joinPath(mapPath, key), out.data(), 3);
}

void boolean(Walker& w, const SourceNode& map, const std::string& mapPath, std::string_view key, bool& out) {
  const SourceNode* n = w.field(map, mapPath, key);
  if (!n) return;
  if (n->isScalar() && n->plain && (n->scalar == "true" || n->scalar == "false")) {
    out = n->scalar == "true";
    return;
  }
  w.error(Code::WrongType, joinPath(mapPath, key), "expected true or false, found " + describe(*n), n->mark);
}

void wideInteger(Walker& w, const SourceNode& map, const std::string& mapPath, std::string_view key,
                 std::int64_t& out, bool required = false) {
  if (const SourceNode* n = w.field(map, mapPath, key, required)) w.integer(*n, joinPath(mapPath, key), -kWide, kWide, out);
}

void seed(Walker& w, const SourceNode& map, const std::string& mapPath, std::string_view key, std::uint32_t& out) {
  std::int64_t v = 0;
  if (const SourceNode* n = w.field(map, mapPath, key); n && w.integer(*n, joinPath(mapPath, key), 0, kU32Max, v))
    out = static_cast<std::uint32_t>(v);
}

// A recipe or texture reference: known names pass; others get a did-you-mean and the list.
void reference(Walker& w, const SourceNode& map, const std::string& mapPath, std::string_view key,
               const std::vector<std::string>& known, const char* kind, const char* where, std::string& out,
               bool required) {
  const SourceNode* n = w.field(map, mapPath, key, required);
  if (!n || !w.text(*n, joinPath(mapPath, key), out)) return;
  for (const std::string& k : known)
    if (k == out) return;
  w.error(Code::UnknownName, joinPath(mapPath, key),
          std::string(kind) + " '" + out + "' is not defined under " + where + didYouMean(out, known) +
              (known.empty() ? "" : "; defined: " + listOf(known)),
          n->mark);
}

void compileRecipe(Walker& w, const SourceNode& n, const std::string& path, const std::vector<std::string>& textures,
                   const std::vector<std::string>& materials, Recipe& r) {
  if (!w.expectMap(n, path,
                   {"count", "speed", "spread", "lifetime", "size", "growth", "gravity", "drag", "color", "opacity",
                    "fade", "glows", "axis", "layer", "depth_override", "sprite"}))
    return;
  wideInteger(w, n, path, "count", r.count);
  w.optNumber(n, path, "speed", r.speed);
  w.optNumber(n, path, "spread", r.spread);
  w.optNumber(n, path, "lifetime", r.lifetime);
  w.optNumber(n, path, "size", r.size);
  w.optNumber(n, path, "growth", r.growth);
  w.optNumber(n, path, "gravity", r.gravity);
  w.optNumber(n, path, "drag", r.drag);
  vec3(w, n, path, "color", r.color);
  w.optNumber(n, path, "opacity", r.opacity);
  w.optNumber(n, path, "fade", r.fade);
  boolean(w, n, path, "glows", r.glows);
  vec3(w, n, path, "axis", r.axis);
  // Ranges are sim::compileEvents' (recipe-range); wide here so they reach it.
  wideInteger(w, n, path, "layer", r.layer);
  if (const SourceNode* d = w.field(n, path, "depth_override"); d && !d->isNull()) {
    std::int64_t v = 0;
    if (w.integer(*d, joinPath(path, "depth_override"), -kWide, kWide, v)) r.depthOverride = v;
  }
  const SourceNode* s = w.field(n, path, "sprite");
  const std::string sp = joinPath(path, "sprite");
  if (!s || !w.expectMap(*s, sp, {"frame", "blend", "texture_alpha", "alpha_test", "material", "palette"},
                           "{frame: TEXTURE, blend: light_matter}"))
    return;
  EventSprite sprite;
  reference(w, *s, sp, "frame", textures, "texture", "textures", sprite.frame, true);
  if (const SourceNode* b = w.field(*s, sp, "blend"))
    w.enumeration(*b, joinPath(sp, "blend"), kBlendModeSpellings, sprite.blend);
  if (const SourceNode* a = w.field(*s, sp, "texture_alpha"))
    w.enumeration(*a, joinPath(sp, "texture_alpha"), kTextureAlphaSpellings, sprite.textureAlpha);
  w.optNumber(*s, sp, "alpha_test", sprite.alphaTest);
  reference(w, *s, sp, "material", materials, "material", "events.materials", sprite.material, false);
  // Whether the blend reads it is sim::compileEvents' rule (palette-table, missing-field).
  reference(w, *s, sp, "palette", textures, "texture", "textures", sprite.palette, false);
  r.sprite = std::move(sprite);
}

void compileEmitter(Walker& w, const SourceNode& n, const std::string& indexed, const std::vector<std::string>& recipes,
                    EventEmitter& e) {
  if (!w.expectMap(n, indexed, {"name", "recipe", "rate", "seed_base", "position", "path"})) return;
  // Once named, the emitter's fields are spelled by its name, as sim::compileEvents spells them.
  std::string path = indexed;
  if (const SourceNode* name = w.field(n, indexed, "name", true); name && w.text(*name, joinPath(indexed, "name"), e.name)) {
    if (!core::nameProblem(e.name, kMaxEventNameBytes)) path = joinPath("events.emitters", e.name);
    w.record(path, n.mark);
  }
  reference(w, n, path, "recipe", recipes, "recipe", "events.recipes", e.recipe, true);
  w.optNumber(n, path, "rate", e.rate);
  seed(w, n, path, "seed_base", e.seedBase);
  vec3(w, n, path, "position", e.position);
  const SourceNode* keys = w.field(n, path, "path");
  const std::string kp = joinPath(path, "path");
  if (!keys || !w.expectSequence(*keys, kp)) return;
  for (std::size_t k = 0; k < keys->items.size(); ++k) {
    const SourceNode& key = keys->items[k];
    const std::string at = indexPath(kp, k);
    w.record(at, key.mark);
    PathKey pk;
    if (w.expectMap(key, at, {"time", "position"}, "{time: SECONDS, position: [x, y, z]}")) {
      if (const SourceNode* t = w.field(key, at, "time", true)) w.number(*t, joinPath(at, "time"), pk.time);
      if (const SourceNode* p = w.field(key, at, "position", true)) w.numbers(*p, joinPath(at, "position"), pk.position.data(), 3);
    }
    e.path.push_back(pk);
  }
}

void compileScriptEvent(Walker& w, const SourceNode& n, const std::string& path, const std::vector<std::string>& recipes,
                        ScriptEvent& e) {
  if (!w.expectMap(n, path, {"time", "recipe", "position", "seed"}, "{time: SECONDS, recipe: NAME, position: [x, y, z], seed: N}"))
    return;
  if (const SourceNode* t = w.field(n, path, "time", true)) w.number(*t, joinPath(path, "time"), e.time);
  reference(w, n, path, "recipe", recipes, "recipe", "events.recipes", e.recipe, true);
  vec3(w, n, path, "position", e.position);
  seed(w, n, path, "seed", e.seed);
}

// matter_light: a colour [r, g, b], a sky {sky_radiance, sun_irradiance} (the colour is derived
// by sim::compileEvents), or the word `sector`. Values are checked by sim::compileEvents.
void matterLight(Walker& w, const SourceNode& events, Events& e) {
  const std::string path = "events.matter_light";
  const SourceNode* n = w.field(events, "events", "matter_light");
  if (!n) return;
  if (n->isSequence()) {
    w.numbers(*n, path, e.matterLight.data(), 3);
    return;
  }
  if (n->isScalar() && n->scalar == "sector") {
    e.matterLightMode = MatterLightMode::Sector;
    return;
  }
  if (!n->isMap()) {
    w.error(Code::WrongType, path,
            "expected a colour [r, g, b], a sky {sky_radiance: [r, g, b], sun_irradiance: [r, g, b]} or the word "
            "sector, found " + describe(*n),
            n->mark);
    return;
  }
  if (!w.expectMap(*n, path, {"sky_radiance", "sun_irradiance"})) return;
  e.matterLightMode = MatterLightMode::Sky;
  if (const SourceNode* v = w.field(*n, path, "sky_radiance", true))
    w.numbers(*v, joinPath(path, "sky_radiance"), e.skyRadiance.data(), 3);
  if (const SourceNode* v = w.field(*n, path, "sun_irradiance", true))
    w.numbers(*v, joinPath(path, "sun_irradiance"), e.sunIrradiance.data(), 3);
}

}  // namespace

void compileEvents(Walker& w, const SourceNode& root, const std::vector<std::string>& textures,
                   std::optional<sim::Events>& out, const MaterialReader& readMaterial) {
  const SourceNode* n = w.field(root, "", "events");
  if (!n) return;
  const std::string path = "events";
  if (!w.expectMap(*n, path,
                   {"capacity", "step_hz", "max_sprites", "sort", "math", "dimensions", "matter_light", "recipes",
                    "emitters", "script", "materials"},
                   "{capacity: 1024, recipes: {...}, emitters: [...], script: [...]}"))
    return;
  Events e;
  wideInteger(w, *n, path, "capacity", e.capacity, true);
  w.optNumber(*n, path, "step_hz", e.stepHz);
  if (w.field(*n, path, "max_sprites")) {
    std::int64_t v = 0;
    wideInteger(w, *n, path, "max_sprites", v);
    e.maxSprites = v;
  }
  if (const SourceNode* s = w.field(*n, path, "sort"))
    w.enumeration(*s, "events.sort", kSortModeSpellings, e.sort);
  if (const SourceNode* m = w.field(*n, path, "math"))
    w.enumeration(*m, "events.math", kMathBackendSpellings, e.math);
  // Any integer reads here; sim::compileEvents keeps 2 and 3 (unknown-enum, located by the walker).
  wideInteger(w, *n, path, "dimensions", e.dimensions);
  matterLight(w, *n, e);

  // Materials are a map of names to snippet paths, read before the recipes that name them.
  std::vector<std::string> materialNames;
  const SourceNode* ms = w.field(*n, path, "materials");
  if (ms && !ms->isMap())
    w.error(Code::WrongType, "events.materials",
            "expected a map of snippet files ({NAME: materials/NAME.glsl}), found " + describe(*ms), ms->mark);
  if (ms && ms->isMap()) {
    materialNames = ms->keys;
    for (std::size_t i = 0; i < ms->keys.size(); ++i) {
      Material m;
      m.name = ms->keys[i];
      const std::string mp = joinPath("events.materials", m.name);
      w.record(mp, ms->keyMarks[i]);
      if (!w.text(ms->values[i], mp, m.file)) continue;
      if (readMaterial) {
        core::Diagnostic error;
        if (auto text = readMaterial(m.file, error)) m.text = std::move(*text);
        else w.error(error.code, mp, m.file + ": " + error.message, ms->values[i].mark);
      }
      e.materials.push_back(std::move(m));
    }
  }

  // Recipes are a map of names, so its keys are not checked against a vocabulary.
  std::vector<std::string> recipeNames;
  const SourceNode* rs = w.field(*n, path, "recipes");
  if (rs && !rs->isMap())
    w.error(Code::WrongType, "events.recipes",
            "expected a map of recipes ({NAME: {count: 8, speed: 1, lifetime: 1}}), found " + describe(*rs), rs->mark);
  if (rs && rs->isMap()) {
    recipeNames = rs->keys;
    for (std::size_t i = 0; i < rs->keys.size(); ++i) {
      Recipe r;
      r.name = rs->keys[i];
      const std::string rp = joinPath("events.recipes", r.name);
      w.record(rp, rs->values[i].mark.known() ? rs->values[i].mark : rs->keyMarks[i]);
      // sim::compileEvents spells a recipe whose name breaks the name rule by its index.
      w.record(joinPath(indexPath("events.recipes", i), "name"), rs->keyMarks[i]);
      compileRecipe(w, rs->values[i], rp, textures, materialNames, r);
      e.recipes.push_back(std::move(r));
    }
  }
  if (const SourceNode* es = w.field(*n, path, "emitters"); es && w.expectSequence(*es, "events.emitters")) {
    for (std::size_t i = 0; i < es->items.size(); ++i) {
      const std::string ep = indexPath("events.emitters", i);
      w.record(ep, es->items[i].mark);
      EventEmitter em;
      compileEmitter(w, es->items[i], ep, recipeNames, em);
      e.emitters.push_back(std::move(em));
    }
  }
  if (const SourceNode* ss = w.field(*n, path, "script"); ss && w.expectSequence(*ss, "events.script")) {
    for (std::size_t i = 0; i < ss->items.size(); ++i) {
      const std::string sp = indexPath("events.script", i);
      w.record(sp, ss->items[i].mark);
      ScriptEvent ev;
      compileScriptEvent(w, ss->items[i], sp, recipeNames, ev);
      e.script.push_back(std::move(ev));
    }
  }
  out = std::move(e);
}

}  // namespace kiln::source::detail
