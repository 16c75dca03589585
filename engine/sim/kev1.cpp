// KEV1 codec: one schema per record (core/schema_walker.hpp) for scan, decode and encode; names
// on disk become indices (emitters and script events refer to recipes by position).
#include "sim/kev1.hpp"

#include <string>
#include <utility>

#include "core/header.hpp"
#include "core/schema_walker.hpp"
#include "sim/scene.hpp"

namespace kiln::sim {
namespace {

using core::walk::array;
using core::walk::Width;

// --- the records as they lie on disk -----------------------------------------------------------

struct WireSprite {
  std::string frame;
  BlendMode blend = BlendMode::LightMatter;
  TextureAlpha textureAlpha = TextureAlpha::Alpha;
  double alphaTest = 0;
  std::uint8_t material = 0;  // version 4: 0 none, else 1 + the material's index
  std::string palette;        // version 4, with blend palette only
};

// Version 4. The snippet's `file` is where a source read it from, not part of the section.
struct WireMaterial {
  std::string name;
  std::string text;
};

struct WireRecipe {
  std::string name;
  std::uint32_t count = 0;
  double speed = 0, spread = 0, lifetime = 0, size = 0, growth = 0, gravity = 0, drag = 0;
  Vec3 color{};
  double opacity = 0, fade = 0;
  bool glows = false;
  Vec3 axis{};
  std::uint32_t layerCode = 512;  // version 3: layer + 512
  bool hasDepthOverride = false;  // version 3
  std::uint32_t depthOverride = 0;
  bool hasSprite = false;
  WireSprite sprite;
};

struct WireEmitter {
  std::string name;
  std::uint32_t recipe = 0;
  double rate = 0;
  std::uint32_t seedBase = 0;
  Vec3 position{};
  std::vector<PathKey> path;
};

struct WireEvent {
  double time = 0;
  std::uint32_t recipe = 0;
  Vec3 position{};
  std::uint32_t seed = 0;
};

struct Wire {
  std::uint32_t capacity = 0;
  double stepHz = 0;
  std::uint32_t maxSprites = 0;  // 0: the default (capacity)
  SortMode sort = SortMode::View;
  MathBackend math = MathBackend::Fp32;                // version 3
  bool planar = false;                                 // version 3: dimensions 2
  MatterLightMode lightMode = MatterLightMode::Color;  // version 2 (version 1: always colour)
  Vec3 matterLight{};                                  // colour only
  Vec3 skyRadiance{}, sunIrradiance{};                 // sky only
  std::vector<WireMaterial> materials;                 // version 4
  std::vector<WireRecipe> recipes;
  std::vector<WireEmitter> emitters;
  std::vector<WireEvent> script;
};

// Only what the bytes can hold: the name rule itself (length, UTF-8, control bytes) is the
// model's, applied by compileEvents after the walk, exactly as for a section compiled from
// source. A name holds up to 255 bytes here, so a too-long one still reads and is refused by
// that rule, with the same code and path as by either other route.
constexpr core::walk::TextRule kNameRule{Width::U8, core::walk::widthMax(Width::U8),
                                         [](std::string_view) { return std::optional<std::string>{}; }};
// A material's text: any length the u16 holds, empty included. Its size and ASCII rules are the
// model's too (compileEvents: count-over-limit past kMaxMaterialBytes, bad-name for a byte).
constexpr core::walk::TextRule kMaterialTextRule{Width::U16, core::walk::widthMax(Width::U16),
                                                 [](std::string_view) { return std::optional<std::string>{}; }, 0};

using Names = const char* const[3];
constexpr Names kColor{"color[0]", "color[1]", "color[2]"};
constexpr Names kAxis{"axis[0]", "axis[1]", "axis[2]"};
constexpr Names kPosition{"position[0]", "position[1]", "position[2]"};
constexpr Names kMatterLight{"matter_light[0]", "matter_light[1]", "matter_light[2]"};
constexpr Names kSkyRadiance{"matter_light.sky_radiance[0]", "matter_light.sky_radiance[1]",
                             "matter_light.sky_radiance[2]"};
constexpr Names kSunIrradiance{"matter_light.sun_irradiance[0]", "matter_light.sun_irradiance[1]",
                               "matter_light.sun_irradiance[2]"};

template <class W, class V>
void vec3(W& w, const Names& names, V& v) {
  for (std::size_t i = 0; i < 3; ++i) w.f64(names[i], v[i]);
}

// --- the schema (R is const-qualified when encoding) -------------------------------------------

template <class W, class S>
void spriteFields(W& w, S& s, std::uint32_t materials) {
  w.text("sprite.frame", s.frame, kNameRule);
  // The palette blend (6) is version 4's: before it the blends end at premultiplied.
  w.enumeration("sprite.blend", s.blend, w.version() >= 4 ? BlendMode::Palette : BlendMode::Premultiplied);
  w.enumeration("sprite.texture_alpha", s.textureAlpha, TextureAlpha::Brightness);
  w.f64("sprite.alpha_test", s.alphaTest);
  // Version 4: the material (0 none, else 1 + its index), then the palette table's name, present
  // exactly when the blend reads one, so no sprite carries a palette nothing would read.
  if (w.version() >= 4) {
    w.optionalReference("sprite.material", s.material, materials);
    if (s.blend == BlendMode::Palette) w.text("sprite.palette", s.palette, kNameRule);
  }
}

template <class W, class M>
void materialFields(W& w, M& m) {
  w.text("name", m.name, kNameRule);
  w.text("text", m.text, kMaterialTextRule);
}

template <class W, class R>
void recipeFields(W& w, R& r, std::uint32_t materials) {
  w.text("name", r.name, kNameRule);
  w.u32("count", r.count);
  w.f64("speed", r.speed);
  w.f64("spread", r.spread);
  w.f64("lifetime", r.lifetime);
  w.f64("size", r.size);
  w.f64("growth", r.growth);
  w.f64("gravity", r.gravity);
  w.f64("drag", r.drag);
  vec3(w, kColor, r.color);
  w.f64("opacity", r.opacity);
  w.f64("fade", r.fade);
  w.enumeration("glows", r.glows, true);
  vec3(w, kAxis, r.axis);
  // Version 3: seed 004's layer (biased, so the field is unsigned) and a flagged sort key.
  if (w.version() >= 3) {
    w.u32("layer", r.layerCode);
    w.enumeration("has_depth_override", r.hasDepthOverride, true);
    if (r.hasDepthOverride) w.u32("depth_override", r.depthOverride);
  }
  // A flag, then the sprite's fields only when it is 1: the minimum record has no sprite.
  w.enumeration("sprite", r.hasSprite, true);
  if (r.hasSprite) spriteFields(w, r.sprite, materials);
}

template <class W, class K>
void pathKeyFields(W& w, K& k) {
  w.f64("time", k.time);
  vec3(w, kPosition, k.position);
}

template <class W, class E>
void emitterFields(W& w, E& e, std::uint32_t recipes) {
  w.text("name", e.name, kNameRule);
  w.reference("recipe", e.recipe, recipes);
  w.f64("rate", e.rate);
  w.u32("seed_base", e.seedBase);
  vec3(w, kPosition, e.position);
  array(w, "path", e.path, Width::U8, kMaxPathKeys, [](auto& ww, auto& k) { pathKeyFields(ww, k); });
}

template <class W, class E>
void eventFields(W& w, E& e, std::uint32_t recipes) {
  w.f64("time", e.time);
  w.reference("recipe", e.recipe, recipes);
  vec3(w, kPosition, e.position);
  w.u32("seed", e.seed);
}

// What the walk met that only a newer version holds: a recipe's version-3 field (a layer other
// than 0, a depth_override), and a version-4 one (a material, a sprite's material, a palette blend).
struct NewerFields {
  bool recipeV3 = false;
  bool v4 = false;
};

template <class W, class S>
NewerFields sectionFields(W& w, S& s) {
  w.u32("capacity", s.capacity);
  w.f64("step_hz", s.stepHz);
  w.u32("max_sprites", s.maxSprites);
  w.enumeration("sort", s.sort, SortMode::None);
  // Version 2 spends the first reserved byte on the light's form; version 1 is a colour.
  // Version 3 spends the second on the math backend (and any light form, a colour included),
  // and the third on the dimensions: 0 is 3 (every version-3 file before it held 0 there), 1 is 2.
  if (w.version() >= 3) {
    w.enumeration("matter_light_mode", s.lightMode, MatterLightMode::Sector);
    w.enumeration("math", s.math, MathBackend::Fpx16_16);
    w.enumeration("dimensions", s.planar, true);
  } else if (w.version() >= 2) {
    w.enumeration("matter_light_mode", s.lightMode, MatterLightMode::Sector);
    w.reserved("reserved", 2);
  } else {
    w.reserved("reserved", 3);
  }
  // A sky stores what was written; the colour it gives is derived again when decoded.
  if (s.lightMode == MatterLightMode::Color) vec3(w, kMatterLight, s.matterLight);
  if (s.lightMode == MatterLightMode::Sky) {
    vec3(w, kSkyRadiance, s.skyRadiance);
    vec3(w, kSunIrradiance, s.sunIrradiance);
  }
  NewerFields newer;
  // Version 4: the materials table precedes the recipes, so a sprite's reference is checked
  // against a count already read.
  std::uint32_t materials = 0;
  if (w.version() >= 4)
    materials = array(w, "materials", s.materials, Width::U8, kMaxMaterials,
                      [](auto& ww, auto& m) { materialFields(ww, m); });
  newer.v4 = materials > 0;
  const std::uint32_t n =
      array(w, "recipes", s.recipes, Width::U16, kMaxRecipes, [&newer, materials](auto& ww, auto& r) {
        recipeFields(ww, r, materials);
        newer.recipeV3 = newer.recipeV3 || r.layerCode != 512 || r.hasDepthOverride;
        newer.v4 = newer.v4 || (r.hasSprite && (r.sprite.material != 0 || r.sprite.blend == BlendMode::Palette));
      });
  array(w, "emitters", s.emitters, Width::U16, kMaxEmitters, [n](auto& ww, auto& e) { emitterFields(ww, e, n); });
  array(w, "script", s.script, Width::U16, kMaxScriptEvents, [n](auto& ww, auto& e) { eventFields(ww, e, n); });
  return newer;
}

// --- model ↔ wire ------------------------------------------------------------------------------

std::uint32_t recipeIndex(const Events& e, const std::string& name) {
  for (std::size_t i = 0; i < e.recipes.size(); ++i)
    if (e.recipes[i].name == name) return static_cast<std::uint32_t>(i);
  return static_cast<std::uint32_t>(e.recipes.size());
}

// 0 for no material, 1 + its index, or (a name no material has) one past the table, which
// decoding rejects.
std::uint8_t materialReference(const Events& e, const std::string& name) {
  if (name.empty()) return 0;
  std::size_t i = 0;
  while (i < e.materials.size() && e.materials[i].name != name) ++i;
  return static_cast<std::uint8_t>(i + 1);
}

Wire toWire(const Events& e) {
  Wire w;
  w.capacity = static_cast<std::uint32_t>(e.capacity);
  w.stepHz = e.stepHz;
  w.maxSprites = static_cast<std::uint32_t>(e.maxSprites.value_or(0));
  w.sort = e.sort;
  w.math = e.math;
  w.planar = planar(e);
  w.lightMode = e.matterLightMode;
  w.matterLight = e.matterLight;
  w.skyRadiance = e.skyRadiance;
  w.sunIrradiance = e.sunIrradiance;
  for (const Material& m : e.materials) w.materials.push_back({m.name, m.text});
  for (const Recipe& r : e.recipes) {
    WireSprite sprite;
    if (r.sprite) {
      const EventSprite& s = *r.sprite;
      sprite = {s.frame, s.blend, s.textureAlpha, s.alphaTest, materialReference(e, s.material), s.palette};
    }
    w.recipes.push_back({r.name, static_cast<std::uint32_t>(r.count), r.speed, r.spread, r.lifetime, r.size,
                         r.growth, r.gravity, r.drag, r.color, r.opacity, r.fade, r.glows, r.axis,
                         static_cast<std::uint32_t>(r.layer - kMinLayer), r.depthOverride.has_value(),
                         static_cast<std::uint32_t>(r.depthOverride.value_or(0)), r.sprite.has_value(),
                         std::move(sprite)});
  }
  for (const EventEmitter& m : e.emitters)
    w.emitters.push_back({m.name, recipeIndex(e, m.recipe), m.rate, m.seedBase, m.position, m.path});
  for (const ScriptEvent& s : e.script)
    w.script.push_back({s.time, recipeIndex(e, s.recipe), s.position, s.seed});
  return w;
}

// Only called on a scanned wire: every recipe and material index is in range.
Events fromWire(Wire&& w) {
  Events e;
  e.capacity = w.capacity;
  e.stepHz = w.stepHz;
  if (w.maxSprites != 0) e.maxSprites = w.maxSprites;
  e.sort = w.sort;
  e.math = w.math;
  e.dimensions = w.planar ? kPlanarDimensions : kDefaultDimensions;
  e.matterLightMode = w.lightMode;
  switch (w.lightMode) {
    case MatterLightMode::Color: e.matterLight = w.matterLight; break;
    case MatterLightMode::Sky:
      e.skyRadiance = w.skyRadiance;
      e.sunIrradiance = w.sunIrradiance;
      e.matterLight = skyMatterLight(w.skyRadiance, w.sunIrradiance);
      break;
    case MatterLightMode::Sector: e.matterLight = kOutsideSectorLight; break;
  }
  for (WireMaterial& m : w.materials) e.materials.push_back({std::move(m.name), std::move(m.text), {}});
  for (WireRecipe& r : w.recipes) {
    Recipe x;
    x.name = std::move(r.name);
    x.count = r.count;
    x.speed = r.speed, x.spread = r.spread, x.lifetime = r.lifetime, x.size = r.size;
    x.growth = r.growth, x.gravity = r.gravity, x.drag = r.drag, x.color = r.color;
    x.opacity = r.opacity, x.fade = r.fade, x.glows = r.glows, x.axis = r.axis;
    x.layer = static_cast<std::int64_t>(r.layerCode) + kMinLayer;
    if (r.hasDepthOverride) x.depthOverride = r.depthOverride;
    if (r.hasSprite) {
      WireSprite& s = r.sprite;
      x.sprite = EventSprite{std::move(s.frame), s.blend, s.textureAlpha, s.alphaTest,
                             s.material == 0 ? std::string() : e.materials[s.material - 1u].name,
                             std::move(s.palette)};
    }
    e.recipes.push_back(std::move(x));
  }
  for (WireEmitter& m : w.emitters)
    e.emitters.push_back({std::move(m.name), e.recipes[m.recipe].name, m.rate, m.seedBase, m.position,
                          std::move(m.path)});
  for (const WireEvent& s : w.script) e.script.push_back({s.time, e.recipes[s.recipe].name, s.position, s.seed});
  return e;
}

// --- decoding ----------------------------------------------------------------------------------

const core::HeaderRules kRules{kKev1Magic, kKev1ColorVersion, kKev1Version, kMaxKev1Bytes};
// Offset of the version-2 matter_light_mode byte: header, capacity, step_hz, max_sprites, sort.
constexpr std::uint64_t kLightModeOffset = core::kHeaderSize + 4 + 8 + 4 + 1;
// The header's document_version field.
constexpr std::uint64_t kDocumentVersionOffset = 6;
// Recipes and emitters are named in paths ("recipes.ember.lifetime"), counts get a segment.
constexpr core::walk::PathStyle kPaths{true, true};

template <bool Materialize>
bool walkPayload(core::walk::Reader<Materialize>& r, Wire& wire) {
  const NewerFields newer = sectionFields(r, wire);
  // One section, one encoding: a colour is always written as version 1, and version 3 only
  // when something needs it.
  if (r.ok() && r.version() == 2 && wire.lightMode == MatterLightMode::Color)
    r.fail(core::Code::UnknownEnum, kLightModeOffset, "matter_light_mode",
           "0 (colour) is not a version-2 form: a colour matter_light is written as version 1");
  if (r.ok() && r.version() == 3 && wire.math == MathBackend::Fp32 && !wire.planar && !newer.recipeV3)
    r.fail(core::Code::UnsupportedVersion, kDocumentVersionOffset, "header.document_version",
           "version 3 with math fp32, dimensions 3, every layer 0 and no depth_override is written as version 1 "
           "or 2");
  if (r.ok() && r.version() == 4 && !newer.v4)
    r.fail(core::Code::UnsupportedVersion, kDocumentVersionOffset, "header.document_version",
           "version 4 with no material, no sprite material and no palette blend is written as version 1, 2 or 3");
  if (r.ok() && !r.bytes().atEnd())
    r.fail(core::Code::TrailingBytes, r.bytes().offset(), "payload",
           std::to_string(r.bytes().remaining()) + " bytes follow the last script event");
  return r.ok();
}

bool under(const std::string& path, const std::string& prefix) {
  return path.size() >= prefix.size() && path.compare(0, prefix.size(), prefix) == 0 &&
         (path.size() == prefix.size() || path[prefix.size()] == '.' || path[prefix.size()] == '[');
}

// Where the record a compileEvents path names starts ("recipes.ember..." or "recipes[0]..." →
// that recipe);
// section-level fields map to the payload start.
std::uint64_t offsetForPath(const Events& e, const std::vector<core::walk::Reader<true>::TopLevel>& top,
                            const std::string& path) {
  for (const auto& t : top) {
    for (std::size_t i = 0; i < t.start.size(); ++i) {
      // A record is named by its name, or by its index when the name breaks the name rule.
      const std::string indexed = std::string(t.field) + "[" + std::to_string(i) + "]";
      std::string named;
      if (t.field == "recipes" && i < e.recipes.size()) named = "recipes." + e.recipes[i].name;
      if (t.field == "emitters" && i < e.emitters.size()) named = "emitters." + e.emitters[i].name;
      if (t.field == "materials" && i < e.materials.size()) named = "materials." + e.materials[i].name;
      if ((!named.empty() && under(path, named)) || under(path, indexed)) return t.start[i];
    }
  }
  return core::kHeaderSize;
}

}  // namespace

std::vector<std::uint8_t> encodeKev1(const Events& events) {
  const Wire wire = toWire(events);
  const std::uint16_t version = kev1VersionFor(events);
  core::walk::Writer w(version);
  sectionFields(w, wire);
  return core::frame(kKev1Magic, version, w.bytes());
}

std::optional<core::DecodeError> scanKev1(std::span<const std::uint8_t> file) {
  auto framed = core::readHeader(file, kRules);
  if (auto* e = std::get_if<core::DecodeError>(&framed)) return *e;
  const core::Framed& f = std::get<core::Framed>(framed);
  core::walk::Reader<false> r(f.payload, core::kHeaderSize, f.header.documentVersion, kPaths);
  Wire scratch;
  if (!walkPayload(r, scratch)) return r.error();
  return std::nullopt;
}

std::variant<Events, core::DecodeError> decodeKev1(std::span<const std::uint8_t> file) {
  // Phase 1: nothing below is sized by a count until every count is proven against the bytes.
  if (auto e = scanKev1(file)) return *e;

  // Phase 2: the same walk, materializing (it cannot fail after a clean scan), then the rules.
  const auto framed = std::get<core::Framed>(core::readHeader(file, kRules));
  core::walk::Reader<true> r(framed.payload, core::kHeaderSize, framed.header.documentVersion, kPaths);
  Wire wire;
  if (!walkPayload(r, wire)) return r.error();
  Events events = fromWire(std::move(wire));

  // Sprite frames and palette tables are the host's to resolve: here each counts as a known
  // texture.
  std::vector<std::string> frames;
  for (const Recipe& x : events.recipes)
    if (x.sprite) {
      frames.push_back(x.sprite->frame);
      if (!x.sprite->palette.empty()) frames.push_back(x.sprite->palette);
    }
  const EventsCompileResult checked = compileEvents(events, frames);
  if (!checked.diagnostics.empty()) {
    // A warning here means a value below its floor: a compiler raises it before writing.
    const core::Diagnostic& d = checked.diagnostics.front();
    std::string path = d.path.rfind("events.", 0) == 0 ? d.path.substr(7) : d.path;
    std::string message = d.message;
    if (d.severity == core::Severity::Warning) message += " when compiling, so a compiled file cannot carry it";
    return core::DecodeError{d.code, offsetForPath(events, r.topLevel(), path), std::move(path), std::move(message)};
  }
  return events;
}

std::variant<std::vector<core::walk::FieldSpan>, core::DecodeError> layoutKev1(std::span<const std::uint8_t> file) {
  auto framed = core::readHeader(file, kRules);
  if (auto* e = std::get_if<core::DecodeError>(&framed)) return *e;
  std::vector<core::walk::FieldSpan> spans{{0, 4, "header.magic"},
                                           {4, 2, "header.header_version"},
                                           {6, 2, "header.document_version"},
                                           {8, 4, "header.payload_size"},
                                           {12, 4, "header.payload_crc32"}};
  const core::Framed& f = std::get<core::Framed>(framed);
  core::walk::Reader<false> r(f.payload, core::kHeaderSize, f.header.documentVersion, kPaths);
  r.trace = &spans;
  Wire scratch;
  if (!walkPayload(r, scratch)) return r.error();
  return spans;
}

}  // namespace kiln::sim
