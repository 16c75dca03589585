// Internals shared by the world layer's sources (not part of the public API).
#pragma once

#include <cstddef>
#include <string_view>
#include <vector>

#include "core/diagnostic.hpp"
#include "world/world.hpp"

namespace kiln::world::detail {

inline constexpr std::size_t kNoSectorIndex = static_cast<std::size_t>(-1);

// validateWorld, also recording for each diagnostic the sector it concerns (kNoSectorIndex for
// world-wide ones) so the decoder can report that sector's byte offset.
void validateWorldInto(const World& w, core::Diagnostics& out, std::vector<std::size_t>& sectorOf);

}  // namespace kiln::world::detail
