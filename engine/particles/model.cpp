// Source-vocabulary names of the model's enumerations.
#include "particles/model.hpp"

namespace kiln::particles {

std::string_view name(SpawnShape v) { return v == SpawnShape::Box ? "box" : "point"; }
std::string_view name(Flipbook v) { return v == Flipbook::Cycle ? "cycle" : "once"; }
std::string_view name(Facing v) { return v == Facing::Upright ? "upright" : "camera"; }
std::string_view name(PlayMode v) { return v == PlayMode::Cycle ? "cycle" : "once"; }
std::string_view name(Blend v) {
  switch (v) {
    case Blend::Additive: return "additive";
    case Blend::Cutout: return "cutout";
    case Blend::Alpha: return "alpha";
    case Blend::Premultiplied: return "premultiplied";
  }
  return "unknown";
}

}  // namespace kiln::particles
