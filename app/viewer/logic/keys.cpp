// Keyboard shortcuts applied to the viewer state, shared by GLFW input and scripts.
#include <algorithm>
#include <array>
#include <cctype>
#include <string>
#include <utility>

#include "logic/keys.hpp"
#include "logic/view_output.hpp"

namespace kiln::viewer {

KeyEffect applyKey(ViewerState& s, const KeyChord& c) {
  if (c.ctrl) {
    switch (c.key) {
      case Key::Z: s.commands.push(Undo{}); return KeyEffect::Done;
      case Key::Y: s.commands.push(Redo{}); return KeyEffect::Done;
      case Key::S: s.commands.push(SaveSource{}); return KeyEffect::Done;
      case Key::O: s.panel(Panel::Open) = true; return KeyEffect::Done;
      case Key::Q: s.commands.push(RequestQuit{}); return KeyEffect::Done;
      default: return KeyEffect::None;
    }
  }
  switch (c.key) {
    case Key::Space: s.view.clock.playing = !s.view.clock.playing; return KeyEffect::Done;
    case Key::Right: s.view.clock.step(c.shift ? 10 : 1); return KeyEffect::Done;
    case Key::Left: s.view.clock.step(c.shift ? -10 : -1); return KeyEffect::Done;
    case Key::F1: s.panel(Panel::Help) = !s.panel(Panel::Help); return KeyEffect::Done;
    case Key::F: return KeyEffect::FrameSelection;
    case Key::R: restartEffect(s.view.clock); return KeyEffect::Done;
    case Key::B:
      s.view.background = static_cast<Background>((static_cast<int>(s.view.background) + 1) % static_cast<int>(Background::Count));
      return KeyEffect::Done;
    case Key::I:
      if (isolated(s)) showAll(s.view.passes);
      else isolateSelection(s);
      return KeyEffect::Done;
    case Key::H: showAll(s.view.passes); return KeyEffect::Done;
    case Key::G: return KeyEffect::FireEvent;
    case Key::T:
      if (c.shift) s.view.output.hdr = !s.view.output.hdr;
      else cycleToneMap(s.view.output);
      return KeyEffect::Done;
    case Key::LeftBracket:
    case Key::RightBracket:
      nudgeExposure(s.view.output, (c.key == Key::LeftBracket ? -1 : 1) * (c.shift ? kExposureFineStep : kExposureStep));
      return KeyEffect::Done;
    case Key::Tab:
      s.view.camera.setMode(s.view.camera.mode == ViewCamera::Mode::Orbit ? ViewCamera::Mode::Fly : ViewCamera::Mode::Orbit);
      return KeyEffect::Done;
    default: return KeyEffect::None;
  }
}

std::optional<KeyChord> keyChordFromName(std::string_view name) {
  std::string n(name);
  std::transform(n.begin(), n.end(), n.begin(), [](unsigned char ch) { return static_cast<char>(std::tolower(ch)); });
  KeyChord c;
  for (;;) {
    if (n.starts_with("ctrl+") && !c.ctrl) c.ctrl = true, n.erase(0, 5);
    else if (n.starts_with("shift+") && !c.shift) c.shift = true, n.erase(0, 6);
    else break;
  }
  static const std::array<std::pair<const char*, Key>, 19> kNames{
      {{"space", Key::Space}, {"left", Key::Left}, {"right", Key::Right}, {"f", Key::F}, {"f1", Key::F1},
       {"tab", Key::Tab}, {"z", Key::Z}, {"y", Key::Y}, {"o", Key::O}, {"q", Key::Q}, {"r", Key::R}, {"b", Key::B},
       {"i", Key::I}, {"h", Key::H}, {"s", Key::S}, {"g", Key::G}, {"t", Key::T}, {"[", Key::LeftBracket},
       {"]", Key::RightBracket}}};
  for (const auto& [text, key] : kNames)
    if (n == text) return c.key = key, c;
  return std::nullopt;
}

}  // namespace kiln::viewer
