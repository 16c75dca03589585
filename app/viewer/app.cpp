// The frame loop: GLFW window + GL 4.6 core context, ImGui, scene, panels, script, screenshots.
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "app.hpp"
#include "core/escape.hpp"
#include "core/file.hpp"
#include "loader/loader.hpp"
#include "render/gl_loader.hpp"
#include "frame.hpp"
#include "screenshot.hpp"
#include "logic/ui_settings.hpp"
#include "ui_style.hpp"
#include "logic/script.hpp"
#include "logic/viewer_state.hpp"

namespace kiln::viewer {
namespace {

std::string g_glfwError;

void onGlfwError(int code, const char* text) { g_glfwError = std::to_string(code) + ": " + (text ? text : ""); }

void onDrop(GLFWwindow* window, int count, const char** paths) {
  auto* state = static_cast<ViewerState*>(glfwGetWindowUserPointer(window));
  if (state && count > 0) pushDroppedFiles(state->commands, std::vector<std::filesystem::path>(paths, paths + count));
}

// The window's close button asks like Ctrl+Q does: unsaved edits are never dropped unasked.
void onClose(GLFWwindow* window) {
  auto* state = static_cast<ViewerState*>(glfwGetWindowUserPointer(window));
  if (!state) return;
  glfwSetWindowShouldClose(window, GLFW_FALSE);
  state->commands.push(RequestQuit{});
}

// Mesa's llvmpipe offers 4.5 unless told otherwise; the overrides are harmless elsewhere and
// never replace a value the user set.
void requestMesaGl46() {
  setenv("MESA_GL_VERSION_OVERRIDE", "4.6", 0);
  setenv("MESA_GLSL_VERSION_OVERRIDE", "460", 0);
}

struct GlfwSession {
  GLFWwindow* window = nullptr;
  ~GlfwSession() {
    if (window) glfwDestroyWindow(window);
    glfwTerminate();
  }
};

// Frames drawn and thrown away before the first real one (two, and as many as the workspace's
// layout takes to settle). A docked window's first frames in its dock node come out blank (ImGui
// lays it out before it draws it), and Dear ImGui 1.92 bakes glyphs into its font atlas on
// demand: these frames place every window of the workspace and bake every character the UI
// prints (Latin-1 and the symbols Kiln uses), so no frame a user or a screenshot sees is one of
// them. Nothing is opened or run yet; the level clock stays at 0.
void warmUpUi(GLFWwindow* window, Frame& frame) {
  std::string text;
  for (int c = 0x20; c < 0x7F; ++c) text += static_cast<char>(c);
  for (unsigned c = 0xA0; c <= 0xFF; ++c) {
    text += static_cast<char>(0xC0 | (c >> 6));
    text += static_cast<char>(0x80 | (c & 0x3F));
  }
  text += "\xE2\x80\xA2\xE2\x80\xA6\xE2\x88\x92\xE2\x86\x92\xE2\x89\xA4\xE2\x89\xA5\xE2\x80\x94";  // • … − → ≤ ≥ —
  for (int i = 0; i < 2 || frame.settling(); ++i) {
    int ww = 0, wh = 0;
    glfwGetWindowSize(window, &ww, &wh);
    frame.beforeNewFrame(static_cast<float>(ww), static_cast<float>(wh));
    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplGlfw_NewFrame();
    ImGui::NewFrame();
    frame.drawUi();
    // Inside the main window (a window outside it would get an OS window of its own when panels
    // may leave the main window); these frames are never shown.
    ImGui::SetNextWindowPos({0, 0});
    ImGui::Begin("##kiln-warm-up", nullptr,
                 ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoInputs | ImGuiWindowFlags_NoSavedSettings |
                     ImGuiWindowFlags_NoNav | ImGuiWindowFlags_NoFocusOnAppearing);
    ImGui::TextUnformatted(text.c_str());
    ImGui::End();
    ImGui::Render();
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
    if (ImGui::GetIO().ConfigFlags & ImGuiConfigFlags_ViewportsEnable) {
      ImGui::UpdatePlatformWindows();
      ImGui::RenderPlatformWindowsDefault();
      glfwMakeContextCurrent(window);
    }
  }
}

bool loadScript(const std::filesystem::path& path, Script& out) {
  // core::readFile refuses FIFOs and devices instead of blocking on them.
  core::Diagnostic error;
  auto bytes = core::readFile(path, error, 16u << 20);
  if (!bytes) {
    std::fprintf(stderr, "kiln-view: %s\n", loader::format(loader::locateIoError(error)).c_str());
    return false;
  }
  out = parseScript(std::string(bytes->begin(), bytes->end()));
  const std::string file = core::escapeText(path.string());
  for (const auto& e : out.errors)
    std::fprintf(stderr, "%s:%d: error: %s\n", file.c_str(), e.line, core::escapeText(e.message).c_str());
  return out.errors.empty();
}

}  // namespace

int runViewer(const ViewerOptions& options) {
  Script script;
  if (options.script && !loadScript(*options.script, script)) return 1;

  requestMesaGl46();
  glfwSetErrorCallback(onGlfwError);
  GlfwSession glfw;
  if (!glfwInit()) {
    std::fprintf(stderr,
                 "kiln-view: cannot open a window: no display available (GLFW %s).\n"
                 "kiln-view: set DISPLAY, or run it under a virtual X server: xvfb-run -a kiln-view ...\n",
                 g_glfwError.c_str());
    return 2;
  }
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 4);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 6);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_DOUBLEBUFFER, GLFW_TRUE);
  glfwWindowHint(GLFW_OPENGL_DEBUG_CONTEXT, options.glDebug ? GLFW_TRUE : GLFW_FALSE);
  const bool batch = options.frames > 0 || options.script.has_value();
  if (batch) glfwWindowHint(GLFW_RESIZABLE, GLFW_FALSE);
  glfw.window = glfwCreateWindow(options.width, options.height, "kiln-view", nullptr, nullptr);
  if (!glfw.window) {
    std::fprintf(stderr,
                 "kiln-view: cannot create an OpenGL 4.6 core context (GLFW %s).\n"
                 "kiln-view: on Mesa software drivers set MESA_GL_VERSION_OVERRIDE=4.6 and "
                 "MESA_GLSL_VERSION_OVERRIDE=460.\n",
                 g_glfwError.c_str());
    return 2;
  }
  glfwMakeContextCurrent(glfw.window);
  // Kiln's GL entry points come from glad, loaded for this context (ImGui's backend loads its own).
  if (const auto refused = render::loadGl(glfwGetProcAddress)) {
    std::fprintf(stderr, "kiln-view: %s\n", core::format(*refused).c_str());
    return 2;
  }
  glfwSwapInterval(batch ? 0 : 1);

  ViewerState state;
  glfwSetWindowUserPointer(glfw.window, &state);
  glfwSetDropCallback(glfw.window, onDrop);
  glfwSetWindowCloseCallback(glfw.window, onClose);
  std::string title = "kiln-view";

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  // Window placement is the workspaces' business (frame_layout.cpp loads and saves each one's ini):
  // ImGui keeps no imgui.ini of its own.
  io.IniFilename = nullptr;
  io.ConfigFlags |= ImGuiConfigFlags_DockingEnable;
  // The user's UI scale and multi-viewport choice (interactive sessions: a script always sees the
  // defaults, so its screenshots do not depend on the user); --ui-scale wins for this run.
  const std::filesystem::path settingsPath = userConfigDir() / "settings.ini";
  UiSettings settings;
  if (!batch) {
    std::string error;
    if (auto bytes = core::readFile(settingsPath, error))
      settings = parseUiSettings(std::string_view(reinterpret_cast<const char*>(bytes->data()), bytes->size()));
  }
  const UiSettings savedSettings = settings;
  state.ui.uiScale = options.uiScale.value_or(settings.uiScale);
  state.ui.multiViewport = settings.multiViewport;
  // Panels in windows of their own are set up at start-up only (the menu's choice applies next run).
  if (settings.multiViewport && !batch) io.ConfigFlags |= ImGuiConfigFlags_ViewportsEnable;
  io.ConfigDpiScaleFonts = true;  // a monitor's content scale follows the window between monitors
  state.ui.uiFont = loadUiFont();
  float contentScale = 1, ignored = 1;
  glfwGetWindowContentScale(glfw.window, &contentScale, &ignored);
  float styledScale = state.ui.uiScale;
  applyUiStyle(contentScale, styledScale);
  ImGui_ImplGlfw_InitForOpenGL(glfw.window, true);
  ImGui_ImplOpenGL3_Init("#version 460 core");

  Frame frame(state, options.workspace);
  // Scripted sessions start from the shipped layouts and never read or write the user's.
  if (!frame.init(!batch, options.glDebug)) return 2;
  if (options.level) state.commands.push(OpenLevel{*options.level});
  // What this session will read, so nothing it writes lands there (logic/output.cpp).
  if (options.script) state.doc.sessionInputs.push_back({*options.script, "script"});
  if (options.level) state.doc.sessionInputs.push_back({*options.level, "level on the command line"});
  for (const ScriptAction& a : script.actions) {
    using K = ScriptAction::Kind;
    if (a.kind == K::Open || a.kind == K::Inspect) state.doc.sessionInputs.push_back({a.text, "level the script opens"});
    if (a.kind == K::CopyFile) state.doc.sessionInputs.push_back({a.text, "file the script copies"});
    // An image that is not there yet is one the session makes itself (a capture compared
    // later); it becomes an input once loaded (Frame::addImageFile).
    std::error_code ec;
    if (a.kind == K::AB && a.text == "load" && std::filesystem::exists(a.name, ec))
      state.doc.sessionInputs.push_back({a.name, "image the script compares"});
  }
  // Recent files persist beside the user layout (interactive sessions only).
  const auto recentPath = userConfigDir() / "recent.txt";
  if (!batch) {
    std::string error;
    if (auto bytes = core::readFile(recentPath, error))
      state.doc.recentFiles = recentFromText(std::string_view(reinterpret_cast<const char*>(bytes->data()), bytes->size()));
  }

  warmUpUi(glfw.window, frame);

  ScriptCursor cursor(script.actions);
  int exitCode = 0;
  bool stopped = false;  // a failed action or level: end now and write no screenshot
  auto last = std::chrono::steady_clock::now();
  for (long n = 0; !glfwWindowShouldClose(glfw.window) && !state.ui.quit; ++n) {
    glfwPollEvents();
    const auto now = std::chrono::steady_clock::now();
    const double realDt = std::chrono::duration<double>(now - last).count();
    last = now;
    // Batch runs advance and plot a fixed 60 Hz step, so a screenshot never depends on the
    // machine's speed.
    const double dt = batch ? 1.0 / 60.0 : std::min(realDt, 0.25);
    state.ui.stats.push(static_cast<float>((batch ? dt : realDt) * 1000.0));

    glfwGetFramebufferSize(glfw.window, &state.view.framebufferWidth, &state.view.framebufferHeight);
    // Once quitting was asked for, the script runs no further actions: the loop only finishes
    // the capture set in progress (its images and video), then ends. While a set runs, the
    // script waits for it, so a second set or a capture never cuts the first one short.
    const bool settling = batch && frame.settling();
    if (options.script && !state.ui.quitRequested && !settling && !state.captures.job.active()) {
      cursor.beginFrame();
      while (const ScriptAction* a = cursor.next()) {
        if (!frame.runAction(*a)) {
          exitCode = 1;
          // An expect-* line reports and goes on (one run lists every broken expectation);
          // any other failed action stops the session: what follows would act on the wrong state.
          if (!isExpectation(a->kind)) {
            std::fprintf(stderr, "kiln-view: script line %d failed; session stopped (no final screenshot)\n", a->line);
            stopped = true;
            break;
          }
        }
        // A screenshot shows this frame as the script has set it up so far; the actions after
        // it run next frame.
        if (a->kind == ScriptAction::Kind::Screenshot) break;
      }
    }
    if (stopped) break;
    frame.update(settling ? 0.0 : dt);
    if (frame.takeFailedAction()) {
      std::fprintf(stderr, "kiln-view: session stopped (no final screenshot)\n");
      exitCode = 1;
      break;
    }
    // A script that ends with edits it neither saved nor discarded fails: its edits would be lost.
    if (options.script && cursor.finished() && !state.ui.quitRequested && hasUnsavedEdits(state.doc) &&
        !state.captures.job.active()) {
      std::fprintf(stderr,
                   "kiln-view: error[%s]: the script ends with unsaved edits to %s; end it with `save` or "
                   "`quit --discard`\n",
                   std::string(core::codeName(core::Code::UnsavedChanges)).c_str(), unsavedSummary(state.doc).c_str());
      exitCode = 1;
      break;
    }
    if (state.ui.quitRequested && !state.captures.job.active()) state.ui.quit = true;
    if (const std::string now = windowTitle(state); now != title) {
      title = now;
      glfwSetWindowTitle(glfw.window, title.c_str());
    }
    if (n == 0 && batch && options.level && !state.doc.level) {
      // The command-line level failed to open (the reason is printed above): a batch run must
      // not save a picture of an empty grid as if it were the level.
      std::fprintf(stderr, "kiln-view: %s did not open; no screenshot written\n", options.level->c_str());
      exitCode = 1;
      break;
    }

    {
      int ww = 0, wh = 0;
      glfwGetWindowSize(glfw.window, &ww, &wh);
      frame.beforeNewFrame(static_cast<float>(ww), static_cast<float>(wh));
    }
    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplGlfw_NewFrame();
    frame.feedScriptPointer();
    ImGui::NewFrame();
    frame.drawScene();
    frame.serviceCaptures();
    frame.drawUi();
    ImGui::Render();
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
    // Panels dragged out into windows of their own draw there (their contexts share the main one's
    // objects); the main window's context is current again afterwards.
    if (io.ConfigFlags & ImGuiConfigFlags_ViewportsEnable) {
      ImGui::UpdatePlatformWindows();
      ImGui::RenderPlatformWindowsDefault();
      glfwMakeContextCurrent(glfw.window);
    }
    // A new UI scale from the View menu restyles from the next frame.
    if (state.ui.uiScale != styledScale) {
      styledScale = state.ui.uiScale;
      applyUiStyle(contentScale, styledScale);
    }

    const bool lastFrame = (options.frames > 0 && n + 1 >= options.frames) ||
                           (options.script && options.frames == 0 && cursor.finished() && !state.captures.job.active());
    if (lastFrame && options.screenshot) state.commands.push(TakeScreenshot{*options.screenshot});
    for (const TakeScreenshot& shot : state.commands.take<TakeScreenshot>()) {
      core::Diagnostic error;
      std::error_code ec;
      if (shot.path.has_parent_path()) std::filesystem::create_directories(shot.path.parent_path(), ec);
      const core::Image image = readBackBuffer(state.view.framebufferWidth, state.view.framebufferHeight);
      if (!writeViewerPng(state.doc, shot.path, image, "screenshot", error)) {
        std::fprintf(stderr, "kiln-view: %s\n", loader::format(loader::locateIoError(error)).c_str());
        exitCode = 2;
      } else {
        std::printf("kiln-view: wrote %s\n", shot.path.string().c_str());
      }
    }
    glfwSwapBuffers(glfw.window);
    ++state.ui.stats.frames;
    if (lastFrame) break;
  }

  if (frame.captureFailures() > 0) exitCode = exitCode ? exitCode : 1;
  if (batch && frame.openFailures() > 0) exitCode = exitCode ? exitCode : 1;
  if (!batch) {
    settings.uiScale = state.ui.uiScale;
    settings.multiViewport = state.ui.multiViewport;
    if (!(settings == savedSettings) && !options.uiScale) {
      const std::string text = uiSettingsText(settings);
      std::string error;
      std::error_code ec;
      std::filesystem::create_directories(settingsPath.parent_path(), ec);
      core::writeFile(settingsPath, std::span(reinterpret_cast<const std::uint8_t*>(text.data()), text.size()), error);
    }
    const std::string text = recentToText(state.doc.recentFiles);
    std::string error;
    std::error_code ec;
    std::filesystem::create_directories(recentPath.parent_path(), ec);
    core::writeFile(recentPath, std::span(reinterpret_cast<const std::uint8_t*>(text.data()), text.size()), error);
  }
  frame.shutdown();
  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplGlfw_Shutdown();
  ImGui::DestroyContext();
  return exitCode;
}

}  // namespace kiln::viewer
