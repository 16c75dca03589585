// One frame of the viewer: input, clock, scene (3D view + top view), menus and panels, and the
// scripted actions that drive them.
#pragma once

#include <filesystem>
#include <memory>
#include <array>
#include <optional>

#include <glm/glm.hpp>
#include <string>
#include <utility>
#include <vector>

#include "logic/keys.hpp"
#include "logic/overlay.hpp"
#include "logic/scene.hpp"
#include "logic/script.hpp"
#include "logic/viewer_state.hpp"

namespace kiln::viewer {

// The user's kiln-view settings folder ($XDG_CONFIG_HOME/kiln or ~/.config/kiln); created only
// when an interactive session writes to it.
std::filesystem::path userConfigDir();
// The user's own arrangement of a workspace (written when leaving it or quitting).
std::filesystem::path userWorkspaceLayoutPath(const std::string& workspace);
// Camera bookmarks are saved beside the level as LEVEL.bookmarks.json.
std::filesystem::path bookmarksPath(const std::filesystem::path& level);
// The shipped workspace layout file (imgui_layout/NAME.ini).
std::filesystem::path workspaceLayoutPath(const std::string& workspace);

class Frame {
 public:
  Frame(ViewerState& state, std::string workspace);
  ~Frame();
  // userLayouts: read and write the user's own workspace arrangements (interactive sessions;
  // scripted ones always start from the shipped layouts and write nothing).
  // `glDebug`: the renderer reports every GL debug message (RendererOptions::debugOutput).
  bool init(bool userLayouts, bool glDebug = false);
  void shutdown();
  void update(double dt);
  void drawScene();
  void drawUi();
  // Hands the script's pointer events (`mouse`) to ImGui: call after the platform backend's
  // NewFrame and before ImGui::NewFrame.
  void feedScriptPointer();
  // Runs one scripted action; false when it failed (the session continues, the exit code says so).
  bool runAction(const ScriptAction& a);
  // Opens the workspace's panels and places them: the user's arrangement when saved, else (or
  // with `shipped`) the layout in imgui_layout/.
  void applyWorkspace(const std::string& name, bool place, bool shipped = false);
  // "Reset layout": forgets the user's arrangement of the current workspace.
  void resetLayout();
  void saveUserLayout();
  // Loads a workspace chosen since the last frame into ImGui, scaled to the display (W×H in
  // ImGui's units); call between frames, before NewFrame, as ImGui's loader requires.
  void beforeNewFrame(float displayWidth, float displayHeight);
  // True for the few frames after a layout was loaded, while docked windows take their size:
  // a scripted run neither runs actions nor advances the clock then, so its screenshots never
  // catch a layout half done.
  bool settling() const { return settleFrames_ > 0; }
  bool saveBookmarks();
  // Runs pending captures (one set item per frame) and refreshes capture textures and metrics.
  void serviceCaptures();
  int captureFailures() const { return captureFailures_; }
  // Levels that failed to open from OpenLevel requests (the command line's LEVEL, drops, menus):
  // a batch run that never mounted its level exits 1, as the help promises.
  int openFailures() const { return openFailures_; }
  // True once after something the script asked for through the frame (a key's quit or save)
  // failed where the script action itself could not see it: the session stops as for a failed line.
  bool takeFailedAction() { return std::exchange(failedAction_, false); }

 private:
  ViewerState& state_;
  std::string workspace_;
  std::unique_ptr<class GpuView> gpu_;
  std::vector<std::unique_ptr<class ImageTexture>> captureTextures_;
  std::unique_ptr<class ImageTexture> differenceTexture_;
  std::unique_ptr<ImageTexture> flipTexture_;   // the A/B pair's ꟻLIP map in magma
  std::pair<int, int> flipPair_{-1, -1};         // the pair the ꟻLIP map was computed for
  int captureFailures_ = 0;
  int openFailures_ = 0;
  bool failedAction_ = false;
  bool captureOne(const ViewCamera& camera, const std::string& label, double levelTime, const std::string& cameraName = "");
  // A finished capture set as an MP4 beside its images, through ffmpeg (video.hpp).
  bool writeVideo(CaptureJob& job);
  // The ffconcat list of a video, through the output plan; false with the reason in `error`.
  bool writeList(const std::filesystem::path& list, const std::string& text, std::string& error);
  // A PNG from disk joins the capture list (A/B of any two images); false with the reason printed.
  bool addImageFile(const std::filesystem::path& path);
  // The script's twins of panel buttons: capture-set, bookmark, save, solo, mute, ab.
  bool runPanelAction(const ScriptAction& a);
  // The script's `sandbox ...` actions (the event sandbox panel's twins).
  // The script's pointer (`mouse down|move|up`): queued here, handed to ImGui before the frame.
  bool scriptPointer(const ScriptAction& a);
  struct PointerEvent {
    glm::dvec2 at{0};
    bool down = false, button = false;  // button: this event presses or releases
  };
  struct ScriptPointer {
    glm::dvec2 at{0};
    bool down = false;
    bool used = false;
    std::vector<PointerEvent> events;
  } pointer_;
  bool runSandboxAction(const ScriptAction& a);
  SceneOptions scene_;
  std::optional<Layout> pendingLayout_;  // a workspace to load before the next frame
  int settleFrames_ = 0;
  // "Viewport", "Top view" and every panel: the windows the dock space shows.
  std::vector<std::string> shownPanels() const;
  bool cameraDrag_ = false;
  bool userLayouts_ = false, started_ = false;
  Selection loopSelection_;  // the selection the loop range last followed
  std::uint64_t loopGeneration_ = ~0ull;  // and the level generation (edits move the range too)
  void followSelection();
  // Hands the edits applied this frame (DocumentState::uploads) to the renderer: in place where
  // it can take them, else one prepare of the whole level.
  void uploadEdits();
  bool uploadInPlace(EditTarget target, std::uint32_t index);
  // The translate gizmo (frame_gizmo.cpp): a press on a handle, then the drag.
  bool beginGizmoDrag(const glm::dvec2& local);
  void updateGizmoDrag(const glm::dvec2& local);
  void dragTo(const glm::dvec2& local);
  // The script's drag-gizmo: the same press, move and release a hand makes.
  bool scriptGizmoDrag(int axis, double dx, double dy, int line);  // a right/middle drag that began on the viewport
  double watchTimer_ = 0;
  void drawMainMenu();
  void handleInput(double dt);
  void openPending();
  bool openNow(const std::filesystem::path& path, bool relaxBounds = false, bool keepClock = false);
  void reloadIfChanged(double dt);
  // The mounted level again from disk (hot reload, "reload" answers); false keeps the last good one.
  bool reloadNow();
  // Whether an action may drop the unsaved edits: yes with `discard` or when there are none;
  // otherwise no, with the status line saying why (and, in a script, an unsaved-changes error).
  bool mayDropEdits(bool discard, const std::string& action);
  void quitPending();
  void savePending();
  // A scripted session: nobody can answer a prompt, so what would ask fails instead.
  bool batch_ = false;
  void pickAt(double x, double y);
  void frameSelection();
  // The framebuffer pixel of the emitter's nearest alive particle centre, if any is on screen.
  std::optional<glm::dvec2> pixelOfEmitterParticle(const std::string& emitter) const;
  void loadBookmarks();
  void onLevelMounted();
  void prepareGpu();
  std::uint64_t preparedGeneration_ = 0, preparedEventsGeneration_ = 0;
  // The sandbox's fire key: the sector surface under the mouse in the Viewport.
  bool fireAtMouse();
  // Fires at the sector surface under a Viewport pixel (G, or a click with "fire on click").
  bool fireAtPixel(const glm::dvec2& local);
  // What applyKey left to the frame (framing, firing); false when that failed.
  bool keyEffect(KeyEffect effect);
  // The script's `hover X Y`: where the mouse is taken to be over the Viewport image (pixels).
  std::optional<glm::dvec2> scriptMouse_;
  bool tuneField(const std::string& field, double value, int line);
  bool selectByName(const std::string& kind, const std::string& name, int line);
  // Script helpers (frame_script.cpp).
  bool setView(const std::string& name, bool on);
  bool writeScriptFile(const ScriptAction& a);
  bool copyScriptFile(const ScriptAction& a);
  bool expect(const ScriptAction& a);
  bool expectState(const ScriptAction& a);
  bool expectDocked(const ScriptAction& a);
  // `jump first|worst|closest [EMITTER]`: the Bounds inspector's jump, from a script.
  bool scriptJump(const ScriptAction& a);
};

}  // namespace kiln::viewer
