// Every Kiln enum → GLenum conversion, as constexpr switches in one place.
#pragma once

#include <epoxy/gl.h>

#include "particles/model.hpp"
#include "render/renderer.hpp"

namespace kiln::render::gl {

// Fixed-function blend state of one particle blend mode (seed 000, "Version 2 alpha blending").
struct BlendState {
  bool enabled = false;
  GLenum srcRgb = GL_ONE, dstRgb = GL_ZERO, srcAlpha = GL_ONE, dstAlpha = GL_ZERO;
  bool depthWrite = true;
};

constexpr BlendState blendState(particles::Blend b) {
  switch (b) {
    case particles::Blend::Cutout:  // alpha-tested in the shader, opaque otherwise
      return {false, GL_ONE, GL_ZERO, GL_ONE, GL_ZERO, true};
    case particles::Blend::Additive:  // light adds to colour; destination alpha stays as it was
      return {true, GL_ONE, GL_ONE, GL_ZERO, GL_ONE, false};
    case particles::Blend::Alpha:
    case particles::Blend::Premultiplied:  // premultiplied source-over
      return {true, GL_ONE, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA, false};
  }
  return {};
}

// The pass a blend mode draws in.
constexpr Pass passOf(particles::Blend b) {
  switch (b) {
    case particles::Blend::Cutout: return Pass::Cutout;
    case particles::Blend::Additive: return Pass::Additive;
    case particles::Blend::Alpha:
    case particles::Blend::Premultiplied: return Pass::Alpha;
  }
  return Pass::Additive;
}

// The fragment shader's blend selector (uniform value), kept equal to particles::Blend.
constexpr GLint shaderBlendMode(particles::Blend b) { return static_cast<GLint>(b); }

constexpr GLenum shaderStage(char kind) {
  switch (kind) {
    case 'v': return GL_VERTEX_SHADER;
    case 'f': return GL_FRAGMENT_SHADER;
    case 'c': return GL_COMPUTE_SHADER;
    default: return GL_NONE;
  }
}

}  // namespace kiln::render::gl
