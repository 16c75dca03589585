// SSIM (Wang, Bovik, Sheikh, Simoncelli, "Image Quality Assessment: From Error Visibility to
// Structural Similarity", IEEE TIP 2004) for `kiln compare`: the mean structural similarity of
// two RGBA8 images' luma (Rec. 601 weights on the 0..255 values; alpha ignored), with the paper's
// 11×11 Gaussian window (σ = 1.5, edges clamped) and constants C1 = (0.01·255)², C2 = (0.03·255)².
// 1 for identical images, lower as structure, contrast or brightness differ. Pure CPU, no GL.
#pragma once

#include <optional>

#include "core/image.hpp"

namespace kiln::render {

// The mean SSIM over every pixel; nullopt when the sizes differ or an image is empty.
std::optional<double> ssim(const core::Image& a, const core::Image& b);

}  // namespace kiln::render
