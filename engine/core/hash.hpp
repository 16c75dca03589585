// Hashes: FNV-1a 64 for determinism checks (render buffers, captures, files) and the 32-bit
// integer mix that seeds every per-particle random value (worldparticles and event particles).
#pragma once

#include <bit>
#include <cstdint>
#include <span>
#include <string_view>

namespace kiln::core {

class Fnv1a {
 public:
  static constexpr std::uint64_t kOffset = 0xcbf29ce484222325ull;
  static constexpr std::uint64_t kPrime = 0x100000001b3ull;

  void bytes(std::span<const std::uint8_t> b) {
    for (std::uint8_t c : b) {
      h_ ^= c;
      h_ *= kPrime;
    }
  }
  void text(std::string_view s) {
    for (char c : s) {
      h_ ^= static_cast<std::uint8_t>(c);
      h_ *= kPrime;
    }
  }
  void u32(std::uint32_t v) {
    for (int i = 0; i < 4; ++i) {
      h_ ^= (v >> (8 * i)) & 0xffu;
      h_ *= kPrime;
    }
  }
  void f32(float v) { u32(std::bit_cast<std::uint32_t>(v)); }
  std::uint64_t value() const { return h_; }

 private:
  std::uint64_t h_ = kOffset;
};

// A 32-bit integer finalizer (two multiply-xorshift rounds); uint32 wrap-around is intended.
// shaders/particle_common.glsl copies it operation for operation.
constexpr std::uint32_t mixHash(std::uint32_t x) {
  x ^= x >> 16;
  x *= 0x7feb352dU;
  x ^= x >> 15;
  x *= 0x846ca68bU;
  x ^= x >> 16;
  return x;
}

inline std::uint64_t fnv1a(std::span<const std::uint8_t> b) {
  Fnv1a h;
  h.bytes(b);
  return h.value();
}

}  // namespace kiln::core
