// GpuView: the renderer in the window, overlay, offscreen top view and captures.
#include "gpu_view.hpp"

#include <cstdio>

#include "core/file.hpp"
#include "loader/data_dirs.hpp"
#include "render/capture.hpp"
#include "render/gl_loader.hpp"

namespace kiln::viewer {

render::Camera toRenderCamera(const ViewCamera& c, double aspect) {
  render::Camera r;
  const glm::dvec3 eye = c.eye();
  r.eye = glm::vec3(eye);
  r.target = glm::vec3(eye + c.forward());
  r.up = c.mode == ViewCamera::Mode::Top ? glm::vec3(0, 1, 0) : glm::vec3(0, 0, 1);
  r.fovYDegrees = static_cast<float>(c.fovY);
  r.nearPlane = static_cast<float>(c.nearZ);
  r.farPlane = static_cast<float>(c.farZ);
  r.orthographic = c.mode == ViewCamera::Mode::Top;
  r.orthoHeight = static_cast<float>(c.distance * 2);
  (void)aspect;  // the renderer takes the aspect at draw time
  return r;
}

GpuView::GpuView(bool debugOutput, std::function<void(std::string_view)> onMessage) {
  std::string error;
  if (auto bytes = core::readFile(loader::dataPath("budgets.json"), error))
    targets_ = inspect::parseBudgetTargets(std::string_view(reinterpret_cast<const char*>(bytes->data()), bytes->size()));
  render::RendererOptions o;
  o.debugOutput = debugOutput;
  o.contextPlatform = "GLFW window";
  o.log = [onMessage = std::move(onMessage)](std::string_view m) {
    std::fprintf(stderr, "kiln-view: renderer: %.*s\n", int(m.size()), m.data());
    if (onMessage) onMessage(m);
  };
  renderer_ = std::make_unique<render::Renderer>(std::move(o));
}

GpuView::~GpuView() = default;

core::Diagnostics GpuView::prepare(const MountedLevel& level) {
  std::vector<core::NamedImage> textures;
  for (const auto& t : level.load.textures) textures.push_back(t.image);
  // The whole level: world, worldparticles and the events section (scene-transparency pass).
  return renderer_->prepare(level.load.level, textures);
}

core::Diagnostics GpuView::prepareEvents(const MountedLevel& level) {
  std::vector<core::NamedImage> textures;
  for (const auto& t : level.load.textures) textures.push_back(t.image);
  const auto& events = level.load.level.events;
  return renderer_->prepareEvents(events ? &*events : nullptr, textures, &level.load.level.world);
}

render::EditUpload GpuView::updatePreset(const MountedLevel& level, std::uint32_t preset) {
  const particles::Document* doc = level.particles();
  return doc ? renderer_->updatePreset(*doc, preset) : render::EditUpload::NeedsPrepare;
}

render::EditUpload GpuView::updateEmitter(const MountedLevel& level, std::uint32_t emitter) {
  const particles::Document* doc = level.particles();
  return doc ? renderer_->updateEmitter(*doc, emitter) : render::EditUpload::NeedsPrepare;
}

void GpuView::clear() { renderer_->clear(); }
bool GpuView::ready() const { return renderer_->ready(); }

namespace {
std::array<float, 4> backgroundColor(Background b) {
  switch (b) {
    case Background::Black: return {0, 0, 0, 1};
    case Background::Grey: return {0.5f, 0.5f, 0.5f, 1};
    case Background::Checkerboard: return {0.62f, 0.62f, 0.62f, 1};
    default: return render::FrameOptions{}.clearColor;
  }
}
}  // namespace

render::FrameOptions GpuView::frameOptions(const ViewerState& s) const {
  render::FrameOptions o;
  const PassControls& pc = s.view.passes;
  for (std::size_t p = 0; p < render::kParticlePassCount; ++p)
    o.passEnabled[static_cast<std::size_t>(render::kParticlePasses[p])] = !pc.passMuted[p];
  if (pc.soloPass >= 0) o.soloPass = render::kParticlePasses[static_cast<std::size_t>(pc.soloPass)];
  o.emitterMuted = pc.emitterMuted;
  if (pc.soloEmitter >= 0) o.soloEmitter = static_cast<std::uint32_t>(pc.soloEmitter);
  o.eventSort = s.view.eventSort;
  o.output = s.view.output;
  // A jump far ahead catches up over several frames instead of freezing one (the budget is
  // counted in operations, births included, not milliseconds, so scripted runs stay
  // deterministic).
  o.eventStepBudget = kEventStepsPerFrame;
  o.debug = debug_;
  o.debug.overdraw = pc.overdraw;
  // The Viewport shows how many particles are alive, so the main view always counts them.
  o.countLiveParticles = true;
  if (s.view.background != Background::Level) {
    // A backdrop instead of the level: the sectors hide, so nothing occludes the particles.
    o.passEnabled[static_cast<std::size_t>(render::Pass::Sectors)] = false;
    o.clearColor = backgroundColor(s.view.background);
    if (s.view.background == Background::Checkerboard) o.checkerSize = 16;
  }
  return o;
}

void GpuView::drawMain(ViewerState& s, bool levelReady) {
  const auto w = static_cast<std::uint32_t>(s.view.sceneWidth());
  const auto h = static_cast<std::uint32_t>(s.view.sceneHeight());
  if (!mainTarget_) mainTarget_.emplace(w, h);
  mainTarget_->resize(w, h);
  const render::Camera camera = toRenderCamera(s.view.camera, double(w) / h);
  if (!levelReady) {
    // With no level the renderer only clears (colour and depth), so the overlay draws on a clean slate.
    render::FrameOptions o;
    o.clearColor = {0.075f, 0.08f, 0.095f, 1.0f};
    renderer_->drawFrame(s.view.clock.time, camera, o, *mainTarget_);
  } else {
    renderer_->drawFrame(s.view.clock.time, camera, frameOptions(s), *mainTarget_);
    const render::FrameStats& st = renderer_->stats();
    s.ui.gpu.available = true;
    s.ui.gpu.drawCalls = st.drawCalls;
    s.ui.gpu.passDrawCalls.assign(st.passDrawCalls.begin(), st.passDrawCalls.end());
    s.ui.gpu.liveParticles = st.liveParticles;
    s.ui.gpu.atlasPages = renderer_->atlasPageCount();
    s.ui.gpu.passMs.assign(st.gpuMs.begin(), st.gpuMs.end());
    s.ui.gpu.computeMs = st.computeMs;
    s.ui.gpu.emittersDrawn = st.emittersDrawn;
    s.ui.gpu.emittersCulledFrustum = st.emittersCulledFrustum;
    s.ui.gpu.emittersCulledSchedule = st.emittersCulledSchedule;
    s.ui.gpu.slotsSubmitted = st.slotsSubmitted;
    s.ui.gpu.pipelineStatistics = st.pipelineStatistics;
    s.ui.gpu.timersUnreliable = st.timersUnreliable;
    s.ui.gpu.frame = st.frame;
    s.ui.gpu.timingsFrame = st.timingsFrame;
    s.ui.gpu.liveParticlesFrame = st.liveParticlesFrame;
    s.ui.gpu.driver = renderer_->driver().summary();
    s.ui.gpu.passStatistics.clear();
    for (const render::PassStatistics& p : st.passStatistics)
      s.ui.gpu.passStatistics.push_back({p.vertexInvocations, p.primitives, p.fragmentInvocations});
    if (s.ui.gpu.passNames.size() != render::kPassCount) {
      s.ui.gpu.passNames.clear();
      s.ui.gpu.passTargetMs.clear();
      s.ui.gpu.drawCallTarget = 0;
      s.ui.gpu.passDrawCallTargets.clear();
      for (const render::PassInfo& pass : render::kPasses) {
        s.ui.gpu.passNames.emplace_back(pass.name);
        const inspect::PassTarget* t = targets_ ? targets_->find(s.ui.gpu.passNames.back()) : nullptr;
        s.ui.gpu.passTargetMs.push_back(t ? t->gpuMs : 0.0);
        s.ui.gpu.passDrawCallTargets.push_back(t ? t->drawCalls : 0);
        s.ui.gpu.drawCallTarget += t ? t->drawCalls : 0;
      }
      s.ui.gpu.frameTargetMs = targets_ ? targets_->frameMs : 0;
    }
    s.ui.gpu.eventSimTargetMs = targets_ ? targets_->eventSimMs : 0;
    s.ui.gpu.eventBatchTargetMs = targets_ ? targets_->eventBatchMs : 0;
    readEventStats(s, st);
  }
  // The window behind the panels: an empty frame of the viewer's own colour.
  const auto fw = static_cast<std::uint32_t>(std::max(1, s.view.framebufferWidth));
  const auto fh = static_cast<std::uint32_t>(std::max(1, s.view.framebufferHeight));
  render::clearWindowFramebuffer(fw, fh, {0.06f, 0.065f, 0.075f, 1.0f});
}

// The event pass's numbers for the budgets panel and the blend inspector (no allocation once
// the range list has grown to the level's largest frame).
void GpuView::readEventStats(ViewerState& s, const render::FrameStats& st) const {
  const render::EventScene* ev = renderer_->eventScene();
  s.ui.gpu.events = ev != nullptr;
  s.ui.gpu.eventRanges.clear();
  if (!ev) return;
  s.ui.gpu.eventLive = st.events.live;
  s.ui.gpu.eventCapacity = ev->capacity();
  s.ui.gpu.eventMaxSprites = ev->batcher().maxSprites();
  s.ui.gpu.eventDeclared = st.events.declared;
  s.ui.gpu.eventDroppedThisFrame = st.events.droppedThisFrame;
  s.ui.gpu.eventDroppedTotal = st.events.droppedTotal;
  s.ui.gpu.eventSimMs = st.events.simMs;
  s.ui.gpu.eventBatchMs = st.events.batchMs;
  s.ui.gpu.eventSpawned = ev->counters().spawned;
  s.ui.gpu.eventRecycled = ev->counters().recycled;
  s.ui.gpu.eventStep = ev->step();
  s.ui.gpu.eventTargetStep = st.events.targetStep;
  s.ui.gpu.eventCatchingUp = st.events.catchingUp;
  // A step that alone costs more than a frame may spend is never run here, so the viewer treats
  // its T as past the budget (docs/limits.md); `kiln sim` and captures, with no frame cap, reach it.
  s.ui.gpu.eventBeyondBudget = st.events.beyondBudget || st.events.stepOverFrameBudget;
  const auto recipes = static_cast<std::uint32_t>(ev->scene().events.recipes.size());
  s.ui.gpu.eventDrawClass.resize(recipes);
  for (std::uint32_t i = 0; i < recipes; ++i) s.ui.gpu.eventDrawClass[i] = ev->drawClass(i);
  for (const sim::DrawRange& r : ev->batcher().ranges()) {
    const render::EventMaterial m = ev->material(r.material);
    s.ui.gpu.eventRanges.push_back({r.material, r.first, r.count, m.blend, m.textureAlpha, m.alphaTest, m.texture >= 0});
  }
}

void GpuView::drawOverlay(ViewerState& s, const OverlayList& list) {
  if (!mainTarget_) return;
  const auto w = mainTarget_->width(), h = mainTarget_->height();
  renderer_->drawLines(list.lines, list.points, toRenderCamera(s.view.camera, double(w) / h), *mainTarget_);
  s.view.viewportTexture = imguiId(mainTarget_->topDownTexture());
}

UiTexture GpuView::drawTop(ViewerState& s, std::uint32_t width, std::uint32_t height) {
  if (!topTarget_) topTarget_.emplace(width, height);
  topTarget_->resize(width, height);
  render::FrameOptions o = frameOptions(s);
  o.countLiveParticles = false;
  renderer_->drawFrame(s.view.clock.time, toRenderCamera(s.view.topCamera, double(width) / height), o, *topTarget_);
  const UiTexture id = imguiId(topTarget_->topDownTexture());
  render::bindWindowFramebuffer(static_cast<std::uint32_t>(std::max(1, s.view.framebufferWidth)),
                                static_cast<std::uint32_t>(std::max(1, s.view.framebufferHeight)));
  return id;
}

std::string GpuView::glRenderer() const { return render::currentGlRenderer(); }
const render::DriverInfo& GpuView::driver() const { return renderer_->driver(); }

std::uint32_t GpuView::eventSpritesDrawn() const { return renderer_->stats().events.drawn; }

render::Camera GpuView::captureCamera(const ViewerState& s, const ViewCamera& camera) const {
  render::Camera c = toRenderCamera(camera, 1.0);
  if (c.orthographic || !s.doc.level) return c;
  // The camera `kiln capture --camera EYE,TARGET --fov F` builds (the depth range fitted to the
  // level), so a viewer capture and the CLI's of one view are the same bytes.
  // An orbit camera looks at its centre: the target `look` and --camera name, not a point a metre on.
  const glm::vec3 target = camera.mode == ViewCamera::Mode::Orbit ? glm::vec3(camera.target) : c.target;
  const float fov = c.fovYDegrees;
  c = render::lookAtLevel(s.doc.level->world(), s.doc.level->particles(), c.eye, target);
  c.fovYDegrees = fov;
  return c;
}

std::optional<core::Image> GpuView::capture(const ViewerState& s, const ViewCamera& camera, double levelTime,
                                            std::uint32_t width, std::uint32_t height, std::string& error) {
  render::CaptureRequest r;
  r.width = width;
  r.height = height;
  r.levelTime = levelTime;
  r.camera = captureCamera(s, camera);
  r.options = frameOptions(s);
  r.options.countLiveParticles = false;
  // render::capture reaches T exactly (no step budget) and refuses a T past the event budget.
  auto out = render::capture(*renderer_, r, captureTarget_);
  render::bindWindowFramebuffer(static_cast<std::uint32_t>(std::max(1, s.view.framebufferWidth)),
                                static_cast<std::uint32_t>(std::max(1, s.view.framebufferHeight)));
  if (auto* d = std::get_if<core::Diagnostic>(&out)) {
    error = core::format(*d);
    return std::nullopt;
  }
  return std::get<core::Image>(std::move(out));
}

std::optional<double> GpuView::captureAutoExposureEv() const {
  return captureTarget_ ? captureTarget_->autoExposureEv() : std::nullopt;
}

}  // namespace kiln::viewer
