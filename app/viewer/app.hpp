// The viewer application: window, GL context, ImGui, frame loop, scripted sessions.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

namespace kiln::viewer {

struct ViewerOptions {
  std::optional<std::filesystem::path> level;
  std::optional<std::filesystem::path> script;
  std::optional<std::filesystem::path> screenshot;
  long frames = 0;  // > 0: draw exactly this many frames, then exit (fixed 60 Hz steps)
  int width = 1280, height = 720;
  std::string workspace = "bounds";  // tuning | bounds | capture | events
  std::optional<float> uiScale;      // --ui-scale: this run's UI scale (not saved)
  bool glDebug = false;              // --gl-debug or KILN_GL_DEBUG=1: a debug context, every message shown
};

// Exit status: 0 success, 1 a script or level was invalid, 2 no display / GL context / I/O.
int runViewer(const ViewerOptions& options);

}  // namespace kiln::viewer
