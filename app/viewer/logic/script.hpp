// Scripted viewer sessions (--script FILE): the action language and its parser (GL-free).
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kiln::viewer {

// One line of a script. Blank lines and lines starting with '#' are ignored.
//   open PATH [--discard] | time T | play | pause | speed S | step N | panel NAME | pick X Y | pick emitter NAME
//   capture | workspace NAME | inspect PATH (open with stored bounds unchecked)
//   tune FIELD VALUE (edit the selected preset; see tuning::setField) | host FEATURE on|off
//   screenshot PATH | select emitter NAME | wait N (frames) | camera orbit|fly|top | quit [--discard]
//   look EX EY EZ TX TY TZ (orbit camera from eye to target) | panel NAME off
//   key CHORD (as the keyboard: "space", "shift+right", "ctrl+z") | view NAME on|off
//   write-file PATH TEXT (\n, \t and \\ escapes) | copy-file FROM TO
//   expect-errors N|N+ | expect-time T [TOL] | expect-level NAME
//   save [--overwrite] (edits to the YAML source) | background level|black|grey|checkerboard
//   expect undo available|empty | expect loop START END | expect framed EMITTER
//   expect selected KIND NAME | expect status TEXT (the status line contains TEXT)
//   drag-gizmo x|y|z DX DY (press the selected emitter's handle, move DX, DY pixels, release)
//   expect position EMITTER X Y Z (the mounted emitter's position, ± 1e-6)
//   expect-problem EMITTER TEXT (the outliner flags EMITTER with a reason containing TEXT)
//   capture [LABEL] | capture-set START:END:STEP [video] | bookmark NAME
//   solo emitter|pass NAME|off | mute emitter|pass NAME on|off
//   ab a|b N | ab mode split|flicker|difference|side-by-side | ab load PNG | ab zoom Z
//   hover X Y (the mouse over the Viewport image, for `key g`) | sandbox recipe NAME
//   sandbox tune FIELD VALUE | sandbox rate HZ | sandbox sort view|iso|none|authored
//   sandbox fire X Y Z | sandbox iso-camera | expect event-script N | expect event-pick RECIPE
//   sandbox show recipe|sprite|system|plots (scroll the panel to that part) |
//   sandbox set FIELD WORD (math, dimensions, depth_override, sprite.blend, sprite.palette,
//   sprite.material: events_edit::setWordField) | expect event-refused FIELD (the sandbox's last
//   edit was refused at FIELD, a source path under the recipe or section: "sprite.palette", "math")
//   expect docked (every open panel docked in the main window, the Viewport at least 35% of it)
//   mouse down X Y | mouse down key size|alpha K | mouse move DX DY | mouse up (the left button
//   and the pointer as a hand works them, in window pixels; `key` presses on a curve key)
//   expect value FIELD V [TOL] (the tuning session's field, as `tune` names it)
//   jump first|worst|closest [EMITTER] (the Bounds inspector's jump; default: the selected
//   emitter, else the first that escapes) | expect escape-framed (the jump's particle, stored
//   box and crossed plane are in view, a sector's plane seen from inside)
//   output ldr|hdr | output tonemap clamp|neutral|aces|agx | output exposure EV
//   output auto-exposure|bloom|srgb on|off | output bloom-threshold V | output bloom-intensity V
//   (the Viewport's output transform, as View > Output sets it: logic/view_output.hpp)
// A failed expect-* line fails the session (exit 1) and the script goes on, so one run reports
// every broken expectation; any other action that fails stops the session with exit 1.
struct ScriptAction {
  enum class Kind { Open, Time, Play, Pause, Speed, Step, Panel, Pick, Capture, Screenshot, Select, Wait, Camera, Quit, Workspace, Inspect, Tune, Host,
                    Look, Key, View, WriteFile, CopyFile, ExpectErrors, ExpectTime, ExpectLevel, Save, Background, Expect, DragGizmo,
                    ExpectProblem, CaptureSet, Bookmark, Solo, Mute, AB, Hover, Sandbox, Mouse, Jump, Output };
  Kind kind{};
  std::string text;   // path, panel name, select kind, camera mode, key chord, view name
  std::string name;   // select: object name; write-file: the unescaped text; copy-file: target
  std::string word;   // sandbox set: the value word
  std::array<double, 6> look{};  // look: eye then target
  double a = 0, b = 0;  // time / speed / step / pick x,y / wait frames / view and panel on=1 / expected
                        // errors (b=1: at least a) / expected time and tolerance
  // open/inspect PATH --discard, quit --discard: unsaved edits may go; save --overwrite: write
  // over a source that changed on disk since it was loaded.
  bool force = false;
  int line = 0;
};

// Every action word the parser knows (for "did you mean" on an unknown one).
inline constexpr std::array<const char*, 41> kActionNames{
    "open", "inspect", "screenshot", "time", "speed", "step", "wait", "pick", "play", "pause", "capture", "quit", "host",
    "tune", "workspace", "panel", "look", "camera", "select", "key", "view", "write-file", "copy-file", "expect-errors",
    "expect-time", "expect-level", "expect-problem", "capture-set", "bookmark", "save", "solo", "mute", "ab",
    "background", "drag-gizmo", "expect", "hover", "sandbox", "mouse", "jump", "output"};

// `ab mode` names, in Comparison::Mode order.
inline constexpr std::array<const char*, 5> kABModeNames{"split", "flicker", "difference", "side-by-side", "flip"};

// The debug views `view NAME on|off` toggles (the View menu's check boxes).
inline constexpr std::array<const char*, 9> kViewNames{"sector-planes", "stored-bounds", "recomputed-bounds",
                                                       "grid",          "overdraw",      "top-view",
                                                       "cpu-points",    "all-bounds",    "legend"};

// The tolerance of `expect-time T` without one: far above the rounding of summed 1/60 s frames,
// far below one tick.
inline constexpr double kExpectTimeTolerance = 1e-6;

// The ranges of the script's numbers (docs/viewer.md "Script limits"), checked by the parser so
// nothing is cast out of range, or waited on for ever, when the line runs. Times are the clock's
// (LevelClock::kMaxTime), speeds and steps its own limits.
inline constexpr double kMaxWaitFrames = 1e6;  // wait N: whole frames (about 4.6 hours at 60 Hz)
// ab a|b N, expect-errors N, expect event-script N: whole numbers, 0 up to this.
inline constexpr double kMaxScriptCount = 1e6;
// pick X Y, hover X Y, drag-gizmo DX DY: pixels of the Viewport image, |v| up to this (twice
// the largest capture side; a point off the image is allowed, and picks nothing).
inline constexpr double kMaxScriptPixels = 16384;
// Positions (look, sandbox fire, expect position) and tuned values (tune, sandbox tune) must be
// finite as float32: the renderer's camera, the simulation and the format hold them so.

// The expect-* kinds: a failed one fails the session but the script goes on. Any other failed
// action stops the session.
inline bool isExpectation(ScriptAction::Kind k) {
  return k == ScriptAction::Kind::ExpectErrors || k == ScriptAction::Kind::ExpectTime ||
         k == ScriptAction::Kind::ExpectLevel || k == ScriptAction::Kind::ExpectProblem || k == ScriptAction::Kind::Expect;
}

// write-file's TEXT with \n, \t and \\ replaced; nullopt on any other escape or a trailing '\'.
std::optional<std::string> unescapeText(std::string_view text);

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
