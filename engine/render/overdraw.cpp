// The overdraw view's palette pass: the particle passes left a layer count per pixel; copy it
// aside (a pass cannot sample what it writes) and draw the heat palette over the target.
#include "render/renderer_impl.hpp"

namespace kiln::render {

void Renderer::Impl::resolveOverdraw(GLuint framebuffer, std::uint32_t width, std::uint32_t height) {
  gl::DebugGroup group("overdraw-palette");
  const auto w = static_cast<GLint>(std::max(width, 1u)), h = static_cast<GLint>(std::max(height, 1u));
  if (!overdrawCounts || overdrawWidth != width || overdrawHeight != height) {
    // Reallocated only when the viewport size changes, so steady frames allocate nothing.
    overdrawCounts = gl::Texture(GL_TEXTURE_2D, "kiln.overdraw.counts");
    glTextureStorage2D(overdrawCounts.id(), 1, GL_RGBA8, w, h);
    overdrawCountsFramebuffer = gl::Framebuffer("kiln.overdraw.counts");
    glNamedFramebufferTexture(overdrawCountsFramebuffer.id(), GL_COLOR_ATTACHMENT0, overdrawCounts.id(), 0);
    overdrawWidth = width;
    overdrawHeight = height;
  }
  glBlitNamedFramebuffer(framebuffer, overdrawCountsFramebuffer.id(), 0, 0, w, h, 0, 0, w, h,
                         GL_COLOR_BUFFER_BIT, GL_NEAREST);
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, framebuffer);
  // Through the frame's state cache like every pass; the passes after it set what they need.
  glState.blend(kNoBlend);
  glState.depthTest(false);
  glState.depthMask(false);
  glState.program(programs.overdraw.id());
  glState.texture(kLayerCountsUnit, overdrawCounts.id());
  glState.vertexArray(emptyArray.id());
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glState.texture(kLayerCountsUnit, 0);
}

}  // namespace kiln::render
