// Every panel's entry point: one file per panel, each returns early when closed or collapsed.
#pragma once

#include "logic/scene.hpp"
#include "logic/viewer_state.hpp"

namespace kiln::viewer::panels {
namespace timeline { void draw(ViewerState& s); }
namespace outliner { void draw(ViewerState& s); }
namespace bounds { void draw(ViewerState& s); }
namespace budgets { void draw(ViewerState& s); }
namespace blend { void draw(ViewerState& s); }
namespace pick { void draw(ViewerState& s); }
namespace tuning { void draw(ViewerState& s); }
namespace captures { void draw(ViewerState& s); }
namespace capabilities { void draw(ViewerState& s); }
namespace errors { void draw(ViewerState& s); }
namespace help { void draw(ViewerState& s); }
namespace open { void draw(ViewerState& s); }
namespace top_view { void draw(ViewerState& s); }
namespace emitter { void draw(ViewerState& s); }
namespace events { void draw(ViewerState& s); }
// The modal question of ViewerState::ui.prompt (unsaved edits, a source changed on disk).
namespace prompt { void draw(ViewerState& s); }
// The 3D view's window (not in drawAll: the frame draws it first, with the scene's options).
namespace viewport { void draw(ViewerState& s, const SceneOptions& scene); }

// Draws every open panel in a fixed order.
void drawAll(ViewerState& s);

// The Undo / Redo / Save to YAML row of an edit session: the buttons push Undo / Redo for
// `target` and SaveSource; a compiled level says its edits stay live only.
void editButtons(ViewerState& s, EditTarget target, bool canUndo, bool canRedo, bool canSave);
// The session's problems as a list at the top of its panel (nothing when there are none).
void editProblems(const core::Diagnostics& diagnostics, bool refused);
// After a field's widget: when a diagnostic names `path` (or something under it), frames the
// widget in red and writes the reason under it. True when it did.
bool markField(const core::Diagnostics& diagnostics, std::string_view path, bool refused);

// The A/B probe's tooltip: pixel (x, y) of A and of B, their difference and, when given, the
// pair's ꟻLIP value there.
void pixelProbe(const core::Image& A, const core::Image& B, std::uint32_t x, std::uint32_t y,
                const std::vector<float>* flipMap = nullptr);

// The A/B modes as one row of radio buttons (the Captures panel and the Viewport's bar).
void abModeButtons(Comparison& c);

// Begins a panel window; false (and the window already ended) when it is closed or collapsed.
bool begin(ViewerState& s, Panel p, int flags = 0);
}  // namespace kiln::viewer::panels
