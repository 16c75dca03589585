#version 460 core
// The auto-exposure grid: log2 of the scene's luminance at kLuminanceGrid^2 evenly spaced points
// (a floor of 2^-14 so black does not pull the mean to minus infinity); its mip chain averages it.
#include "output_common.glsl"

layout(binding = kOutputSceneUnit) uniform sampler2D scene;
layout(location = kVaryingOutputUv) in vec2 vUv;
layout(location = 0) out float outLog;

void main() {
  const vec3 c = max(textureLod(scene, vUv, 0.0).rgb, vec3(0.0));
  outLog = log2(max(luminance(c), 1.0 / 16384.0));
}
