#version 460 core
// The output transform (docs/rendering.md, "Output"): the HDR scene times the exposure, plus the
// bloom, tone mapped and encoded for an 8-bit display. The blends that made the scene are the
// format's; only the range they were stored in and this last step differ from an LDR target.
#include "output_common.glsl"

layout(binding = kOutputSceneUnit) uniform sampler2D scene;
layout(binding = kOutputBloomUnit) uniform sampler2D bloom;
// Built per variant (render/cpu/shader_programs.hpp): the tone map and the flags are constants,
// so only the chosen code is compiled in.
const uint toneMap = KILN_TONE_MAP;
layout(location = 5) uniform float bloomIntensity;
layout(location = kVaryingOutputUv) in vec2 vUv;
layout(location = kVaryingOutputExposure) flat in float vExposure;  // exposure.vert
layout(location = 0) out vec4 outColor;

// The sRGB transfer function (IEC 61966-2-1), per channel, of a value in [0, 1].
vec3 srgbEncode(vec3 c) {
  c = clamp(c, 0.0, 1.0);
  return mix(1.055 * pow(c, vec3(1.0 / 2.4)) - 0.055, 12.92 * c, lessThanEqual(c, vec3(0.0031308)));
}

// Khronos PBR Neutral (2024): identity below the compression start, then the peak channel rolled
// off toward 1 and the colour desaturated as much as it was compressed. Written for a software
// rasterizer, which runs a branch for a whole row of pixels when any one of them takes it: the
// offset without a branch (x - 6.25 x^2 rises to 0.04 at x = 0.08, so clamping x there gives the
// published piecewise form), and the compression in one `if` rather than an early return.
vec3 neutral(vec3 c) {
  const float start = 0.8 - 0.04;
  const float desaturation = 0.15;
  const float m = min(min(c.r, min(c.g, c.b)), 0.08);
  c -= m * (1.0 - 6.25 * m);
  const float peak = max(c.r, max(c.g, c.b));
  if (peak >= start) {
    const float d = 1.0 - start;
    const float newPeak = 1.0 - d * d / (peak + d - start);
    c *= newPeak / peak;
    const float g = 1.0 - 1.0 / (desaturation * (peak - newPeak) + 1.0);
    c = mix(c, vec3(newPeak), g);
  }
  return c;
}

// Narkowicz (2015), "ACES Filmic Tone Mapping Curve": a rational fit per channel.
vec3 aces(vec3 x) {
  return clamp((x * (2.51 * x + 0.03)) / (x * (2.43 * x + 0.59) + 0.14), 0.0, 1.0);
}

// AgX (Sobotka) as Wrensch's minimal fit: inset matrix, log2 between -12.47393 and 4.026069 EV,
// a 6th-order polynomial of the base contrast curve, outset matrix; that curve's values are
// display-encoded, so its 2.2 display power brings them back to display-linear like the others.
vec3 agx(vec3 c) {
  const mat3 inset = mat3(0.842479062253094, 0.0423282422610123, 0.0423756549057051,
                          0.0784335999999992, 0.878468636469772, 0.0784336,
                          0.0792237451477643, 0.0791661274605434, 0.879142973793104);
  const mat3 outset = mat3(1.19687900512017, -0.0528968517574562, -0.0529716355144438,
                           -0.0980208811401368, 1.15190312990417, -0.0980434501171241,
                           -0.0990297440797205, -0.0989611768448433, 1.15107367264116);
  const float minEv = -12.47393, maxEv = 4.026069;
  vec3 v = inset * c;
  v = clamp(log2(max(v, vec3(1e-10))), minEv, maxEv);
  v = (v - minEv) / (maxEv - minEv);
  const vec3 v2 = v * v, v4 = v2 * v2;
  v = 15.5 * v4 * v2 - 40.14 * v4 * v + 31.96 * v4 - 6.868 * v2 * v + 0.4298 * v2 + 0.1191 * v - 0.00232;
  return pow(clamp(outset * v, 0.0, 1.0), vec3(2.2));
}

void main() {
  const vec4 s = texelFetch(scene, ivec2(gl_FragCoord.xy), 0);
  // A subtractive layer can take a float target below 0; light is never negative.
  vec3 c = max(s.rgb, vec3(0.0)) * vExposure;
  if ((outputFlags & kOutputBloom) != 0u) c += bloomIntensity * textureLod(bloom, vUv, 0.0).rgb;
  vec3 o;
  if (toneMap == kToneMapNeutral) o = neutral(c);
  else if (toneMap == kToneMapAces) o = aces(c);
  else if (toneMap == kToneMapAgx) o = agx(c);
  else o = c;
  o = clamp(o, 0.0, 1.0);
  if ((outputFlags & kOutputSrgb) != 0u) o = srgbEncode(o);
  outColor = vec4(o, clamp(s.a, 0.0, 1.0));
}
