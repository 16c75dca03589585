// The worldparticles document model: presets, emitters and the contract's constants.
// Values are float64 as authored; the float32 rules apply where the GPU receives them.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/spelling.hpp"
#include "core/float.hpp"
#include "core/inline_text.hpp"

namespace kiln::particles {

// --- contract constants (seed 000) ---------------------------------------------------------
// Version and Feature keep their version-1 values; AlphaVersion/FeatureV2 select version 2.
inline constexpr std::uint16_t Version = 1;
inline constexpr std::uint16_t AlphaVersion = 2;
inline constexpr std::string_view Feature = "world/particles@1";
inline constexpr std::string_view FeatureV2 = "world/particles@2";
inline constexpr std::string_view SectorsFeature = "world/sectors@1";

// The feature a document of version v requires ("world/particles@1" or "@2"); empty for an
// unknown version. Version 2 does not imply version 1.
constexpr std::string_view featureForVersion(std::uint16_t v) {
  return v == Version ? Feature : v == AlphaVersion ? FeatureV2 : std::string_view{};
}

inline constexpr std::size_t kMaxPresets = 64;
inline constexpr std::size_t kMaxEmitters = 256;
inline constexpr std::uint32_t kMaxSlotsPerEmitter = 4096;
inline constexpr std::uint32_t kMaxTotalSlots = 65536;
inline constexpr std::size_t kMaxFrames = 16;
inline constexpr std::size_t kMaxBursts = 16;
inline constexpr std::size_t kMinCurveKeys = 2;
inline constexpr std::size_t kMaxCurveKeys = 4;
inline constexpr std::size_t kMaxEncodedBytes = 1u << 20;
inline constexpr double kMaxSeconds = 3600.0;
// Names (presets, emitters, textures) are 1..64 bytes of UTF-8 without control characters.
inline constexpr std::size_t kMaxNameBytes = 64;
// A preset, emitter or frame name: valid names (1..kMaxNameBytes) are kept inline, so decoding
// a document of many names allocates no block per name; longer ones are kept whole.
using Name = core::InlineText<kMaxNameBytes>;
// Emitter sector indices refer to the level's compiled world, which a .kwp file does not carry;
// no KWS1 world holds more sectors than this (a static_assert in world/level.hpp ties it to
// world::kMaxSectors), so larger indices are rejected without the world, whose layer checks
// the exact sector count.
inline constexpr std::uint32_t kSectorIndexLimit = 1024;

// --- enumerations (values are the binary encoding) ------------------------------------------
enum class SpawnShape : std::uint8_t { Point = 0, Box = 1 };
enum class Flipbook : std::uint8_t { Once = 0, Cycle = 1 };
enum class Facing : std::uint8_t { Camera = 0, Upright = 1 };
enum class Blend : std::uint8_t { Additive = 0, Cutout = 1, Alpha = 2, Premultiplied = 3 };
enum class PlayMode : std::uint8_t { Once = 0, Cycle = 1 };

// Source-vocabulary spelling of each enum value ("box", "premultiplied", ...): one table per
// enumeration, read by the source parser and by name().
inline constexpr core::SpellingTable<SpawnShape, 2> kSpawnShapeSpellings{{{"point", SpawnShape::Point},
                                                                         {"box", SpawnShape::Box}}};
inline constexpr core::SpellingTable<Flipbook, 2> kFlipbookSpellings{{{"once", Flipbook::Once},
                                                                     {"cycle", Flipbook::Cycle}}};
inline constexpr core::SpellingTable<Facing, 2> kFacingSpellings{{{"camera", Facing::Camera},
                                                                 {"upright", Facing::Upright}}};
inline constexpr core::SpellingTable<Blend, 4> kBlendSpellings{{{"additive", Blend::Additive},
                                                               {"cutout", Blend::Cutout},
                                                               {"alpha", Blend::Alpha},
                                                               {"premultiplied", Blend::Premultiplied}}};
inline constexpr core::SpellingTable<PlayMode, 2> kPlayModeSpellings{{{"once", PlayMode::Once},
                                                                     {"cycle", PlayMode::Cycle}}};
std::string_view name(SpawnShape v);
std::string_view name(Flipbook v);
std::string_view name(Facing v);
std::string_view name(Blend v);
std::string_view name(PlayMode v);

// Whether a blend mode is allowed in a document of version v (1: additive, cutout; 2: all four).
constexpr bool blendAllowed(Blend b, std::uint16_t v) {
  if (b == Blend::Additive || b == Blend::Cutout) return v == Version || v == AlphaVersion;
  return v == AlphaVersion && (b == Blend::Alpha || b == Blend::Premultiplied);
}

// --- values ---------------------------------------------------------------------------------
struct Vec3 {
  double x = 0, y = 0, z = 0;
  double& operator[](int i) { return i == 0 ? x : i == 1 ? y : z; }
  double operator[](int i) const { return i == 0 ? x : i == 1 ? y : z; }
  friend bool operator==(const Vec3&, const Vec3&) = default;
};

// The vector the GPU receives (each component through float32), promoted back to double.
inline Vec3 up(const Vec3& v) { return {core::up(v.x), core::up(v.y), core::up(v.z)}; }

struct Range {
  double min = 0, max = 0;
  friend bool operator==(const Range&, const Range&) = default;
};

struct Range3 {
  Vec3 min, max;
  friend bool operator==(const Range3&, const Range3&) = default;
};

// Axis-aligned box in world coordinates.
struct Bounds {
  Vec3 min, max;
  friend bool operator==(const Bounds&, const Bounds&) = default;
};

struct SizeKey {
  double age = 0;    // normalized age in [0,1]
  double value = 0;  // billboard edge length in world units (before emitter scale)
  friend bool operator==(const SizeKey&, const SizeKey&) = default;
};

struct ColorKey {
  double age = 0;
  std::array<double, 4> rgba{};  // linear RGBA in [0,1]
  friend bool operator==(const ColorKey&, const ColorKey&) = default;
};

struct Sprite {
  std::vector<Name> frames;  // texture names, 1..16
  double fps = 0;
  Flipbook flipbook = Flipbook::Once;
  Facing facing = Facing::Camera;
  Blend blend = Blend::Additive;
  friend bool operator==(const Sprite&, const Sprite&) = default;
};

struct Preset {
  Name name;
  std::uint32_t capacity = 0;  // slots every emitter of this preset allocates, 1..4096
  SpawnShape spawnShape = SpawnShape::Point;
  Vec3 spawnHalfExtents;  // box half extents (ignored for point)
  Range3 velocity;        // per-axis uniform ranges, local space
  Range lifetime;         // seconds
  Vec3 acceleration;      // local space
  double drag = 0;        // linear drag, 1/s
  Range rotationAngle;    // initial angle, degrees
  Range rotationSpeed;    // degrees per second
  std::vector<SizeKey> size;
  std::vector<ColorKey> color;
  Sprite sprite;
  friend bool operator==(const Preset&, const Preset&) = default;
};

struct Burst {
  double time = 0;  // seconds after the emission start (cycle start for cycling emitters)
  std::uint32_t count = 0;
  friend bool operator==(const Burst&, const Burst&) = default;
};

struct Emitter {
  Name name;
  std::uint32_t preset = 0;  // index into Document::presets
  std::uint32_t sector = 0;  // index into the level's compiled sectors
  Vec3 position;             // world coordinates
  double yaw = 0;            // degrees about +Z, normalized to [-180,180]
  double scale = 1;          // uniform, positive
  std::uint32_t seed = 0;
  double rate = 0;           // births per second over [0, duration)
  double duration = 0;       // seconds
  std::vector<Burst> bursts;
  PlayMode mode = PlayMode::Once;
  double period = 0;  // seconds, cycling only
  double delay = 0;   // seconds before the first emission
  Bounds bounds;      // stored conservative bounds (world space); must equal the recomputed ones
  friend bool operator==(const Emitter&, const Emitter&) = default;
};

struct Document {
  std::uint16_t version = Version;
  std::vector<Preset> presets;
  std::vector<Emitter> emitters;
  friend bool operator==(const Document&, const Document&) = default;
};

}  // namespace kiln::particles
