#version 460 core
// fullscreen.vert's triangle, plus the exposure factor for the output and bloom-down passes. The
// factor is the same for every pixel (2^EV, and with auto exposure a fetch of the luminance grid
// and an exp2), so it is computed for the three vertices and handed to the fragments flat: a
// software rasterizer reads a uniform per pixel at about the cost of a fifth of a full-screen
// copy (docs/benchmarks.md, "HDR output").
#include "output_common.glsl"

layout(location = kVaryingOutputUv) out vec2 vUv;
layout(location = kVaryingOutputExposure) flat out float vExposure;

void main() {
  const vec2 corner = vec2(float((gl_VertexID << 1) & 2), float(gl_VertexID & 2));
  vUv = corner;
  vExposure = exposureScale();
  gl_Position = vec4(corner * 2.0 - 1.0, 0.0, 1.0);
}
