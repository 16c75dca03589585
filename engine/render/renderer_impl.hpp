// The renderer's private state, shared by its translation units (prepare, frame, capture,
// probe). Internal to engine/render: exposes GL names.
#pragma once

#include <array>
#include <filesystem>
#include <mutex>
#include <optional>
#include <span>
#include <vector>

#include "particles/model.hpp"
#include "render/event_pass.hpp"
#include "render/frame_queries.hpp"
#include "render/gl_state.hpp"
#include "render/programs.hpp"
#include "render/gl_objects.hpp"
#include "render/gpu_probe.hpp"
#include "render/cpu/culling.hpp"
#include "render/cpu/sector_mesh.hpp"
#include "render/cpu/atlas.hpp"
#include "render/cpu/particle_tables.hpp"
#include "render/renderer.hpp"
#include "render/cpu/shader_constants.hpp"

namespace kiln::render {

struct RenderTarget::Impl {
  std::uint32_t width = 0, height = 0;
  gl::Texture color;  // RGBA8: the picture (readPixels, topDownTexture)
  gl::Renderbuffer depth;
  gl::Framebuffer framebuffer;
  gl::Texture display;  // the top-down copy (topDownTexture), made on first use
  gl::Framebuffer displayFramebuffer;
  std::optional<FrameQueries> queries;  // this view's timers and statistics, made on first draw
  // The HDR output (output_pass.cpp), each made on first use at the target's size: the scene in
  // RGBA16F sharing `depth`, the auto-exposure grid, the bloom chain.
  gl::Texture hdrColor;
  gl::Framebuffer hdrFramebuffer;
  gl::Texture luminance;
  gl::Framebuffer luminanceFramebuffer;
  struct BloomLevel {
    std::uint32_t width = 0, height = 0;
    gl::Texture texture;
    gl::Framebuffer framebuffer;
  };
  std::vector<BloomLevel> bloom;
  bool lastFrameHdr = false;  // what `hdrColor` holds is the last frame's scene (readLinear)
  std::optional<double> lastUserEv;  // the last HDR frame's EV when it ran auto exposure
  void allocate(std::uint32_t w, std::uint32_t h);
  void ensureHdr();
  void ensureLuminance();
  void ensureBloom();
};

// std140 block `Frame` (shaders/frame.glsl, binding kFrameBinding).
struct FrameUniforms {
  std::array<float, 16> viewProjection;
  std::array<float, 4> cameraRight, cameraUp, cameraForward;
  std::array<std::uint32_t, 4> options;  // x: count live particles
};
static_assert(sizeof(FrameUniforms) == 128, "std140 Frame block is 128 bytes");

// The renderer's state for engine/render's free functions (gpu_probe.cpp); Renderer::Impl
// itself is private.
struct RendererAccess {
  static Renderer::Impl& of(Renderer& r) { return *r.impl_; }
};

// Sets (or disables) fixed-function blending as a pass-table state asks (frame.cpp), outside a
// frame's state cache (debug lines).
void applyBlend(const BlendState& b);
// The full fixed-function state of a pass-table row (depth, culling, blend, colour writes on),
// through the frame's state cache, so only what changed reaches GL (frame.cpp).
void applyPassState(GlState& state, const PassInfo& p);
// Whether the options let a pass draw (enabled, and the solo pass when one is set).
bool passShown(const FrameOptions& o, Pass p);

struct LineRange {
  GLint first = 0;
  GLsizei count = 0;
};

// The level's particles on the GPU: the tables render/cpu/particle_tables.hpp builds (uploaded
// at prepare; an edit in place rewrites rows of the presets, emitters and schedules, which is why
// those three take sub-data), the compute passes' buffers, and the CPU staging that the per-frame
// clock fill and culling rewrite in place (sized at prepare, so a frame allocates nothing). `doc`
// is the document the clocks are computed from each frame.
struct ParticlesGpu {
  particles::Document doc;
  TableLayout layout;  // where prepare put each preset's and emitter's rows and blocks
  // One emitter's birth schedule while an edit rewrites it; capacity for the largest block
  // reserved, so an edit allocates nothing.
  std::vector<float> scheduleStaging;
  gl::Buffer presets, emitters, schedule, clocks, frameRects, instances, counters;
  std::vector<DrawGroup> draws;
  std::vector<ClockStd430> clockStaging;
  // Culling (render/cpu/culling.hpp): each draw's emitter runs, each emitter's alive window, and the
  // indirect commands of the visible runs, rebuilt per frame in storage sized at prepare.
  std::vector<EmitterRun> runs;
  std::vector<AliveWindow> alive;
  std::vector<CullReason> cull;
  // Bytes of one ParticleStateData (shaders/particle_draw.glsl, std430): the quad that
  // particle_state.comp lays out per live slot: centre and blend, two half-axes, colour and
  // frame rectangle, five 16-byte rows.
  static constexpr std::size_t kQuadBytes = 80;
  // A DrawElementsIndirectCommand over the shared quad indices: baseVertex is 4 × the run's
  // first instance, and baseInstance (no instanced inputs read it) carries the run's slot
  // count to the compute passes; particle_compact.comp writes `count`, six per live particle.
  struct IndirectCommand {
    GLuint count, instanceCount, firstIndex;
    GLint baseVertex;
    GLuint baseInstance;
  };
  std::vector<IndirectCommand> indirectStaging;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> drawCommands;  // per draw: first command, count
  gl::Buffer indirect;
  // The compute passes' output: each instance's state and live bit (particle_state.comp), and
  // each command's live instances (particle_compact.comp).
  gl::Buffer states, liveBits, drawList;
  std::uint32_t instanceCount = 0;

  // The tables of `doc` with frames at `atlas`'s rectangles; the live-particle counter exists
  // whether or not there are particles (`doc` null).
  static ParticlesGpu upload(const particles::Document* doc, const AtlasLayout& atlas);
  // Edits in place (edit_upload.cpp), after edit_rule.hpp allowed them and `doc` holds the new
  // values: preset k's row; emitter i's row, run count and alive window, and with `schedule` its
  // birth schedule's entries too.
  void rewritePreset(std::uint32_t k);
  void rewriteEmitter(std::uint32_t i, bool schedule);
};

// The atlas pages, one texture each (render/cpu/atlas.hpp packs them).
struct AtlasGpu {
  std::vector<gl::Texture> pages;
  static AtlasGpu upload(const AtlasLayout& atlas, std::span<const core::NamedImage> textures);
};

// The sectors' triangles (render/cpu/sector_mesh.hpp).
struct SectorsGpu {
  gl::Buffer vertices;
  gl::VertexArray array;
  GLsizei vertexCount = 0;
  static SectorsGpu upload(const std::vector<SectorVertex>& triangles);
};

// The debug views' geometry in one buffer: sector outlines, stored and recomputed bounds (lines)
// and the translucent sector planes (triangles). Every emitter's box is kBoxVertices vertices at
// a fixed place in its range, so an edit rewrites its boxes where they lie.
struct LevelLinesGpu {
  static constexpr GLint kBoxVertices = 24;  // appendBox: 12 edges
  static constexpr std::array<float, 4> kStoredColor{1.0f, 0.85f, 0.1f, 1.0f};       // yellow
  static constexpr std::array<float, 4> kRecomputedColor{0.1f, 0.9f, 1.0f, 1.0f};    // cyan
  gl::Buffer vertices;
  gl::VertexArray array;
  LineRange outlines, storedBounds, recomputedBounds;
  LineRange planes;
  std::vector<LineVertex> boxStaging;  // one box while an edit rewrites it (capacity kept)
  // Emitter i's stored (yellow) and recomputed (cyan) boxes (edit_upload.cpp).
  void rewriteBounds(std::uint32_t i, const particles::Bounds& stored, const particles::Bounds& recomputed);
  static LevelLinesGpu upload(const world::World& world, const particles::Document* doc,
                              const std::vector<SectorVertex>& triangles);
};

// Everything prepare() uploads for a level, each resource with its own type.
struct LevelGpu {
  bool hasParticles = false;
  ParticlesGpu particles;
  AtlasGpu atlas;
  SectorsGpu sectors;
  LevelLinesGpu lines;
};

struct Renderer::Impl {
  RendererOptions options;
  Programs programs;
  gl::Texture overdrawCounts;  // copy of the counts the palette pass reads; sized to the viewport
  gl::Framebuffer overdrawCountsFramebuffer;
  std::uint32_t overdrawWidth = 0, overdrawHeight = 0;
  std::optional<EventGpu> events;  // the level's event particles, when it has an events section
  gl::VertexArray emptyArray;
  // The worldparticle quads: two triangles per particle, 4 vertices each, as 16-bit indices for
  // the largest run (kMaxSlotsPerEmitter particles); each command offsets them by baseVertex.
  gl::Buffer quadIndices;
  gl::VertexArray quadArray;
  gl::Buffer frameUniforms;
  std::optional<LevelGpu> level;
  FrameStats stats;
  DriverInfo driver;
  // Whether the driver has pipeline statistics queries (the extension; a 4.6 version forced on
  // a driver without it is not enough). Each view's FrameQueries makes its own.
  bool hasStatistics = false;
  bool softwareDriver = false;  // softwareRenderer(), asked once (FrameStats::timersUnreliable)
  GlState glState;  // what a frame's passes have set (forgotten at each frame's start)
  // The queries of frames drawn into a caller's framebuffer; a RenderTarget has its own.
  std::optional<FrameQueries> callerQueries;
  gl::Buffer debugVertices;  // Renderer::drawLines' streaming buffer, grown by doubling
  gl::VertexArray debugArray;
  std::size_t debugCapacity = 0;  // vertices

  // KHR_debug: whether the output is synchronous (ensurePrograms decides), and the messages
  // asynchronous output delivered, possibly from a driver thread, until the renderer's thread
  // logs them at its next frame or prepare (drainDebugMessages).
  bool synchronousDebug = false;
  struct DebugInbox {
    std::mutex mutex;
    std::vector<std::string> messages;
  } debugInbox;
  void drainDebugMessages();
  bool ensurePrograms(std::string& error);
  void bindLevelBuffers() const;
  void resolveOverdraw(GLuint framebuffer, std::uint32_t width, std::uint32_t height);
  void clearTarget(GLuint framebuffer, const FrameOptions& options, std::uint32_t width, std::uint32_t height);
  // Draws into `framebuffer` with the queries of that view (made on first use). `targetColor` is
  // its colour texture, which `blend: palette` sprites read (0 for the default framebuffer,
  // where they are not drawn).
  // `hdr`: the frame is HDR and `framebuffer` is that target's scene; the output pass runs into
  // its picture, inside the frame's queries (FrameStats::outputMs).
  void drawFrameInto(GLuint framebuffer, GLuint targetColor, std::optional<FrameQueries>& viewQueries,
                     double levelTime, const Camera& camera, const FrameOptions& options, std::uint32_t width,
                     std::uint32_t height, RenderTarget::Impl* hdr = nullptr);
  void uncountedLive(const FrameOptions& options, FrameStats& next) const;
  GLuint frameTargetColor = 0;  // drawFrameInto's targetColor, for the frame being drawn
  // The output transform of an HDR frame: target.hdrColor (the scene) into target.color
  // (output_pass.cpp). Leaves GL state the frame's cache does not know: it forgets it.
  void applyOutput(RenderTarget::Impl& target, const OutputOptions& output);
  // Whether a row of kPasses draws anything this frame (after cullEmitters and the event update):
  // the one gate of the draw methods below, which run only when it holds.
  bool passHasWork(const PassInfo& pass, const FrameOptions& options) const;
  // Evaluates the slots of every drawn run once (particle_state.comp) before the passes.
  void evaluateParticles();
  // Decides which emitters draw this frame and writes the indirect commands of their runs.
  void cullEmitters(double levelTime, const Camera& camera, double aspect, const FrameOptions& options, FrameStats& next);
  // One method per PassKind (frame.cpp); each draws one row of kPasses and counts its draws.
  void drawSectorsPass(const PassInfo& pass, const FrameOptions& options, FrameStats& next);
  void drawParticlePass(const PassInfo& pass, const FrameOptions& options, FrameStats& next);
  // Draws the batcher's ranges; returns the sprites drawn (also in next.events.drawn).
  std::uint32_t drawSceneTransparencyPass(const PassInfo& pass, const FrameOptions& options, FrameStats& next);
  void uploadEventInstances();  // event_pass.cpp
  void drawDebugPass(const PassInfo& pass, const FrameOptions& options, FrameStats& next);
  std::variant<std::vector<GpuSlotState>, core::Diagnostic> probeSlots(double levelTime, std::span<const SlotRef> slots);
  void log(std::string_view message) const {
    if (options.log) options.log(message);
  }
};

}  // namespace kiln::render
