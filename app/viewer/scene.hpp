// What the 3D views show besides the renderer's passes: sector outlines, emitter bounds, the
// selection, picks and (until the GPU renderer is present, or on request) CPU particle points.
#pragma once

#include "overlay.hpp"
#include "viewer_state.hpp"

namespace kiln::viewer {

struct SceneOptions {
  bool cpuParticles = true;   // draw the CPU reference state of every alive particle as points
  bool allBounds = false;     // stored bounds of every emitter, not only the selected one
};

void buildSceneOverlay(const ViewerState& s, const SceneOptions& o, OverlayList& out);

// Whether emitter e draws under the blend-pass inspector's solo/mute controls.
bool emitterVisible(const ViewerState& s, std::uint32_t e);

}  // namespace kiln::viewer
