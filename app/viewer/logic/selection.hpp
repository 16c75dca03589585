// What the user has selected: one sector, emitter, preset or texture (highlighted in 3D).
#pragma once

#include <cstdint>

namespace kiln::viewer {

struct Selection {
  enum class Kind { None, Sector, Emitter, Preset, Texture };
  Kind kind = Kind::None;
  std::uint32_t index = 0;
  bool is(Kind k, std::uint32_t i) const { return kind == k && index == i; }
  friend bool operator==(const Selection&, const Selection&) = default;
};

}  // namespace kiln::viewer
