// Offscreen colour + depth target, its readback and its upright copy for ImGui.
#include <algorithm>

#include "render/renderer_impl.hpp"

namespace kiln::render {

void RenderTarget::Impl::allocate(std::uint32_t w, std::uint32_t h) {
  width = w;
  height = h;
  const auto gw = static_cast<GLsizei>(std::max(w, 1u)), gh = static_cast<GLsizei>(std::max(h, 1u));
  color = gl::Texture(GL_TEXTURE_2D, "kiln.target.color");
  glTextureStorage2D(color.id(), 1, GL_RGBA8, gw, gh);
  depth = gl::Renderbuffer("kiln.target.depth");
  glNamedRenderbufferStorage(depth.id(), GL_DEPTH_COMPONENT24, gw, gh);
  framebuffer = gl::Framebuffer("kiln.target");
  glNamedFramebufferTexture(framebuffer.id(), GL_COLOR_ATTACHMENT0, color.id(), 0);
  glNamedFramebufferRenderbuffer(framebuffer.id(), GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, depth.id());
  display.reset();
  displayFramebuffer.reset();
  hdrFramebuffer.reset();
  hdrColor.reset();
  luminanceFramebuffer.reset();
  luminance.reset();
  bloom.clear();
  lastFrameHdr = false;
}

RenderTarget::RenderTarget(std::uint32_t width, std::uint32_t height) : impl_(std::make_unique<Impl>()) {
  impl_->allocate(width, height);
}

RenderTarget::RenderTarget(RenderTarget&&) noexcept = default;
RenderTarget& RenderTarget::operator=(RenderTarget&&) noexcept = default;
RenderTarget::~RenderTarget() = default;
std::uint32_t RenderTarget::width() const {
  return impl_->width;
}
std::uint32_t RenderTarget::height() const {
  return impl_->height;
}

void RenderTarget::resize(std::uint32_t width, std::uint32_t height) {
  if (width != impl_->width || height != impl_->height) impl_->allocate(width, height);
}

void RenderTarget::readPixels(core::Image& out) const {
  out.width = impl_->width;
  out.height = impl_->height;
  const std::size_t row = std::size_t{out.width} * 4;
  out.rgba.resize(row * out.height);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glGetTextureImage(impl_->color.id(), 0, GL_RGBA, GL_UNSIGNED_BYTE, static_cast<GLsizei>(out.rgba.size()),
                    out.rgba.data());
  // GL rows run bottom to top; images run top to bottom.
  for (std::uint32_t y = 0; y < out.height / 2; ++y)
    std::swap_ranges(out.rgba.begin() + static_cast<std::ptrdiff_t>(y * row),
                     out.rgba.begin() + static_cast<std::ptrdiff_t>((y + 1) * row),
                     out.rgba.begin() + static_cast<std::ptrdiff_t>((out.height - 1 - y) * row));
}

TextureHandle RenderTarget::topDownTexture() {
  Impl& t = *impl_;
  const auto w = static_cast<GLint>(std::max(t.width, 1u)), h = static_cast<GLint>(std::max(t.height, 1u));
  if (!t.display) {
    t.display = gl::Texture(GL_TEXTURE_2D, "kiln.target.display");
    glTextureStorage2D(t.display.id(), 1, GL_RGBA8, w, h);
    glTextureParameteri(t.display.id(), GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glTextureParameteri(t.display.id(), GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    t.displayFramebuffer = gl::Framebuffer("kiln.target.display");
    glNamedFramebufferTexture(t.displayFramebuffer.id(), GL_COLOR_ATTACHMENT0, t.display.id(), 0);
  }
  gl::DebugGroup group("target-top-down-copy");
  glDisable(GL_SCISSOR_TEST);  // a blit is scissored too
  // Destination rows reversed: the copy's row 0 is the image's top row, which a UI samples first.
  glBlitNamedFramebuffer(t.framebuffer.id(), t.displayFramebuffer.id(), 0, 0, w, h, 0, h, w, 0,
                         GL_COLOR_BUFFER_BIT, GL_NEAREST);
  return TextureHandle(t.display.id());
}

}  // namespace kiln::render
