// Frame: opening and hot-reloading levels, picking, selection by name, framing.
#include <algorithm>
#include <cstdio>

#include <imgui.h>

#include "frame.hpp"
#include "gpu_view.hpp"
#include "source/suggest.hpp"
#include "core/escape.hpp"
#include "core/file.hpp"
#include "particles/evaluate.hpp"

namespace kiln::viewer {

void Frame::openPending() {
  // Only the latest request of a frame opens: the earlier ones would be replaced at once.
  const std::vector<OpenLevel> opens = state_.commands.take<OpenLevel>();
  if (opens.empty()) return;
  const OpenLevel& o = opens.back();
  if (!mayDropEdits(o.discard, "open " + o.path.filename().string())) {
    if (!batch_) state_.ui.prompt = Prompt{Prompt::Kind::OpenWhileDirty, o, {}, unsavedSummary(state_.doc)};
    else ++openFailures_;
    return;
  }
  if (!openNow(o.path, o.relaxed, o.keepClock)) ++openFailures_;
}

bool Frame::mayDropEdits(bool discard, const std::string& action) {
  if (discard || !hasUnsavedEdits(state_.doc)) return true;
  state_.ui.status = action + ": unsaved edits to " + unsavedSummary(state_.doc) + " (save them, or discard)";
  // A script cannot answer a question: the action fails and says how to say yes.
  if (batch_)
    std::fprintf(stderr, "kiln-view: error[%s]: %s would drop unsaved edits to %s; save first, or add --discard\n",
                 std::string(core::codeName(core::Code::UnsavedChanges)).c_str(), action.c_str(),
                 unsavedSummary(state_.doc).c_str());
  return false;
}

void Frame::quitPending() {
  const std::vector<RequestQuit> quits = state_.commands.take<RequestQuit>();
  if (quits.empty()) return;
  const bool discard = std::any_of(quits.begin(), quits.end(), [](const RequestQuit& q) { return q.discard; });
  if (!mayDropEdits(discard, "quit")) {
    if (!batch_) state_.ui.prompt = Prompt{Prompt::Kind::QuitWhileDirty, {}, {}, unsavedSummary(state_.doc)};
    else failedAction_ = true;  // a scripted Ctrl+Q fails as `quit` does
    return;
  }
  state_.ui.quitRequested = true;
}

void Frame::savePending() {
  for (const SaveSource& cmd : state_.commands.take<SaveSource>()) {
    core::Diagnostic why;
    const SaveResult r = saveSource(state_, cmd.mode, &why);
    if (r == SaveResult::Conflict) {
      if (batch_) {
        std::fprintf(stderr, "kiln-view: %s (save --overwrite writes anyway)\n", core::format(why).c_str());
        failedAction_ = true;
      } else {
        state_.ui.prompt = Prompt{Prompt::Kind::SaveConflict, {}, cmd, why.message};
      }
      continue;
    }
    if (r != SaveResult::Saved) continue;  // the status line and the Errors panel say why
    // Reapplied onto a newer file: the file now holds both changes; show them, and keep saying
    // what the save did (the reload would say only "opened").
    if (cmd.mode == SaveMode::Reapply) {
      const std::string saved = state_.ui.status;
      if (reloadNow()) state_.ui.status = saved + "; reloaded";
    }
    if (cmd.thenQuit) state_.ui.quitRequested = true;
    if (cmd.thenOpen) state_.commands.push(*cmd.thenOpen);
  }
}

bool Frame::reloadNow() {
  if (!state_.doc.level) return false;
  const auto path = state_.doc.level->path;
  const bool relaxed = state_.doc.level->relaxedBounds;
  // A failed reload keeps the last good level; re-arm on the new modification times so a bad
  // edit is reported once, not every poll.
  if (openNow(path, relaxed, true)) return true;
  // The file on disk is now something the viewer does not show: any later change, even back to
  // the bytes that are mounted, reloads (and clears the errors this one left).
  state_.doc.watch = WatchSet::of(path, state_.doc.level->load);
  return false;
}

bool Frame::openNow(const std::filesystem::path& path, bool relaxBounds, bool keepClock) {
  OpenOutcome out = openLevel(path, state_.doc.host, relaxBounds);
  state_.doc.loadDiagnostics = out.diagnostics;
  for (const auto& d : out.diagnostics) std::fprintf(stderr, "%s\n", loader::format(d).c_str());
  state_.doc.forgedOffer.reset();
  if (!out.level) {
    // The last good level stays mounted; the errors panel shows why this one did not.
    if (out.relaxable) state_.doc.forgedOffer = path;
    state_.ui.status = out.mountRefused ? "mount refused: " + path.filename().string()
                                     : "cannot open " + path.filename().string() + " (last good level kept)";
    state_.panel(Panel::Errors) = true;
    if (out.mountRefused) state_.panel(Panel::Capabilities) = true;
    return false;
  }
  const bool sameLevel = state_.doc.level && state_.doc.level->path == path;
  state_.doc.level = std::move(out.level);
  // Opened anyway: the relaxed checks' findings are the Errors panel's list (as warnings).
  state_.doc.loadDiagnostics = state_.doc.level->load.relaxedFindings;
  for (const auto& d : state_.doc.loadDiagnostics) std::fprintf(stderr, "%s\n", loader::format(d).c_str());
  if (!state_.doc.loadDiagnostics.empty()) state_.panel(Panel::Errors) = true;
  ++state_.doc.levelGeneration;
  // A new section too: what was computed for the last level's (the sandbox's plots and rate
  // check) is stale even where the two generations' counts happen to agree.
  ++state_.doc.eventsGeneration;
  preparedGeneration_ = state_.doc.levelGeneration;  // onLevelMounted prepares it below
  const MountedLevel& mounted = *state_.doc.level;
  state_.doc.watch = WatchSet::of(path, mounted.load,
                                  mounted.isSource() ? std::optional<std::uint64_t>(mounted.loadedHash) : std::nullopt);
  pushRecent(state_.doc.recentFiles, path.string());
  const auto* doc = state_.doc.level->particles();
  state_.view.passes.emitterMuted.assign(doc ? doc->emitters.size() : 0, 0);
  state_.view.passes.soloEmitter = -1;
  state_.view.pick.reset();
  // The clock belongs to the mounted level: a new level starts at 0, a reload of the same one
  // keeps its time so an edit can be judged at the moment it was made, and so does inspecting a
  // refused file (keepClock). The selection and the camera belong to the level's contents.
  if (!(keepClock || sameLevel)) state_.view.clock.seek(0);
  if (!sameLevel) {
    state_.view.selection = {};
    frameSelection();
  }
  state_.ui.status = (relaxBounds ? "inspecting (checks relaxed) " : "opened ") + path.filename().string();
  loadBookmarks();
  onLevelMounted();
  return true;
}

void Frame::reloadIfChanged(double dt) {
  if (!state_.commands.take<ReloadLevel>().empty()) reloadNow();
  if (!state_.doc.level || !state_.doc.hotReload) return;
  watchTimer_ += dt;
  if (watchTimer_ < 0.5) return;  // polling a few files twice a second is plenty
  watchTimer_ = 0;
  if (!state_.doc.watch.changed()) return;
  if (!mayDropEdits(false, "reload " + state_.doc.level->path.filename().string())) {
    // Never drop edits for a change on disk without asking. The change is reported once, and a
    // later save of this source asks again (its bytes on disk are no longer the ones loaded).
    state_.doc.watch.rearm();
    if (batch_) ++openFailures_;
    else state_.ui.prompt = Prompt{Prompt::Kind::ReloadWhileDirty, {}, {}, unsavedSummary(state_.doc)};
    return;
  }
  reloadNow();
}

std::filesystem::path bookmarksPath(const std::filesystem::path& level) {
  return level.parent_path() / (level.filename().string() + ".bookmarks.json");
}

void Frame::loadBookmarks() {
  state_.view.bookmarks.clear();
  std::string error, text;
  if (auto bytes = core::readFile(bookmarksPath(state_.doc.level->path), error)) {
    text.assign(bytes->begin(), bytes->end());
    if (!bookmarksFromJson(text, state_.view.bookmarks, error)) state_.ui.status = "bookmarks: " + error;
  }
}

bool Frame::saveBookmarks() {
  if (!state_.doc.level) return false;
  const std::string text = bookmarksToJson(state_.view.bookmarks);
  core::Diagnostic error;
  if (!writeViewerFile(state_.doc, bookmarksPath(state_.doc.level->path),
                       std::span(reinterpret_cast<const std::uint8_t*>(text.data()), text.size()), "camera bookmarks",
                       error)) {
    state_.ui.status = "bookmarks: " + core::format(error);
    std::fprintf(stderr, "kiln-view: %s\n", state_.ui.status.c_str());
    return false;
  }
  return true;
}

void Frame::pickAt(double x, double y) {
  state_.view.pick.reset();
  state_.view.eventPick.reset();
  if (!state_.doc.level) return;
  const Ray ray = rayThroughPixel(state_.view.camera, x, y, state_.view.sceneWidth(), state_.view.sceneHeight());
  if (const auto* doc = state_.doc.level->particles()) {
    std::vector<std::uint8_t> hidden(doc->emitters.size(), 0);
    for (std::uint32_t e = 0; e < hidden.size(); ++e) hidden[e] = emitterVisible(state_, e) ? 0 : 1;
    state_.view.pick = pickParticle(*doc, state_.doc.level->schedules, state_.view.clock.time, ray, state_.view.camera, hidden);
  }
  // Event particles as last drawn; the nearer of the two kinds of hit wins.
  if (const render::EventScene* ev = gpu_->eventScene())
    if (auto hit = ev->visitSystem([&](const auto& system) { return events_edit::pickParticle(system, ray, state_.view.camera); }))
      if (!state_.view.pick || hit->distance < state_.view.pick->distance) {
        state_.view.pick.reset();
        state_.view.eventPick = hit;
        state_.panel(Panel::Pick) = true;
      }
  if (state_.view.pick) {
    state_.view.selection = {Selection::Kind::Emitter, state_.view.pick->emitter};
    state_.panel(Panel::Pick) = true;
  }
}

bool Frame::fireAtMouse() {
  if (scriptMouse_) return fireAtPixel(*scriptMouse_);
  const ViewportRect& vp = state_.view.viewport;
  const ImGuiIO& io = ImGui::GetIO();
  if (!vp.hovered) {
    state_.ui.status = "fire: point at a sector surface in the Viewport, then press G";
    return false;
  }
  return fireAtPixel({io.MousePos.x * io.DisplayFramebufferScale.x - vp.x, io.MousePos.y * io.DisplayFramebufferScale.y - vp.y});
}

bool Frame::fireAtPixel(const glm::dvec2& local) {
  if (!state_.doc.level) return false;
  const Ray ray = rayThroughPixel(state_.view.camera, local.x, local.y, state_.view.sceneWidth(), state_.view.sceneHeight());
  const auto at = events_edit::surfaceUnderRay(state_.doc.level->world(), ray);
  if (!at) {
    char where[160];
    std::snprintf(where, sizeof where, "fire: no sector surface under pixel (%.0f, %.0f) of the %dx%d Viewport image%s",
                  local.x, local.y, state_.view.sceneWidth(), state_.view.sceneHeight(),
                  local.x < 0 || local.y < 0 || local.x >= state_.view.sceneWidth() || local.y >= state_.view.sceneHeight()
                      ? " (the pixel is outside it)" : "");
    state_.ui.status = where;
    return false;
  }
  return fireEvent(state_, *at);
}

bool Frame::keyEffect(KeyEffect effect) {
  switch (effect) {
    case KeyEffect::FrameSelection: frameSelection(); return true;
    case KeyEffect::FireEvent: return fireAtMouse();
    case KeyEffect::None:  // a chord that means nothing is not a failure
    case KeyEffect::Done: return true;
  }
  return true;
}

void Frame::frameSelection() {
  if (!state_.doc.level) return;
  const auto* doc = state_.doc.level->particles();
  glm::dvec3 lo(1e300), hi(-1e300);
  auto grow = [&](const glm::dvec3& p) { lo = glm::min(lo, p), hi = glm::max(hi, p); };
  if (doc && state_.view.selection.kind == Selection::Kind::Emitter && state_.view.selection.index < doc->emitters.size()) {
    const auto& b = doc->emitters[state_.view.selection.index].bounds;
    grow({b.min.x, b.min.y, b.min.z});
    grow({b.max.x, b.max.y, b.max.z});
  } else {
    const auto& w = state_.doc.level->world();
    for (std::uint32_t i = 0; i < w.sectors.size(); ++i) {
      if (state_.view.selection.kind == Selection::Kind::Sector && state_.view.selection.index != i) continue;
      for (const auto& v : w.sectors[i].walls) {
        grow({v.x, v.y, w.sectors[i].floor.at(v.x, v.y)});
        grow({v.x, v.y, w.sectors[i].ceiling.at(v.x, v.y)});
      }
    }
  }
  if (lo.x > hi.x) return;
  state_.view.camera.frame(lo, hi, double(state_.view.sceneWidth()) / state_.view.sceneHeight());
  state_.view.topCamera.frame(lo, hi, double(kTopViewWidth) / kTopViewHeight);
}

std::optional<glm::dvec2> Frame::pixelOfEmitterParticle(const std::string& name) const {
  const auto* doc = state_.doc.level ? state_.doc.level->particles() : nullptr;
  if (!doc) return std::nullopt;
  const double w = state_.view.sceneWidth(), h = state_.view.sceneHeight();
  const glm::dmat4 vp = state_.view.camera.projection(w / std::max(1.0, h)) * state_.view.camera.view();
  for (std::uint32_t e = 0; e < doc->emitters.size(); ++e) {
    if (doc->emitters[e].name != name) continue;
    std::optional<glm::dvec2> best;
    double bestDepth = 2;
    for (const auto& p : particles::evaluateEmitter(*doc, e, state_.view.clock.time)) {
      const glm::dvec4 c = vp * glm::dvec4(p.position.x, p.position.y, p.position.z, 1);
      if (c.w <= 0) continue;
      const glm::dvec3 n = glm::dvec3(c) / c.w;
      if (std::abs(n.x) > 1 || std::abs(n.y) > 1 || n.z >= bestDepth) continue;
      bestDepth = n.z;
      best = glm::dvec2((n.x * 0.5 + 0.5) * w, (0.5 - n.y * 0.5) * h);
    }
    return best;
  }
  return std::nullopt;
}

bool Frame::tuneField(const std::string& field, double value, int line) {
  auto* doc = state_.doc.level && state_.doc.level->load.level.particles ? &*state_.doc.level->load.level.particles : nullptr;
  if (!doc || state_.view.selection.kind != Selection::Kind::Preset || state_.view.selection.index >= doc->presets.size()) {
    std::fprintf(stderr, "kiln-view: script line %d: 'tune' needs a selected preset\n", line);
    return false;
  }
  tuning::Session& t = state_.doc.tuning;
  syncEditSessions(state_);  // the selection may have changed in this script step
  if (t.index != state_.view.selection.index) {
    // Starting on another preset would drop these edits (the session holds one preset).
    std::fprintf(stderr, "kiln-view: script line %d: error[%s]: preset %s has unsaved edits; save or undo them before "
                         "tuning another preset\n",
                 line, std::string(core::codeName(core::Code::UnsavedChanges)).c_str(), t.saved.name.c_str());
    return false;
  }
  particles::Preset edited = t.working;
  if (!tuning::setField(edited, field, value)) {
    // A known field refuses only its value (a count above 1e9, a key index out of range): probe
    // a copy with small values so the message names the real problem.
    particles::Preset probe = t.working;
    const bool known = tuning::setField(probe, field, 0) || tuning::setField(probe, field, 1);
    const std::string name = core::escapeText(field);
    if (known)
      std::fprintf(stderr, "kiln-view: script line %d: 'tune %s' refuses the value %.17g (out of range)\n", line,
                   name.c_str(), value);
    else
      std::fprintf(stderr, "kiln-view: script line %d: no tunable field '%s'\n", line, name.c_str());
    return false;
  }
  // The panel's route: one gesture, validated, applied only when valid, refused (and taken back)
  // otherwise.
  if (editPreset(state_, edited, true) != EditOutcome::Refused) return true;
  for (const auto& d : t.diagnostics) std::fprintf(stderr, "kiln-view: script line %d: tune refused: %s\n", line, core::format(d).c_str());
  return false;
}

bool Frame::selectByName(const std::string& kind, const std::string& name, int line) {
  std::vector<std::string> known;  // the names of `kind`, for the did-you-mean of a miss
  auto fail = [&] {
    std::fprintf(stderr, "kiln-view: script line %d: no %s named '%s'%s%s%s\n", line, kind.c_str(), name.c_str(),
                 source::didYouMean(name, known).c_str(), known.empty() ? "" : "; known: ",
                 source::listOf(known).c_str());
    return false;
  };
  if (!state_.doc.level) return fail();
  const auto* doc = state_.doc.level->particles();
  auto names = [&](const auto& items) {
    for (const auto& item : items) known.push_back(item.name);
  };
  if (kind == "sector") names(state_.doc.level->world().sectors);
  else if (kind == "emitter" && doc) names(doc->emitters);
  else if (kind == "preset" && doc) names(doc->presets);
  else if (kind == "texture")
    for (const auto& t : state_.doc.level->load.textures) known.push_back(t.image.name);
  auto find = [&](const auto& items, Selection::Kind k) {
    for (std::size_t i = 0; i < items.size(); ++i)
      if (items[i].name == name) {
        state_.view.selection = {k, static_cast<std::uint32_t>(i)};
        return true;
      }
    return false;
  };
  bool ok = false;
  if (kind == "sector") ok = find(state_.doc.level->world().sectors, Selection::Kind::Sector);
  else if (kind == "emitter" && doc) ok = find(doc->emitters, Selection::Kind::Emitter);
  else if (kind == "preset" && doc) ok = find(doc->presets, Selection::Kind::Preset);
  else if (kind == "texture") {
    const auto& t = state_.doc.level->load.textures;
    for (std::size_t i = 0; i < t.size() && !ok; ++i)
      if (t[i].image.name == name) state_.view.selection = {Selection::Kind::Texture, static_cast<std::uint32_t>(i)}, ok = true;
  }
  return ok ? true : fail();
}

}  // namespace kiln::viewer
