// Parsing and stepping of --script files (GL-free, unit-tested in tests/viewer).
#include "script.hpp"

#include <charconv>
#include <cmath>
#include <sstream>

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

// The rest of the line after the keyword, so paths may contain spaces.
std::string rest(std::string_view line, std::string_view keyword) {
  auto pos = line.find(keyword);
  std::string_view r = line.substr(pos + keyword.size());
  while (!r.empty() && (r.front() == ' ' || r.front() == '\t')) r.remove_prefix(1);
  while (!r.empty() && (r.back() == ' ' || r.back() == '\t' || r.back() == '\r')) r.remove_suffix(1);
  return std::string(r);
}

}  // namespace

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
      if (a.text.empty()) ok = false, fail("'" + k + "' needs a path");
    } else if (k == "time") {
      a.kind = K::Time;
      ok = needNumbers(1) && (a.a >= 0 || (fail("'time' must not be negative"), false));
    } else if (k == "speed") {
      a.kind = K::Speed;
      ok = needNumbers(1);
    } else if (k == "step") {
      a.kind = K::Step;
      ok = needNumbers(1);
    } else if (k == "wait") {
      a.kind = K::Wait;
      ok = needNumbers(1) && ((a.a >= 0 && a.a == std::floor(a.a)) || (fail("'wait' takes whole frames"), false));
    } else if (k == "pick" && w.size() == 3 && w[1] == "emitter") {
      // Picks through the pixel where the emitter's first alive particle is drawn.
      a.kind = K::Pick;
      a.text = "emitter";
      a.name = w[2];
    } else if (k == "pick") {
      a.kind = K::Pick;
      ok = needNumbers(2);
    } else if (k == "play" || k == "pause" || k == "capture" || k == "quit") {
      a.kind = k == "play" ? K::Play : k == "pause" ? K::Pause : k == "capture" ? K::Capture : K::Quit;
      if (w.size() != 1) ok = false, fail("'" + k + "' takes no arguments");
    } else if (k == "host") {
      a.kind = K::Host;
      if (w.size() != 3 || (w[2] != "on" && w[2] != "off")) ok = false, fail("'host' takes FEATURE on|off");
      else a.text = w[1], a.a = w[2] == "on" ? 1 : 0;
    } else if (k == "tune") {
      a.kind = K::Tune;
      if (w.size() != 3 || !number(w[2], a.a)) ok = false, fail("'tune' takes FIELD VALUE");
      else a.text = w[1];
    } else if (k == "workspace") {
      a.kind = K::Workspace;
      if (w.size() != 2 || (w[1] != "tuning" && w[1] != "bounds" && w[1] != "capture"))
        ok = false, fail("'workspace' takes tuning, bounds or capture");
      else
        a.text = w[1];
    } else if (k == "panel") {
      a.kind = K::Panel;
      a.text = rest(line, k);
      if (a.text.empty()) ok = false, fail("'panel' needs a panel name");
    } else if (k == "camera") {
      a.kind = K::Camera;
      if (w.size() != 2 || (w[1] != "orbit" && w[1] != "fly" && w[1] != "top"))
        ok = false, fail("'camera' takes orbit, fly or top");
      else
        a.text = w[1];
    } else if (k == "select") {
      a.kind = K::Select;
      if (w.size() != 3 || (w[1] != "emitter" && w[1] != "preset" && w[1] != "sector" && w[1] != "texture"))
        ok = false, fail("'select' takes emitter|preset|sector|texture NAME");
      else
        a.text = w[1], a.name = w[2];
    } else {
      ok = false;
      fail("unknown action '" + k + "'");
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
