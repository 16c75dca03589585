// KEV1: the compiled binary form of an `events:` section (docs/formats/kev1.md), stored in a
// level module as the entry @kiln/events. Pure format logic: no GL.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <variant>
#include <vector>

#include "core/diagnostic.hpp"
#include "core/schema_walker.hpp"
#include "sim/model.hpp"

namespace kiln::sim {

inline constexpr std::string_view kKev1Magic = "KEV1";
// Version 1: matter_light is a colour. Version 2 adds its sky and sector forms; a section
// whose matter_light is a colour is still written as version 1, byte for byte as before.
inline constexpr std::uint16_t kKev1ColorVersion = 1;
inline constexpr std::uint16_t kKev1SkyVersion = 2;
// Version 3 adds seed 004's math backend, the recipes' layer and depth_override and seed 003's
// dimensions; a section that leaves them at their defaults is still written as version 1 or 2.
inline constexpr std::uint16_t kKev1LayerVersion = 3;
// Version 4 adds the material snippets, each sprite's material and the palette blend with its
// table; a section that uses none of them is still written as version 1, 2 or 3.
inline constexpr std::uint16_t kKev1MaterialVersion = 4;
inline constexpr std::uint16_t kKev1Version = kKev1MaterialVersion;  // the newest this build reads
// The largest section the limits allow is 1,065,867 bytes (version 4: sixteen 16 KiB materials
// on top of the 0.8 MiB the rest can take), so this bound never rejects a valid one.
inline constexpr std::uint64_t kMaxKev1Bytes = 2u << 20;

// Whether a section needs version 4: a material, a sprite naming one, or a palette blend.
inline bool usesKev1Materials(const Events& events) {
  bool v4 = !events.materials.empty();
  for (const Recipe& r : events.recipes)
    v4 = v4 || (r.sprite && (!r.sprite->material.empty() || r.sprite->blend == BlendMode::Palette));
  return v4;
}

// The version encodeKev1 writes for a section: 4 when it uses materials or the palette blend;
// else 3 when it runs fpx16_16, in 2 dimensions, or a recipe has a layer other than 0 or a
// depth_override; else 1 for a colour matter_light, 2 otherwise.
inline std::uint16_t kev1VersionFor(const Events& events) {
  if (usesKev1Materials(events)) return kKev1MaterialVersion;
  bool v3 = events.math != MathBackend::Fp32 || planar(events);
  for (const Recipe& r : events.recipes) v3 = v3 || r.layer != 0 || r.depthOverride.has_value();
  if (v3) return kKev1LayerVersion;
  return events.matterLightMode == MatterLightMode::Color ? kKev1ColorVersion : kKev1SkyVersion;
}

// Deterministic, canonical encoding (header included). The section should be one that
// compileEvents accepted without warnings (floors already applied); encoding does not validate.
// A recipe name that no recipe has is written as an out-of-range index, which decoding rejects.
std::vector<std::uint8_t> encodeKev1(const Events& events);

// Phase 1 (scan: header, every count against its limit and the bytes left, finite numbers,
// known enumerations, recipe indices, non-empty texts; nothing allocated from a declared count),
// then phase 2 (materialize and run compileEvents, the one home of the section's rules, names
// included; a value a compiler would have raised to its floor is rejected too, so a decoded
// section re-encodes to the same bytes). Sprite frames and palette tables are names the host
// resolves against its textures; they are not checked here. A decoded material's `file` is
// empty (KEV1 stores its name and text only). The first error wins.
std::variant<Events, core::DecodeError> decodeKev1(std::span<const std::uint8_t> file);

// Phase 1 alone.
std::optional<core::DecodeError> scanKev1(std::span<const std::uint8_t> file);

// Every field of a well-formed file in order (header included), from the scanner's own walk:
// offset, width and path ("recipes.ember.lifetime", "emitters.lantern.path[1].time",
// "script[0].seed"); the first scan error otherwise. For docs, inspectors and test fixtures.
std::variant<std::vector<core::walk::FieldSpan>, core::DecodeError> layoutKev1(std::span<const std::uint8_t> file);

}  // namespace kiln::sim
