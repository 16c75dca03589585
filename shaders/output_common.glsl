// What the output, luminance and bloom passes share: the scene's luminance and the exposure
// scale (manual EV, or auto exposure from the luminance grid's average log2).
#include "shader_constants.glsl"

layout(binding = kOutputLuminanceUnit) uniform sampler2D logLuminance;
layout(location = 0) uniform float exposureEv;  // the user's EV (the compensation under auto exposure)
#ifdef KILN_OUTPUT_FLAGS
const uint outputFlags = KILN_OUTPUT_FLAGS;  // an output variant's own (shader_programs.hpp)
#else
layout(location = 1) uniform uint outputFlags;
#endif
layout(location = 2) uniform float autoKey;     // mid grey auto exposure aims at
layout(location = 3) uniform float autoMaxEv;   // |EV| auto exposure is held to

float luminance(vec3 c) { return dot(c, vec3(0.2126, 0.7152, 0.0722)); }

float exposureScale() {
  float ev = exposureEv;
  if ((outputFlags & kOutputAutoExposure) != 0u) {
    // The last mip of the grid is one texel: the mean of log2 luminance over the image.
    const int last = textureQueryLevels(logLuminance) - 1;
    const float meanLog2 = texelFetch(logLuminance, ivec2(0), last).r;
    ev += clamp(log2(autoKey) - meanLog2, -autoMaxEv, autoMaxEv);
  }
  return exp2(ev);
}
