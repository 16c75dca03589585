// What the output, luminance and bloom passes share: the scene's luminance and the exposure
// scale (manual EV, or auto exposure from the luminance grid's average log2).
#include "shader_constants.glsl"

layout(binding = kOutputLuminanceUnit) uniform sampler2D logLuminance;
// The user's EV as a factor, 2^EV, computed once on the CPU: an exp2 per pixel cost the output
// pass a fifth of a full-screen copy on a software rasterizer (docs/benchmarks.md).
layout(location = 0) uniform float exposureFactor;
#ifdef KILN_OUTPUT_FLAGS
const uint outputFlags = KILN_OUTPUT_FLAGS;  // an output variant's own (shader_programs.hpp)
#else
layout(location = 1) uniform uint outputFlags;
#endif
layout(location = 2) uniform float autoKeyLog2;  // log2 of the mid grey auto exposure aims at
layout(location = 3) uniform float autoMaxEv;    // |EV| auto exposure is held to

float luminance(vec3 c) { return dot(c, vec3(0.2126, 0.7152, 0.0722)); }

// What the scene is multiplied by: 2^EV, times the auto exposure's correction when it is on.
float exposureScale() {
  float k = exposureFactor;
  if ((outputFlags & kOutputAutoExposure) != 0u) {
    // The last mip of the grid is one texel: the mean of log2 luminance over the image.
    const int last = textureQueryLevels(logLuminance) - 1;
    const float meanLog2 = texelFetch(logLuminance, ivec2(0), last).r;
    k *= exp2(clamp(autoKeyLog2 - meanLog2, -autoMaxEv, autoMaxEv));
  }
  return k;
}
