#version 460 core
// Particle fragment outputs per blend mode (seed 000). Textures are straight alpha.
#include "shader_constants.glsl"

layout(binding = kAtlasUnit) uniform sampler2D atlasPage;
layout(location = 0) uniform uint overdraw;  // 1: emit a heat increment instead of colour

layout(location = kVaryingParticleUv) in vec2 vUv;
layout(location = kVaryingParticleColor) flat in vec4 vColor;
layout(location = kVaryingParticleBlend) flat in uint vBlend;
layout(location = 0) out vec4 outColor;

void main() {
  vec4 T = texture(atlasPage, vUv);
  vec4 C = vColor;
  if (vBlend == kBlendCutout && T.a * C.a < 0.5) discard;
  if (overdraw != 0u) {
    // Each layer adds one 8-bit step of red (blended ONE, ONE), an exact count up to 255 that
    // overdraw.frag maps through the heat palette.
    outColor = vec4(1.0 / 255.0, 0.0, 0.0, 0.0);
    return;
  }
  if (vBlend == kBlendCutout) {
    outColor = vec4(T.rgb * C.rgb, 1.0);
  } else if (vBlend == kBlendPremultiplied) {
    outColor = vec4(T.rgb * T.a * C.rgb, T.a * C.a);
  } else if (vBlend == kBlendAlpha) {
    outColor = vec4(T.rgb * T.a * C.rgb * C.a, T.a * C.a);
  } else {
    // Additive: light scaled by texture and lifetime opacity; destination alpha is kept.
    outColor = vec4(T.rgb * T.a * C.rgb * C.a, T.a * C.a);
  }
}
