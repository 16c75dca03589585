// Image helpers shared by screenshots and A/B comparisons (GL-free).
#include <algorithm>
#include <cstring>

#include "screenshot.hpp"

namespace kiln::viewer {

void flipRows(core::Image& image) {
  const std::size_t row = std::size_t{image.width} * 4;
  for (std::uint32_t y = 0; y < image.height / 2; ++y) {
    auto* a = image.rgba.data() + y * row;
    auto* b = image.rgba.data() + (image.height - 1 - y) * row;
    std::swap_ranges(a, a + row, b);
  }
}

}  // namespace kiln::viewer
