// The radix sort and the view-depth key.
#include "sim/sort.hpp"

#include <array>
#include <bit>
#include "core/assert.hpp"

namespace kiln::sim {

KeySorter::KeySorter(std::uint32_t capacity)
    : keys_{std::vector<std::uint32_t>(capacity), std::vector<std::uint32_t>(capacity)},
      items_{std::vector<std::uint32_t>(capacity), std::vector<std::uint32_t>(capacity)} {}

std::span<const std::uint32_t> KeySorter::sort(std::span<const std::uint32_t> keys) {
  const std::size_t n = keys.size();
  KILN_ASSERT(n <= capacity());
  int cur = 0;
  for (std::size_t i = 0; i < n; ++i) {
    keys_[0][i] = keys[i];
    items_[0][i] = static_cast<std::uint32_t>(i);
  }
  std::array<std::uint32_t, 256> count;
  for (int shift = 0; shift < 32; shift += 8) {
    count.fill(0);
    const std::uint32_t* k = keys_[cur].data();
    for (std::size_t i = 0; i < n; ++i) ++count[(k[i] >> shift) & 0xffu];
    if (n == 0 || count[(k[0] >> shift) & 0xffu] == n) continue;  // every key shares this byte
    std::uint32_t sum = 0;
    for (std::uint32_t& c : count) {
      const std::uint32_t here = c;
      c = sum;
      sum += here;
    }
    const std::uint32_t* it = items_[cur].data();
    std::uint32_t* k2 = keys_[1 - cur].data();
    std::uint32_t* it2 = items_[1 - cur].data();
    for (std::size_t i = 0; i < n; ++i) {
      const std::uint32_t at = count[(k[i] >> shift) & 0xffu]++;
      k2[at] = k[i];
      it2[at] = it[i];
    }
    cur = 1 - cur;
  }
  return {items_[cur].data(), n};
}

float viewDepth(Float3 p, Float3 e, Float3 d) {
  const float x = (p.x - e.x) * d.x;
  const float y = (p.y - e.y) * d.y;
  const float z = (p.z - e.z) * d.z;
  return x + y + z;
}

std::uint32_t backToFrontKey(float depth) {
  const std::uint32_t bits = std::bit_cast<std::uint32_t>(depth + 0.0f);  // −0 + 0 = +0
  // Flip negatives entirely and set the sign bit of positives: unsigned order = float order.
  const std::uint32_t ascending = (bits & 0x80000000u) ? ~bits : (bits | 0x80000000u);
  return ~ascending;
}

DepthSorter::DepthSorter(std::uint32_t capacity) : depths_(capacity), keys_(capacity), sorter_(capacity) {}

std::span<const std::uint32_t> DepthSorter::sortBackToFront(const EventRenderBuffers& buffers, Float3 viewPoint,
                                                            Float3 viewDirection) {
  count_ = std::min(buffers.count(), static_cast<std::uint32_t>(depths_.size()));
  const auto pos = buffers.position();
  const std::uint32_t dims = buffers.dimensions();
  for (std::uint32_t i = 0; i < count_; ++i) {
    // A 2D position lies in the plane z = 0.
    const float z = dims == 3 ? pos[dims * i + 2] : 0.0f;
    depths_[i] = viewDepth({pos[dims * i], pos[dims * i + 1], z}, viewPoint, viewDirection);
    keys_[i] = backToFrontKey(depths_[i]);
  }
  return sorter_.sort({keys_.data(), count_});
}

}  // namespace kiln::sim
