#version 460 core
// One step up the bloom chain: a 3x3 tent of the smaller level, added (blending ONE, ONE) to
// the level being written, so the top level ends up holding every level's blur.
#include "shader_constants.glsl"

layout(binding = kOutputSceneUnit) uniform sampler2D source;
layout(location = kVaryingOutputUv) in vec2 vUv;
layout(location = 0) out vec4 outColor;

void main() {
  const vec2 t = 1.0 / vec2(textureSize(source, 0));
  vec3 sum = textureLod(source, vUv, 0.0).rgb * 4.0;
  sum += (textureLod(source, vUv + vec2(-t.x, 0), 0.0).rgb + textureLod(source, vUv + vec2(t.x, 0), 0.0).rgb +
          textureLod(source, vUv + vec2(0, -t.y), 0.0).rgb + textureLod(source, vUv + vec2(0, t.y), 0.0).rgb) * 2.0;
  sum += textureLod(source, vUv + vec2(-t.x, -t.y), 0.0).rgb + textureLod(source, vUv + vec2(t.x, -t.y), 0.0).rgb +
         textureLod(source, vUv + vec2(-t.x, t.y), 0.0).rgb + textureLod(source, vUv + vec2(t.x, t.y), 0.0).rgb;
  outColor = vec4(sum / 16.0, 1.0);
}
