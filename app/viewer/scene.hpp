// What the 3D views show besides the renderer's passes: sector outlines, emitter bounds, the
// selection, picks and (until the GPU renderer is present, or on request) CPU particle points.
#pragma once

#include "overlay.hpp"
#include "viewer_state.hpp"

namespace kiln::viewer {

// The bounds colours, shared by the viewport overlay and its legend (panels/legend.cpp).
inline const glm::vec4 kProblemBoxColor{1, 0.2f, 0.2f, 1};       // stored box of a flagged emitter
inline const glm::vec4 kRecomputedBoxColor{0.2f, 0.9f, 1, 0.8f};  // conservativeEmitterBounds
inline const glm::vec4 kOutsideCornerColor{1, 0.15f, 0.15f, 1};   // a corner outside its sector

struct SceneOptions {
  bool cpuParticles = true;   // draw the CPU reference state of every alive particle as points
  bool allBounds = false;     // stored bounds of every emitter, not only the selected one
};

void buildSceneOverlay(const ViewerState& s, const SceneOptions& o, OverlayList& out);

// Whether emitter e draws under the blend-pass inspector's solo/mute controls.
bool emitterVisible(const ViewerState& s, std::uint32_t e);

}  // namespace kiln::viewer
