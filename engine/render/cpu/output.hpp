// The output transform of a frame: which target the scene is drawn into and how its linear,
// unbounded values become the 8-bit pixels a window or a PNG shows. GL-free (the shader is
// shaders/output.frag; docs/rendering.md, "Output: exposure, tone maps and bloom").
#pragma once

#include <algorithm>
#include <cmath>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/spelling.hpp"

namespace kiln::render {

// How scene values past 1 are brought into [0, 1] (display-linear values; OutputOptions::srgb
// then says whether they are sRGB encoded):
//   clamp   — each channel cut at 1: what a host drawing into an 8-bit target shows;
//   neutral — Khronos PBR Neutral: below a peak of 0.76 only a small offset taken off (at most
//             0.04, less near black), above it the peak rolled off toward 1 and desaturated;
//   aces    — Narkowicz's 2015 fit of the ACES film curve, per channel;
//   agx     — Sobotka's AgX (Wrensch's polynomial fit of its base curve, then its 2.2 display
//             power back to linear).
enum class ToneMap : std::uint8_t { Clamp, Neutral, Aces, Agx };
inline constexpr core::SpellingTable<ToneMap, 4> kToneMapSpellings{{{"clamp", ToneMap::Clamp},
                                                                    {"neutral", ToneMap::Neutral},
                                                                    {"aces", ToneMap::Aces},
                                                                    {"agx", ToneMap::Agx}}};
inline std::string_view name(ToneMap t) { return core::spelled(kToneMapSpellings, t); }

// A bright-pass bloom: what lies above `threshold` (luminance, after exposure) is blurred through
// a chain of half-size levels and added back times `intensity`.
struct Bloom {
  bool enabled = false;
  float threshold = 1.0f;
  float intensity = 0.15f;
  bool operator==(const Bloom&) const = default;
};

// `hdr` false: the scene is drawn into RGBA8 as a host without a floating-point target does
// (values clamp at every blend; today's pixels, byte for byte) and nothing else applies.
// `hdr` true: the scene is drawn into RGBA16F (values above 1 and every stacked additive layer
// kept), then scaled by 2^exposure (auto: 2^(log2(key / log-average luminance) + exposure)),
// bloomed, tone mapped and encoded into the 8-bit image.
struct OutputOptions {
  bool hdr = false;
  ToneMap toneMap = ToneMap::Neutral;
  double exposure = 0;  // EV: stops up (positive) or down
  bool autoExposure = false;
  Bloom bloom;
  // The sRGB encode: off (the default) writes the tone map's values as they are, as Kiln writes
  // every LDR value (docs/rendering.md, "Colour space": the level's colours are shown as display
  // values), so what is below the tone map's shoulder looks as in an LDR capture; on treats the
  // scene as scene-linear light, as a colour-managed engine does.
  bool srgb = false;
  bool operator==(const OutputOptions&) const = default;
};

// The key auto exposure aims the scene's log-average luminance at (mid grey), and the range its
// EV is held to so a black frame does not blow up.
inline constexpr double kAutoExposureKey = 0.18;
inline constexpr double kAutoExposureMaxEv = 10;
// The EV auto exposure applies: the user's EV (the compensation) plus what brings the scene's
// mean log2 luminance to the key, held to ±kAutoExposureMaxEv (output_common.glsl does the same).
inline double autoExposureEv(double userEv, double meanLog2Luminance) {
  const double pull = std::log2(kAutoExposureKey) - meanLog2Luminance;
  return userEv + std::clamp(pull, -kAutoExposureMaxEv, kAutoExposureMaxEv);
}
// Exposures a user may ask for, in EV.
inline constexpr double kMaxExposureEv = 20;

// The viewer's and `kiln capture --output hdr`'s defaults.
inline OutputOptions hdrDefaults() {
  OutputOptions o;
  o.hdr = true;
  return o;
}

// Checks the values a user gave: nullopt when usable, else the reason (naming `what`'s field).
std::optional<std::string> outputProblem(const OutputOptions& o);

}  // namespace kiln::render
