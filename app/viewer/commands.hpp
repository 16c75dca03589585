// The viewer's command queue: what menus, panels, keys, file drops and scripts ask for during a
// frame, run by the frame at the point where it can (a level opens before the scene is drawn, a
// screenshot is read back after it). Panels only ever push; they never act on the frame.
#pragma once

#include <deque>
#include <filesystem>
#include <variant>
#include <vector>

namespace kiln::viewer {

// Open a level; `relaxed` is the forged-bounds "inspect anyway" (stored bounds not enforced).
struct OpenLevel {
  std::filesystem::path path;
  bool relaxed = false;
};
// Write the window as a PNG once this frame has rendered.
struct TakeScreenshot {
  std::filesystem::path path;
};
// Capture the current camera at the current level time.
struct CaptureNow {};
// Write the camera bookmarks beside the level.
struct SaveBookmarks {};
// Step the tuning session back or forward (the keyboard's Ctrl+Z / Ctrl+Y).
struct TuningUndo {};
struct TuningRedo {};
// Write the tuning edits back to the YAML source (Ctrl+S, the panel's button, `save`).
struct SaveSource {};

using Command = std::variant<OpenLevel, TakeScreenshot, CaptureNow, SaveBookmarks, TuningUndo, TuningRedo, SaveSource>;

class CommandQueue {
 public:
  void push(Command c) { items_.push_back(std::move(c)); }
  // Removes the queued commands of kind T and returns them oldest first; others stay queued.
  template <class T>
  std::vector<T> take() {
    std::vector<T> out;
    for (auto it = items_.begin(); it != items_.end();) {
      if (auto* c = std::get_if<T>(&*it)) {
        out.push_back(std::move(*c));
        it = items_.erase(it);
      } else {
        ++it;
      }
    }
    return out;
  }
  bool empty() const { return items_.empty(); }
  std::size_t size() const { return items_.size(); }
  const std::deque<Command>& items() const { return items_; }

 private:
  std::deque<Command> items_;
};

}  // namespace kiln::viewer
