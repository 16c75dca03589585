#version 460 core
// Overdraw palette resolve: the particle passes counted layers per pixel in the red channel
// (one 8-bit step per layer); this maps the count through a heat palette (docs/rendering.md).
#include "shader_constants.glsl"
layout(binding = kLayerCountsUnit) uniform sampler2D layerCounts;
layout(location = 0) out vec4 outColor;

// Stops by layer count: 0 black, 1 blue, 2 green, 4 yellow, 8 red, 16 and more white; linear
// between stops, so every doubling of overdraw moves one stop.
vec3 overdrawColor(float layers) {
  const float at[6] = float[6](0.0, 1.0, 2.0, 4.0, 8.0, 16.0);
  const vec3 color[6] = vec3[6](vec3(0.0), vec3(0.0, 0.0, 1.0), vec3(0.0, 1.0, 0.0), vec3(1.0, 1.0, 0.0),
                                vec3(1.0, 0.0, 0.0), vec3(1.0));
  for (int i = 1; i < 6; ++i)
    if (layers <= at[i]) return mix(color[i - 1], color[i], (layers - at[i - 1]) / (at[i] - at[i - 1]));
  return color[5];
}

void main() {
  float layers = round(texelFetch(layerCounts, ivec2(gl_FragCoord.xy), 0).r * 255.0);
  outColor = vec4(overdrawColor(layers), 1.0);
}
