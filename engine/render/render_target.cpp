// Offscreen colour + depth target and its readback.
#include <algorithm>

#include "render/renderer_impl.hpp"

namespace kiln::render {

RenderTarget::RenderTarget(std::uint32_t width, std::uint32_t height) : impl_(std::make_unique<Impl>()) {
  impl_->width = width;
  impl_->height = height;
  impl_->color = gl::Texture(GL_TEXTURE_2D, "kiln.target.color");
  glTextureStorage2D(impl_->color.id(), 1, GL_RGBA8, static_cast<GLsizei>(width), static_cast<GLsizei>(height));
  impl_->depth = gl::Renderbuffer("kiln.target.depth");
  glNamedRenderbufferStorage(impl_->depth.id(), GL_DEPTH_COMPONENT24, static_cast<GLsizei>(width),
                             static_cast<GLsizei>(height));
  impl_->framebuffer = gl::Framebuffer("kiln.target");
  glNamedFramebufferTexture(impl_->framebuffer.id(), GL_COLOR_ATTACHMENT0, impl_->color.id(), 0);
  glNamedFramebufferRenderbuffer(impl_->framebuffer.id(), GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, impl_->depth.id());
}

RenderTarget::RenderTarget(RenderTarget&&) noexcept = default;
RenderTarget& RenderTarget::operator=(RenderTarget&&) noexcept = default;
RenderTarget::~RenderTarget() = default;
std::uint32_t RenderTarget::width() const { return impl_->width; }
std::uint32_t RenderTarget::height() const { return impl_->height; }

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

}  // namespace kiln::render
