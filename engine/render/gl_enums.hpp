// Every Kiln enum → GLenum conversion, as constexpr switches in one place.
#pragma once

#include <glad/gl.h>

#include "render/cpu/passes.hpp"

namespace kiln::render::gl {

constexpr GLenum blendFactor(BlendFactor f) {
  switch (f) {
    case BlendFactor::Zero: return GL_ZERO;
    case BlendFactor::One: return GL_ONE;
    case BlendFactor::SrcAlpha: return GL_SRC_ALPHA;
    case BlendFactor::OneMinusSrcAlpha: return GL_ONE_MINUS_SRC_ALPHA;
    case BlendFactor::SrcColor: return GL_SRC_COLOR;
    case BlendFactor::OneMinusSrcColor: return GL_ONE_MINUS_SRC_COLOR;
  }
  return GL_ZERO;
}

constexpr GLenum shaderStage(char kind) {
  switch (kind) {
    case 'v': return GL_VERTEX_SHADER;
    case 'f': return GL_FRAGMENT_SHADER;
    case 'c': return GL_COMPUTE_SHADER;
    default: return GL_NONE;
  }
}

}  // namespace kiln::render::gl
