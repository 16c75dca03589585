// One frame of the viewer: input, clock, scene (3D view + top view), menus and panels, and the
// scripted actions that drive them.
#pragma once

#include <filesystem>
#include <memory>
#include <optional>

#include <glm/glm.hpp>
#include <string>
#include <vector>

#include "overlay.hpp"
#include "scene.hpp"
#include "script.hpp"
#include "viewer_state.hpp"

namespace kiln::viewer {

// Where the user's own window layout is kept (separate from the shipped workspaces).
std::filesystem::path userLayoutPath();
// Creates userLayoutPath()'s folder (interactive sessions only: batch runs create nothing).
void ensureUserConfigDir();
// "LEVEL_LABEL_t00001500ms.png": sortable, one file per (camera, time).
std::string captureFileName(const std::string& level, const std::string& label, double levelTime);
// Camera bookmarks are saved beside the level as LEVEL.bookmarks.json.
std::filesystem::path bookmarksPath(const std::filesystem::path& level);
// The shipped workspace layout file (imgui_layout/NAME.ini).
std::filesystem::path workspaceLayoutPath(const std::string& workspace);

class Frame {
 public:
  Frame(ViewerState& state, std::string workspace);
  ~Frame();
  // placeWindows: move windows to the workspace layout (false keeps the user's saved layout).
  bool init(bool placeWindows);
  void shutdown();
  void update(double dt);
  void drawScene();
  void drawUi();
  // Runs one scripted action; false when it failed (the session continues, the exit code says so).
  bool runAction(const ScriptAction& a);
  void applyWorkspace(const std::string& name, bool place);
  bool saveBookmarks();
  // Runs pending captures (one set item per frame) and refreshes capture textures and metrics.
  void serviceCaptures();
  int captureFailures() const { return captureFailures_; }
  // Levels that failed to open from OpenLevel requests (the command line's LEVEL, drops, menus):
  // a batch run that never mounted its level exits 1, as the help promises.
  int openFailures() const { return openFailures_; }

 private:
  ViewerState& state_;
  std::string workspace_;
  std::unique_ptr<class GpuView> gpu_;
  std::vector<std::unique_ptr<class ImageTexture>> captureTextures_;
  std::unique_ptr<class ImageTexture> differenceTexture_;
  int captureFailures_ = 0;
  int openFailures_ = 0;
  bool captureOne(const Camera& camera, const std::string& label, double levelTime);
  SceneOptions scene_;
  double watchTimer_ = 0;
  void drawMainMenu();
  void handleInput(double dt);
  void openPending();
  bool openNow(const std::filesystem::path& path, bool relaxBounds = false, bool keepClock = false);
  void reloadIfChanged(double dt);
  void pickAt(double x, double y);
  void frameSelection();
  // The framebuffer pixel of the emitter's nearest alive particle centre, if any is on screen.
  std::optional<glm::dvec2> pixelOfEmitterParticle(const std::string& emitter) const;
  void loadBookmarks();
  void onLevelMounted();
  void prepareGpu();
  std::uint64_t preparedGeneration_ = 0;
  bool tuneField(const std::string& field, double value, int line);
  bool selectByName(const std::string& kind, const std::string& name, int line);
  // Script helpers (frame_script.cpp).
  bool setView(const std::string& name, bool on);
  bool writeScriptFile(const ScriptAction& a);
  bool copyScriptFile(const ScriptAction& a);
  bool expect(const ScriptAction& a);
};

}  // namespace kiln::viewer
