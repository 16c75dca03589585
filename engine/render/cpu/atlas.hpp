// Atlas page packing for sprite frames: a pure CPU function (no GL), so packing rules are unit
// tested without a driver. The layout is renderer-internal and never written to any binary.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "core/diagnostic.hpp"
#include "core/image.hpp"

namespace kiln::render {

// Seed 000: connected multi-frame groups share one 2,048² page with two pixels of total
// padding per frame dimension (one edge-extended texel on each side).
inline constexpr std::uint32_t kAtlasPageSize = 2048;
inline constexpr std::uint32_t kAtlasPadding = 1;  // per side

struct AtlasFrame {
  std::string name;
  std::uint32_t page = 0;
  std::uint32_t x = 0, y = 0;  // top-left texel of the frame's content (padding excluded)
  std::uint32_t size = 0;      // frames are square
};

struct AtlasPage {
  std::uint32_t width = 0, height = 0;  // trimmed to the used area
  bool standalone = false;              // an oversized single texture on its own page
};

struct AtlasLayout {
  std::vector<AtlasPage> pages;
  std::vector<AtlasFrame> frames;            // one per distinct frame name, sorted by name
  std::vector<std::uint32_t> presetPage;     // the page every frame of preset i lives on
  const AtlasFrame* find(std::string_view name) const;
};

// A square frame to place: its name and edge length in texels.
struct FrameSize {
  std::string name;
  std::uint32_t size = 0;
};

// `presetFrames[i]` lists the frame names of preset i (repeats allowed); `sizes` gives every
// name's edge length. Presets sharing a frame form one group that must fit one page. A group of
// one frame too large for a page gets a standalone page if frame + padding ≤ maxTextureSize.
// Deterministic: groups are placed in order of their first preset, frames by size then name.
// Errors: atlas-packing (path "presets.NAME.sprite.frames") for every group that cannot be placed.
std::variant<AtlasLayout, core::Diagnostics> packAtlas(const std::vector<std::vector<std::string>>& presetFrames,
                                                       std::span<const FrameSize> sizes,
                                                       const std::vector<std::string>& presetNames,
                                                       std::uint32_t maxTextureSize,
                                                       std::uint32_t pageSize = kAtlasPageSize);

// The RGBA8 pixels of one page: each frame copied to its place with its edge texels extended
// into the padding; unused texels are transparent black. `images` holds every frame by name.
core::Image buildAtlasPage(const AtlasLayout& layout, std::uint32_t page, std::span<const core::NamedImage> images);

}  // namespace kiln::render
