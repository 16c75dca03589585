// Small GL-free helpers of the viewer state.
#include <algorithm>

#include "logic/viewer_state.hpp"

namespace kiln::viewer {

std::optional<Panel> panelFromName(std::string_view name) {
  for (std::size_t i = 0; i < kPanelNames.size(); ++i)
    if (name == kPanelNames[i]) return static_cast<Panel>(i);
  return std::nullopt;
}

std::vector<std::string> dockedTitles() {
  std::vector<std::string> titles{"Viewport", "Top view"};
  titles.insert(titles.end(), kPanelTitles.begin(), kPanelTitles.end());
  return titles;
}

std::optional<Background> backgroundFromName(std::string_view name) {
  for (std::size_t i = 0; i < kBackgroundNames.size(); ++i)
    if (name == kBackgroundNames[i]) return static_cast<Background>(i);
  return std::nullopt;
}

void isolateSelection(ViewerState& s) {
  const particles::Document* doc = s.doc.level ? s.doc.level->particles() : nullptr;
  if (!doc) return;
  PassControls& pc = s.view.passes;
  const Selection& sel = s.view.selection;
  if (sel.kind == Selection::Kind::Emitter && sel.index < doc->emitters.size()) {
    pc.soloEmitter = static_cast<int>(sel.index);
  } else if (sel.kind == Selection::Kind::Preset && sel.index < doc->presets.size()) {
    pc.soloEmitter = -1;
    pc.emitterMuted.assign(doc->emitters.size(), 0);
    for (std::size_t e = 0; e < doc->emitters.size(); ++e) pc.emitterMuted[e] = doc->emitters[e].preset != sel.index;
  }
}

bool isolated(const ViewerState& s) {
  const PassControls& pc = s.view.passes;
  return pc.soloEmitter >= 0 || std::any_of(pc.emitterMuted.begin(), pc.emitterMuted.end(), [](std::uint8_t m) { return m != 0; });
}

void showAll(PassControls& pc) {
  pc.soloEmitter = -1;
  std::fill(pc.emitterMuted.begin(), pc.emitterMuted.end(), 0);
  pc.soloPass = -1;
  pc.passMuted.fill(false);
}

int passIndexForBlend(particles::Blend b) { return static_cast<int>(render::particlePassIndex(b)); }

}  // namespace kiln::viewer
