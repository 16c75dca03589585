#version 460 core
// Sector shading (the shade comes from sector.vert) and a 1-unit scale grid so sizes read at a
// glance.
#include "shader_constants.glsl"

layout(location = kVaryingSectorGrid) in vec2 vGrid;
layout(location = kVaryingSectorShade) flat in vec3 vShade;
layout(location = 0) uniform uint showGrid;
layout(location = 0) out vec4 outColor;

// Distance-to-line coverage of the integer lines of one coordinate pair, antialiased by the
// screen-space derivative.
float gridLines(vec2 coord) {
  vec2 w = max(fwidth(coord), vec2(1e-6));
  vec2 d = abs(fract(coord - 0.5) - 0.5) / w;
  return 1.0 - clamp(min(d.x, d.y), 0.0, 1.0);
}

void main() {
  vec3 shade = vShade;
  if (showGrid != 0u) shade = mix(shade, shade * 0.55, gridLines(vGrid));
  outColor = vec4(shade, 1.0);
}
