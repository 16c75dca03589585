// The frame loop: GLFW window + GL 4.6 core context, ImGui, scene, panels, script, screenshots.
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "app.hpp"
#include "core/escape.hpp"
#include "core/file.hpp"
#include "loader/loader.hpp"
#include "render/gl_loader.hpp"
#include "frame.hpp"
#include "screenshot.hpp"
#include "script.hpp"
#include "viewer_state.hpp"

namespace kiln::viewer {
namespace {

std::string g_glfwError;

void onGlfwError(int code, const char* text) { g_glfwError = std::to_string(code) + ": " + (text ? text : ""); }

void onDrop(GLFWwindow* window, int count, const char** paths) {
  auto* state = static_cast<ViewerState*>(glfwGetWindowUserPointer(window));
  if (state && count > 0) state->commands.push(OpenLevel{paths[0]});
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
  // Window placement is the workspaces' business (frame.cpp): ImGui keeps no .ini of its own.
  io.IniFilename = nullptr;
  ImGui::StyleColorsDark();
  ImGui_ImplGlfw_InitForOpenGL(glfw.window, true);
  ImGui_ImplOpenGL3_Init("#version 460 core");

  Frame frame(state, options.workspace);
  // Scripted sessions start from the shipped layouts and never read or write the user's.
  if (!frame.init(!batch)) return 2;
  if (options.level) state.commands.push(OpenLevel{*options.level});
  // Recent files persist beside the user layout (interactive sessions only).
  const auto recentPath = userConfigDir() / "recent.txt";
  if (!batch) {
    std::string error;
    if (auto bytes = core::readFile(recentPath, error))
      state.doc.recentFiles = recentFromText(std::string_view(reinterpret_cast<const char*>(bytes->data()), bytes->size()));
  }

  ScriptCursor cursor(script.actions);
  int exitCode = 0;
  bool stopped = false;  // a failed action or level: end now and write no screenshot
  auto last = std::chrono::steady_clock::now();
  for (long n = 0; !glfwWindowShouldClose(glfw.window) && !state.ui.quit; ++n) {
    glfwPollEvents();
    const auto now = std::chrono::steady_clock::now();
    const double realDt = std::chrono::duration<double>(now - last).count();
    last = now;
    // Batch runs advance a fixed 60 Hz step so screenshots do not depend on machine speed.
    const double dt = batch ? 1.0 / 60.0 : std::min(realDt, 0.25);
    // Batch runs plot the fixed step, so a screenshot never depends on the machine's speed.
    state.ui.stats.push(static_cast<float>((batch ? dt : realDt) * 1000.0));

    glfwGetFramebufferSize(glfw.window, &state.view.framebufferWidth, &state.view.framebufferHeight);
    // Once quitting was asked for, the script runs no further actions: the loop only finishes
    // the capture set in progress (its images and video), then ends.
    if (options.script && !state.ui.quitRequested) {
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
    frame.update(dt);
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

    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplGlfw_NewFrame();
    ImGui::NewFrame();
    frame.drawScene();
    frame.serviceCaptures();
    frame.drawUi();
    ImGui::Render();
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());

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
