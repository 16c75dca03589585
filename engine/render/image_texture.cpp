// ImageTexture and the window framebuffer helpers (bind, read back).
#include "render/image_texture.hpp"

#include <algorithm>

#include "render/gl_objects.hpp"

namespace kiln::render {

struct ImageTexture::Impl {
  gl::Texture texture;
  std::uint32_t width = 0, height = 0;
};

ImageTexture::ImageTexture() : impl_(std::make_unique<Impl>()) {}
ImageTexture::ImageTexture(ImageTexture&&) noexcept = default;
ImageTexture& ImageTexture::operator=(ImageTexture&&) noexcept = default;
ImageTexture::~ImageTexture() = default;
std::uint32_t ImageTexture::width() const {
  return impl_->width;
}
std::uint32_t ImageTexture::height() const {
  return impl_->height;
}
bool ImageTexture::empty() const {
  return !impl_->texture;
}
TextureHandle ImageTexture::texture() const { return TextureHandle(impl_->texture.id()); }

void ImageTexture::upload(const core::Image& image) {
  if (image.empty()) return;
  Impl& t = *impl_;
  if (!t.texture || t.width != image.width || t.height != image.height) {
    t.texture = gl::Texture(GL_TEXTURE_2D, "kiln.image");
    glTextureStorage2D(t.texture.id(), 1, GL_RGBA8, static_cast<GLsizei>(image.width),
                       static_cast<GLsizei>(image.height));
    glTextureParameteri(t.texture.id(), GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    // Magnified captures show their pixels, so a difference image can be read texel by texel.
    glTextureParameteri(t.texture.id(), GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    t.width = image.width;
    t.height = image.height;
  }
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glTextureSubImage2D(t.texture.id(), 0, 0, 0, static_cast<GLsizei>(t.width), static_cast<GLsizei>(t.height),
                      GL_RGBA, GL_UNSIGNED_BYTE, image.rgba.data());
}

void ImageTexture::readPixels(core::Image& out) const {
  out.width = impl_->width;
  out.height = impl_->height;
  out.rgba.resize(std::size_t{out.width} * out.height * 4);
  if (out.rgba.empty()) return;
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glGetTextureImage(impl_->texture.id(), 0, GL_RGBA, GL_UNSIGNED_BYTE, static_cast<GLsizei>(out.rgba.size()),
                    out.rgba.data());
}

void bindWindowFramebuffer(std::uint32_t width, std::uint32_t height) {
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glViewport(0, 0, static_cast<GLsizei>(width), static_cast<GLsizei>(height));
}

void clearWindowFramebuffer(std::uint32_t width, std::uint32_t height, const std::array<float, 4>& rgba) {
  bindWindowFramebuffer(width, height);
  glDisable(GL_SCISSOR_TEST);
  glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
  glDepthMask(GL_TRUE);
  glClearBufferfv(GL_COLOR, 0, rgba.data());
  const float depth = 1.0f;
  glClearBufferfv(GL_DEPTH, 0, &depth);
}

core::Image readWindowPixels(std::uint32_t width, std::uint32_t height) {
  core::Image image;
  if (width == 0 || height == 0) return image;
  image.width = width;
  image.height = height;
  const std::size_t row = std::size_t{width} * 4;
  image.rgba.resize(row * height);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
  glReadBuffer(GL_BACK);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, static_cast<GLsizei>(width), static_cast<GLsizei>(height), GL_RGBA, GL_UNSIGNED_BYTE,
               image.rgba.data());
  // GL rows run bottom to top; images run top to bottom.
  for (std::uint32_t y = 0; y < height / 2; ++y)
    std::swap_ranges(image.rgba.begin() + static_cast<std::ptrdiff_t>(y * row),
                     image.rgba.begin() + static_cast<std::ptrdiff_t>((y + 1) * row),
                     image.rgba.begin() + static_cast<std::ptrdiff_t>((height - 1 - y) * row));
  return image;
}

}  // namespace kiln::render
