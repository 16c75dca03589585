// Stable ordering without allocation: a radix sort of 32-bit keys sized once, and seed 003's
// back-to-front sort of render buffers by depth along the view direction.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "sim/render_buffers.hpp"

namespace kiln::sim {

// Ascending, stable (equal keys keep their input order): LSD radix, four 8-bit passes, a pass
// skipped when every key shares its byte. Sized for `capacity` keys once.
class KeySorter {
 public:
  explicit KeySorter(std::uint32_t capacity);
  std::uint32_t capacity() const { return static_cast<std::uint32_t>(keys_[0].size()); }
  // The input positions 0..n-1 in key order; valid until the next call. n ≤ capacity.
  std::span<const std::uint32_t> sort(std::span<const std::uint32_t> keys);

 private:
  std::vector<std::uint32_t> keys_[2];
  std::vector<std::uint32_t> items_[2];
};

// depth = dot(p − viewPoint, viewDirection) in float32 (no fused multiply-add). viewDirection
// need not be unit length; it scales every depth alike. Perspective and orthographic cameras
// sort by the same depth.
float viewDepth(Float3 p, Float3 viewPoint, Float3 viewDirection);

// A key whose ascending order is descending depth (back to front); −0 equals +0, and a NaN
// depth sorts first, as if farthest.
std::uint32_t backToFrontKey(float depth);

// Seed 003's sortParticlesBackToFront with its index and depth arrays owned, sized once.
class DepthSorter {
 public:
  explicit DepthSorter(std::uint32_t capacity);
  // Buffer entries from farthest to nearest; equal depths keep spawn order (older first).
  std::span<const std::uint32_t> sortBackToFront(const EventRenderBuffers& buffers, Float3 viewPoint,
                                                 Float3 viewDirection);
  // Per buffer entry (spawn order), the depth of the last sort.
  std::span<const float> depths() const { return {depths_.data(), count_}; }

 private:
  std::vector<float> depths_;
  std::vector<std::uint32_t> keys_;
  KeySorter sorter_;
  std::uint32_t count_ = 0;
};

}  // namespace kiln::sim
