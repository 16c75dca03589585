// Frame: the script actions that test a session — debug views, files written mid-session for
// hot reload, and expect-* checks of the errors panel, the level clock and the mounted level.
#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <system_error>

#include <imgui.h>
#include <imgui_internal.h>

#include "logic/capture_files.hpp"
#include "core/escape.hpp"
#include "core/file.hpp"
#include "frame.hpp"
#include "gpu_view.hpp"
#include "logic/video.hpp"
#include "logic/workspace_plan.hpp"
#include "loader/time_range.hpp"
#include "render/cpu/passes.hpp"
#include "source/suggest.hpp"

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
  else if (name == "legend") state_.view.legendFolded = !on;
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
  // The one safe write (a whole temporary, then in place), as another editor's save would land.
  core::Diagnostic error;
  const auto bytes = core::readFile(a.text, error);
  if (bytes && core::writeFile(to, *bytes, error)) return true;
  std::fprintf(stderr, "kiln-view: script line %d: copy-file: %s\n", a.line, core::format(error).c_str());
  return false;
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

bool Frame::expectState(const ScriptAction& a) {
  auto failed = [&](const std::string& what) {
    std::fprintf(stderr, "kiln-view: script line %d: expect %s: %s\n", a.line, a.text.c_str(), what.c_str());
    return false;
  };
  const auto* doc = state_.doc.level ? state_.doc.level->particles() : nullptr;
  if (a.text == "undo") {
    // Whether Ctrl+Z has a step to take in any session.
    const bool available = stepTarget(state_, false).has_value();
    if (available == (a.a != 0)) return true;
    return failed(available ? "undo is available" : "nothing to undo");
  }
  if (a.text == "loop") {
    const LevelClock& c = state_.view.clock;
    if (c.loop && std::abs(c.loopStart - a.a) <= 1e-6 && std::abs(c.loopEnd - a.b) <= 1e-6) return true;
    char text[128];
    std::snprintf(text, sizeof text, "the loop is %s, %.6g..%.6g", c.loop ? "on" : "off", c.loopStart, c.loopEnd);
    return failed(text);
  }
  if (a.text == "framed") {
    // Every corner of the emitter's stored bounds projects inside the viewport's image.
    if (!doc) return failed("no particles");
    for (const auto& em : doc->emitters) {
      if (em.name != a.name) continue;
      const double w = state_.view.sceneWidth(), h = state_.view.sceneHeight();
      const glm::dmat4 vp = state_.view.camera.projection(w / h) * state_.view.camera.view();
      for (int i = 0; i < 8; ++i) {
        const glm::dvec4 c = vp * glm::dvec4(i & 1 ? em.bounds.max.x : em.bounds.min.x, i & 2 ? em.bounds.max.y : em.bounds.min.y,
                                             i & 4 ? em.bounds.max.z : em.bounds.min.z, 1.0);
        if (c.w <= 0 || std::abs(c.x / c.w) > 1 || std::abs(c.y / c.w) > 1) return failed("a corner of its bounds is off screen");
      }
      return true;
    }
    return failed("no emitter named '" + a.name + "'");
  }
  if (a.text == "value") {
    // A field of the preset being tuned, by the name `tune` takes.
    if (!state_.doc.tuning.active()) return failed("no preset is being tuned");
    particles::Preset p = state_.doc.tuning.working;
    // color[K].red|green|blue|alpha as `tune` takes them.
    std::string field = a.name;
    static constexpr std::pair<const char*, const char*> kChannels[] = {
        {".red", ".rgba[0]"}, {".green", ".rgba[1]"}, {".blue", ".rgba[2]"}, {".alpha", ".rgba[3]"}};
    for (const auto& [word, index] : kChannels)
      if (field.starts_with("color[") && field.ends_with(word)) field = field.substr(0, field.size() - std::strlen(word)) + index;
    for (const auto& f : tuning::numberFields(p)) {
      if (f.name() != field) continue;
      if (std::abs(f.value() - a.a) <= a.b) return true;
      char text[160];
      std::snprintf(text, sizeof text, "%s is %.9g (expected %.9g within %.3g)", a.name.c_str(), f.value(), a.a, a.b);
      return failed(text);
    }
    return failed("preset " + p.name + " has no field '" + a.name + "'");
  }
  if (a.text == "position") {
    if (!doc) return failed("no particles");
    for (const auto& em : doc->emitters)
      if (em.name == a.name) {
        const double d = std::max({std::abs(em.position.x - a.look[0]), std::abs(em.position.y - a.look[1]),
                                   std::abs(em.position.z - a.look[2])});
        if (d <= 1e-6) return true;
        char text[160];
        std::snprintf(text, sizeof text, "%s is at %.6g %.6g %.6g", a.name.c_str(), em.position.x, em.position.y, em.position.z);
        return failed(text);
      }
    return failed("no emitter named '" + a.name + "'");
  }
  if (a.text == "selected") {
    const Selection& sel = state_.view.selection;
    std::string now = "nothing";
    if (state_.doc.level) {
      if (sel.kind == Selection::Kind::Sector && sel.index < state_.doc.level->world().sectors.size())
        now = "sector " + state_.doc.level->world().sectors[sel.index].name;
      if (doc && sel.kind == Selection::Kind::Emitter && sel.index < doc->emitters.size())
        now = "emitter " + doc->emitters[sel.index].name;
      if (doc && sel.kind == Selection::Kind::Preset && sel.index < doc->presets.size())
        now = "preset " + doc->presets[sel.index].name;
    }
    return now == a.name ? true : failed("selected: " + now);
  }
  if (a.text == "event-script") {
    const auto& events = state_.doc.level ? state_.doc.level->load.level.events : std::nullopt;
    const std::size_t n = events ? events->script.size() : 0;
    if (n == static_cast<std::size_t>(a.a)) return true;
    return failed("the events script has " + std::to_string(n) + " burst(s)");
  }
  if (a.text == "event-pick") {
    const auto& pick = state_.view.eventPick;
    const auto& events = state_.doc.level ? state_.doc.level->load.level.events : std::nullopt;
    if (!pick || !events || pick->recipe >= events->recipes.size()) return failed("no event particle is picked");
    if (events->recipes[pick->recipe].name == a.name) return true;
    return failed("picked a particle of recipe " + events->recipes[pick->recipe].name);
  }
  if (a.text == "event-refused") {
    // The sandbox's last edit was refused at the field (a path under the recipe edited, or under
    // the section), or, for `none`, it holds no problem at all.
    const events_edit::Session& t = state_.doc.events;
    const core::Diagnostics& ds = t.diagnostics;
    if (a.name == "none") return ds.empty() ? true : failed("the sandbox holds: " + core::format(ds.front()));
    if (!t.active() || !t.refused || ds.empty()) return failed("the sandbox refused nothing");
    const std::string section = "events." + a.name;
    const std::string recipe =
        t.recipe < t.working.recipes.size() ? "events.recipes." + t.working.recipes[t.recipe].name + "." + a.name : section;
    if (problemAt(ds, recipe) || problemAt(ds, section)) return true;
    return failed("the sandbox refused " + core::format(ds.front()));
  }
  if (a.text == "docked") return expectDocked(a);
  if (a.text == "escape-framed") {
    const std::optional<std::string> why = escapeFramingProblem(state_);
    return why ? failed(*why) : true;
  }
  // status: the status line holds the text.
  if (state_.ui.status.find(a.name) != std::string::npos) return true;
  return failed("the status line reads '" + state_.ui.status + "'");
}

bool Frame::scriptJump(const ScriptAction& a) {
  const auto* doc = state_.doc.level ? state_.doc.level->particles() : nullptr;
  if (!doc) {
    std::fprintf(stderr, "kiln-view: script line %d: jump: no particles are mounted\n", a.line);
    return false;
  }
  const EscapeWhich which = a.text == "first" ? EscapeWhich::First : a.text == "worst" ? EscapeWhich::Worst : EscapeWhich::Closest;
  std::optional<std::uint32_t> e;
  for (std::uint32_t i = 0; i < doc->emitters.size() && !e; ++i)
    if (doc->emitters[i].name == a.name) e = i;
  if (!a.name.empty() && !e) {
    std::fprintf(stderr, "kiln-view: script line %d: jump: no emitter named '%s'\n", a.line, a.name.c_str());
    return false;
  }
  const Selection& sel = state_.view.selection;
  if (!e && sel.kind == Selection::Kind::Emitter && sel.index < doc->emitters.size()) e = sel.index;
  for (std::uint32_t i = 0; i < doc->emitters.size() && !e; ++i)
    if (const auto* r = escapesOf(state_, i); r && r->escapes()) e = i;
  if (!e) {
    std::fprintf(stderr, "kiln-view: script line %d: jump: no emitter is selected and none escapes\n", a.line);
    return false;
  }
  std::string why;
  if (jumpToEscape(state_, *e, which, why)) {
    std::printf("kiln-view: %s\n", state_.ui.status.c_str());
    return true;
  }
  std::fprintf(stderr, "kiln-view: script line %d: jump: %s\n", a.line, why.c_str());
  return false;
}

bool Frame::expectDocked(const ScriptAction& a) {
  // What ImGui really did with the layout: each window that is showing sits in a dock node of
  // the main dock space (none floats), and the Viewport keeps its share of the display.
  std::string problems;
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  for (const std::string& title : shownPanels()) {
    const ImGuiWindow* w = ImGui::FindWindowByName(title.c_str());
    if (!w || !w->WasActive) problems += " " + title + " is not drawn;";
    else if (!w->DockIsActive || !w->DockNode || ImGui::DockNodeGetRootNode(w->DockNode)->ID != kDockSpaceId)
      problems += " " + title + " floats;";
    else if (title == "Viewport" && w->Size.x * w->Size.y < 0.35f * display.x * display.y)
      problems += " the Viewport has less than 35% of the display;";
  }
  if (problems.empty()) return true;
  std::fprintf(stderr, "kiln-view: script line %d: expect docked:%s\n", a.line, problems.c_str());
  return false;
}

bool Frame::runPanelAction(const ScriptAction& a) {
  using K = ScriptAction::Kind;
  auto fail = [&](const std::string& why) {
    std::fprintf(stderr, "kiln-view: script line %d: %s\n", a.line, why.c_str());
    return false;
  };
  const particles::Document* doc = state_.doc.level ? state_.doc.level->particles() : nullptr;
  switch (a.kind) {
    case K::CaptureSet: {
      std::string why;
      const auto times = loader::parseTimeRange(a.text, why);  // checked by the parser
      if (!times || !state_.doc.level) return fail("capture-set needs a mounted level");
      state_.captures.job = captureJob(*times, state_.view.bookmarks, state_.view.camera, a.name);
      state_.captures.job.video = a.a != 0;  // a missing ffmpeg then fails the action when the set ends
      state_.captures.job.fps = videoRate(*times);
      state_.panel(Panel::Captures) = true;
      return true;
    }
    case K::Bookmark:
      if (!state_.doc.level) return fail("bookmark needs a mounted level (bookmarks are saved beside it)");
      if (!core::isPlainText(a.text)) return fail("a bookmark name must be printable UTF-8 text");
      setBookmark(state_.view.bookmarks, a.text, state_.view.camera);
      return saveBookmarks();
    case K::Solo:
    case K::Mute: {
      PassControls& pc = state_.view.passes;
      const bool on = a.a != 0;
      const bool off = a.kind == K::Solo && a.name == "off";
      std::vector<std::string> names;
      if (a.text == "pass") {
        for (render::Pass p : render::kParticlePasses) names.emplace_back(render::passName(p));
      } else if (doc) {
        for (const auto& e : doc->emitters) names.push_back(e.name);
      }
      const auto it = std::find(names.begin(), names.end(), a.name);
      if (!off && it == names.end())
        return fail("no " + a.text + " named '" + a.name + "'" + source::didYouMean(a.name, names) + "; known: " +
                    source::listOf(names));
      const int index = off ? -1 : static_cast<int>(it - names.begin());
      if (a.text == "pass" && a.kind == K::Solo) pc.soloPass = index;
      else if (a.text == "pass") pc.passMuted[static_cast<std::size_t>(index)] = on;
      else if (a.kind == K::Solo) pc.soloEmitter = index;
      else if (static_cast<std::size_t>(index) < pc.emitterMuted.size()) pc.emitterMuted[static_cast<std::size_t>(index)] = on ? 1 : 0;
      state_.panel(Panel::Blend) = true;
      return true;
    }
    case K::AB: {
      Comparison& c = state_.captures.comparison;
      state_.panel(Panel::Captures) = true;
      if (a.text == "load") return addImageFile(a.name);
      if (a.text == "mode") {
        c.mode = static_cast<Comparison::Mode>(static_cast<int>(a.a));
        return true;
      }
      if (a.text == "zoom") {
        // The panel's zoom, and the Viewport comparison's about the image centre.
        c.zoom = static_cast<float>(a.a);
        c.view = {a.a, 0.5, 0.5};
        return true;
      }
      if (a.text == "viewport") {
        c.inViewport = a.a != 0;
        return true;
      }
      if (a.text == "zoom-change") {
        // The Viewport comparison's "Zoom to the change", in the area it had last frame.
        if (!c.inViewport || c.area.w <= 0) return fail("ab zoom change: the comparison is not in the Viewport (ab viewport on)");
        if (!c.computed || !c.sameSize) return fail("ab zoom change: the pair has no metrics yet");
        if (c.changedRect.empty()) return fail("ab zoom change: A and B are identical");
        const core::Image& A = state_.captures.entries[static_cast<std::size_t>(c.a)].image;
        c.view = ab_view::changeFraming(c.changedRect, c.area, A.width, A.height);
        return true;
      }
      if (a.text == "gain") {
        c.gain = static_cast<float>(a.a);
        return true;
      }
      const auto n = state_.captures.entries.size();
      if (static_cast<std::size_t>(a.a) >= n)
        return fail("ab " + a.text + ": no image " + std::to_string(static_cast<long long>(a.a)) + " (the list holds " +
                    std::to_string(n) + ")");
      (a.text == "a" ? c.a : c.b) = static_cast<int>(a.a);
      return true;
    }
    default: return false;
  }
}

bool Frame::scriptPointer(const ScriptAction& a) {
  if (a.text == "up") {
    pointer_.events.push_back({pointer_.at, false, true});
    pointer_.down = false;
    return true;
  }
  glm::dvec2 at = pointer_.at;
  if (a.text == "move") {
    at += glm::dvec2(a.a, a.b);
  } else if (!a.name.empty()) {
    // On a curve key where the tuning panel drew it last frame.
    const auto& keys = a.name == "size" ? state_.ui.memory.curveKeys.size : state_.ui.memory.curveKeys.alpha;
    const auto k = static_cast<std::size_t>(a.a);
    if (k >= keys.size()) {
      std::fprintf(stderr, "kiln-view: script line %d: mouse down key %s %zu: the tuning panel shows %zu %s keys\n", a.line,
                   a.name.c_str(), k, keys.size(), a.name.c_str());
      return false;
    }
    at = {keys[k][0], keys[k][1]};
  } else {
    at = {a.a, a.b};
  }
  pointer_.at = at;
  if (a.text == "down") {
    pointer_.events.push_back({at, false, false});  // arrive, then press (as a hand does)
    pointer_.events.push_back({at, true, true});
    pointer_.down = true;
  } else {
    pointer_.events.push_back({at, pointer_.down, false});
  }
  return true;
}

void Frame::feedScriptPointer() {
  ImGuiIO& io = ImGui::GetIO();
  if (pointer_.events.empty() && !pointer_.used) {
    // A batch run (--frames, --script) hovers only what its script points at: wherever the
    // display's pointer happens to rest, it opens no tooltip in the run's screenshots.
    if (batch_) io.AddMousePosEvent(-FLT_MAX, -FLT_MAX);
    return;
  }
  pointer_.used = true;
  // Queued after the window system's own events of this frame, so the script's pointer wins (and
  // keeps winning once the script has used it: the display's own pointer never takes over);
  // ImGui takes one button change per frame.
  for (const auto& e : pointer_.events) {
    io.AddMousePosEvent(static_cast<float>(e.at.x), static_cast<float>(e.at.y));
    if (e.button) io.AddMouseButtonEvent(ImGuiMouseButton_Left, e.down);
  }
  if (pointer_.events.empty()) io.AddMousePosEvent(static_cast<float>(pointer_.at.x), static_cast<float>(pointer_.at.y));
  pointer_.events.clear();
}

bool Frame::runSandboxAction(const ScriptAction& a) {
  auto fail = [&](const std::string& why) {
    std::fprintf(stderr, "kiln-view: script line %d: sandbox %s: %s\n", a.line, a.text.c_str(), why.c_str());
    return false;
  };
  if (!ensureEventsSession(state_)) return fail("the level has no events: section");
  state_.panel(Panel::Events) = true;
  events_edit::Session& t = state_.doc.events;
  std::vector<std::string> recipes;
  for (const auto& r : t.working.recipes) recipes.push_back(r.name);
  if (a.text == "recipe") {
    const auto it = std::find(recipes.begin(), recipes.end(), a.name);
    if (it == recipes.end())
      return fail("no recipe named '" + a.name + "'" + source::didYouMean(a.name, recipes) + "; known: " + source::listOf(recipes));
    t.recipe = static_cast<std::uint32_t>(it - recipes.begin());
    return true;
  }
  if (a.text == "fire") return fireEvent(state_, {a.look[0], a.look[1], a.look[2]}) || fail(state_.ui.status);
  if (a.text == "iso-camera") {
    useIsometricCamera(state_);
    return saveBookmarks();
  }
  if (a.text == "show") {
    state_.ui.memory.sandbox.show = a.name;
    return true;
  }
  if (a.text == "sort") {
    state_.view.eventSort = a.name == "authored" ? std::nullopt : sim::sortModeFromName(a.name);
    return true;
  }
  sim::Events edited = t.working;
  if (a.text == "set") {
    // As the panel's combos: one gesture. A value the section refuses is taken back and the
    // refusal stays at the field (checked by `expect event-refused`); the line goes on.
    if (const auto why = events_edit::setWordField(edited, t.recipe, a.name, a.word)) {
      const auto fields = events_edit::wordFieldNames();
      const bool known = std::find(fields.begin(), fields.end(), a.name) != fields.end();
      return fail(known ? *why : *why + source::didYouMean(a.name, fields) + "; fields: " + source::listOf(fields));
    }
    if (editEvents(state_, edited, true) == EditOutcome::Refused)
      for (const auto& d : t.diagnostics) std::fprintf(stderr, "kiln-view: sandbox: refused: %s\n", core::format(d).c_str());
    return true;
  }
  // tune and rate edit the section: one undo point each, applied only when valid.
  if (a.text == "rate") {
    edited.stepHz = a.a;
  } else if (!edited.recipes.empty() && events_edit::setRecipeField(edited.recipes[t.recipe], a.name, a.a)) {
  } else {
    const auto fields = events_edit::recipeFieldNames();
    const bool known = std::find(fields.begin(), fields.end(), a.name) != fields.end();
    return fail(known ? "the value " + std::to_string(a.a) + " is out of range for " + a.name
                      : "no recipe field '" + a.name + "'" + source::didYouMean(a.name, fields) + "; fields: " + source::listOf(fields));
  }
  if (editEvents(state_, edited, true) != EditOutcome::Refused) return true;
  for (const auto& d : t.diagnostics) std::fprintf(stderr, "kiln-view: sandbox: refused: %s\n", core::format(d).c_str());
  return false;
}

}  // namespace kiln::viewer
