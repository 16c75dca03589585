// GpuView: the renderer in the window, offscreen top view and captures, ImGui image textures.
#include "gpu_view.hpp"

#include <epoxy/gl.h>

#include <cstdio>

#include "core/file.hpp"
#include "render/capture.hpp"

namespace kiln::viewer {

render::Camera toRenderCamera(const Camera& c, double aspect) {
  render::Camera r;
  const glm::dvec3 eye = c.eye();
  r.eye = glm::vec3(eye);
  r.target = glm::vec3(eye + c.forward());
  r.up = c.mode == Camera::Mode::Top ? glm::vec3(0, 1, 0) : glm::vec3(0, 0, 1);
  r.fovYDegrees = static_cast<float>(c.fovY);
  r.nearPlane = static_cast<float>(c.nearZ);
  r.farPlane = static_cast<float>(c.farZ);
  r.orthographic = c.mode == Camera::Mode::Top;
  r.orthoHeight = static_cast<float>(c.distance * 2);
  (void)aspect;  // the renderer takes the aspect at draw time
  return r;
}

ImageTexture::~ImageTexture() {
  if (id_) glDeleteTextures(1, &id_);
}

void ImageTexture::upload(const core::Image& image) {
  if (image.empty()) return;
  if (!id_ || w_ != image.width || h_ != image.height) {
    if (id_) glDeleteTextures(1, &id_);
    glCreateTextures(GL_TEXTURE_2D, 1, &id_);
    glObjectLabel(GL_TEXTURE, id_, -1, "viewer image");
    glTextureStorage2D(id_, 1, GL_RGBA8, static_cast<GLsizei>(image.width), static_cast<GLsizei>(image.height));
    glTextureParameteri(id_, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glTextureParameteri(id_, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    w_ = image.width, h_ = image.height;
  }
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glTextureSubImage2D(id_, 0, 0, 0, static_cast<GLsizei>(w_), static_cast<GLsizei>(h_), GL_RGBA, GL_UNSIGNED_BYTE,
                      image.rgba.data());
}

GpuView::GpuView() {
  std::string error;
  if (auto bytes = core::readFile(std::filesystem::path(KILN_ASSET_DIR) / "budgets.json", error))
    targets_ = inspect::parseBudgetTargets(std::string_view(reinterpret_cast<const char*>(bytes->data()), bytes->size()));
  render::RendererOptions o;
  o.log = [](std::string_view m) { std::fprintf(stderr, "kiln-view: renderer: %.*s\n", int(m.size()), m.data()); };
  renderer_ = std::make_unique<render::Renderer>(std::move(o));
}

GpuView::~GpuView() = default;

core::Diagnostics GpuView::prepare(const MountedLevel& level) {
  std::vector<core::NamedImage> textures;
  for (const auto& t : level.load.textures) textures.push_back(t.image);
  return renderer_->prepare(level.world(), level.particles(), textures);
}

void GpuView::clear() { renderer_->clear(); }
bool GpuView::ready() const { return renderer_->ready(); }

render::FrameOptions GpuView::frameOptions(const ViewerState& s) const {
  render::FrameOptions o;
  const PassControls& pc = s.passes;
  static constexpr render::Pass kPass[3] = {render::Pass::Cutout, render::Pass::Additive, render::Pass::Alpha};
  for (int p = 0; p < 3; ++p) o.passEnabled[static_cast<std::size_t>(kPass[p])] = !pc.passMuted[static_cast<std::size_t>(p)];
  if (pc.soloPass >= 0) o.soloPass = kPass[pc.soloPass];
  o.emitterMuted = pc.emitterMuted;
  if (pc.soloEmitter >= 0) o.soloEmitter = static_cast<std::uint32_t>(pc.soloEmitter);
  o.debug.overdraw = pc.overdraw;
  o.countLiveParticles = s.panelOpen(Panel::Budgets) || s.panelOpen(Panel::Blend);
  return o;
}

void GpuView::drawMain(ViewerState& s) {
  const auto w = static_cast<std::uint32_t>(std::max(1, s.framebufferWidth));
  const auto h = static_cast<std::uint32_t>(std::max(1, s.framebufferHeight));
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
  renderer_->drawFrame(s.clock.time, toRenderCamera(s.camera, double(w) / h), frameOptions(s), w, h);
  const render::FrameStats& st = renderer_->stats();
  s.gpu.available = true;
  s.gpu.drawCalls = st.drawCalls;
  s.gpu.liveParticles = st.liveParticles;
  s.gpu.atlasPages = renderer_->atlasPageCount();
  s.gpu.passMs.assign(st.gpuMs.begin(), st.gpuMs.end());
  if (s.gpu.passNames.size() != render::kPassCount) {
    s.gpu.passNames.clear();
    s.gpu.passTargetMs.clear();
    s.gpu.drawCallTarget = 0;
    for (std::size_t p = 0; p < render::kPassCount; ++p) {
      s.gpu.passNames.emplace_back(render::passName(static_cast<render::Pass>(p)));
      const inspect::PassTarget* t = targets_ ? targets_->find(s.gpu.passNames.back()) : nullptr;
      s.gpu.passTargetMs.push_back(t ? t->gpuMs : 0.0);
      s.gpu.drawCallTarget += t ? t->drawCalls : 0;
    }
    s.gpu.frameTargetMs = targets_ ? targets_->frameMs : 0;
  }
}

void GpuView::drawTop(ViewerState& s, std::uint32_t width, std::uint32_t height) {
  if (!topTarget_ || topTarget_->width() != width || topTarget_->height() != height) topTarget_.emplace(width, height);
  render::FrameOptions o = frameOptions(s);
  o.countLiveParticles = false;
  renderer_->drawFrame(s.clock.time, toRenderCamera(s.topCamera, double(width) / height), o, *topTarget_);
  topTarget_->readPixels(topPixels_);
  top_.upload(topPixels_);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
}

std::optional<core::Image> GpuView::capture(const ViewerState& s, const Camera& camera, double levelTime,
                                            std::uint32_t width, std::uint32_t height, std::string& error) {
  render::CaptureRequest r;
  r.width = width;
  r.height = height;
  r.levelTime = levelTime;
  r.camera = toRenderCamera(camera, double(width) / height);
  r.options = frameOptions(s);
  r.options.countLiveParticles = false;
  auto out = render::capture(*renderer_, r);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  if (auto* d = std::get_if<core::Diagnostic>(&out)) {
    error = core::format(*d);
    return std::nullopt;
  }
  return std::get<core::Image>(std::move(out));
}

}  // namespace kiln::viewer
