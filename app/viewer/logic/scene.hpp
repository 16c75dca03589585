// What the 3D views show besides the renderer's passes: sector outlines, emitter bounds, the
// selection, picks and (until the GPU renderer is present, or on request) CPU particle points.
#pragma once

#include <vector>

#include "logic/overlay.hpp"
#include "logic/viewer_state.hpp"

namespace kiln::viewer {

// The overlay's colours: one home, so the scene and its legend never disagree.
namespace overlay_color {
inline const glm::vec4 kSector{0.55f, 0.6f, 0.68f, 1}, kPortal{0.3f, 0.8f, 0.5f, 1}, kSelectedSector{1, 0.85f, 0.3f, 1};
inline const glm::vec4 kEmitter{0.9f, 0.6f, 0.2f, 0.9f}, kSelectedEmitter{1, 1, 0.3f, 1};
inline const glm::vec4 kStoredBounds{1, 0.9f, 0.2f, 1}, kForgedBounds{1, 0.2f, 0.2f, 1}, kRecomputedBounds{0.2f, 0.9f, 1, 0.8f};
inline const glm::vec4 kCornerOutside{1, 0.15f, 0.15f, 1}, kPick{1, 1, 1, 1}, kGrid{0.28f, 0.3f, 0.34f, 1};
// The face or wall a jump to an escape names, and the escaping billboard's reach past it.
inline const glm::vec4 kEscapePlane{1, 0.3f, 0.9f, 1}, kEscapeReach{1, 0.6f, 1, 1};
}  // namespace overlay_color

struct SceneOptions {
  bool cpuParticles = true;   // draw the CPU reference state of every alive particle as points
  bool allBounds = false;     // stored bounds of every emitter, not only the selected one
};

void buildSceneOverlay(const ViewerState& s, const SceneOptions& o, OverlayList& out);

// One line of the viewport's colour legend.
struct LegendEntry {
  glm::vec4 color;
  const char* label;
};
// The colours buildSceneOverlay draws for this state, in drawing order, each listed once.
std::vector<LegendEntry> overlayLegend(const ViewerState& s, const SceneOptions& o);

// Whether emitter e draws under the blend-pass inspector's solo/mute controls.
bool emitterVisible(const ViewerState& s, std::uint32_t e);

}  // namespace kiln::viewer
