// Every panel's entry point: one file per panel, each returns early when closed or collapsed.
#pragma once

#include "logic/scene.hpp"
#include "logic/viewer_state.hpp"

struct ImVec4;
namespace kiln::world {
struct EmitterEscapes;
}

namespace kiln::viewer::panels {
namespace timeline { void draw(ViewerState& s); }
namespace outliner { void draw(ViewerState& s); }
namespace bounds {
void draw(ViewerState& s);
// The escape finder's answer for emitter `e` and its jump buttons (the Bounds inspector and the
// Errors panel show the same).
void escapeButtons(ViewerState& s, std::uint32_t e, const world::EmitterEscapes& r);
}  // namespace bounds
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
// The output transform's widgets (View > Output and the Viewport's output button).
namespace output { void controls(ViewerState& s); }
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

// Text wrapped to the window's width at spaces only (logic/text_fit): a number, a path or a field
// path is never split across lines. `color` null: the current text colour.
void wrappedText(std::string_view text, const ImVec4* color = nullptr);
// printf-style wrappedText.
void wrappedf(const char* fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;
// A path in the width left on the line (or `width`), elided in the middle; the whole path in a
// tooltip when it had to be shortened.
void pathText(std::string_view path, float width = 0, const ImVec4* color = nullptr);

// A small on/off toggle drawn as a button, highlighted while on (solo and mute in the Outliner
// and the Blend passes panel); true when pressed.
bool toggleButton(const char* label, bool on, const char* tip);
// The width of a button labelled `label` in the current style.
float buttonWidth(const char* label);
// SameLine when an item `width` wide still fits on the line, else the next line: a row of
// widgets wraps where the panel is narrow (1280x720 docks) instead of running off its edge.
void sameLineIfFits(float width);

// Begins a panel window; false (and the window already ended) when it is closed or collapsed.
bool begin(ViewerState& s, Panel p, int flags = 0);
}  // namespace kiln::viewer::panels
