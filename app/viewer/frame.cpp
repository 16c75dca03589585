// Frame: scene passes, input, menus, and dispatch of scripted actions.
#include "frame.hpp"

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <utility>
#include <glm/gtc/type_ptr.hpp>

#include "panels/panels.hpp"
#include "core/file.hpp"
#include "gpu_view.hpp"
#include "keys.hpp"
#include "scene.hpp"

namespace kiln::viewer {

std::filesystem::path userLayoutPath() {
  const char* xdg = std::getenv("XDG_CONFIG_HOME");
  const char* home = std::getenv("HOME");
  std::filesystem::path dir = xdg && *xdg ? std::filesystem::path(xdg) : home ? std::filesystem::path(home) / ".config"
                                                                              : std::filesystem::temp_directory_path();
  return dir / "kiln" / "kiln-view.ini";
}

void ensureUserConfigDir() {
  std::error_code ec;
  std::filesystem::create_directories(userLayoutPath().parent_path(), ec);
}

std::filesystem::path workspaceLayoutPath(const std::string& workspace) {
  return std::filesystem::path(KILN_LAYOUT_DIR) / (workspace + ".ini");
}

Frame::Frame(ViewerState& state, std::string workspace) : state_(state), workspace_(std::move(workspace)) {}
Frame::~Frame() = default;

bool Frame::init(bool placeWindows) {
  gpu_ = std::make_unique<GpuView>();
  applyWorkspace(workspace_, placeWindows);
  return true;
}

void Frame::shutdown() {
  captureTextures_.clear();
  differenceTexture_.reset();
  gpu_.reset();
}

void Frame::onLevelMounted() {
  // A reload keeps a tuning session on the same preset; anything else ends it.
  const auto* doc = state_.doc.level->particles();
  if (state_.doc.tuning.active() &&
      (!doc || state_.doc.tuning.preset >= doc->presets.size() || doc->presets[state_.doc.tuning.preset].name != state_.doc.tuning.saved.name))
    state_.doc.tuning = {};
  else if (state_.doc.tuning.active())
    state_.doc.tuning.start(*doc, state_.doc.tuning.preset);
  prepareGpu();
}

void Frame::prepareGpu() {
  preparedGeneration_ = state_.doc.levelGeneration;
  // Texture or atlas problems leave the renderer empty; the overlay and CPU points still show.
  const core::Diagnostics problems = gpu_->prepare(*state_.doc.level);
  for (const auto& d : problems) {
    state_.doc.loadDiagnostics.push_back({d, state_.doc.level->path.string()});
    std::fprintf(stderr, "kiln-view: %s\n", core::format(d).c_str());
  }
  if (!problems.empty()) state_.panel(Panel::Errors) = true;
}

void Frame::applyWorkspace(const std::string& name, bool place) {
  workspace_ = name;
  std::string error;
  const auto bytes = core::readFile(workspaceLayoutPath(name), error);
  if (!bytes) {
    state_.ui.status = "layout: " + error;
    return;
  }
  state_.ui.layout = parseLayout(std::string_view(reinterpret_cast<const char*>(bytes->data()), bytes->size()));
  // The layout file decides which panels the workspace shows.
  state_.ui.open.fill(false);
  state_.view.showTopView = false;
  state_.ui.layoutPending.clear();
  for (const auto& w : state_.ui.layout.windows) {
    for (std::size_t i = 0; i < kPanelTitles.size(); ++i)
      if (w.title == kPanelTitles[i]) state_.ui.open[i] = true;
    if (w.title == "Top view") state_.view.showTopView = true;
    if (place) state_.ui.layoutPending.push_back(w.title);
  }
}

void Frame::handleInput(double dt) {
  ImGuiIO& io = ImGui::GetIO();
  if (!io.WantCaptureMouse) {
    if (ImGui::IsMouseClicked(ImGuiMouseButton_Left)) pickAt(io.MousePos.x * io.DisplayFramebufferScale.x,
                                                            io.MousePos.y * io.DisplayFramebufferScale.y);
    if (ImGui::IsMouseDragging(ImGuiMouseButton_Right) || ImGui::IsMouseDragging(ImGuiMouseButton_Middle))
      state_.view.camera.rotate(io.MouseDelta.x, io.MouseDelta.y);
    if (io.MouseWheel != 0) state_.view.camera.zoom(io.MouseWheel);
  }
  // ImGui 1.86 indexes keys by the GLFW backend's key codes.
  if (io.WantCaptureKeyboard) return;
  const double speed = (io.KeyShift ? 12.0 : 4.0) * dt;
  glm::dvec3 m{0};
  if (ImGui::IsKeyDown(GLFW_KEY_W)) m.y += speed;
  if (ImGui::IsKeyDown(GLFW_KEY_S)) m.y -= speed;
  if (ImGui::IsKeyDown(GLFW_KEY_D)) m.x += speed;
  if (ImGui::IsKeyDown(GLFW_KEY_A)) m.x -= speed;
  if (ImGui::IsKeyDown(GLFW_KEY_E)) m.z += speed;
  if (ImGui::IsKeyDown(GLFW_KEY_Q)) m.z -= speed;
  if (m != glm::dvec3(0)) state_.view.camera.move(m);
  // The one-shot shortcuts go through applyKey, as a script's `key` action does.
  static constexpr std::pair<int, Key> kKeys[] = {
      {GLFW_KEY_SPACE, Key::Space}, {GLFW_KEY_LEFT, Key::Left}, {GLFW_KEY_RIGHT, Key::Right}, {GLFW_KEY_F, Key::F},
      {GLFW_KEY_F1, Key::F1},       {GLFW_KEY_TAB, Key::Tab},   {GLFW_KEY_Z, Key::Z},         {GLFW_KEY_Y, Key::Y},
      {GLFW_KEY_O, Key::O},         {GLFW_KEY_Q, Key::Q}};
  for (const auto& [code, key] : kKeys)
    if (ImGui::IsKeyPressed(code) && applyKey(state_, {key, io.KeyCtrl, io.KeyShift}) == KeyEffect::FrameSelection)
      frameSelection();
}

void Frame::update(double dt) {
  handleInput(dt);
  openPending();
  // A tuning edit changed the mounted document: upload it again.
  if (state_.doc.level && preparedGeneration_ != state_.doc.levelGeneration) prepareGpu();
  reloadIfChanged(dt);
  state_.view.clock.advance(dt);
}

void Frame::drawScene() {
  const int w = state_.view.framebufferWidth, h = state_.view.framebufferHeight;
  const bool gpu = gpu_->ready();
  if (gpu) {
    gpu_->drawMain(state_);
  } else {
    state_.ui.gpu.available = false;
    gpu_->clearMain(state_);
  }
  state_.view.overlay.clear();
  scene_.cpuParticles = !gpu || state_.view.cpuParticles;
  buildSceneOverlay(state_, scene_, state_.view.overlay);
  state_.view.overlay.line({0, 0, 0}, {1, 0, 0}, {1, 0.2f, 0.2f, 1});
  state_.view.overlay.line({0, 0, 0}, {0, 1, 0}, {0.2f, 1, 0.2f, 1});
  state_.view.overlay.line({0, 0, 0}, {0, 0, 1}, {0.3f, 0.4f, 1, 1});
  const glm::mat4 vp = glm::mat4(state_.view.camera.projection(double(w) / std::max(1, h)) * state_.view.camera.view());
  gpu_->drawOverlay(state_.view.overlay, vp, w, h);

  state_.view.topViewTexture = nullptr;
  if (state_.view.showTopView && gpu) {
    // The top view renders offscreen at its own size; hiding or resizing it never touches the
    // level clock.
    state_.view.topViewTexture = gpu_->drawTop(state_, 384, 256);
    state_.view.topViewWidth = 384, state_.view.topViewHeight = 256;
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
    if (ImGui::MenuItem("Quit", "Ctrl+Q")) state_.ui.quit = true;
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("View")) {
    for (int i = 0; i < static_cast<int>(Panel::Count); ++i) ImGui::MenuItem(kPanelTitles[i], nullptr, &state_.ui.open[i]);
    ImGui::Separator();
    ImGui::MenuItem("Top view", nullptr, &state_.view.showTopView);
    ImGui::MenuItem("CPU reference points", nullptr, &state_.view.cpuParticles);
    ImGui::MenuItem("All emitter bounds", nullptr, &scene_.allBounds);
    render::DebugViews& debug = gpu_->debugViews();
    ImGui::MenuItem("Sector planes", nullptr, &debug.sectorPlanes);
    ImGui::MenuItem("Stored bounds (GPU)", nullptr, &debug.storedBounds);
    ImGui::MenuItem("Recomputed bounds (GPU)", nullptr, &debug.recomputedBounds);
    ImGui::MenuItem("Surface grid", nullptr, &debug.grid);
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("Workspace")) {
    for (const char* ws : {"tuning", "bounds", "capture"})
      if (ImGui::MenuItem(ws, nullptr, workspace_ == ws)) applyWorkspace(ws, true);
    ImGui::Separator();
    if (ImGui::MenuItem("Reset layout")) applyWorkspace(workspace_, true);
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("Help")) {
    ImGui::MenuItem("Keyboard shortcuts", "F1", &state_.panel(Panel::Help));
    ImGui::EndMenu();
  }
  ImGui::TextDisabled("  t = %.3f s  %s  %.1fx", state_.view.clock.time, state_.view.clock.playing ? "playing" : "paused",
                      state_.view.clock.speed);
  if (!state_.ui.status.empty()) ImGui::TextUnformatted(("  " + state_.ui.status).c_str());
  ImGui::EndMainMenuBar();
}

void Frame::drawUi() {
  drawMainMenu();
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
    case K::Open: return openNow(a.text);
    case K::Inspect: return openNow(a.text, true);
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
      if (!state_.view.pick) std::fprintf(stderr, "kiln-view: script line %d: nothing picked\n", a.line);
      else
        std::printf("kiln-view: picked %s slot %u birth %u cycle %lld\n",
                    state_.doc.level->particles()->emitters[state_.view.pick->emitter].name.c_str(), state_.view.pick->state.slot,
                    state_.view.pick->state.birth, static_cast<long long>(state_.view.pick->state.cycle));
      return state_.view.pick.has_value();
    case K::Select: return selectByName(a.text, a.name, a.line);
    case K::Capture:
      // Immediately, so `time T` then `capture` records exactly T.
      return captureOne(state_.view.camera, "current", state_.view.clock.time);
    case K::Quit: state_.ui.quit = true; return true;
    case K::Camera:
      state_.view.camera.setMode(a.text == "fly" ? Camera::Mode::Fly : a.text == "top" ? Camera::Mode::Top : Camera::Mode::Orbit);
      return true;
    case K::Panel: {
      auto p = panelFromName(a.text);
      if (!p) {
        std::fprintf(stderr, "kiln-view: script line %d: no panel named '%s'\n", a.line, a.text.c_str());
        return false;
      }
      state_.panel(*p) = a.a != 0;
      return true;
    }
    case K::Look:
      if (state_.view.camera.lookFrom({a.look[0], a.look[1], a.look[2]}, {a.look[3], a.look[4], a.look[5]})) return true;
      std::fprintf(stderr, "kiln-view: script line %d: 'look' needs an eye apart from its target\n", a.line);
      return false;
    case K::Wait: return true;
    case K::Workspace: applyWorkspace(a.text, true); return true;
    case K::Tune: return tuneField(a.text, a.a, a.line);
    case K::Host: {
      // As the capabilities panel does: change what the host advertises, then remount.
      auto& v = state_.doc.host.features;
      v.erase(std::remove(v.begin(), v.end(), a.text), v.end());
      if (a.a != 0) v.push_back(a.text);
      state_.panel(Panel::Capabilities) = true;
      return !state_.doc.level || openNow(state_.doc.level->path, state_.doc.level->relaxedBounds, true);
    }
    case K::Key: {
      const auto chord = keyChordFromName(a.text);  // validated by the parser
      if (chord && applyKey(state_, *chord) == KeyEffect::FrameSelection) frameSelection();
      return chord.has_value();
    }
    case K::View: return setView(a.text, a.a != 0);
    case K::WriteFile: return writeScriptFile(a);
    case K::CopyFile: return copyScriptFile(a);
    case K::ExpectErrors:
    case K::ExpectTime:
    case K::ExpectLevel: return expect(a);
  }
  return true;
}

}  // namespace kiln::viewer
