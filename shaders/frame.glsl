// The per-frame uniform block of every shader that projects world positions; its C++ mirror
// is FrameUniforms (engine/render/renderer_impl.hpp). Included after #version.
#include "shader_constants.glsl"

layout(std140, binding = kFrameBinding) uniform Frame {
  mat4 viewProjection;
  vec4 cameraRight;     // xyz
  vec4 cameraUp;        // xyz
  vec4 cameraForward;   // xyz
  uvec4 options;        // x: count live particles
};
