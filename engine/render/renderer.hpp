// The Kiln renderer: prepares a level (sectors, particles, textures) into GPU resources and
// draws frames at a level time. Requires a current OpenGL 4.6 core context on the calling
// thread for every call (HeadlessContext, or the viewer's GLFW window).
//
// Supports: convex sectors (world versions 1–3: portals left open, slopes, ambient), the four
// worldparticles blend modes in the pass table's order (render/cpu/passes.hpp), atlas pages,
// per-pass and per-emitter solo/mute, bounds/plane/overdraw debug views, GPU timer queries per pass,
// one edited preset or emitter uploaded in place (updatePreset / updateEmitter).
// Does not: sort particles (authored emitter order, per the contract), simulate anything on the
// CPU, read files (textures arrive as straight-alpha RGBA8 images by name).
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/diagnostic.hpp"
#include "core/image.hpp"
#include "particles/model.hpp"
#include "render/cpu/camera.hpp"
#include "render/cpu/output.hpp"
#include "render/cpu/debug_vertex.hpp"
#include "render/cpu/edit_rule.hpp"
#include "render/cpu/event_scene.hpp"
#include "render/cpu/passes.hpp"
#include "render/cpu/texture_handle.hpp"
#include "world/level.hpp"
#include "sim/model.hpp"
#include "world/world.hpp"

namespace kiln::render {

struct DebugViews {
  bool storedBounds = false;      // each emitter's stored conservative bounds (yellow lines)
  bool recomputedBounds = false;  // conservativeEmitterBounds recomputed now (cyan lines)
  bool sectorPlanes = false;      // translucent floors (blue), ceilings (magenta), walls (green) + outlines
  bool overdraw = false;          // particle layers per pixel through the heat palette (docs/rendering.md)
  bool grid = true;               // 1-unit scale grid on sector surfaces
};

struct FrameOptions {
  std::array<bool, kPassCount> passEnabled = [] {
    std::array<bool, kPassCount> all{};
    all.fill(true);
    return all;
  }();
  std::optional<Pass> soloPass;            // when set, only this pass (and the depth of sectors) draws
  // Per emitter (authored index): non-zero mutes it. Caller-owned; may be shorter than the
  // emitter list (missing entries are not muted). A span, so a frame allocates nothing.
  std::span<const std::uint8_t> emitterMuted;
  std::optional<std::uint32_t> soloEmitter;
  DebugViews debug;
  std::array<float, 4> clearColor{0.05f, 0.05f, 0.07f, 1.0f};
  std::uint32_t checkerSize = 0;  // > 0: the clear is a checkerboard of squares this many pixels wide
  // Counts the live particles on the GPU; the count arrives once the GPU has finished the frame
  // (normally with the next one; FrameStats::liveParticlesFrame says which) through a fenced,
  // persistently mapped buffer (this frame's with waitForQueries), so it never stalls.
  bool countLiveParticles = false;
  // Event particles (the scene-transparency pass): false leaves them out (`--no-events`);
  // eventSort overrides the section's sort mode (the viewer's sandbox).
  bool events = true;
  std::optional<sim::SortMode> eventSort;
  // Particle-steps the event simulation may take this frame (EventScene::update); none: reach
  // the level time exactly (captures). The viewer sets it so a far jump never freezes a frame.
  std::optional<double> eventStepBudget;
  // Skip emitters whose stored bounds are outside the view or that have nothing alive now
  // (render/cpu/culling.hpp). Never changes a pixel; off draws every slot of every emitter.
  bool cull = true;
  // The output transform (render/cpu/output.hpp): off (hdr false) is the RGBA8 scene as before.
  // Needs a RenderTarget; a frame into the default framebuffer, and the overdraw view (its
  // colours are counts, not light), are always LDR.
  OutputOptions output;
  // Read this frame's timer and statistics queries before drawFrame returns (waits for the GPU;
  // for captures that report them, never for interactive frames).
  bool waitForQueries = false;
};

// What one pass cost the pipeline (GL 4.6 pipeline statistics queries).
struct PassStatistics {
  std::uint64_t vertexInvocations = 0, primitives = 0, fragmentInvocations = 0;
};

struct FrameStats {
  std::uint32_t drawCalls = 0;                        // all passes
  std::array<std::uint32_t, kPassCount> passDrawCalls{};  // per pass, indexed by Pass
  // Results of this view's (this target's) timer queries: of the latest frame the GPU has
  // finished (normally the previous one; see timingsFrame), or of this frame's with
  // FrameOptions::waitForQueries.
  std::array<double, kPassCount> gpuMs{};
  double computeMs = 0;  // the particle compute passes (evaluation and listing), like gpuMs
  double outputMs = 0;   // the HDR output pass (auto exposure, bloom, tone map), like gpuMs; 0 for LDR
  std::uint32_t slotsSubmitted = 0;        // instances drawn (alive or not)
  std::uint32_t liveParticles = 0;         // with FrameOptions::countLiveParticles, like gpuMs
  double cpuMs = 0;                        // time spent inside drawFrame on the CPU
  EventFrameStats events;                  // the scene-transparency pass's event particles
  // Emitter culling: emitters drawn, and skipped for lying outside the view or for having
  // nothing alive at this time (all drawn when FrameOptions::cull is off).
  std::uint32_t emittersDrawn = 0, emittersCulledFrustum = 0, emittersCulledSchedule = 0;
  // Per pass: vertex-shader invocations, primitives submitted and fragment-shader invocations,
  // where the driver has pipeline statistics queries (GL 4.6 or ARB_pipeline_statistics_query);
  // like gpuMs, of the latest frame the GPU has finished (timingsFrame), or this frame's with
  // FrameOptions::waitForQueries.
  bool pipelineStatistics = false;
  std::array<PassStatistics, kPassCount> passStatistics{};
  // The driver is a software rasterizer (llvmpipe, softpipe, swrast): its timers measure CPU
  // threads in tens of nanoseconds per pass, not a GPU, and every display marks them so.
  bool timersUnreliable = false;
  // Which frame the figures belong to. `frame` numbers this view's frames from 1; timingsFrame
  // is the frame gpuMs, computeMs and passStatistics were measured in, liveParticlesFrame the
  // one liveParticles was counted in (0: none has arrived yet). Without waitForQueries they are
  // normally frame − 1; a GPU running behind makes them older (framesAgo).
  std::uint64_t frame = 0, timingsFrame = 0, liveParticlesFrame = 0;
};

// Query sets in each view's ring (engine/render/frame_queries.hpp): a result arrives at most
// this many frames after the frame it was measured in. A driver queues two or three frames
// before it blocks the caller, so four sets are read long before they come round again.
inline constexpr std::size_t kQuerySets = 4;

// How many frames before `frame` a result measured in frame `measured` was taken: 0 for this
// frame's, 1 for the previous one's (what interactive frames normally show).
inline std::uint64_t framesAgo(std::uint64_t frame, std::uint64_t measured) {
  return measured == 0 || measured > frame ? 0 : frame - measured;
}

// " (N frames ago)" for a result older than the previous frame, "" otherwise: what a display
// appends to a figure that arrived late because the GPU runs behind.
inline std::string lateResultNote(std::uint64_t frame, std::uint64_t measured) {
  const std::uint64_t n = framesAgo(frame, measured);
  return n > 1 ? " (" + std::to_string(n) + " frames ago)" : std::string();
}

struct RendererOptions {
  // KHR_debug messages (errors, warnings and performance hints of every severity above
  // notification, each with its source, type and id) and shader compile and link logs whenever
  // they are not empty; nullptr discards them. Always called on the renderer's thread: without
  // synchronous output (below) a message the driver sends from its own thread is logged at the
  // renderer's next frame or prepare.
  std::function<void(std::string_view)> log;
  // `--gl-debug`, KILN_GL_DEBUG=1: synchronous debug output (each message logged from inside
  // the call that caused it) and notifications too, announced by a marker message with id
  // kDebugOutputOnId as the renderer starts (so a user sees the route works). Ask the context
  // for a debug context as well (HeadlessOptions::debugContext; GLFW's debug-context hint).
  // A debug context alone also gets synchronous output (the tests make one).
  bool debugOutput = false;
  // Developer option: read shaders from this directory (when non-empty) instead of the copies
  // embedded at build time, and reload them when a file changes (see reloadShadersIfChanged).
  std::string shaderDirectory;
  // Lanes of one workgroup of the particle state pass: 0 chooses by driver (8 on a CPU
  // rasterizer, 64 on a GPU). Tests set it to run the GPU's choice on any driver.
  std::uint32_t stateLanes = 0;
  // How the caller made the context (HeadlessContext's ContextInfo::platform, "GLFW window"),
  // shown with the driver's own strings in DriverInfo; empty: not said.
  std::string contextPlatform;
};

// The OpenGL driver a renderer draws with, as its context reports it (read once, when the
// programs are first built), for the Budgets panel, `--verbose` and the capture sidecar.
struct DriverInfo {
  std::string platform;  // RendererOptions::contextPlatform
  std::string vendor, renderer, version;  // GL_VENDOR, GL_RENDERER, GL_VERSION
  // "RENDERER (VENDOR), OpenGL VERSION, PLATFORM", or "" before the programs are built.
  std::string summary() const {
    if (renderer.empty()) return {};
    std::string s = renderer + " (" + vendor + "), OpenGL " + version;
    if (!platform.empty()) s += ", " + platform;
    return s;
  }
};

// The id of the marker message a renderer with RendererOptions::debugOutput inserts.
inline constexpr std::uint32_t kDebugOutputOnId = 0x4b494c4e;  // "KILN"

// An offscreen colour (RGBA8) + depth (24-bit) target; an HDR frame (FrameOptions::output) also
// keeps its scene in RGBA16F here before the output pass writes the RGBA8 picture. Move-only.
class RenderTarget {
 public:
  RenderTarget(std::uint32_t width, std::uint32_t height);
  RenderTarget(RenderTarget&&) noexcept;
  RenderTarget& operator=(RenderTarget&&) noexcept;
  ~RenderTarget();
  std::uint32_t width() const;
  std::uint32_t height() const;
  // Reallocates at a new size (contents undefined until the next drawFrame); same size: no-op.
  void resize(std::uint32_t width, std::uint32_t height);
  // Rows top to bottom (image convention), straight copy of what was rendered.
  void readPixels(core::Image& out) const;
  // The last HDR frame's linear scene (before exposure, bloom and tone map), RGBA floats, rows
  // top to bottom; false when the last frame drawn into this target was not HDR.
  bool readLinear(std::vector<float>& rgba) const;
  // The EV the last frame's auto exposure applied (the user's EV included), read back from the
  // luminance grid (waits for that frame); nullopt when it was not an HDR frame with auto exposure.
  std::optional<double> autoExposureEv() const;
  // The last rendering, rows top-down: GL keeps rows bottom-up and UI toolkits sample top-down,
  // so this refreshes a flipped copy (one GPU blit) that a toolkit shows upright with its
  // default texture coordinates. Valid until resize or destruction.
  TextureHandle topDownTexture();
  struct Impl;

 private:
  friend class Renderer;  // draws into it
  Impl& impl() { return *impl_; }
  std::unique_ptr<Impl> impl_;
};

class Renderer {
 public:
  explicit Renderer(RendererOptions options = {});
  Renderer(Renderer&&) noexcept;
  Renderer& operator=(Renderer&&) noexcept;
  ~Renderer();

  // Compiles programs (once) and uploads the level. Proves texture identity (every frame name
  // has an image; one name, one content) and frame compatibility (square, one size per
  // preset), then packs atlas pages; returns every problem found (codes unknown-name,
  // texture-not-square, texture-size-mismatch, atlas-packing, gl-error). On failure the
  // renderer holds no level. `particles` may be null (a world without effects).
  core::Diagnostics prepare(const world::World& world, const particles::Document* particles,
                            std::span<const core::NamedImage> textures);
  // The same for a mounted level module (its world, optional particles and optional events).
  core::Diagnostics prepare(const world::Level& level, std::span<const core::NamedImage> textures) {
    core::Diagnostics problems = prepare(level.world, level.particles ? &*level.particles : nullptr, textures);
    if (problems.empty()) problems = prepareEvents(level.events ? &*level.events : nullptr, textures, &level.world);
    return problems;
  }
  // Replaces the event particles drawn in the scene-transparency pass (null: none). Compiles the
  // section against the texture names (errors are returned, warnings dropped: the loader has
  // reported them), sizes the pool and the instance buffer once, uploads the sprite textures.
  // Call after prepare(); the viewer calls it again when a recipe or the script changes.
  // `world` lights `matter_light: sector` matter (null: every particle is outside the sectors).
  // A material snippet that does not compile is returned as a material-error warning naming its file
  // and line; the section is kept and that material's recipes draw without it.
  core::Diagnostics prepareEvents(const sim::Events* events, std::span<const core::NamedImage> textures,
                                  const world::World* world = nullptr);
  // The prepared event particles (null when none): the viewer tunes, inspects and picks them.
  EventScene* eventScene();
  const EventScene* eventScene() const;
  bool ready() const;
  void clear();  // drops the level's GPU resources

  // Edits in place (docs/rendering.md, "Edits in place"): the prepared level takes one edited
  // preset or emitter without a new prepare. `doc` is the whole edited document, the prepared one
  // with that one record changed (and, for a preset, the stored bounds of the emitters that use
  // it recomputed, as the viewer's tuning does). InPlace: the renderer's copy of the document
  // and the rows that depend on the record (preset row; its emitters' rows, slot counts, alive
  // windows and bounds lines; an emitter's schedule) were rewritten where they lie, with no
  // texture copied and no buffer made; after the first call of a kind, nothing is allocated.
  // NeedsPrepare: the edit changes what prepare laid out (render/cpu/edit_rule.hpp: frames,
  // capacity, a blend's pass, the counts), or no level with particles is prepared; nothing was
  // changed, and prepare() brings the renderer up to date.
  EditUpload updatePreset(const particles::Document& doc, std::uint32_t preset);
  EditUpload updateEmitter(const particles::Document& doc, std::uint32_t emitter);

  // Draws into the default framebuffer (the viewer's window), viewport W×H, and leaves it bound.
  void drawFrame(double levelTime, const Camera& camera, const FrameOptions& options, std::uint32_t width,
                 std::uint32_t height);
  // Draws into an offscreen target, then binds the default framebuffer again (where the caller
  // draws its UI). The renderer never asks GL what is bound: such a query can wait for the
  // driver's command thread.
  void drawFrame(double levelTime, const Camera& camera, const FrameOptions& options, RenderTarget& target);

  // Runs the output transform (render/cpu/output.hpp) again over the scene the target's last HDR
  // frame left, into its picture: a new exposure, tone map or bloom without drawing the scene
  // (a paused view; bench/bench_render_output times the pass alone this way). Leaves the
  // default framebuffer bound. False, and nothing drawn, when the target's last frame was not
  // HDR or `output.hdr` is off.
  bool applyOutput(RenderTarget& target, const OutputOptions& output);

  // World-space line segments (consecutive vertex pairs) and points drawn over the currently
  // bound draw framebuffer, viewport W×H, after drawFrame: alpha blended, depth tested against
  // the depth drawFrame left (no depth writes) unless depthTest is false, in the debug group
  // "debug-lines". Needs no prepared level. The vertex buffer grows by doubling and is reused,
  // so a steady-state frame allocates nothing.
  void drawLines(std::span<const DebugVertex> lines, std::span<const DebugVertex> points,
                 const glm::mat4& viewProjection, std::uint32_t width, std::uint32_t height, bool depthTest = true);
  void drawLines(std::span<const DebugVertex> lines, std::span<const DebugVertex> points, const Camera& camera,
                 std::uint32_t width, std::uint32_t height, bool depthTest = true);
  // The same over an offscreen target (after drawFrame into it); leaves the default framebuffer
  // bound, as drawFrame does.
  void drawLines(std::span<const DebugVertex> lines, std::span<const DebugVertex> points, const Camera& camera,
                 RenderTarget& target, bool depthTest = true);

  const FrameStats& stats() const;
  const DriverInfo& driver() const;
  // Atlas summary for inspectors: page count and each page's size in texels.
  std::uint32_t atlasPageCount() const;

  // Developer option (RendererOptions::shaderDirectory): recompiles when a shader file changed
  // since the last build. Returns true when programs were replaced; on a compile error the old
  // programs stay and `error` holds the log.
  bool reloadShadersIfChanged(std::string& error);

  struct Impl;

 private:
  friend struct RendererAccess;  // engine/render's own translation units (renderer_impl.hpp)
  std::unique_ptr<Impl> impl_;
};

}  // namespace kiln::render
