#include "logic/view_output.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>

namespace kiln::viewer {
namespace {

std::optional<double> parseNumber(std::string_view s) {
  double v = 0;
  const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc{} || p != s.data() + s.size() || !std::isfinite(v)) return std::nullopt;
  return v;
}

std::optional<bool> parseSwitch(std::string_view s) {
  if (s == "on") return true;
  if (s == "off") return false;
  return std::nullopt;
}

}  // namespace

std::optional<std::string> setOutput(render::OutputOptions& o, std::string_view setting, std::string_view value) {
  render::OutputOptions next = o;
  const std::string what(setting);
  if (setting == "ldr" || setting == "hdr") {
    if (!value.empty()) return "'" + what + "' takes no value";
    next.hdr = setting == "hdr";
  } else if (setting == "tonemap") {
    const auto t = core::fromSpelling(render::kToneMapSpellings, value);
    if (!t) return "tonemap takes clamp, neutral, aces or agx";
    next.toneMap = *t;
  } else if (setting == "exposure" || setting == "bloom-threshold" || setting == "bloom-intensity") {
    const auto v = parseNumber(value);
    if (!v) return what + " takes a finite number";
    if (setting == "exposure") next.exposure = *v;
    else if (setting == "bloom-threshold") next.bloom.threshold = static_cast<float>(*v);
    else next.bloom.intensity = static_cast<float>(*v);
  } else if (setting == "auto-exposure" || setting == "bloom" || setting == "srgb") {
    const auto on = parseSwitch(value);
    if (!on) return what + " takes on or off";
    if (setting == "auto-exposure") next.autoExposure = *on;
    else if (setting == "bloom") next.bloom.enabled = *on;
    else next.srgb = *on;
  } else {
    return "unknown output setting '" + what +
           "'; settings: ldr, hdr, tonemap, exposure, auto-exposure, bloom, bloom-threshold, bloom-intensity, srgb";
  }
  // Everything but the LDR/HDR switch belongs to the HDR output: setting one shows it.
  if (setting != "ldr") next.hdr = true;
  if (auto problem = render::outputProblem(next)) return problem;
  o = next;
  return std::nullopt;
}

void nudgeExposure(render::OutputOptions& o, double ev) {
  o.hdr = true;
  // Steps land on multiples of the step, so 0.5 EV steps from 0.3 go 0.5, 1.0, …
  const double step = std::abs(ev);
  const double moved = step > 0 ? std::round((o.exposure + ev) / step) * step : o.exposure;
  o.exposure = std::clamp(moved, -render::kMaxExposureEv, render::kMaxExposureEv);
}

void cycleToneMap(render::OutputOptions& o) {
  if (!o.hdr) {
    o.hdr = true;
    return;
  }
  o.toneMap = static_cast<render::ToneMap>((static_cast<int>(o.toneMap) + 1) % 4);
}

std::string outputSummary(const render::OutputOptions& o) {
  if (!o.hdr) return "LDR (8-bit target)";
  char ev[32];
  std::snprintf(ev, sizeof ev, "%+.1f EV", o.exposure == 0 ? 0.0 : o.exposure);
  std::string s = "HDR " + std::string(render::name(o.toneMap)) + " " + (o.autoExposure ? "auto " : "") + ev;
  if (o.bloom.enabled) s += " bloom";
  if (o.srgb) s += " sRGB";
  return s;
}

}  // namespace kiln::viewer
