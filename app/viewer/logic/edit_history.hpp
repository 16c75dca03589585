// Undo/redo of one edited value (a preset, an emitter): what is on disk, the last undo point and
// what the widgets are changing. GL-free.
#pragma once

#include <vector>

namespace kiln::viewer {

template <class T>
struct EditHistory {
  T saved;      // as in the file on disk (what "save" diffs against)
  T committed;  // last undo point
  T working;    // what the widgets edit
  std::vector<T> undoStack, redoStack;

  void reset(const T& value) {
    saved = committed = working = value;
    undoStack.clear();
    redoStack.clear();
  }
  // Records `working` as an undo point (call when a widget edit ends).
  void commit() {
    if (working == committed) return;
    undoStack.push_back(committed);
    redoStack.clear();
    committed = working;
  }
  bool undo() {
    if (undoStack.empty()) return false;
    redoStack.push_back(committed);
    committed = working = undoStack.back();
    undoStack.pop_back();
    return true;
  }
  bool redo() {
    if (redoStack.empty()) return false;
    undoStack.push_back(committed);
    committed = working = redoStack.back();
    redoStack.pop_back();
    return true;
  }
};

}  // namespace kiln::viewer
