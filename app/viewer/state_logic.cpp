// Small GL-free helpers of the viewer state.
#include "viewer_state.hpp"

namespace kiln::viewer {

std::optional<Panel> panelFromName(std::string_view name) {
  for (std::size_t i = 0; i < kPanelNames.size(); ++i)
    if (name == kPanelNames[i]) return static_cast<Panel>(i);
  return std::nullopt;
}

std::optional<Background> backgroundFromName(std::string_view name) {
  for (std::size_t i = 0; i < kBackgroundNames.size(); ++i)
    if (name == kBackgroundNames[i]) return static_cast<Background>(i);
  return std::nullopt;
}

int passIndexForBlend(particles::Blend b) { return static_cast<int>(render::particlePassIndex(b)); }

}  // namespace kiln::viewer
