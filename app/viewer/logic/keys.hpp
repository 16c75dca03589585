// The viewer's one-shot keyboard shortcuts as GL-free logic: GLFW callbacks and script `key`
// actions both go through applyKey, so a scripted press does exactly what a real one does.
#pragma once

#include <optional>
#include <string_view>

#include "logic/viewer_state.hpp"

namespace kiln::viewer {

enum class Key { Space, Left, Right, F, F1, Tab, Z, Y, O, Q, R, B, I, H, S, G, T, LeftBracket, RightBracket };

struct KeyChord {
  Key key{};
  bool ctrl = false, shift = false;
  friend bool operator==(const KeyChord&, const KeyChord&) = default;
};

// What the caller still has to do (framing needs the renderer's view of the selection).
enum class KeyEffect { None, Done, FrameSelection, FireEvent };

// Space play/pause, Left/Right step one tick (ten with Shift), F frame selection, F1 help,
// Tab orbit/fly, R restart the effect (loop start, playing), B next background, I isolate the
// selection (again: show all), H show all, G fire the sandbox's recipe at the sector surface
// under the mouse (the caller finds the surface), T next tone map (Shift+T: LDR <-> HDR), [ and ]
// exposure down and up by half a stop (Shift: a tenth), Ctrl+Z undo and Ctrl+Y redo (tuning), Ctrl+S save
// the tuning edits to the YAML source, Ctrl+O open,
// Ctrl+Q quit.
// None when the chord means nothing (a plain Z, say).
KeyEffect applyKey(ViewerState& s, const KeyChord& chord);

// "space", "left", "shift+right", "f", "f1", "tab", "ctrl+z", "t", "[", "]" (case-insensitive); nullopt
// otherwise.
std::optional<KeyChord> keyChordFromName(std::string_view name);

}  // namespace kiln::viewer
