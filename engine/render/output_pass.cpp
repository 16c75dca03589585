// The HDR output: the scene's RGBA16F colour through exposure (manual or auto), bloom, tone map
// and encode into the target's RGBA8 picture (docs/rendering.md, "Output").
#include <algorithm>
#include <cmath>

#include "render/renderer_impl.hpp"

namespace kiln::render {
namespace {

gl::Texture floatTexture(GLenum format, std::uint32_t w, std::uint32_t h, GLsizei levels, const char* label) {
  gl::Texture t(GL_TEXTURE_2D, label);
  glTextureStorage2D(t.id(), levels, format, static_cast<GLsizei>(std::max(w, 1u)), static_cast<GLsizei>(std::max(h, 1u)));
  glTextureParameteri(t.id(), GL_TEXTURE_MIN_FILTER, levels > 1 ? GL_NEAREST_MIPMAP_NEAREST : GL_LINEAR);
  glTextureParameteri(t.id(), GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  glTextureParameteri(t.id(), GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTextureParameteri(t.id(), GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  return t;
}

gl::Framebuffer colorFramebuffer(const gl::Texture& t, const char* label) {
  gl::Framebuffer f(label);
  glNamedFramebufferTexture(f.id(), GL_COLOR_ATTACHMENT0, t.id(), 0);
  return f;
}

// One full-viewport triangle into `framebuffer` (fullscreen.vert, exposure.vert).
void fullscreen(GLuint framebuffer, std::uint32_t w, std::uint32_t h) {
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, framebuffer);
  glViewport(0, 0, static_cast<GLsizei>(w), static_cast<GLsizei>(h));
  glDrawArrays(GL_TRIANGLES, 0, 3);
}

// The uniforms output_common.glsl declares, for one program (an output variant has its flags
// as constants instead).
void exposureUniforms(const gl::Program& p, const OutputOptions& o, bool flagsUniform = true) {
  // 2^EV and log2 of the key here, once, rather than per pixel in the shaders.
  glProgramUniform1f(p.id(), 0, static_cast<float>(std::exp2(o.exposure)));
  if (flagsUniform)
    glProgramUniform1ui(p.id(), 1, (o.autoExposure ? kOutputAutoExposure : 0u) | (o.bloom.enabled ? kOutputBloom : 0u) |
                                             (o.srgb ? kOutputSrgb : 0u));
  glProgramUniform1f(p.id(), 2, static_cast<float>(std::log2(kAutoExposureKey)));
  glProgramUniform1f(p.id(), 3, static_cast<float>(kAutoExposureMaxEv));
}

}  // namespace

void RenderTarget::Impl::ensureHdr() {
  if (hdrColor) return;
  hdrColor = floatTexture(GL_RGBA16F, width, height, 1, "kiln.target.hdr");
  hdrFramebuffer = colorFramebuffer(hdrColor, "kiln.target.hdr");
  glNamedFramebufferRenderbuffer(hdrFramebuffer.id(), GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, depth.id());
}

void RenderTarget::Impl::ensureLuminance() {
  if (luminance) return;
  GLsizei levels = 1;
  for (std::uint32_t n = kLuminanceGrid; n > 1; n /= 2) ++levels;
  luminance = floatTexture(GL_R32F, kLuminanceGrid, kLuminanceGrid, levels, "kiln.target.luminance");
  luminanceFramebuffer = colorFramebuffer(luminance, "kiln.target.luminance");
}

void RenderTarget::Impl::ensureBloom() {
  if (!bloom.empty()) return;
  // Half size each step, down to about 8 pixels or six levels.
  std::uint32_t w = std::max(width / 2, 1u), h = std::max(height / 2, 1u);
  for (int i = 0; i < 6 && (i == 0 || std::min(w, h) >= 8); ++i) {
    BloomLevel l;
    l.width = w, l.height = h;
    l.texture = floatTexture(GL_RGBA16F, w, h, 1, "kiln.target.bloom");
    l.framebuffer = colorFramebuffer(l.texture, "kiln.target.bloom");
    bloom.push_back(std::move(l));
    w = std::max(w / 2, 1u), h = std::max(h / 2, 1u);
  }
}

void Renderer::Impl::applyOutput(RenderTarget::Impl& t, const OutputOptions& o) {
  gl::DebugGroup group("output");
  std::string error;
  const gl::Program* output = programs.ensureOutput(outputVariant(o), options, error);
  if (!output) {  // the output.frag a developer's shader directory holds does not build
    if (options.log) options.log("output pass: " + error);
    return;
  }
  glDisable(GL_DEPTH_TEST);
  glDepthMask(GL_FALSE);
  glDisable(GL_CULL_FACE);
  glDisable(GL_BLEND);
  glDisable(GL_SCISSOR_TEST);
  glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
  glBindVertexArray(emptyArray.id());
  glBindTextureUnit(kOutputSceneUnit, t.hdrColor.id());
  if (o.autoExposure) {
    t.ensureLuminance();
    glBindTextureUnit(kOutputLuminanceUnit, 0);  // never sampled while it is written
    glUseProgram(programs.luminance.id());
    exposureUniforms(programs.luminance, o);
    fullscreen(t.luminanceFramebuffer.id(), kLuminanceGrid, kLuminanceGrid);
    glGenerateTextureMipmap(t.luminance.id());
    glBindTextureUnit(kOutputLuminanceUnit, t.luminance.id());
    t.lastUserEv = o.exposure;
  }
  if (o.bloom.enabled) {
    t.ensureBloom();
    glUseProgram(programs.bloomDown.id());
    exposureUniforms(programs.bloomDown, o);
    glProgramUniform1f(programs.bloomDown.id(), 5, o.bloom.threshold);
    for (std::size_t i = 0; i < t.bloom.size(); ++i) {
      glProgramUniform1ui(programs.bloomDown.id(), 4, i == 0 ? 1u : 0u);
      glBindTextureUnit(kOutputSceneUnit, i == 0 ? t.hdrColor.id() : t.bloom[i - 1].texture.id());
      fullscreen(t.bloom[i].framebuffer.id(), t.bloom[i].width, t.bloom[i].height);
    }
    glUseProgram(programs.bloomUp.id());
    glEnable(GL_BLEND);
    glBlendFunc(GL_ONE, GL_ONE);
    for (std::size_t i = t.bloom.size() - 1; i > 0; --i) {
      glBindTextureUnit(kOutputSceneUnit, t.bloom[i].texture.id());
      fullscreen(t.bloom[i - 1].framebuffer.id(), t.bloom[i - 1].width, t.bloom[i - 1].height);
    }
    glDisable(GL_BLEND);
    glBindTextureUnit(kOutputSceneUnit, t.hdrColor.id());
    glBindTextureUnit(kOutputBloomUnit, t.bloom[0].texture.id());
  }
  glUseProgram(output->id());
  exposureUniforms(*output, o, false);
  glProgramUniform1f(output->id(), 5, o.bloom.intensity);
  fullscreen(t.framebuffer.id(), t.width, t.height);
  glBindTextureUnit(kOutputSceneUnit, 0);
  glBindTextureUnit(kOutputBloomUnit, 0);
  glBindTextureUnit(kOutputLuminanceUnit, 0);
  glDepthMask(GL_TRUE);
  glState.forget();
}

std::optional<double> RenderTarget::autoExposureEv() const {
  const Impl& t = *impl_;
  if (!t.lastFrameHdr || !t.lastUserEv || !t.luminance) return std::nullopt;
  GLint levels = 0;
  glGetTextureParameteriv(t.luminance.id(), GL_TEXTURE_IMMUTABLE_LEVELS, &levels);
  float meanLog2 = 0;
  glGetTextureImage(t.luminance.id(), std::max(levels - 1, 0), GL_RED, GL_FLOAT, sizeof meanLog2, &meanLog2);
  return render::autoExposureEv(*t.lastUserEv, meanLog2);
}

bool RenderTarget::readLinear(std::vector<float>& rgba) const {
  const Impl& t = *impl_;
  if (!t.lastFrameHdr || !t.hdrColor) return false;
  const std::size_t row = std::size_t{t.width} * 4;
  rgba.resize(row * t.height);
  glPixelStorei(GL_PACK_ALIGNMENT, 4);
  glGetTextureImage(t.hdrColor.id(), 0, GL_RGBA, GL_FLOAT, static_cast<GLsizei>(rgba.size() * sizeof(float)), rgba.data());
  for (std::uint32_t y = 0; y < t.height / 2; ++y)
    std::swap_ranges(rgba.begin() + static_cast<std::ptrdiff_t>(y * row), rgba.begin() + static_cast<std::ptrdiff_t>((y + 1) * row),
                     rgba.begin() + static_cast<std::ptrdiff_t>((t.height - 1 - y) * row));
  return true;
}

}  // namespace kiln::render
