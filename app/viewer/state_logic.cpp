// Small GL-free helpers of the viewer state.
#include "viewer_state.hpp"

namespace kiln::viewer {

std::optional<Panel> panelFromName(std::string_view name) {
  for (std::size_t i = 0; i < kPanelNames.size(); ++i)
    if (name == kPanelNames[i]) return static_cast<Panel>(i);
  return std::nullopt;
}

int passIndexForBlend(particles::Blend b) {
  switch (b) {
    case particles::Blend::Cutout: return 0;
    case particles::Blend::Additive: return 1;
    case particles::Blend::Alpha:
    case particles::Blend::Premultiplied: return 2;
  }
  return 1;
}

}  // namespace kiln::viewer
