// The isometric key, in float64 so no float32 rounding moves a row.
#include "sim/iso_key.hpp"

#include "core/assert.hpp"
#include <cmath>

namespace kiln::sim {

// nearbyint rounds half to even in the default rounding mode, which Kiln never changes;
// std::round would send 0.5 to 1.
std::uint32_t isoDepthKeyOfSum(double xPlusY, std::int32_t stepHeight, std::int32_t layer) {
  KILN_ASSERT(layer >= -512 && layer <= 511);
  const double row = std::nearbyint(xPlusY * 16.0) - static_cast<double>(stepHeight) * 16.0 +
                     static_cast<double>(kIsoRowBias);
  std::uint32_t low;
  if (!(row >= 0.0)) {
    low = std::isnan(row) ? kIsoRowMask : 0u;
  } else {
    low = row > kIsoRowMask ? kIsoRowMask : static_cast<std::uint32_t>(row);
  }
  return (static_cast<std::uint32_t>(layer + 512) << 22) | low;
}

}  // namespace kiln::sim
