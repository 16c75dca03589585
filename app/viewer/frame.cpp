// Frame: the per-frame update, scene passes, input, menus, and dispatch of scripted actions.
#include "frame.hpp"

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <utility>
#include <glm/gtc/type_ptr.hpp>

#include "panels/panels.hpp"
#include "logic/ui_settings.hpp"
#include "logic/workspace_plan.hpp"
#include "gpu_view.hpp"
#include "logic/keys.hpp"
#include "logic/view_output.hpp"
#include "render/cpu/camera.hpp"
#include "logic/scene.hpp"
#include "source/suggest.hpp"

namespace kiln::viewer {

Frame::Frame(ViewerState& state, std::string workspace) : state_(state), workspace_(std::move(workspace)) {}
Frame::~Frame() = default;

bool Frame::init(bool userLayouts, bool glDebug) {
  // GL messages go to stderr and to the Errors panel (the newest kMaxGlMessages).
  gpu_ = std::make_unique<GpuView>(glDebug, [this](std::string_view m) {
    std::vector<std::string>& list = state_.ui.glMessages;
    if (list.size() == kMaxGlMessages) list.erase(list.begin());
    list.emplace_back(m);
  });
  userLayouts_ = userLayouts;
  batch_ = !userLayouts;  // only scripted and --frames sessions leave the user's layouts alone
  applyWorkspace(workspace_, true);
  return true;
}

void Frame::shutdown() {
  saveUserLayout();
  captureTextures_.clear();
  differenceTexture_.reset();
  flipTexture_.reset();
  gpu_.reset();
}

void Frame::onLevelMounted() {
  // A reload keeps the tuning and emitter sessions on the same preset and emitter (by name),
  // started afresh from the file; anything else ends them.
  const auto* doc = state_.doc.level->particles();
  tuning::Session& t = state_.doc.tuning;
  if (t.active() && (!doc || t.index >= doc->presets.size() || doc->presets[t.index].name != t.saved.name)) t.end();
  else if (t.active()) t.start(*doc, t.index);
  emitter_edit::Session& em = state_.doc.emitterEdit;
  if (em.active() && (!doc || em.index >= doc->emitters.size() || doc->emitters[em.index].name != em.saved.name)) em.end();
  else if (em.active()) em.start(*doc, em.index);
  state_.doc.uploads.clear();
  state_.view.gizmoDrag.axis = -1;
  // The sandbox edits the section as loaded: a reload (an external edit) starts it afresh.
  state_.view.eventPick.reset();
  if (state_.doc.level->load.level.events) state_.doc.events.start(*state_.doc.level->load.level.events);
  else state_.doc.events.end();
  prepareGpu();
}

void Frame::prepareGpu() {
  preparedGeneration_ = state_.doc.levelGeneration;
  preparedEventsGeneration_ = state_.doc.eventsGeneration;
  // Texture or atlas problems leave the renderer empty; the overlay and CPU points still show.
  const core::Diagnostics problems = gpu_->prepare(*state_.doc.level);
  for (const auto& d : problems) {
    state_.doc.loadDiagnostics.push_back({d, state_.doc.level->path.string()});
    std::fprintf(stderr, "kiln-view: %s\n", core::format(d).c_str());
  }
  if (!problems.empty()) state_.panel(Panel::Errors) = true;
}

void Frame::handleInput(double dt) {
  ImGuiIO& io = ImGui::GetIO();
  if (state_.ui.prompt) return;  // while a question is open, the scene and the shortcuts wait
  // The mouse acts on the Viewport window's image only (its rectangle as of the last frame); a
  // camera drag that started there keeps going when the cursor leaves it.
  const ViewportRect& vp = state_.view.viewport;
  const glm::dvec2 mouse(io.MousePos.x * io.DisplayFramebufferScale.x, io.MousePos.y * io.DisplayFramebufferScale.y);
  const bool dragging = ImGui::IsMouseDragging(ImGuiMouseButton_Right) || ImGui::IsMouseDragging(ImGuiMouseButton_Middle);
  if (!ImGui::IsMouseDown(ImGuiMouseButton_Right) && !ImGui::IsMouseDown(ImGuiMouseButton_Middle)) cameraDrag_ = false;
  if (vp.hovered && (ImGui::IsMouseClicked(ImGuiMouseButton_Right) || ImGui::IsMouseClicked(ImGuiMouseButton_Middle)))
    cameraDrag_ = true;
  const glm::dvec2 local(mouse.x - vp.x, mouse.y - vp.y);
  if (vp.hovered && ImGui::IsMouseClicked(ImGuiMouseButton_Left) && !beginGizmoDrag(local)) {
    if (state_.view.fireOnClick) fireAtPixel(local);
    else pickAt(local.x, local.y);
  }
  updateGizmoDrag(local);
  if (dragging && cameraDrag_) state_.view.camera.rotate(io.MouseDelta.x, io.MouseDelta.y);
  if (vp.hovered && io.MouseWheel != 0) state_.view.camera.zoom(io.MouseWheel);
  if (io.WantCaptureKeyboard) return;
  const double speed = (io.KeyShift ? 12.0 : 4.0) * dt;
  // Ctrl+S saves; it does not also walk backwards.
  if (!io.KeyCtrl) {
    glm::dvec3 m{0};
    if (ImGui::IsKeyDown(ImGuiKey_W)) m.y += speed;
    if (ImGui::IsKeyDown(ImGuiKey_S)) m.y -= speed;
    if (ImGui::IsKeyDown(ImGuiKey_D)) m.x += speed;
    if (ImGui::IsKeyDown(ImGuiKey_A)) m.x -= speed;
    if (ImGui::IsKeyDown(ImGuiKey_E)) m.z += speed;
    if (ImGui::IsKeyDown(ImGuiKey_Q)) m.z -= speed;
    if (m != glm::dvec3(0)) state_.view.camera.move(m);
  }
  // The one-shot shortcuts go through applyKey, as a script's `key` action does.
  static constexpr std::pair<ImGuiKey, Key> kKeys[] = {
      {ImGuiKey_Space, Key::Space}, {ImGuiKey_LeftArrow, Key::Left}, {ImGuiKey_RightArrow, Key::Right},
      {ImGuiKey_F, Key::F},         {ImGuiKey_F1, Key::F1},          {ImGuiKey_Tab, Key::Tab},
      {ImGuiKey_Z, Key::Z},         {ImGuiKey_Y, Key::Y},            {ImGuiKey_O, Key::O},
      {ImGuiKey_Q, Key::Q},         {ImGuiKey_R, Key::R},            {ImGuiKey_B, Key::B},
      {ImGuiKey_I, Key::I},         {ImGuiKey_H, Key::H},            {ImGuiKey_S, Key::S},
      {ImGuiKey_G, Key::G},         {ImGuiKey_T, Key::T},            {ImGuiKey_LeftBracket, Key::LeftBracket},
      {ImGuiKey_RightBracket, Key::RightBracket}};
  for (const auto& [code, key] : kKeys)
    if (ImGui::IsKeyPressed(code)) keyEffect(applyKey(state_, {key, io.KeyCtrl, io.KeyShift}));
}

void Frame::uploadEdits() {
  std::vector<DocumentState::Upload>& uploads = state_.doc.uploads;
  if (!state_.doc.level || uploads.empty()) {
    uploads.clear();
    return;
  }
  // Each edit rewrites its rows where it can; one the renderer cannot take in place (frames,
  // capacity, blend) prepares the level again, once.
  bool inPlace = preparedGeneration_ + uploads.size() == state_.doc.levelGeneration;
  for (const auto& u : uploads) inPlace = inPlace && uploadInPlace(u.target, u.index);
  uploads.clear();
  if (inPlace) preparedGeneration_ = state_.doc.levelGeneration;
  else prepareGpu();
}

bool Frame::uploadInPlace(EditTarget target, std::uint32_t index) {
  const MountedLevel& level = *state_.doc.level;
  switch (target) {
    case EditTarget::Preset: return gpu_->updatePreset(level, index) == render::EditUpload::InPlace;
    case EditTarget::Emitter: return gpu_->updateEmitter(level, index) == render::EditUpload::InPlace;
    case EditTarget::Events: return false;  // the event pass re-prepares on its own generation
  }
  return false;
}

void Frame::followSelection() {
  // The loop follows the selected effect, and its edits: a longer lifetime moves a cycling
  // emitter's steady state later (docs/viewer.md has the rule).
  const bool moved = !(state_.view.selection == loopSelection_);
  if (!moved && loopGeneration_ == state_.doc.levelGeneration) return;
  loopSelection_ = state_.view.selection;
  loopGeneration_ = state_.doc.levelGeneration;
  const auto* doc = state_.doc.level ? state_.doc.level->particles() : nullptr;
  if (!doc || !state_.view.loopFollowsSelection) return;
  // The selected emitter, or the first emitter of the selected preset.
  std::optional<std::uint32_t> e;
  const Selection& sel = state_.view.selection;
  if (sel.kind == Selection::Kind::Emitter && sel.index < doc->emitters.size()) e = sel.index;
  if (sel.kind == Selection::Kind::Preset)
    for (std::uint32_t i = 0; i < doc->emitters.size() && !e; ++i)
      if (doc->emitters[i].preset == sel.index) e = i;
  if (!e) return;
  // The clock stays where it is: the range is the one around the current time where the rule
  // allows a choice (inspect::effectLoopRange).
  const inspect::LoopRange r = inspect::effectLoopRange(*doc, *e, state_.view.clock.time);
  state_.view.clock.setLoop(r.start, r.end);
}

void Frame::update(double dt) {
  handleInput(dt);
  // Edits first, so a save asked for in the same frame writes them.
  syncEditSessions(state_);
  runEdits(state_);
  uploadEdits();
  savePending();  // before opening: "save and open" pushes its open once the save is done
  openPending();
  quitPending();
  for (const JumpToEscape& j : state_.commands.take<JumpToEscape>()) {
    std::string why;
    std::uint32_t e = j.emitter;
    if (!j.name.empty()) {
      const auto* doc = state_.doc.level ? state_.doc.level->particles() : nullptr;
      e = ~0u;
      for (std::uint32_t i = 0; doc && i < doc->emitters.size(); ++i)
        if (doc->emitters[i].name == j.name) e = i;
      if (e == ~0u) {
        state_.ui.status = "jump: the mounted level has no emitter " + j.name;
        continue;
      }
    }
    if (!jumpToEscape(state_, e, j.which, why)) state_.ui.status = why;
  }
  followSelection();
  // Anything else that changed the mounted document (a mount prepares already): upload it again.
  if (state_.doc.level && preparedGeneration_ != state_.doc.levelGeneration) prepareGpu();
  // A sandbox edit changed only the events section: re-prepare the event pass alone.
  if (state_.doc.level && preparedEventsGeneration_ != state_.doc.eventsGeneration) {
    preparedEventsGeneration_ = state_.doc.eventsGeneration;
    for (const auto& d : gpu_->prepareEvents(*state_.doc.level)) {
      state_.doc.loadDiagnostics.push_back({d, state_.doc.level->path.string()});
      state_.panel(Panel::Errors) = true;
    }
  }
  reloadIfChanged(dt);
  state_.view.clock.advance(dt);
}

void Frame::drawScene() {
  // Before the Viewport window has been laid out, the scene takes the central node the layout
  // gives it.
  if (state_.view.viewport.w < 1) {
    const ImVec2 d = ImGui::GetIO().DisplaySize;
    const float bar = ImGui::GetFrameHeight();
    for (const DockRect& r : dockLeaves(state_.ui.layout, d.x, d.y, bar))
      if (r.central) state_.view.viewport = {r.x, r.y + bar, r.w, std::max(1.0f, r.h - bar)};
  }
  const bool gpu = gpu_->ready();
  if (!gpu) state_.ui.gpu.available = false;
  gpu_->drawMain(state_, gpu);
  state_.view.overlay.clear();
  scene_.cpuParticles = !gpu || state_.view.cpuParticles;
  buildSceneOverlay(state_, scene_, state_.view.overlay);
  state_.view.overlay.line({0, 0, 0}, {1, 0, 0}, {1, 0.2f, 0.2f, 1});
  state_.view.overlay.line({0, 0, 0}, {0, 1, 0}, {0.2f, 1, 0.2f, 1});
  state_.view.overlay.line({0, 0, 0}, {0, 0, 1}, {0.3f, 0.4f, 1, 1});
  gpu_->drawOverlay(state_, state_.view.overlay);

  state_.view.topViewTexture = 0;
  if (state_.view.showTopView && gpu) {
    // The top view renders offscreen at its own size; hiding or resizing it never touches the
    // level clock.
    state_.view.topViewTexture = gpu_->drawTop(state_, kTopViewWidth, kTopViewHeight);
    state_.view.topViewWidth = kTopViewWidth, state_.view.topViewHeight = kTopViewHeight;
  }
}

void Frame::drawMainMenu() {
  if (!ImGui::BeginMainMenuBar()) return;
  if (ImGui::BeginMenu("File")) {
    if (ImGui::MenuItem("Open...", "Ctrl+O")) state_.panel(Panel::Open) = true;
    if (ImGui::BeginMenu("Recent", !state_.doc.recentFiles.empty())) {
      for (const auto& f : state_.doc.recentFiles)
        if (ImGui::MenuItem(f.c_str())) state_.commands.push(OpenLevel{f});
      ImGui::EndMenu();
    }
    ImGui::Separator();
    if (ImGui::MenuItem("Save to YAML", "Ctrl+S", false, state_.doc.level && state_.doc.level->isSource()))
      state_.commands.push(SaveSource{});
    ImGui::Separator();
    if (ImGui::MenuItem("Quit", "Ctrl+Q")) state_.commands.push(RequestQuit{});
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("View")) {
    for (int i = 0; i < static_cast<int>(Panel::Count); ++i) ImGui::MenuItem(kPanelTitles[i], nullptr, &state_.ui.open[i]);
    ImGui::Separator();
    ImGui::MenuItem("Top view", nullptr, &state_.view.showTopView);
    ImGui::MenuItem("CPU reference points", nullptr, &state_.view.cpuParticles);
    bool legend = !state_.view.legendFolded;
    if (ImGui::MenuItem("Colour legend", nullptr, &legend)) state_.view.legendFolded = !legend;
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("The Viewport's key to the overlay colours (a click on it folds it too)");
    ImGui::MenuItem("All emitter bounds", nullptr, &scene_.allBounds);
    render::DebugViews& debug = gpu_->debugViews();
    ImGui::MenuItem("Sector planes", nullptr, &debug.sectorPlanes);
    ImGui::MenuItem("Stored bounds (GPU)", nullptr, &debug.storedBounds);
    ImGui::MenuItem("Recomputed bounds (GPU)", nullptr, &debug.recomputedBounds);
    ImGui::MenuItem("Surface grid", nullptr, &debug.grid);
    ImGui::Separator();
    if (ImGui::BeginMenu("Output")) {
      panels::output::controls(state_);
      ImGui::EndMenu();
    }
    if (ImGui::BeginMenu("Background")) {
      for (int i = 0; i < static_cast<int>(Background::Count); ++i)
        if (ImGui::MenuItem(kBackgroundNames[i], i == 0 ? nullptr : "B cycles", state_.view.background == Background(i)))
          state_.view.background = Background(i);
      ImGui::EndMenu();
    }
    ImGui::Separator();
    if (ImGui::BeginMenu("UI scale")) {
      // On top of the monitor's own content scale; remembered for your next session.
      for (float f : {0.75f, 1.0f, 1.25f, 1.5f, 1.75f, 2.0f}) {
        char label[16];
        std::snprintf(label, sizeof label, "%.0f%%", f * 100);
        if (ImGui::MenuItem(label, nullptr, std::abs(state_.ui.uiScale - f) < 1e-3f)) state_.ui.uiScale = f;
      }
      ImGui::EndMenu();
    }
    ImGui::MenuItem("Panels in windows of their own", nullptr, &state_.ui.multiViewport);
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("Lets a panel be dragged out of the main window into a window of its own (Dear ImGui's "
                        "multi-viewports). Takes effect the next time kiln-view starts.");
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("Workspace")) {
    for (const char* ws : kWorkspaceNames)
      if (ImGui::MenuItem(ws, nullptr, workspace_ == ws)) applyWorkspace(ws, true);
    ImGui::Separator();
    if (ImGui::MenuItem("Reset layout")) resetLayout();
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("Help")) {
    ImGui::MenuItem("Keyboard shortcuts", "F1", &state_.panel(Panel::Help));
    ImGui::EndMenu();
  }
  ImGui::TextDisabled("  t = %.3f s  %s  %.1fx", state_.view.clock.time, state_.view.clock.playing ? "playing" : "paused",
                      state_.view.clock.speed);
  if (hasUnsavedEdits(state_.doc)) {
    ImGui::TextColored(ImVec4(1.0f, 0.78f, 0.3f, 1.0f), "  * unsaved");
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("Unsaved edits to %s. Ctrl+S writes them to the source.", unsavedSummary(state_.doc).c_str());
  }
  if (!state_.ui.status.empty()) ImGui::TextUnformatted(("  " + state_.ui.status).c_str());
  ImGui::EndMainMenuBar();
}

void Frame::drawUi() {
  drawMainMenu();
  // The main window is one dock space: every panel, the Viewport included, docks and tabs in it.
  ImGui::DockSpaceOverViewport(kDockSpaceId, ImGui::GetMainViewport());
  panels::viewport::draw(state_, scene_);
  panels::drawAll(state_);
}

bool Frame::runAction(const ScriptAction& a) {
  using K = ScriptAction::Kind;
  switch (a.kind) {
    case K::Time: state_.view.clock.seek(a.a); return true;
    case K::Play: state_.view.clock.playing = true; return true;
    case K::Pause: state_.view.clock.playing = false; return true;
    case K::Speed: state_.view.clock.setSpeed(a.a); return true;
    case K::Step: state_.view.clock.step(static_cast<int>(a.a)); return true;
    case K::Screenshot: state_.commands.push(TakeScreenshot{a.text}); return true;
    case K::Open:
    case K::Inspect:
      if (!mayDropEdits(a.force, std::string(a.kind == K::Open ? "open " : "inspect ") + a.text)) return false;
      // inspect is Inspect anyway: the level time stays (open starts a new level at 0).
      return openNow(a.text, a.kind == K::Inspect, a.kind == K::Inspect);
    case K::Pick:
      if (a.text == "emitter") {
        std::optional<glm::dvec2> px = pixelOfEmitterParticle(a.name);
        if (!px) {
          std::fprintf(stderr, "kiln-view: script line %d: emitter '%s' has no particle on screen\n", a.line, a.name.c_str());
          return false;
        }
        pickAt(px->x, px->y);
      } else {
        pickAt(a.a, a.b);
      }
      state_.panel(Panel::Pick) = true;
      if (state_.view.eventPick) {
        std::printf("kiln-view: picked event particle %llu (recipe %u, seed %u, index %u)\n",
                    static_cast<unsigned long long>(state_.view.eventPick->id), state_.view.eventPick->recipe,
                    state_.view.eventPick->seed, state_.view.eventPick->index);
        return true;
      }
      if (!state_.view.pick) std::fprintf(stderr, "kiln-view: script line %d: nothing picked\n", a.line);
      else
        std::printf("kiln-view: picked %s slot %u birth %u cycle %lld\n",
                    state_.doc.level->particles()->emitters[state_.view.pick->emitter].name.c_str(), state_.view.pick->state.slot,
                    state_.view.pick->state.birth, static_cast<long long>(state_.view.pick->state.cycle));
      return state_.view.pick.has_value();
    case K::Select: return selectByName(a.text, a.name, a.line);
    case K::Jump: return scriptJump(a);
    case K::Capture:
      // Immediately, so `time T` then `capture` records exactly T.
      return captureOne(state_.view.camera, a.text.empty() ? "current" : a.text, state_.view.clock.time);
    case K::CaptureSet:
    case K::Bookmark:
    case K::Solo:
    case K::Mute:
    case K::AB: return runPanelAction(a);
    case K::Sandbox: return runSandboxAction(a);
    case K::Hover: scriptMouse_ = glm::dvec2(a.a, a.b); return true;
    case K::Mouse: return scriptPointer(a);
    case K::Quit:
      // Quitting waits for a capture set in progress (app.cpp), so its images and video are written.
      if (!mayDropEdits(a.force, "quit")) return false;
      state_.ui.quitRequested = true;
      return true;
    case K::Save: {
      core::Diagnostic why;
      const SaveResult r = saveSource(state_, a.force ? SaveMode::Overwrite : SaveMode::Ask, &why);
      if (r == SaveResult::Saved) return true;
      if (r == SaveResult::Conflict)
        std::fprintf(stderr, "kiln-view: script line %d: %s (save --overwrite writes anyway)\n", a.line,
                     core::format(why).c_str());
      else
        std::fprintf(stderr, "kiln-view: script line %d: %s\n", a.line, state_.ui.status.c_str());
      return false;
    }
    case K::Background: state_.view.background = *backgroundFromName(a.text); return true;
    case K::Output: {
      if (auto why = setOutput(state_.view.output, a.text, a.name)) {
        std::fprintf(stderr, "kiln-view: script line %d: output: %s\n", a.line, why->c_str());
        return false;
      }
      return true;
    }
    case K::Expect: return expectState(a);
    case K::DragGizmo: return scriptGizmoDrag(static_cast<int>(a.text[0] - 'x'), a.a, a.b, a.line);
    case K::Camera:
      state_.view.camera.setMode(*core::fromSpelling(kCameraModeSpellings, a.text));
      return true;
    case K::Panel: {
      auto p = panelFromName(a.text);
      if (!p) {
        const std::vector<std::string> names(kPanelNames.begin(), kPanelNames.end());
        std::fprintf(stderr, "kiln-view: script line %d: no panel named '%s'%s; panels: %s\n", a.line, a.text.c_str(),
                     source::didYouMean(a.text, names).c_str(), source::listOf(names).c_str());
        return false;
      }
      state_.panel(*p) = a.a != 0;
      return true;
    }
    case K::Look: {
      // The camera rule kiln capture --camera and kiln sim --camera use.
      const glm::dvec3 eye(a.look[0], a.look[1], a.look[2]), target(a.look[3], a.look[4], a.look[5]);
      if (auto d = render::checkCamera(eye, target, {0, 0, 1}, "look")) {
        std::fprintf(stderr, "kiln-view: script line %d: %s\n", a.line, core::format(*d).c_str());
        return false;
      }
      return state_.view.camera.lookFrom(eye, target);
    }
    case K::Wait: return true;
    case K::Workspace: applyWorkspace(a.text, true); return true;
    case K::Tune: return tuneField(a.text, a.a, a.line);
    case K::Host: {
      // As the capabilities panel does: change what the host advertises, then remount (which
      // reads the level again: unsaved edits would go).
      if (!mayDropEdits(false, "host " + a.text)) return false;
      auto& v = state_.doc.host.features;
      v.erase(std::remove(v.begin(), v.end(), a.text), v.end());
      if (a.a != 0) v.push_back(a.text);
      state_.panel(Panel::Capabilities) = true;
      return !state_.doc.level || openNow(state_.doc.level->path, state_.doc.level->relaxedBounds, true);
    }
    case K::Key: {
      const auto chord = keyChordFromName(a.text);  // validated by the parser
      if (chord && keyEffect(applyKey(state_, *chord))) return true;
      std::fprintf(stderr, "kiln-view: script line %d: key %s: %s\n", a.line, a.text.c_str(), state_.ui.status.c_str());
      return false;
    }
    case K::View: return setView(a.text, a.a != 0);
    case K::WriteFile: return writeScriptFile(a);
    case K::CopyFile: return copyScriptFile(a);
    case K::ExpectErrors:
    case K::ExpectTime:
    case K::ExpectLevel:
    case K::ExpectProblem: return expect(a);
  }
  return true;
}

}  // namespace kiln::viewer
