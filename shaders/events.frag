#version 460 core
// Event particle fragments: what each blend mode writes for its fixed-function factors
// (engine/render/event_blend.hpp; formulas in docs/events.md). Textures are straight alpha,
// sampled as stored (no colour-space conversion), so `brightness` reads stored values.
#include "shader_constants.glsl"

layout(binding = kEventSpriteUnit) uniform sampler2D sprite;
// `blend: palette`: the 256x256 translucency table, and the target this pass draws into (read at
// this pixel; a texture barrier before each sprite makes the earlier sprites' writes visible).
layout(binding = kEventPaletteUnit) uniform sampler2D paletteTable;
layout(binding = kEventDestinationUnit) uniform sampler2D destination;
layout(location = 0) uniform uint blendMode;
layout(location = 3) uniform uint textured;  // 0: a plain white quad
layout(location = 4) uniform uint overdraw;  // 1: one layer step, as particle.frag

layout(location = kVaryingEventUv) in vec2 vUv;
layout(location = kVaryingEventColor) flat in vec4 vColor;
layout(location = kVaryingEventOpacity) flat in float vOpacity;
// Per sprite: recipes of one draw class may differ here.
layout(location = kVaryingEventTextureAlphaMode) flat in uint vTextureAlphaMode;
layout(location = kVaryingEventAlphaTest) flat in float vAlphaTest;
layout(location = kVaryingEventShaderData) flat in vec4 vShaderData;  // the render buffers' extra
layout(location = 0) out vec4 outColor;

#ifdef KILN_MATERIAL
// A recipe's material (docs/events.md "Materials"): the snippet follows this file. `color` is
// what the blend mode would write (premultiplied), `texel` the sprite texel as stored (white
// for a plain quad), `extra` the particle's shaderData; it returns what is written instead.
vec4 kilnMaterial(vec4 color, vec4 texel, vec4 extra);
#endif

void main() {
  vec4 T = textured != 0u ? texture(sprite, vUv) : vec4(1.0);
  float ta = vTextureAlphaMode == kTextureAlphaBrightness ? max(T.r, max(T.g, T.b)) * T.a : T.a;
  float a = ta * vOpacity;
  // At or below the threshold: no colour, no blend (the pass writes no depth anyway).
  if (a <= vAlphaTest) discard;
  if (overdraw != 0u) {
    outColor = vec4(1.0 / 255.0, 0.0, 0.0, 0.0);
    return;
  }
  vec3 c = vColor.rgb * T.rgb;
  if (blendMode == kEventLightMatter) {
    // Seed 002: the colour and coverage are premultiplied already; the texel scales both.
    outColor = vec4(c * ta, vColor.a * ta);
  } else if (blendMode == kEventMultiply) {
    outColor = vec4(mix(vec3(1.0), c, a), a);
  } else if (blendMode == kEventPremultiplied) {
    outColor = vec4(c * vOpacity, a);
  } else if (blendMode == kEventPalette) {
    // The table's column is the sprite's luminance, its row the luminance behind it (Rec. 709
    // weights on the stored values, clamped to [0, 1], rounded to 0..255); its alpha mixes the
    // entry over what was there (255: the entry, 0: unchanged). Blending is off for this mode.
    const vec3 kLuma = vec3(0.2126, 0.7152, 0.0722);
    vec4 dst = texelFetch(destination, ivec2(gl_FragCoord.xy), 0);
    int column = int(floor(clamp(dot(c * a, kLuma), 0.0, 1.0) * 255.0 + 0.5));
    int row = int(floor(clamp(dot(dst.rgb, kLuma), 0.0, 1.0) * 255.0 + 0.5));
    vec4 entry = texelFetch(paletteTable, ivec2(column, row), 0);
    outColor = vec4(mix(dst.rgb, entry.rgb, entry.a), dst.a);
  } else {
    // normal, additive, subtractive: c * a, the factors do the rest.
    outColor = vec4(c * a, a);
  }
#ifdef KILN_MATERIAL
  outColor = kilnMaterial(outColor, T, vShaderData);
#endif
}
