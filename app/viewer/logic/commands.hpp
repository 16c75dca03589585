// The viewer's command queue: what menus, panels, keys, file drops and scripts ask for during a
// frame, run by the frame at the point where it can (a level opens before the scene is drawn, a
// screenshot is read back after it). Panels only ever push; they never act on the frame.
#pragma once

#include "logic/escape_view.hpp"
#include <array>
#include <cstdint>
#include <deque>
#include <filesystem>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "logic/edit_session.hpp"
#include "particles/model.hpp"
#include "sim/model.hpp"

namespace kiln::viewer {

// Open a level; `relaxed` is the forged-bounds "inspect anyway" (stored bounds not enforced).
// With unsaved edits the frame asks first, unless `discard` says they may go. `keepClock`: the
// level time stays where it is (inspecting a refused file shows it at the moment it was refused)
// instead of starting the new level at 0.
struct OpenLevel {
  std::filesystem::path path;
  bool relaxed = false;
  bool discard = false;
  bool keepClock = false;
};
// Write the window as a PNG once this frame has rendered.
struct TakeScreenshot {
  std::filesystem::path path;
};
// Capture the current camera at the current level time.
struct CaptureNow {};
// Add a PNG from disk to the capture list (for A/B against anything).
struct LoadCaptureImage {
  std::filesystem::path path;
};
// Write the camera bookmarks beside the level.
struct SaveBookmarks {};
// A new value for an edit session, from a panel's widgets, the move gizmo or a script: the frame
// validates it and applies it when valid (logic/edit_session.hpp has the rule). `ends`: the
// gesture is over (mouse released, field left), so the value becomes an undo point or is refused.
// `index` names the preset or emitter the value is for: an edit that arrives after its session
// moved to another one is dropped rather than applied to the wrong object.
struct EditPreset {
  std::uint32_t index = 0;
  particles::Preset value;
  bool ends = false;
};
struct EditEmitter {
  std::uint32_t index = 0;
  particles::Emitter value;
  bool ends = false;
};
struct EditEvents {
  sim::Events value;
  bool ends = false;
};
// Fire the event sandbox's recipe at a position, at the current level time (one edit of the
// events section: a burst appended to its script).
struct FireEvent {
  std::array<double, 3> position{};
};
// Step an edit session back or forward: the one named (a panel's buttons), or the one whose last
// step is the latest of all (Ctrl+Z / Ctrl+Y).
struct Undo {
  std::optional<EditTarget> target;
};
struct Redo {
  std::optional<EditTarget> target;
};
// How a save treats a source that changed on disk since it was loaded: ask (the default; a
// script fails), write the edits over it, or apply the edits to the file as it is now.
enum class SaveMode { Ask, Overwrite, Reapply };
// Write the tuning edits back to the YAML source (Ctrl+S, the panel's button, `save`). After a
// save that succeeds, the frame goes on with what the user asked for before it ("save and quit",
// "save and open").
struct SaveSource {
  SaveMode mode = SaveMode::Ask;
  bool thenQuit = false;
  std::optional<OpenLevel> thenOpen;
};
// Close the viewer (Ctrl+Q, the menu, the window's close button); with unsaved edits the frame
// asks first, unless `discard` says they may go.
struct RequestQuit {
  bool discard = false;
};
// Reload the mounted level from disk, dropping unsaved edits (the answer to "changed on disk").
struct ReloadLevel {};
// "Jump to first escape" and its kin (logic/escape_view.hpp): time, selection, camera, mark.
// `name`, when given, names the emitter instead of `emitter` (resolved once the level it belongs
// to is mounted: the Errors panel's "inspect anyway and jump" opens the refused file first).
struct JumpToEscape {
  std::uint32_t emitter = 0;
  EscapeWhich which = EscapeWhich::First;
  std::string name;
};

using Command = std::variant<OpenLevel, TakeScreenshot, CaptureNow, SaveBookmarks, EditPreset, EditEmitter, EditEvents,
                             FireEvent, Undo, Redo, SaveSource, LoadCaptureImage, RequestQuit, ReloadLevel,
                             JumpToEscape>;

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
  // Removes the queued commands of any of the kinds Ts and returns them in the order they were
  // pushed (edits and undos must run in the order the user gave them).
  template <class... Ts>
  std::vector<Command> takeInOrder() {
    std::vector<Command> out;
    for (auto it = items_.begin(); it != items_.end();) {
      if ((std::holds_alternative<Ts>(*it) || ...)) {
        out.push_back(std::move(*it));
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

// Files dropped on the window: each PNG joins the A/B list (a reviewer drags last week's capture
// in to compare); the first other file opens as the level (asking first over unsaved edits),
// and further level files in the same drop are left alone, since only one level is open at a time.
inline void pushDroppedFiles(CommandQueue& q, const std::vector<std::filesystem::path>& paths) {
  bool level = false;
  for (const auto& p : paths) {
    std::string ext = p.extension().string();
    for (char& c : ext) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    if (ext == ".png") q.push(LoadCaptureImage{p});
    else if (!level) q.push(OpenLevel{p}), level = true;
  }
}

}  // namespace kiln::viewer
