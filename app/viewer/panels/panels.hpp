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

// The Undo / Redo / Save to YAML row of an edit session (preset tuning, emitter editing); Save
// writes through saveSource, and a compiled level says its edits stay live only. Returns the
// button pressed, for the caller to step its session.
enum class EditButton { None, Undo, Redo };
EditButton editButtons(ViewerState& s, bool canUndo, bool canRedo, bool canSave);

// Begins a panel window; false (and the window already ended) when it is closed or collapsed.
bool begin(ViewerState& s, Panel p, int flags = 0);
}  // namespace kiln::viewer::panels
