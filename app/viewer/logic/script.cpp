// Parsing and stepping of --script files (GL-free, unit-tested in tests/viewer).
#include "logic/script.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <sstream>

#include "logic/camera.hpp"
#include "logic/clock.hpp"
#include "core/float.hpp"
#include "logic/keys.hpp"
#include "logic/layout.hpp"
#include "logic/view_output.hpp"
#include "loader/time_range.hpp"
#include "sim/model.hpp"
#include "source/suggest.hpp"

namespace kiln::viewer {
namespace {

std::vector<std::string> words(std::string_view line) {
  std::vector<std::string> out;
  std::istringstream in{std::string(line)};
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

bool number(const std::string& s, double& out) {
  const char* end = s.data() + s.size();
  auto [p, ec] = std::from_chars(s.data(), end, out);
  return ec == std::errc{} && p == end && std::isfinite(out);
}

// A number that fits a float32 (positions and tuned values: docs/viewer.md "Script limits").
bool f32(const std::string& s, double& out) {
  return number(s, out) && core::finiteAsF32(out);
}

// A whole number in [0, hi], so casting it to an index or a frame count is exact.
bool count(const std::string& s, double& out, double hi) {
  return number(s, out) && out >= 0 && out <= hi && out == std::floor(out);
}

bool pixels(double v) {
  return std::abs(v) <= kMaxScriptPixels;
}
bool levelTime(double v) {
  return v >= 0 && v <= LevelClock::kMaxTime;
}

// The rest of the line after the keyword, so paths may contain spaces.
std::string rest(std::string_view line, std::string_view keyword) {
  auto pos = line.find(keyword);
  std::string_view r = line.substr(pos + keyword.size());
  while (!r.empty() && (r.front() == ' ' || r.front() == '\t')) r.remove_prefix(1);
  while (!r.empty() && (r.back() == ' ' || r.back() == '\t' || r.back() == '\r')) r.remove_suffix(1);
  return std::string(r);
}

// The text after the first word that follows the keyword (write-file's TEXT after its PATH).
std::string afterWord(std::string_view line, std::string_view keyword) {
  std::string r = rest(line, keyword);
  std::size_t p = r.find_first_of(" \t");
  if (p == std::string::npos) return {};
  p = r.find_first_not_of(" \t", p);
  return p == std::string::npos ? std::string() : r.substr(p);
}

}  // namespace

std::optional<std::string> unescapeText(std::string_view text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '\\') {
      out += text[i];
      continue;
    }
    if (++i == text.size()) return std::nullopt;
    switch (text[i]) {
      case 'n': out += '\n'; break;
      case 't': out += '\t'; break;
      case '\\': out += '\\'; break;
      default: return std::nullopt;
    }
  }
  return out;
}

Script parseScript(std::string_view text) {
  using K = ScriptAction::Kind;
  Script script;
  int lineNo = 0;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(start, end - start);
    start = end + 1;
    ++lineNo;
    auto w = words(line);
    if (w.empty() || w[0][0] == '#') {
      if (end == text.size()) break;
      continue;
    }
    ScriptAction a;
    a.line = lineNo;
    auto fail = [&](std::string msg) { script.errors.push_back({lineNo, std::move(msg)}); };
    const std::string& k = w[0];
    auto needNumbers = [&](std::size_t n) {
      if (w.size() != n + 1) return fail("'" + k + "' takes " + std::to_string(n) + " number(s)"), false;
      if (!number(w[1], a.a) || (n == 2 && !number(w[2], a.b))) return fail("'" + k + "' needs finite numbers"), false;
      return true;
    };
    bool ok = true;
    if (k == "open" || k == "screenshot" || k == "inspect") {
      a.kind = k == "open" ? K::Open : k == "inspect" ? K::Inspect : K::Screenshot;
      a.text = rest(line, k);
      // open/inspect PATH --discard: the unsaved edits may go (the word ends the line, so a path
      // keeps its spaces).
      constexpr std::string_view kDiscard = " --discard";
      if (a.kind != K::Screenshot && a.text.size() > kDiscard.size() && a.text.ends_with(kDiscard)) {
        a.force = true;
        a.text.resize(a.text.size() - kDiscard.size());
        while (!a.text.empty() && (a.text.back() == ' ' || a.text.back() == '\t')) a.text.pop_back();
      }
      if (a.text.empty() || a.text == "--discard") ok = false, fail("'" + k + "' needs a path");
    } else if (k == "time") {
      a.kind = K::Time;
      ok = needNumbers(1) && (a.a >= 0 || (fail("'time' must not be negative"), false)) &&
           (a.a <= LevelClock::kMaxTime ||
            (fail("'time' must be at most 1e9 seconds (the viewer clock's limit, docs/limits.md)"), false));
    } else if (k == "speed") {
      a.kind = K::Speed;
      ok = needNumbers(1) && ((a.a >= LevelClock::kMinSpeed && a.a <= LevelClock::kMaxSpeed) ||
                              (fail("'speed' takes 0.1 to 4 (the timeline's range)"), false));
    } else if (k == "step") {
      a.kind = K::Step;
      ok = needNumbers(1) &&
           ((std::abs(a.a) <= LevelClock::kMaxStepTicks && a.a == std::floor(a.a)) ||
            (fail("'step' takes whole ticks between -1000000 and 1000000"), false));
    } else if (k == "wait") {
      a.kind = K::Wait;
      ok = needNumbers(1) && ((a.a >= 0 && a.a <= kMaxWaitFrames && a.a == std::floor(a.a)) ||
                              (fail("'wait' takes whole frames between 0 and 1000000"), false));
    } else if (k == "pick" && w.size() == 3 && w[1] == "emitter") {
      // Picks through the pixel where the emitter's first alive particle is drawn.
      a.kind = K::Pick;
      a.text = "emitter";
      a.name = w[2];
    } else if (k == "pick") {
      a.kind = K::Pick;
      ok = needNumbers(2) && ((pixels(a.a) && pixels(a.b)) ||
                              (fail("'pick' takes pixels X Y between -16384 and 16384"), false));
    } else if (k == "capture") {
      a.kind = K::Capture;  // an optional label, as the panel's label field
      if (w.size() > 2) ok = false, fail("'capture' takes at most a LABEL");
      else a.text = w.size() == 2 ? w[1] : "current";
    } else if (k == "capture-set") {
      a.kind = K::CaptureSet;
      std::string why;
      const auto times = w.size() >= 2 ? loader::parseTimeRange(w[1], why) : std::nullopt;
      bool words = true, video = false;
      std::string label = "current";
      for (std::size_t i = 2; i < w.size() && words; ++i) {
        if (w[i] == "video" && !video) video = true;
        else if (w[i] == "label" && i + 1 < w.size() && label == "current") label = w[++i];
        else words = false;
      }
      if (!words || !times)
        ok = false, fail("'capture-set' takes START:END:STEP, then optionally the word video and label LABEL");
      else if (!levelTime(times->front()) || !levelTime(times->back()))
        ok = false, fail("'capture-set' times must lie in 0..1e9 seconds (the viewer clock's limit)");
      else a.text = w[1], a.a = video ? 1 : 0, a.name = label;
    } else if (k == "bookmark") {
      a.kind = K::Bookmark;
      if (w.size() != 2) ok = false, fail("'bookmark' takes a NAME");
      else a.text = w[1];
    } else if (k == "solo" || k == "mute") {
      a.kind = k == "solo" ? K::Solo : K::Mute;
      const bool what = w.size() >= 3 && (w[1] == "emitter" || w[1] == "pass");
      if (k == "solo" && (!what || w.size() != 3)) ok = false, fail("'solo' takes emitter|pass NAME, or emitter|pass off");
      else if (k == "mute" && (!what || w.size() != 4 || (w[3] != "on" && w[3] != "off")))
        ok = false, fail("'mute' takes emitter|pass NAME on|off");
      else a.text = w[1], a.name = w[2], a.a = k == "solo" ? (w[2] == "off" ? 0 : 1) : (w[3] == "on" ? 1 : 0);
    } else if (k == "ab") {
      a.kind = K::AB;
      const std::string sub = w.size() >= 2 ? w[1] : std::string();
      const auto mode = w.size() == 3 ? std::find_if(kABModeNames.begin(), kABModeNames.end(), [&](const char* n) { return w[2] == n; })
                                      : kABModeNames.end();
      if ((sub == "a" || sub == "b") && w.size() == 3 && count(w[2], a.a, kMaxScriptCount))
        a.text = sub;
      else if (sub == "mode" && mode != kABModeNames.end())
        a.text = sub, a.a = static_cast<double>(mode - kABModeNames.begin());
      else if (sub == "load" && w.size() >= 3)
        a.text = sub, a.name = rest(line, "load");
      else if (sub == "zoom" && w.size() == 3 && w[2] == "change")
        a.text = "zoom-change";
      else if (sub == "zoom" && w.size() == 3 && number(w[2], a.a) && a.a >= 1 && a.a <= 16)
        a.text = sub;
      else if (sub == "viewport" && w.size() == 3 && (w[2] == "on" || w[2] == "off"))
        a.text = sub, a.a = w[2] == "on";
      else if (sub == "gain" && w.size() == 3 && number(w[2], a.a) && a.a >= 1 && a.a <= 64)
        a.text = sub;
      else
        ok = false, fail("'ab' takes a|b N (a whole number 0..1000000), mode split|flicker|difference|"
                         "side-by-side|flip, load PNG, zoom 1..16, zoom change, viewport on|off or gain 1..64");
    } else if (k == "quit") {
      a.kind = K::Quit;
      a.force = w.size() == 2 && w[1] == "--discard";
      if (w.size() != 1 && !a.force) ok = false, fail("'quit' takes nothing, or --discard (drop unsaved edits)");
    } else if (k == "play" || k == "pause") {
      a.kind = k == "play" ? K::Play : K::Pause;
      if (w.size() != 1) ok = false, fail("'" + k + "' takes no arguments");
    } else if (k == "host") {
      a.kind = K::Host;
      if (w.size() != 3 || (w[2] != "on" && w[2] != "off")) ok = false, fail("'host' takes FEATURE on|off");
      else a.text = w[1], a.a = w[2] == "on" ? 1 : 0;
    } else if (k == "tune") {
      a.kind = K::Tune;
      if (w.size() != 3 || !f32(w[2], a.a))
        ok = false, fail("'tune' takes FIELD VALUE (a number that fits a float32)");
      else a.text = w[1];
    } else if (k == "workspace") {
      a.kind = K::Workspace;
      if (w.size() != 2 || !isWorkspaceName(w[1]))
        ok = false, fail("'workspace' takes " + source::listOf(std::vector<std::string>(kWorkspaceNames.begin(), kWorkspaceNames.end())));
      else
        a.text = w[1];
    } else if (k == "panel") {
      a.kind = K::Panel;
      a.a = 1;
      if (w.size() == 3 && (w[2] == "on" || w[2] == "off")) a.text = w[1], a.a = w[2] == "on" ? 1 : 0;
      else a.text = rest(line, k);
      if (a.text.empty()) ok = false, fail("'panel' needs a panel name");
    } else if (k == "look") {
      a.kind = K::Look;
      ok = w.size() == 7;
      for (std::size_t i = 0; ok && i < 6; ++i) ok = f32(w[i + 1], a.look[i]);
      if (!ok) fail("'look' takes six numbers that fit a float32: eye x y z, target x y z");
    } else if (k == "camera") {
      a.kind = K::Camera;
      if (w.size() != 2 || !core::fromSpelling(kCameraModeSpellings, w[1]))
        ok = false, fail("'camera' takes orbit, fly or top");
      else
        a.text = w[1];
    } else if (k == "select") {
      a.kind = K::Select;
      if (w.size() != 3 || (w[1] != "emitter" && w[1] != "preset" && w[1] != "sector" && w[1] != "texture"))
        ok = false, fail("'select' takes emitter|preset|sector|texture NAME");
      else
        a.text = w[1], a.name = w[2];
    } else if (k == "key") {
      a.kind = K::Key;
      if (w.size() != 2 || !keyChordFromName(w[1])) ok = false, fail("'key' takes one chord such as space, shift+right or ctrl+z");
      else a.text = w[1];
    } else if (k == "view") {
      a.kind = K::View;
      const bool known = w.size() == 3 && std::find_if(kViewNames.begin(), kViewNames.end(),
                                                       [&](const char* n) { return w[1] == n; }) != kViewNames.end();
      if (!known || (w[2] != "on" && w[2] != "off")) ok = false, fail("'view' takes a View menu name and on|off");
      else a.text = w[1], a.a = w[2] == "on" ? 1 : 0;
    } else if (k == "write-file") {
      a.kind = K::WriteFile;
      auto text = unescapeText(afterWord(line, k));
      if (w.size() < 2) ok = false, fail("'write-file' takes PATH TEXT");
      else if (!text) ok = false, fail("'write-file' knows only the escapes \\n, \\t and \\\\");
      else a.text = w[1], a.name = std::move(*text);
    } else if (k == "copy-file") {
      a.kind = K::CopyFile;
      if (w.size() != 3) ok = false, fail("'copy-file' takes FROM TO");
      else a.text = w[1], a.name = w[2];
    } else if (k == "expect-errors") {
      a.kind = K::ExpectErrors;
      std::string n = w.size() == 2 ? w[1] : std::string();
      if (n.ends_with('+')) n.pop_back(), a.b = 1;
      if (!count(n, a.a, kMaxScriptCount))
        ok = false, fail("'expect-errors' takes a count N or N+ (0..1000000)");
    } else if (k == "expect-time") {
      a.kind = K::ExpectTime;
      a.b = kExpectTimeTolerance;
      if (w.size() < 2 || w.size() > 3 || !number(w[1], a.a) || (w.size() == 3 && !number(w[2], a.b)) ||
          !levelTime(a.a) || !levelTime(a.b))
        ok = false, fail("'expect-time' takes T and an optional tolerance, both in 0..1e9 seconds");
    } else if (k == "expect-level") {
      a.kind = K::ExpectLevel;
      if (w.size() != 2) ok = false, fail("'expect-level' takes a file name");
      else a.text = w[1];
    } else if (k == "expect-problem") {
      a.kind = K::ExpectProblem;
      if (w.size() < 3) ok = false, fail("'expect-problem' takes EMITTER TEXT");
      else a.text = w[1], a.name = rest(rest(line, k), w[1]);
    } else if (k == "save") {
      a.kind = K::Save;
      a.force = w.size() == 2 && w[1] == "--overwrite";
      if (w.size() != 1 && !a.force)
        ok = false, fail("'save' takes nothing, or --overwrite (write over a change made on disk since the load)");
    } else if (k == "background") {
      a.kind = K::Background;
      if (w.size() != 2 || !backgroundFromName(w[1])) ok = false, fail("'background' takes level, black, grey or checkerboard");
      else a.text = w[1];
    } else if (k == "hover") {
      a.kind = K::Hover;  // where the mouse is over the Viewport image, for `key g`
      ok = needNumbers(2) && ((pixels(a.a) && pixels(a.b)) ||
                              (fail("'hover' takes pixels X Y between -16384 and 16384"), false));
    } else if (k == "mouse") {
      a.kind = K::Mouse;
      a.text = w.size() >= 2 ? w[1] : std::string();
      if (a.text == "down" && w.size() == 5 && w[2] == "key" && (w[3] == "size" || w[3] == "alpha") &&
          count(w[4], a.a, 3)) {
        a.name = w[3];
      } else if ((a.text == "down" || a.text == "move") && w.size() == 4 && number(w[2], a.a) && number(w[3], a.b) &&
                 pixels(a.a) && pixels(a.b)) {
      } else if (a.text == "up" && w.size() == 2) {
      } else {
        ok = false;
        fail("'mouse' takes: down X Y, down key size|alpha K (0..3), move DX DY (pixels, -16384..16384) or up");
      }
    } else if (k == "sandbox") {
      a.kind = K::Sandbox;
      const std::string sub = w.size() >= 2 ? w[1] : std::string();
      a.text = sub;
      if (sub == "recipe" && w.size() == 3) {
        a.name = w[2];
      } else if (sub == "tune" && w.size() == 4 && f32(w[3], a.a)) {
        a.name = w[2];
      } else if (sub == "rate" && w.size() == 3 && number(w[2], a.a) && a.a >= 1 && a.a <= 1000) {
      } else if (sub == "sort" && w.size() == 3 &&
                 (w[2] == "authored" || sim::sortModeFromName(w[2]))) {
        a.name = w[2];
      } else if (sub == "fire" && w.size() == 5 && f32(w[2], a.look[0]) && f32(w[3], a.look[1]) &&
                 f32(w[4], a.look[2])) {
      } else if (sub == "iso-camera" && w.size() == 2) {
      } else if (sub == "set" && w.size() == 4) {
        a.name = w[2], a.word = w[3];
      } else if (sub == "show" && w.size() == 3 &&
                 (w[2] == "recipe" || w[2] == "sprite" || w[2] == "system" || w[2] == "plots")) {
        a.name = w[2];
      } else {
        ok = false;
        fail(
            "'sandbox' takes recipe NAME, tune FIELD VALUE, set FIELD WORD, show recipe|sprite|system|plots, rate HZ "
            "(1..1000), sort view|iso|none|authored, fire X Y Z or iso-camera (values and positions that fit a float32)");
      }
    } else if (k == "jump") {
      a.kind = K::Jump;
      if (w.size() < 2 || w.size() > 3 || (w[1] != "first" && w[1] != "worst" && w[1] != "closest"))
        ok = false, fail("'jump' takes first|worst|closest and an optional EMITTER");
      else a.text = w[1], a.name = w.size() == 3 ? w[2] : std::string();
    } else if (k == "output") {
      a.kind = K::Output;
      a.text = w.size() >= 2 ? w[1] : std::string();
      a.name = w.size() == 3 ? w[2] : std::string();
      render::OutputOptions scratch;  // the same setter the line runs, so a bad word fails here
      if (w.size() < 2 || w.size() > 3) ok = false, fail("'output' takes a setting and at most one value (see docs/viewer.md)");
      else if (auto why = setOutput(scratch, a.text, a.name)) ok = false, fail("'output': " + *why);
    } else if (k == "drag-gizmo") {
      a.kind = K::DragGizmo;
      if (w.size() != 4 || (w[1] != "x" && w[1] != "y" && w[1] != "z") || !number(w[2], a.a) ||
          !number(w[3], a.b) || !pixels(a.a) || !pixels(a.b))
        ok = false,
        fail("'drag-gizmo' takes an axis x|y|z and a move DX DY in pixels between -16384 and 16384");
      else a.text = w[1];
    } else if (k == "expect") {
      a.kind = K::Expect;
      const std::string what = w.size() >= 2 ? w[1] : std::string();
      a.text = what;
      if (what == "undo" && w.size() == 3 && (w[2] == "available" || w[2] == "empty")) {
        a.a = w[2] == "available";
      } else if (what == "loop" && w.size() == 4 && number(w[2], a.a) && number(w[3], a.b) &&
                 levelTime(a.a) && levelTime(a.b)) {
      } else if (what == "framed" && w.size() == 3) {
        a.name = w[2];
      } else if (what == "selected" && w.size() == 4) {
        a.name = w[2] + " " + w[3];
      } else if (what == "position" && w.size() == 6 && f32(w[3], a.look[0]) && f32(w[4], a.look[1]) &&
                 f32(w[5], a.look[2])) {
        a.name = w[2];
      } else if (what == "status" && w.size() >= 3) {
        a.name = afterWord(line, k);
      } else if (what == "event-script" && w.size() == 3 && count(w[2], a.a, kMaxScriptCount)) {
      } else if (what == "event-pick" && w.size() == 3) {
        a.name = w[2];
      } else if (what == "event-refused" && w.size() == 3) {
        a.name = w[2];
      } else if (what == "docked" && w.size() == 2) {
      } else if (what == "escape-framed" && w.size() == 2) {
      } else if (what == "value" && (w.size() == 4 || w.size() == 5) && number(w[3], a.a) &&
                 (w.size() == 4 || (number(w[4], a.b) && a.b >= 0))) {
        a.name = w[2];
      } else {
        ok = false;
        fail(
            "'expect' takes: undo available|empty, loop START END (0..1e9 s), framed EMITTER, selected KIND "
            "NAME, "
            "position EMITTER X Y Z, status TEXT, event-script N (0..1000000), event-pick RECIPE, "
            "event-refused FIELD|none, docked, "
            "escape-framed or value FIELD V [TOL]");
      }
    } else {
      ok = false;
      const std::vector<std::string> known(kActionNames.begin(), kActionNames.end());
      fail("unknown action '" + k + "'" + source::didYouMean(k, known) + "; actions: " + source::listOf(known));
    }
    if (ok) script.actions.push_back(std::move(a));
    if (end == text.size()) break;
  }
  return script;
}

void ScriptCursor::beginFrame() {
  if (waitFrames_ > 0) --waitFrames_;
}

const ScriptAction* ScriptCursor::next() {
  while (waitFrames_ == 0 && index_ < actions_.size()) {
    const ScriptAction& a = actions_[index_++];
    if (a.kind == ScriptAction::Kind::Wait) {
      waitFrames_ = static_cast<long>(a.a);
      continue;
    }
    return &a;
  }
  return nullptr;
}

}  // namespace kiln::viewer
