// Scripted viewer sessions (--script FILE): the action language and its parser (GL-free).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace kiln::viewer {

// One line of a script. Blank lines and lines starting with '#' are ignored.
//   open PATH | time T | play | pause | speed S | step N | panel NAME | pick X Y | pick emitter NAME
//   capture | workspace NAME | inspect PATH (open with stored bounds unchecked)
//   tune FIELD VALUE (edit the selected preset; see tuning::setField) | host FEATURE on|off
//   screenshot PATH | select emitter NAME | wait N (frames) | camera orbit|fly|top | quit
struct ScriptAction {
  enum class Kind { Open, Time, Play, Pause, Speed, Step, Panel, Pick, Capture, Screenshot, Select, Wait, Camera, Quit, Workspace, Inspect, Tune, Host };
  Kind kind{};
  std::string text;   // path, panel name, select kind, camera mode
  std::string name;   // select: object name
  double a = 0, b = 0;  // time / speed / step / pick x,y / wait frames
  int line = 0;
};

struct ScriptError {
  int line = 0;
  std::string message;
};

struct Script {
  std::vector<ScriptAction> actions;
  std::vector<ScriptError> errors;  // every bad line, so a script is fixed in one go
};

Script parseScript(std::string_view text);

// Executes actions in order; `wait N` holds the cursor for N frames.
class ScriptCursor {
 public:
  explicit ScriptCursor(std::vector<ScriptAction> actions) : actions_(std::move(actions)) {}
  // The next action to run this frame, or nullptr when waiting or finished. Call once per
  // action until it returns nullptr, then once per frame again.
  const ScriptAction* next();
  // Called once at the start of each frame.
  void beginFrame();
  bool finished() const { return index_ >= actions_.size() && waitFrames_ == 0; }

 private:
  std::vector<ScriptAction> actions_;
  std::size_t index_ = 0;
  long waitFrames_ = 0;
};

}  // namespace kiln::viewer
