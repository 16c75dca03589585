// The event particles model (seeds 002, 003, 004): recipes, steady emitters, the script of timed
// bursts and the system settings, as authored (float64, names), plus the contract's limits.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/spelling.hpp"

namespace kiln::sim {

// --- contract constants ---------------------------------------------------------------------
inline constexpr std::string_view Feature = "kiln/events@1";

inline constexpr std::int64_t kMaxCapacity = 65536;  // the pool, and max_sprites
inline constexpr double kMinStepHz = 1.0;
inline constexpr double kMaxStepHz = 1000.0;
inline constexpr double kDefaultStepHz = 60.0;
// Limits of Kiln's own choosing (docs/events.md "Limits").
inline constexpr std::size_t kMaxRecipes = 256;
inline constexpr std::size_t kMaxEmitters = 256;
inline constexpr std::size_t kMaxScriptEvents = 4096;
inline constexpr std::size_t kMaxPathKeys = 64;
inline constexpr std::int64_t kMaxBurstCount = 65536;
inline constexpr double kMaxRate = 100000.0;
inline constexpr double kMaxSeconds = 3600.0;
inline constexpr double kMinAxisLength = 1e-6;
// Seed 004's isometric key layers (the key's top 10 bits) and the sort keys a recipe may fix.
inline constexpr std::int64_t kMinLayer = -512;
inline constexpr std::int64_t kMaxLayer = 511;
inline constexpr std::int64_t kMaxDepthOverride = 0xFFFFFFFF;
// Seed 003's render buffer dimensions: 3 (x, y, z) or 2 (x, y: the system runs in the plane z = 0).
inline constexpr std::int64_t kDefaultDimensions = 3;
inline constexpr std::int64_t kPlanarDimensions = 2;
// Seed 002's floors: a lifetime is never below a millisecond, a count or rate never negative.
inline constexpr double kMinLifetime = 0.001;
// Recipe, emitter and sprite frame names: 1..64 bytes of the common name rule (core/names.hpp),
// checked by compileEvents whichever route the section comes by (source, viewer, KEV1 decode).
inline constexpr std::size_t kMaxEventNameBytes = 64;
// Material snippets (docs/events.md "Materials"): at most this many per level, each at most
// this many bytes of GLSL.
inline constexpr std::size_t kMaxMaterials = 16;
inline constexpr std::size_t kMaxMaterialBytes = 16384;
// A palette translucency table is this many entries on each side: one per 8-bit luminance.
inline constexpr std::uint32_t kPaletteSize = 256;

using Vec3 = std::array<double, 3>;

// --- enumerations ---------------------------------------------------------------------------
enum class SortMode : std::uint8_t { View = 0, Iso = 1, None = 2 };
// light_matter is seed 002's single premultiplied blend; the next five are seed 003's; palette is
// the translucency table seed 003 leaves to a material hook (docs/events.md "Palette blend").
enum class BlendMode : std::uint8_t {
  LightMatter = 0, Normal, Additive, Multiply, Subtractive, Premultiplied, Palette
};
enum class TextureAlpha : std::uint8_t { Alpha = 0, Brightness = 1 };
// The arithmetic the simulation, the look and the depth conversion run in (seed 004's two
// backends, sim/sim_math.hpp): IEEE float32, or 16.16 fixed point.
enum class MathBackend : std::uint8_t { Fp32 = 0, Fpx16_16 = 1 };
// How matter_light is given: a colour as written, a sky (radiance plus sun irradiance, the
// colour derived from them), or the ambient of the sector each particle is in.
enum class MatterLightMode : std::uint8_t { Color = 0, Sky = 1, Sector = 2 };

// Source-vocabulary spelling ("view", "light_matter", "brightness"): one table per enumeration,
// read by the source parser, name() and the *FromName inverses.
inline constexpr core::SpellingTable<SortMode, 3> kSortModeSpellings{
    {{"view", SortMode::View}, {"iso", SortMode::Iso}, {"none", SortMode::None}}};
inline constexpr core::SpellingTable<BlendMode, 7> kBlendModeSpellings{{{"light_matter", BlendMode::LightMatter},
                                                                       {"normal", BlendMode::Normal},
                                                                       {"additive", BlendMode::Additive},
                                                                       {"multiply", BlendMode::Multiply},
                                                                       {"subtractive", BlendMode::Subtractive},
                                                                       {"premultiplied", BlendMode::Premultiplied},
                                                                       {"palette", BlendMode::Palette}}};
inline constexpr core::SpellingTable<TextureAlpha, 2> kTextureAlphaSpellings{
    {{"alpha", TextureAlpha::Alpha}, {"brightness", TextureAlpha::Brightness}}};
inline constexpr core::SpellingTable<MathBackend, 2> kMathBackendSpellings{
    {{"fp32", MathBackend::Fp32}, {"fpx16_16", MathBackend::Fpx16_16}}};
std::string_view name(SortMode v);
std::string_view name(MathBackend v);
std::optional<MathBackend> mathBackendFromName(std::string_view s);
std::string_view name(BlendMode v);
std::string_view name(TextureAlpha v);
std::optional<SortMode> sortModeFromName(std::string_view s);
std::optional<BlendMode> blendModeFromName(std::string_view s);
std::optional<TextureAlpha> textureAlphaFromName(std::string_view s);

// The light a sky gives matter: radiance + irradiance / (4π) per channel, in float64. A
// particle scatters light from every direction alike, so a sun's irradiance reaches it spread
// over the whole sphere (docs/events.md "Matter light").
Vec3 skyMatterLight(const Vec3& skyRadiance, const Vec3& sunIrradiance);
// The light on matter outside every sector when matter_light is `sector`: the field's default.
inline constexpr Vec3 kOutsideSectorLight{1.0, 1.0, 1.0};

// --- values ---------------------------------------------------------------------------------
// Seed 003's render options for one recipe. No sprite means a plain white quad.
struct EventSprite {
  std::string frame;  // a texture name of the level
  BlendMode blend = BlendMode::LightMatter;
  TextureAlpha textureAlpha = TextureAlpha::Alpha;
  double alphaTest = 0.0;  // discard when final alpha <= this, in [0, 1]
  std::string material;    // a name of Events::materials; empty: the blend mode's output as is
  // With blend `palette`: the texture name of the 256×256 translucency table (column: source
  // luminance, row: destination luminance). Empty with every other blend.
  std::string palette;
  friend bool operator==(const EventSprite&, const EventSprite&) = default;
};

// One kind of particle (seed 002's fields and defaults, plus axis and sprite).
struct Recipe {
  std::string name;
  std::int64_t count = 0;  // particles per burst; negative is raised to 0 (warning)
  double speed = 0.0;      // m/s along the axis
  double spread = 0.0;     // m/s across it
  double lifetime = 0.0;   // s; below kMinLifetime is raised to it (warning)
  double size = 0.0;       // edge length, m
  double growth = 0.0;     // size × (1 + growth·t)
  double gravity = -6.5;   // m/s² along +Z (along +Y in 2D), signed
  double drag = 2.4;       // 1/s
  Vec3 color{0.0, 0.0, 0.0};  // linear, unbounded above
  double opacity = 1.0;
  double fade = 1.0;
  bool glows = false;  // light (adds, covers nothing) or matter (covers, lit by matter_light)
  Vec3 axis{0.0, 0.0, 1.0};
  std::optional<EventSprite> sprite;
  // Seed 004's declaration attributes. `layer` is the isometric key's layer (kMinLayer..kMaxLayer,
  // read by `sort: iso`); `depthOverride` is a sort key (0..kMaxDepthOverride) every particle of
  // the recipe declares with instead of the computed one, in every sort mode. Wide so an
  // out-of-range value survives to be reported.
  std::int64_t layer = 0;
  std::optional<std::int64_t> depthOverride;
  friend bool operator==(const Recipe&, const Recipe&) = default;
};

struct PathKey {
  double time = 0.0;
  Vec3 position{};
  friend bool operator==(const PathKey&, const PathKey&) = default;
};

// A steady stream: rate particles per second, each a burst of count 1 with seed seed_base + j.
struct EventEmitter {
  std::string name;
  std::string recipe;
  double rate = 0.0;  // negative is raised to 0 (warning)
  std::uint32_t seedBase = 0;
  Vec3 position{};
  std::vector<PathKey> path;  // empty: the origin stays at `position`; else it replaces it
  friend bool operator==(const EventEmitter&, const EventEmitter&) = default;
};

// A gameplay event replayed at a level time.
struct ScriptEvent {
  double time = 0.0;
  std::string recipe;
  Vec3 position{};
  std::uint32_t seed = 0;
  friend bool operator==(const ScriptEvent&, const ScriptEvent&) = default;
};

// A fragment snippet defining `vec4 kilnMaterial(vec4 color, vec4 texel, vec4 extra)`; `file`
// is where its text came from (diagnostics name its lines there), not part of its meaning.
struct Material {
  std::string name;
  std::string text;
  std::string file;
  friend bool operator==(const Material&, const Material&) = default;
};

// The `events:` section. Integers are wide so out-of-range values survive to be reported.
struct Events {
  std::int64_t capacity = 0;
  double stepHz = kDefaultStepHz;
  std::optional<std::int64_t> maxSprites;  // default: capacity
  SortMode sort = SortMode::View;
  MathBackend math = MathBackend::Fp32;
  // 3, or 2: positions are (x, y) and every z (origins, velocities) is 0 (docs/events.md "2D").
  std::int64_t dimensions = kDefaultDimensions;
  // Color: matterLight as written. Sky: skyRadiance and sunIrradiance as written, matterLight
  // derived from them by skyMatterLight. Sector: matterLight is kOutsideSectorLight, the light
  // outside every sector; inside one the host's sector lookup gives it (sim::Scene).
  MatterLightMode matterLightMode = MatterLightMode::Color;
  Vec3 matterLight{1.0, 1.0, 1.0};
  Vec3 skyRadiance{0.0, 0.0, 0.0};
  Vec3 sunIrradiance{0.0, 0.0, 0.0};
  std::vector<Recipe> recipes;
  std::vector<EventEmitter> emitters;
  std::vector<ScriptEvent> script;
  std::vector<Material> materials;
  friend bool operator==(const Events&, const Events&) = default;
};

// Whether the section runs in the plane (`dimensions: 2`).
inline bool planar(const Events& events) { return events.dimensions == kPlanarDimensions; }

}  // namespace kiln::sim
