// Source-vocabulary names of the model's enumerations, from their spelling tables (model.hpp).
#include "particles/model.hpp"

namespace kiln::particles {

std::string_view name(SpawnShape v) { return core::spelled(kSpawnShapeSpellings, v); }
std::string_view name(Flipbook v) { return core::spelled(kFlipbookSpellings, v); }
std::string_view name(Facing v) { return core::spelled(kFacingSpellings, v); }
std::string_view name(PlayMode v) { return core::spelled(kPlayModeSpellings, v); }
std::string_view name(Blend v) { return core::spelled(kBlendSpellings, v); }

}  // namespace kiln::particles
