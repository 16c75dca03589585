// Frame: the script actions that test a session — debug views, files written mid-session for
// hot reload, and expect-* checks of the errors panel, the level clock and the mounted level.
#include <cmath>
#include <cstdio>
#include <system_error>

#include "core/file.hpp"
#include "frame.hpp"
#include "gpu_view.hpp"

namespace kiln::viewer {

bool Frame::setView(const std::string& name, bool on) {
  render::DebugViews& debug = gpu_->debugViews();
  if (name == "sector-planes") debug.sectorPlanes = on;
  else if (name == "stored-bounds") debug.storedBounds = on;
  else if (name == "recomputed-bounds") debug.recomputedBounds = on;
  else if (name == "grid") debug.grid = on;
  else if (name == "overdraw") state_.view.passes.overdraw = on;  // the blend panel's check box
  else if (name == "top-view") state_.view.showTopView = on;
  else if (name == "cpu-points") state_.view.cpuParticles = on;
  else if (name == "all-bounds") scene_.allBounds = on;
  else return false;  // the parser admits only kViewNames
  return true;
}

namespace {

bool makeParent(const std::filesystem::path& path, int line) {
  std::error_code ec;
  if (path.has_parent_path()) std::filesystem::create_directories(path.parent_path(), ec);
  if (ec) std::fprintf(stderr, "kiln-view: script line %d: %s: %s\n", line, path.string().c_str(), ec.message().c_str());
  return !ec;
}

}  // namespace

bool Frame::writeScriptFile(const ScriptAction& a) {
  const std::filesystem::path path = a.text;
  if (!makeParent(path, a.line)) return false;
  std::string error;
  if (!core::writeFile(path, std::span(reinterpret_cast<const std::uint8_t*>(a.name.data()), a.name.size()), error)) {
    std::fprintf(stderr, "kiln-view: script line %d: %s\n", a.line, error.c_str());
    return false;
  }
  return true;
}

bool Frame::copyScriptFile(const ScriptAction& a) {
  const std::filesystem::path to = a.name;
  if (!makeParent(to, a.line)) return false;
  std::error_code ec;
  std::filesystem::copy_file(a.text, to, std::filesystem::copy_options::overwrite_existing, ec);
  if (ec) std::fprintf(stderr, "kiln-view: script line %d: copy %s: %s\n", a.line, a.text.c_str(), ec.message().c_str());
  return !ec;
}

bool Frame::expect(const ScriptAction& a) {
  using K = ScriptAction::Kind;
  if (a.kind == K::ExpectErrors) {
    const auto held = state_.doc.loadDiagnostics.size();
    const auto want = static_cast<std::size_t>(a.a);
    if (a.b != 0 ? held >= want : held == want) return true;
    std::fprintf(stderr, "kiln-view: script line %d: expected %s%zu error(s), the errors panel holds %zu\n", a.line,
                 a.b != 0 ? "at least " : "", want, held);
    return false;
  }
  if (a.kind == K::ExpectTime) {
    if (std::abs(state_.view.clock.time - a.a) <= a.b) return true;
    std::fprintf(stderr, "kiln-view: script line %d: expected level time %.9g (± %g), the clock reads %.9g\n", a.line,
                 a.a, a.b, state_.view.clock.time);
    return false;
  }
  if (a.kind == K::ExpectProblem) {
    // expect-problem: the outliner's flag on the emitter (MountedLevel::problems) names TEXT.
    const auto* doc = state_.doc.level ? state_.doc.level->particles() : nullptr;
    for (std::size_t i = 0; doc && i < doc->emitters.size(); ++i) {
      if (doc->emitters[i].name != a.text) continue;
      const std::string& flag = i < state_.doc.level->problems.size() ? state_.doc.level->problems[i] : std::string();
      if (flag.find(a.name) != std::string::npos) return true;
      std::fprintf(stderr, "kiln-view: script line %d: emitter %s is flagged '%s', expected '%s'\n", a.line,
                   a.text.c_str(), flag.c_str(), a.name.c_str());
      return false;
    }
    std::fprintf(stderr, "kiln-view: script line %d: no emitter named '%s' is mounted\n", a.line, a.text.c_str());
    return false;
  }
  // expect-level: the mounted level's file name, with or without its extension.
  const std::filesystem::path mounted = state_.doc.level ? state_.doc.level->path : std::filesystem::path();
  if (state_.doc.level && (mounted.filename() == a.text || mounted.stem() == a.text)) return true;
  std::fprintf(stderr, "kiln-view: script line %d: expected level %s, mounted: %s\n", a.line, a.text.c_str(),
               state_.doc.level ? mounted.string().c_str() : "none");
  return false;
}

}  // namespace kiln::viewer
