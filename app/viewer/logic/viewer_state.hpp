// Everything the viewer's panels read and change: the mounted level, clock, cameras, selection.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <deque>
#include <filesystem>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "logic/camera.hpp"
#include "logic/clock.hpp"
#include "logic/commands.hpp"
#include "logic/escape_view.hpp"
#include "sim/model.hpp"
#include "core/diagnostic.hpp"
#include "core/image.hpp"
#include "logic/layout.hpp"
#include "logic/level_session.hpp"
#include "logic/overlay.hpp"
#include "panels/logic/ab_view.hpp"
#include "panels/logic/inspect.hpp"
#include "panels/logic/emitter_edit.hpp"
#include "panels/logic/events_edit.hpp"
#include "panels/logic/tuning_model.hpp"
#include "logic/pick.hpp"
#include "render/cpu/output.hpp"
#include "render/cpu/passes.hpp"
#include "logic/selection.hpp"

namespace kiln::viewer {

// An image the UI can show: Dear ImGui's texture id for it (the GL texture name), 0 for none.
// Kept as a plain number so this header stays free of ImGui and GL.
using UiTexture = std::uint64_t;

// Panel identities; the script's `panel NAME` and the View menu use these names.
enum class Panel : int { Timeline, Outliner, Bounds, Budgets, Blend, Pick, Tuning, Captures, Capabilities, Errors, Help, Open, Emitter, Events, Count };
inline constexpr std::array<const char*, static_cast<int>(Panel::Count)> kPanelNames{
    "timeline", "outliner", "bounds", "budgets", "blend", "pick", "tuning", "captures", "capabilities", "errors", "help", "open", "emitter", "events"};
inline constexpr std::array<const char*, static_cast<int>(Panel::Count)> kPanelTitles{
    "Timeline", "Outliner", "Bounds inspector", "Budgets", "Blend passes", "Slot picking", "Preset tuning",
    "Captures", "Host capabilities", "Errors", "Keyboard shortcuts", "Open level", "Emitter editing", "Event sandbox"};
std::optional<Panel> panelFromName(std::string_view name);
// Every window a workspace layout must dock: the Viewport, the top view and every panel.
std::vector<std::string> dockedTitles();

// A blend mode's place among the particle passes (render::kParticlePasses, in draw order).
int passIndexForBlend(particles::Blend b);

// Solo/mute of the blend-pass inspector, indexed like render::kParticlePasses (the renderer
// receives the same through FrameOptions).
struct PassControls {
  std::array<bool, render::kParticlePassCount> passMuted{};
  int soloPass = -1;
  std::vector<std::uint8_t> emitterMuted;  // per emitter, sized when a level mounts
  int soloEmitter = -1;
  bool overdraw = false;
};

// Isolation (the outliner's, keys I and H): solo the selected emitter, or mute every emitter
// but the selected preset's; showAll clears every solo and mute, passes included.
void isolateSelection(struct ViewerState& s);
bool isolated(const struct ViewerState& s);
void showAll(PassControls& pc);

// What the GPU renderer reported for the last frame (absent when no renderer is active).
struct GpuInfo {
  bool available = false;
  std::uint32_t drawCalls = 0, atlasPages = 0, liveParticles = 0;
  std::vector<std::string> passNames;
  std::vector<double> passMs;        // per pass, milliseconds
  double computeMs = 0;              // the particle compute passes, before the passes
  std::vector<double> passTargetMs;  // from assets/budgets.json when present (0 = none)
  std::uint32_t drawCallTarget = 0;  // sum of the passes' draw-call targets
  std::vector<std::uint32_t> passDrawCalls;        // per pass, same order as passNames
  std::vector<std::uint32_t> passDrawCallTargets;  // from assets/budgets.json (0 = none)
  double frameTargetMs = 0;
  // Emitter culling and per-pass pipeline statistics of the last frame (render::FrameStats).
  std::uint32_t emittersDrawn = 0, emittersCulledFrustum = 0, emittersCulledSchedule = 0;
  std::uint32_t slotsSubmitted = 0;
  bool pipelineStatistics = false;
  bool timersUnreliable = false;  // a software rasterizer: its timers are not GPU time
  // render::FrameStats's frame numbers (which frame the timings and the live count are from)
  // and render::DriverInfo::summary() (the driver and how its context was made).
  std::uint64_t frame = 0, timingsFrame = 0, liveParticlesFrame = 0;
  std::string driver;
  struct PassStatistics {  // render::PassStatistics, kept here so this header stays GL-free
    std::uint64_t vertexInvocations = 0, primitives = 0, fragmentInvocations = 0;
  };
  std::vector<PassStatistics> passStatistics;  // same order as passNames
  // The scene-transparency pass's event particles (`events` false when the level has none).
  struct EventRange {
    std::uint32_t recipe = 0, first = 0, count = 0;
    sim::BlendMode blend = sim::BlendMode::LightMatter;
    sim::TextureAlpha textureAlpha = sim::TextureAlpha::Alpha;
    float alphaTest = 0.0f;
    bool textured = false;
  };
  bool events = false;
  std::uint32_t eventLive = 0, eventCapacity = 0, eventMaxSprites = 0, eventDeclared = 0;
  std::uint32_t eventDroppedThisFrame = 0;
  std::uint64_t eventDroppedTotal = 0;
  std::uint64_t eventSpawned = 0, eventRecycled = 0;  // since T = 0
  std::int64_t eventStep = 0, eventTargetStep = 0;
  bool eventCatchingUp = false;   // the simulation is still on its way to T (nothing drawn yet)
  bool eventBeyondBudget = false; // T is past the simulation budget: events are not simulated
  double eventSimMs = 0, eventBatchMs = 0;              // CPU, this frame
  double eventSimTargetMs = 0, eventBatchTargetMs = 0;  // assets/budgets.json "events" (0 = none)
  std::vector<EventRange> eventRanges;  // this frame's draw ranges, in draw order (capacity reused)
  std::vector<std::uint32_t> eventDrawClass;  // per recipe: the first recipe of its draw class
};

// One capture of this session (kept in memory for A/B comparison, and written as PNG).
struct CaptureEntry {
  std::string label;       // camera bookmark name, "current", or the file name of a PNG from disk
  double levelTime = 0;    // negative for a PNG loaded from disk
  std::filesystem::path file;
  core::Image image;
  UiTexture texture = 0;  // set by the frame once uploaded
};

// A capture set in progress: every time × every camera, one capture per frame.
struct CaptureJob {
  std::string label = "current";  // the session's label: every file of the set carries it
  std::vector<double> times;
  std::vector<CameraBookmark> cameras;  // a bookmark's name goes into its files' names
  std::size_t next = 0;
  // Also write the set as a video through ffmpeg when it is done (video.hpp), at `fps`.
  bool video = false;
  double fps = 30;
  std::vector<std::filesystem::path> written;  // the images, in the order they were taken
  std::size_t total() const { return times.size() * cameras.size(); }
  bool active() const { return next < total(); }
};

// A/B comparison of two captures with the metrics of `kiln compare`.
struct Comparison {
  int a = -1, b = -1;
  enum class Mode { Split, Flicker, Difference, SideBySide, Flip } mode = Mode::Split;
  float split = 0.5f;
  float zoom = 1;  // 1 = fit the panel width; up to 16 (scroll the panel to pan)
  bool computed = false;
  int computedA = -1, computedB = -1;
  bool sameSize = false;
  std::uint32_t maxAbsDiff = 0;
  double meanAbsDiff = 0, psnr = 0, changedPercent = 0;
  std::uint64_t changedPixels = 0;
  core::PixelRect changedRect;  // every changed pixel lies in it (render::ImageComparison's)
  UiTexture differenceTexture = 0;
  // ꟻLIP of the pair at the default viewing conditions (kiln compare --metric flip's): the
  // per-pixel map (the probe reads it), its mean and its magma picture.
  std::vector<float> flipMap;
  double flipMean = 0, flipMax = 0;
  UiTexture flipTexture = 0;
  // Over the Viewport (the whole image area instead of the scene): zoom and pan about the
  // cursor, the difference's gain, the flicker rate, and the metrics of the region in view.
  bool inViewport = false;
  ab_view::View view;
  float gain = 4;         // difference: |A−B| × gain
  float computedGain = 0;  // the gain differenceTexture was made with
  float flickerHz = 2;    // flicker: A/B changes per second
  ab_view::Rect area;      // the Viewport's image area last frame (UI pixels)
  struct RegionMetrics {
    ab_view::Region region;
    int a = -1, b = -1;
    std::uint32_t maxAbsDiff = 0;
    double meanAbsDiff = 0, psnr = 0, changedPercent = 0;
  } regionMetrics;
};

// Frame timing the budgets panel plots.
struct FrameTimings {
  static constexpr std::size_t kWindow = 300;  // frames the figures cover
  std::deque<float> frameMs;  // the last kWindow frames
  std::uint64_t frames = 0;
  void push(float ms) {
    frameMs.push_back(ms);
    if (frameMs.size() > kWindow) frameMs.pop_front();
  }
  // What the Viewport overlay shows: frames per second (1000 / mean), the mean frame time and
  // the 95th percentile (nearest rank: the smallest time at least 95% of the frames keep to).
  struct Summary {
    double fps = 0, meanMs = 0, p95Ms = 0;
  };
  Summary summary() const {
    Summary out;
    if (frameMs.empty()) return out;
    std::array<float, kWindow> sorted{};
    std::copy(frameMs.begin(), frameMs.end(), sorted.begin());
    const std::size_t n = frameMs.size();
    double sum = 0;
    for (std::size_t i = 0; i < n; ++i) sum += sorted[i];
    out.meanMs = sum / static_cast<double>(n);
    out.fps = out.meanMs > 0 ? 1000.0 / out.meanMs : 0;
    const std::size_t rank = (95 * n + 99) / 100;  // ceil(0.95 n), at least 1
    std::nth_element(sorted.begin(), sorted.begin() + static_cast<std::ptrdiff_t>(rank - 1),
                     sorted.begin() + static_cast<std::ptrdiff_t>(n));
    out.p95Ms = sorted[rank - 1];
    return out;
  }
};

// The panels' own memory between frames (text being typed, per-level caches), kept here rather
// than in function-local statics so it belongs to one viewer and resets with it.
struct PanelMemory {
  bool captureVideo = false;             // captures: also write a capture set as a video
  char openPath[1024] = "";              // open: the path being typed
  char bookmarkName[64] = "view";        // captures: name of the next camera bookmark
  char captureTimes[256] = "0:2:0.5";    // captures: a capture set's START:END:STEP (as kiln capture --times)
  char captureLabel[64] = "current";     // captures: the label of the next "Capture now"
  char abImagePath[1024] = "";           // captures: a PNG to add to the A/B list
  int frameEmitter = 0;                  // captures: the emitter the Frame section points at
  struct Budgets {  // encoded size and rows, per mounted document
    std::uint64_t generation = ~0ull;
    std::size_t encoded = 0;
    std::vector<inspect::BudgetRow> rows;
    std::vector<inspect::CapacityRow> caps;
  } budgets;
  struct Sandbox {  // the event sandbox: typed fire position, plots and the step-rate check
    double firePosition[3] = {0, 0, 1};
    std::uint64_t generation = ~0ull;  // events generation the history was computed for
    double t0 = -1, t1 = -1;
    events_edit::History history;
    std::vector<std::uint64_t> spawnedAtRates;  // at ratesTime, for kSandboxRates
    double ratesTime = -1;
    std::uint64_t ratesGeneration = ~0ull;
    // A part of the panel scrolled to its top once, then cleared (the script's `sandbox show`).
    std::string show;
  } sandbox;
  struct CurveGrab {  // a curve key held by the mouse: which, its age and value and the mouse at the press
    int key = -1;
    double age = 0, value = 0;
    float x = 0, y = 0;
  };
  struct CurveKeys {  // where the tuning panel drew its curves' keys last frame (the script's `mouse down key`)
    std::vector<std::array<float, 2>> size, alpha;
    CurveGrab sizeGrab, alphaGrab;
  } curveKeys;
  struct Timeline {  // alive counts per emitter, per level and time window
    std::uint64_t generation = ~0ull;
    double t0 = -1, t1 = -1;
    std::vector<std::vector<float>> alive;
    std::vector<char> fresh;
  } timeline;
};

// The level being viewed: what is mounted, where it came from, and edits to it.
struct DocumentState {
  // The mounted level (the last good one while a reload fails) and the host it mounted on.
  std::optional<MountedLevel> level;
  std::uint64_t levelGeneration = 0;  // bumped on every mount and edit; panels key caches on it
  world::HostCapabilities host = world::kilnCapabilities();
  WatchSet watch;
  bool hotReload = true;
  // Set when the last open was refused only for forged bounds: the panel offers to inspect it.
  std::optional<std::filesystem::path> forgedOffer;
  std::vector<loader::LocatedDiagnostic> loadDiagnostics;
  std::vector<std::string> recentFiles;
  tuning::Session tuning;
  emitter_edit::Session emitterEdit;
  events_edit::Session events;  // the event sandbox's edits of the `events:` section
  std::vector<EscapeCache> escapes;  // per emitter: the escape search, by level generation
  // Bumped when an events edit is applied (the renderer re-prepares only the event pass) and when
  // a level is mounted (whatever was computed from the last section is stale).
  std::uint64_t eventsGeneration = 0;
  // Files the session reads other than the mounted level and its textures (the script, the level
  // named on the command line, files a script opens or copies, images added to the A/B list) with
  // what they are for messages; nothing the viewer writes may land on one (output.cpp).
  std::vector<std::pair<std::filesystem::path, std::string>> sessionInputs;
  // Numbers the undo points of all three sessions: Ctrl+Z steps the session with the latest.
  std::uint64_t editOrder = 0;
  // Edits applied to the level since the frame last uploaded them (the renderer rewrites those
  // rows in place, or prepares the level again when an edit changes what a partial upload cannot).
  struct Upload {
    EditTarget target;
    std::uint32_t index;
  };
  std::vector<Upload> uploads;
};

// What the 3D view draws behind the particles: the level as authored, or a flat or checkered
// backdrop (the sectors hidden) for judging alpha and additive effects on their own.
enum class Background : int { Level, Black, Grey, Checkerboard, Count };
inline constexpr std::array<const char*, static_cast<int>(Background::Count)> kBackgroundNames{
    "level", "black", "grey", "checkerboard"};
std::optional<Background> backgroundFromName(std::string_view name);

// The top view's offscreen size (pixels).
inline constexpr std::uint32_t kTopViewWidth = 384, kTopViewHeight = 256;

// The Viewport window's image: where the scene is shown, in framebuffer pixels. Zero-sized until
// the window has been laid out once; camera input, picking and framing act on this rectangle.
struct ViewportRect {
  float x = 0, y = 0, w = 0, h = 0;
  bool hovered = false;  // the mouse is over the image (and no other window covers it)
  bool contains(float px, float py) const { return px >= x && py >= y && px < x + w && py < y + h; }
};

// How the level is looked at: time, cameras, selection, pass controls and what is drawn over it.
struct ViewSettings {
  LevelClock clock;
  ViewCamera camera;
  ViewCamera topCamera{.mode = ViewCamera::Mode::Top};
  bool showTopView = true;
  // The top view's latest offscreen image (an ImGui texture id; null before the renderer runs).
  UiTexture topViewTexture = 0;
  std::uint32_t topViewWidth = 0, topViewHeight = 0;
  bool cpuParticles = false;  // draw the CPU reference state as points over the GPU particles
  bool legendFolded = false;  // the Viewport's colour legend as one small button (a click toggles)
  std::vector<CameraBookmark> bookmarks;
  Selection selection;
  PassControls passes;
  std::optional<PickHit> pick;
  std::optional<EscapeMark> escapeMark;  // the last "Jump to first escape" (escape_view.hpp)
  std::optional<events_edit::EventPickHit> eventPick;  // an event particle under the last click
  std::optional<sim::SortMode> eventSort;          // the sandbox's sort override (none: the section's)
  bool fireOnClick = false;                        // the sandbox: a Viewport click fires, not picks
  OverlayList overlay;
  OverlayList topOverlay;
  int framebufferWidth = 0, framebufferHeight = 0;
  // The translate gizmo on the selected emitter (the emitter panel's switch) and its grid (m, 0: off).
  bool gizmo = true;
  double gizmoGrid = 0.1;
  struct GizmoDrag {
    int axis = -1;  // -1: not dragging
    glm::dvec3 start{0};
    Ray pressRay;
  } gizmoDrag;
  // The loop range follows the selected effect (effectLoopRange) when the selection changes.
  bool loopFollowsSelection = true;
  ViewportRect viewport;
  UiTexture viewportTexture = 0;  // the scene's offscreen image
  Background background = Background::Level;
  // The output transform of the Viewport and of viewer captures (logic/view_output.hpp): HDR
  // with the neutral tone map unless the user asks otherwise, so a colour above 1 reads hot; LDR
  // shows what a host drawing into an 8-bit target shows.
  render::OutputOptions output = render::hdrDefaults();
  // The size the scene renders at: the Viewport window's image, else the whole framebuffer.
  int sceneWidth() const { return viewport.w >= 1 ? static_cast<int>(viewport.w) : std::max(1, framebufferWidth); }
  int sceneHeight() const { return viewport.h >= 1 ? static_cast<int>(viewport.h) : std::max(1, framebufferHeight); }
};

// A question the viewer must ask before it may go on (panels/prompt.cpp shows it as a modal
// dialog; a scripted session cannot answer, so there the action fails instead).
struct Prompt {
  enum class Kind {
    SaveConflict,      // the source changed on disk since it was loaded: reapply, overwrite or cancel
    ReloadWhileDirty,  // the source changed on disk while edits are unsaved: reload or keep editing
    QuitWhileDirty,    // quitting would drop unsaved edits: save, discard or cancel
    OpenWhileDirty,    // opening `open` would drop unsaved edits: save, discard or cancel
  } kind{};
  OpenLevel open;      // OpenWhileDirty: the request that waits for the answer
  SaveSource save;     // SaveConflict: the save that met the conflict (and what was to follow it)
  std::string detail;  // what is unsaved, or what changed
};

// The Errors panel keeps this many GL messages (the oldest go first).
inline constexpr std::size_t kMaxGlMessages = 200;

// The window around the view: which panels are open, their placement, status and statistics.
struct UiState {
  std::array<bool, static_cast<int>(Panel::Count)> open{};
  // The current workspace layout (its dock tree: the scene's size before the Viewport is laid out).
  Layout layout;
  // Status line (the messages of the last failed action are in the errors panel).
  std::string status;
  FrameTimings stats;
  GpuInfo gpu;
  // The renderer's GL debug messages and shader logs this session, oldest first (Errors panel).
  std::vector<std::string> glMessages;
  PanelMemory memory;
  std::optional<Prompt> prompt;  // the question on screen, if any
  float uiScale = 1;             // the user's UI scale (View menu, --ui-scale); saved per user
  bool multiViewport = false;    // panels may leave the main window (applies from the next start)
  std::string uiFont;            // the UI font in use ("DejaVuSans.ttf", "built-in")
  bool quit = false;             // set once quitting may go ahead: the frame loop ends
  bool quitRequested = false;    // quit as soon as the capture set in progress is written
};

// Captures of this session, a capture set in progress and the A/B comparison.
struct CaptureSession {
  // ffmpeg on PATH, looked for once (capture sets can then also be written as a video).
  std::optional<std::filesystem::path> ffmpeg;
  bool ffmpegLooked = false;
  std::vector<CaptureEntry> entries;
  CaptureJob job;
  Comparison comparison;
  std::filesystem::path dir = "kiln-captures";
  std::map<std::string, std::uint32_t> counters;  // per label, the last capture number used (uniqueCapturePath)
  std::uint32_t width = 640, height = 360;
};

struct ViewerState {
  DocumentState doc;
  ViewSettings view;
  UiState ui;
  CaptureSession captures;
  CommandQueue commands;  // drained by the frame (commands.hpp)

  bool& panel(Panel p) { return ui.open[static_cast<int>(p)]; }
  bool panelOpen(Panel p) const { return ui.open[static_cast<int>(p)]; }
};

// The edit pipeline (editing.cpp; the rule is logic/edit_session.hpp's). Each proposes a value
// to its session: validated against the mounted level, applied when valid (the document, the
// birth schedules, a new level generation and an entry in DocumentState::uploads), held at the
// field while invalid, refused when the gesture ends invalid. Panels reach them only through
// EditPreset / EditEmitter / EditEvents commands; the frame, the gizmo and scripts call them.
EditOutcome editPreset(ViewerState& s, const particles::Preset& value, bool ends);
EditOutcome editEmitter(ViewerState& s, const particles::Emitter& value, bool ends);
EditOutcome editEvents(ViewerState& s, const sim::Events& value, bool ends);
// Undo (redo: forward) in the session named, or in the one whose last step is the latest;
// false, with the status line saying why, when there is nothing to step or the value it would
// land on no longer validates.
bool stepEdit(ViewerState& s, std::optional<EditTarget> target, bool redo);
// The session Ctrl+Z (redo: Ctrl+Y) would step, if any.
std::optional<EditTarget> stepTarget(const ViewerState& s, bool redo);
// Runs the queued Edit, Undo and Redo commands in the order they were pushed.
void runEdits(ViewerState& s);
// Starts and moves the sessions with the level and the selection: the tuning session on the
// selected preset (or the selected emitter's), the emitter session on the selected emitter, the
// events session on the level's section; a session with unsaved edits stays where it is.
void syncEditSessions(ViewerState& s);
// The first diagnostic about the field at `path` or anything under it (the panels mark the field).
const core::Diagnostic* problemAt(const core::Diagnostics& diagnostics, std::string_view path);

// The step rates the sandbox offers and compares (rate invariance).
inline constexpr std::array<double, 3> kSandboxRates{30.0, 60.0, 144.0};

// The level's texture names, in source order (what sprite frames may name).
std::vector<std::string> textureNames(const MountedLevel& level);

// Starts the events session on the mounted level's section when it is not running (false: the
// level has no events).
bool ensureEventsSession(ViewerState& s);
// Fires the session's recipe at `position` at the current level time (appended to the script,
// one undo point) and applies it; the status line says where and with which seed.
bool fireEvent(ViewerState& s, const glm::dvec3& position);

// Turns the camera to the isometric view seed 004's depth key sorts for (looking down the
// −X−Y diagonal, 35.26° below the horizon, same target and distance) and keeps it as the
// camera bookmark "iso" (replacing an older one).
void useIsometricCamera(ViewerState& s);

// The translate gizmo: the emitter it moves (the selected one, when the gizmo is on), and its
// handles in viewport pixels, about a sixth of the view tall whatever the distance.
std::optional<std::uint32_t> gizmoEmitter(const ViewerState& s);
std::optional<std::array<emitter_edit::Handle, 3>> gizmoHandlesFor(const ViewerState& s);

// Edits made in the viewer and not yet written to the source: the preset, emitter and events
// sessions whose last undo point differs from what is on disk.
bool hasUnsavedEdits(const DocumentState& doc);
// What those are, for prompts and the title: "preset flame, emitter west_flame" (empty: none).
std::string unsavedSummary(const DocumentState& doc);
// "braziers.yaml - kiln-view", with a dot and "(unsaved edits)" while there are some.
std::string windowTitle(const ViewerState& s);

// The files the mounted level was read from: the level itself and its textures (output.cpp).
std::vector<std::filesystem::path> levelInputs(const DocumentState& doc);
// Writes a file the viewer makes (a screenshot, capture, bookmarks, a video list) through the
// output plan: refused (output-is-input, nothing written) when it would land on the level shown,
// one of its textures or another file of DocumentState::sessionInputs; otherwise written as
// core::writeFile writes. `role` names it in messages.
bool writeViewerFile(const DocumentState& doc, const std::filesystem::path& path, std::span<const std::uint8_t> bytes,
                     const std::string& role, core::Diagnostic& error);
// The same for several files written as one unit (an image and its sidecar): all are checked
// first, and none is left replaced without the others.
struct ViewerOutput {
  std::filesystem::path path;
  std::span<const std::uint8_t> bytes;
  std::string role;
};
bool writeViewerFiles(const DocumentState& doc, std::span<const ViewerOutput> files, core::Diagnostic& error);
// The same for an image, encoded as PNG.
bool writeViewerPng(const DocumentState& doc, const std::filesystem::path& path, const core::Image& image,
                    const std::string& role, core::Diagnostic& error);

// How a save ended (save.cpp); the status line says it in words.
enum class SaveResult {
  Saved,       // written, re-read and verified; or there was nothing to save
  Conflict,    // the source changed on disk since it was loaded: nothing written (ask the user)
  Refused,     // nothing to write to, an invalid edit, or an edit the source cannot take losslessly
  Failed,      // the write itself failed
};
// Writes the edits to the level's YAML source, changing only the edited values' bytes. The
// output is compiled again and compared with the edited objects before the file is replaced, and
// the file is written through links with its mode kept. `mode` decides what happens when the file
// changed on disk since it was loaded (commands.hpp). `why` receives the refusal's diagnostic.
SaveResult saveSource(ViewerState& s, SaveMode mode, core::Diagnostic* why = nullptr);
// The default (ask) as one boolean: true when saved or nothing to save.
inline bool saveSource(ViewerState& s) { return saveSource(s, SaveMode::Ask) == SaveResult::Saved; }

}  // namespace kiln::viewer
