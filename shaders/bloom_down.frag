#version 460 core
// One step down the bloom chain: a 13-tap filter of the level above (Jimenez, "Next generation
// post processing in Call of Duty: Advanced Warfare", 2014: five overlapping 2x2 boxes). The
// first step reads the scene and keeps only what is brighter than the threshold after exposure.
#include "output_common.glsl"

layout(binding = kOutputSceneUnit) uniform sampler2D source;
layout(location = 4) uniform uint firstLevel;
layout(location = 5) uniform float threshold;
layout(location = kVaryingOutputUv) in vec2 vUv;
layout(location = kVaryingOutputExposure) flat in float vExposure;  // exposure.vert
layout(location = 0) out vec4 outColor;

// One tap, `offset` texels from the pixel; on the first level exposed by `k` and bright-passed.
vec3 tap(vec2 offset, vec2 texel, float k) {
  vec3 c = max(textureLod(source, vUv + offset * texel, 0.0).rgb, vec3(0.0));
  if (firstLevel != 0u) {
    c *= k;
    // Soft bright pass: the part of the luminance above the threshold, the colour kept.
    const float l = luminance(c);
    c *= max(l - threshold, 0.0) / max(l, 1e-6);
  }
  return c;
}

void main() {
  // Once per pixel, not per tap: the texel size; the exposure comes from the vertex stage.
  const vec2 t = 1.0 / vec2(textureSize(source, 0));
  const float k = firstLevel != 0u ? vExposure : 1.0;
  const vec3 a = tap(vec2(-2, -2), t, k), b = tap(vec2(0, -2), t, k), c = tap(vec2(2, -2), t, k);
  const vec3 d = tap(vec2(-1, -1), t, k), e = tap(vec2(1, -1), t, k);
  const vec3 f = tap(vec2(-2, 0), t, k), g = tap(vec2(0, 0), t, k), h = tap(vec2(2, 0), t, k);
  const vec3 i = tap(vec2(-1, 1), t, k), j = tap(vec2(1, 1), t, k);
  const vec3 k1 = tap(vec2(-2, 2), t, k), l = tap(vec2(0, 2), t, k), m = tap(vec2(2, 2), t, k);
  vec3 sum = (d + e + i + j) * 0.125;
  sum += (a + b + f + g) * 0.03125 + (b + c + g + h) * 0.03125;
  sum += (f + g + k1 + l) * 0.03125 + (g + h + l + m) * 0.03125;
  outColor = vec4(sum, 1.0);
}
