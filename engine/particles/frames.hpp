// The frame-texture compatibility rule of a sprite, shared by the source compiler (image headers)
// and the renderer (decoded images): each frame square, one size per preset.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "core/diagnostic.hpp"
#include "particles/model.hpp"

namespace kiln::particles {

// What the rule needs of one frame's texture.
struct FrameImage {
  std::uint32_t width = 0;
  std::uint32_t height = 0;
  bool intact = true;  // the pixel data holds width × height texels
};

// Appends, for preset p, texture-not-square for each frame whose texture is empty, not square
// or not intact, and texture-size-mismatch for each square frame whose width differs from the
// preset's first square frame. `imageOf(name)` is nullopt for a frame name with no texture
// (skipped here: unknown names are the caller's rule). Paths are framesPath[i].
void checkFrameImages(const Preset& p, const std::string& framesPath,
                      const std::function<std::optional<FrameImage>(const std::string&)>& imageOf,
                      core::Diagnostics& out);

}  // namespace kiln::particles
