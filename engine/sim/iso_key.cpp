// The isometric key and the step height, in float64 so no float32 rounding moves a row.
#include "sim/iso_key.hpp"

#include "core/assert.hpp"
#include <cmath>

namespace kiln::sim {

// nearbyint rounds half to even in the default rounding mode, which Kiln never changes;
// std::round would send 0.5 to 1.
std::int32_t particleDepthToStepHeight(float depth) {
  if (!(depth >= -kIsoMaxStepHeight)) return depth < 0 ? -kIsoMaxStepHeight : kIsoMaxStepHeight;  // NaN too
  if (depth > kIsoMaxStepHeight) return kIsoMaxStepHeight;
  return static_cast<std::int32_t>(std::nearbyint(static_cast<double>(depth)));
}

std::uint32_t isoDepthKey(float x, float y, std::int32_t stepHeight, std::int32_t layer) {
  KILN_ASSERT(layer >= -512 && layer <= 511);
  const double row = std::nearbyint((static_cast<double>(x) + static_cast<double>(y)) * 16.0) -
                     static_cast<double>(stepHeight) * 16.0 + static_cast<double>(kIsoRowBias);
  std::uint32_t low;
  if (!(row >= 0.0)) {
    low = std::isnan(row) ? kIsoRowMask : 0u;
  } else {
    low = row > kIsoRowMask ? kIsoRowMask : static_cast<std::uint32_t>(row);
  }
  return (static_cast<std::uint32_t>(layer + 512) << 22) | low;
}

}  // namespace kiln::sim
