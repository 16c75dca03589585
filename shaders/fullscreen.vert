#version 460 core
// One triangle that covers the viewport (no vertex buffer): the luminance and bloom-up passes
// shade every pixel of their target once (exposure.vert adds the exposure for the others).
#include "shader_constants.glsl"

layout(location = kVaryingOutputUv) out vec2 vUv;

void main() {
  const vec2 corner = vec2(float((gl_VertexID << 1) & 2), float(gl_VertexID & 2));
  vUv = corner;
  gl_Position = vec4(corner * 2.0 - 1.0, 0.0, 1.0);
}
