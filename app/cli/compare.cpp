// `kiln compare`: difference metrics of two PNGs (pixel metrics, and LDR-ꟻLIP with --metric
// flip), a difference image, a ꟻLIP map, and limits that decide the exit code; two EXRs are
// compared on their linear values instead, and a PNG is never compared with an EXR.
#include <array>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/commands.hpp"
#include "core/float.hpp"
#include "core/output_plan.hpp"
#include "core/file.hpp"
#include "loader/exr.hpp"
#include "render/cpu/flip.hpp"
#include "render/cpu/image_compare.hpp"
#include "render/cpu/ssim.hpp"
#include "render/cpu/magma.hpp"

namespace kiln::cli {

namespace {

// Where the changed pixels are, as --json gives it: {x, y, width, height}, or null for none.
nlohmann::ordered_json rectJson(const core::PixelRect& r) {
  if (r.empty()) return nullptr;
  return {{"x", r.x}, {"y", r.y}, {"width", r.width}, {"height", r.height}};
}

// The same on the text line: " in x 300-331, y 180-200" (inclusive pixels), or nothing.
std::string rectText(const core::PixelRect& r) {
  if (r.empty()) return "";
  return " in x " + std::to_string(r.x) + "-" + std::to_string(r.x + r.width - 1) + ", y " + std::to_string(r.y) + "-" +
         std::to_string(r.y + r.height - 1);
}

// Every metric a --fail-above limit may name, in the order they are listed in messages.
constexpr std::array<const char*, 8> kLimitMetrics{"max",         "mean",    "changed", "flip-mean",
                                                   "flip-median", "flip-q1", "flip-q3", "flip-max"};

bool isFlipMetric(const std::string& metric) {
  return metric.starts_with("flip-");
}

double metricValue(const std::string& metric, const render::ImageComparison& c,
                   const render::FlipStatistics& f) {
  if (metric == "max") return c.maxAbsDiff;
  if (metric == "mean") return c.meanAbsDiff;
  if (metric == "changed") return c.changedPercent;
  if (metric == "flip-mean") return f.mean;
  if (metric == "flip-median") return f.median;
  if (metric == "flip-q1") return f.q1;
  if (metric == "flip-q3") return f.q3;
  return f.max;  // flip-max: parseCompareLimit admits nothing else
}

// The flip options only mean something with --metric flip; naming one without it is a usage
// error rather than an option quietly ignored.
std::optional<std::string> flipOptionWithoutFlip(const CompareOptions& o,
                                                 const std::vector<CompareLimit>& limits) {
  if (o.metric == "flip") return std::nullopt;
  if (o.flipMap) return "--flip-map";
  if (o.ppd) return "--ppd";
  if (o.viewingDistance) return "--viewing-distance";
  if (o.monitorWidth) return "--monitor-width";
  if (o.monitorPixels) return "--monitor-pixels";
  for (const CompareLimit& l : limits)
    if (isFlipMetric(l.metric)) return "--fail-above " + l.metric;
  return std::nullopt;
}

std::string number(double v) {
  char text[64];
  std::snprintf(text, sizeof text, "%.6g", v);
  return text;
}

// Two EXR captures (their linear scenes): the metrics in the images' own units, HDR-ꟻLIP with
// --metric flip (A the reference, whose luminance sets the exposures), an optional difference EXR
// (|A-B| per channel) and ꟻLIP map, and the limits.
int compareExr(const CompareOptions& o, const std::vector<CompareLimit>& limits, core::OutputPlan& plan,
               std::size_t diff, std::size_t map, double ppd, std::span<const std::uint8_t> bytesA,
               std::span<const std::uint8_t> bytesB) {
  if (o.threshold != 0) {
    std::cerr << "kiln compare: --threshold is for PNG captures (8-bit steps); two EXRs are compared on their linear "
                 "values (docs/compare.md)\n";
    return kExitUsage;
  }
  // The difference of two linear images is itself linear: it is written as an EXR, so a name
  // that says otherwise would hold bytes its viewer cannot read.
  if (o.out && !loader::hasExrExtension(*o.out)) {
    std::cerr << "kiln compare: --out " << core::escapeText(*o.out)
              << ": the difference of two EXRs is written as an EXR; name it F.exr\n";
    return kExitUsage;
  }
  const bool wantFlip = o.metric == "flip";
  std::string why;
  const auto a = loader::decodeExr(bytesA, why);
  if (!a) {
    std::cerr << core::escapeText(o.a) << ": error[" << core::codeName(core::Code::IoError) << "]: " << why << '\n';
    return kExitInvalid;
  }
  const auto b = loader::decodeExr(bytesB, why);
  if (!b) {
    std::cerr << core::escapeText(o.b) << ": error[" << core::codeName(core::Code::IoError) << "]: " << why << '\n';
    return kExitInvalid;
  }
  const render::LinearComparison c = render::compareLinear(a->width, a->height, a->rgba, b->width, b->height, b->rgba);
  if (!c.sameSize) {
    std::cerr << core::escapeText(o.b) << ": error[" << core::codeName(core::Code::ImageSizeDiffer) << "]: " << b->width
              << "x" << b->height << " differs from " << core::escapeText(o.a) << " (" << a->width << "x" << a->height
              << "); compare needs images of one size\n";
    return kExitInvalid;
  }
  const render::HdrFlipResult hf =
      wantFlip ? render::hdrFlip(a->width, a->height, a->rgba, b->rgba, ppd) : render::HdrFlipResult{};
  const render::FlipResult& f = hf.flip;
  if (o.flipMap) {
    std::vector<std::uint8_t> png;
    core::Diagnostic error;
    if (!loader::encodePngBytes(render::magmaImage(f.width, f.height, f.error), png, error)) {
      error.path = *o.flipMap;
      return reportIoError(error);
    }
    if (!plan.write(map, png, error)) return reportIoError(error);
  }
  if (o.out) {
    loader::FloatImage d{a->width, a->height, std::vector<float>(a->rgba.size())};
    for (std::size_t i = 0; i < d.rgba.size(); ++i) d.rgba[i] = i % 4 == 3 ? 1.0f : std::fabs(a->rgba[i] - b->rgba[i]);
    std::vector<std::uint8_t> bytes;
    core::Diagnostic error;
    if (!loader::encodeExr(d, bytes, why)) {
      std::cerr << "kiln compare: " << core::escapeText(*o.out) << ": " << why << '\n';
      return kExitInvalid;
    }
    if (!plan.write(diff, bytes, error)) return reportIoError(error);
  }
  auto value = [&](const std::string& m) {
    if (isFlipMetric(m)) return metricValue(m, {}, f.stats);
    return m == "max" ? c.maxAbsDiff : m == "mean" ? c.meanAbsDiff : c.changedPercent;
  };
  bool failed = limits.empty() && c.changedPixels > 0;
  std::vector<bool> exceeded;
  for (const CompareLimit& l : limits) {
    exceeded.push_back(value(l.metric) > l.value);
    failed = failed || exceeded.back();
  }
  if (o.json) {
    nlohmann::ordered_json j;
    j["a"] = o.a;
    j["b"] = o.b;
    j["kind"] = "exr";
    j["width"] = a->width;
    j["height"] = a->height;
    j["max_abs_diff"] = c.maxAbsDiff;
    j["mean_abs_diff"] = c.meanAbsDiff;
    j["rmse"] = c.rmse;
    j["peak"] = c.peak;
    j["psnr"] = std::isfinite(c.psnr) ? nlohmann::ordered_json(c.psnr) : nlohmann::ordered_json("inf");
    j["changed_pixels"] = c.changedPixels;
    j["changed_percent"] = c.changedPercent;
    j["changed_rect"] = rectJson(c.changedRect);
    j["non_finite"] = c.nonFinite;
    j["identical"] = c.changedPixels == 0;
    if (wantFlip)
      j["flip"] = {{"mean", f.stats.mean},
                   {"median", f.stats.median},
                   {"q1", f.stats.q1},
                   {"q3", f.stats.q3},
                   {"max", f.stats.max},
                   {"ppd", f.ppd},
                   {"mode", "hdr"},
                   {"exposures", {{"start", hf.exposures.start}, {"stop", hf.exposures.stop}, {"count", hf.exposures.count}}}};
    if (!limits.empty()) {
      j["fail_above"] = nlohmann::ordered_json::array();
      for (std::size_t i = 0; i < limits.size(); ++i)
        j["fail_above"].push_back({{"metric", limits[i].metric},
                                   {"limit", limits[i].value},
                                   {"value", value(limits[i].metric)},
                                   {"exceeded", static_cast<bool>(exceeded[i])}});
    }
    j["failed"] = failed;
    std::cout << core::dumpJson(j) << '\n';
  } else {
    char line[256];
    std::snprintf(line, sizeof line, "linear: max %.6g  mean %.6g  rmse %.6g  psnr %s (peak %.6g)  changed %.4f%% (%llu px%s)\n",
                  c.maxAbsDiff, c.meanAbsDiff, c.rmse, std::isfinite(c.psnr) ? std::to_string(c.psnr).c_str() : "inf",
                  c.peak, c.changedPercent, static_cast<unsigned long long>(c.changedPixels), rectText(c.changedRect).c_str());
    std::cout << line;
    if (c.nonFinite) std::cout << c.nonFinite << " channel(s) are NaN or infinite\n";
    if (wantFlip) {
      std::snprintf(line, sizeof line,
                    "hdr-flip mean %.6f  median %.6f  q1 %.6f  q3 %.6f  max %.6f  (ppd %.2f, %d exposures %+.2f..%+.2f EV)\n",
                    f.stats.mean, f.stats.median, f.stats.q1, f.stats.q3, f.stats.max, f.ppd, hf.exposures.count,
                    hf.exposures.start, hf.exposures.stop);
      std::cout << line;
    }
  }
  for (std::size_t i = 0; i < limits.size(); ++i)
    if (exceeded[i])
      std::cerr << "kiln compare: " << limits[i].metric << " " << number(value(limits[i].metric))
                << " is above the limit " << number(limits[i].value) << " (--fail-above)\n";
  return failed ? kExitInvalid : kExitOk;
}

}  // namespace

std::optional<CompareLimit> parseCompareLimit(const std::string& text, std::string& why) {
  const std::size_t eq = text.find('=');
  std::string names;
  for (const char* m : kLimitMetrics) names += std::string(names.empty() ? "" : ", ") + m;
  if (eq == std::string::npos) {
    why = "needs METRIC=VALUE (METRIC one of " + names + "), got '" + core::escapeText(text) + "'";
    return std::nullopt;
  }
  CompareLimit limit{text.substr(0, eq), 0};
  bool known = false;
  for (const char* m : kLimitMetrics) known |= limit.metric == m;
  if (!known) {
    why = "unknown metric '" + core::escapeText(limit.metric) + "' (one of " + names + ")";
    return std::nullopt;
  }
  const auto value = core::parseDecimal(text.substr(eq + 1));
  if (!value) {
    why = "needs a finite decimal number after '" + limit.metric + "=', got '" +
          core::escapeText(text.substr(eq + 1)) + "'";
    return std::nullopt;
  }
  limit.value = *value;
  return limit;
}

int runCompare(const CompareOptions& o) {
  std::vector<CompareLimit> limits;
  for (const std::string& text : o.failAbove) {
    std::string why;
    const auto limit = parseCompareLimit(text, why);
    if (!limit) {  // main.cpp checks these while parsing; a caller that did not gets the same answer
      std::cerr << "kiln compare: --fail-above " << why << '\n';
      return kExitUsage;
    }
    limits.push_back(*limit);
  }
  if (const auto lone = flipOptionWithoutFlip(o, limits)) {
    std::cerr << "kiln compare: " << *lone << " needs --metric flip\n";
    return kExitUsage;
  }
  const bool wantFlip = o.metric == "flip";
  const double ppd =
      o.ppd ? *o.ppd
            : render::pixelsPerDegree(o.viewingDistance.value_or(render::kFlipDefaultViewingDistance),
                                      o.monitorWidth.value_or(render::kFlipDefaultMonitorWidth),
                                      o.monitorPixels.value_or(render::kFlipDefaultMonitorPixels));

  // The difference image and the ꟻLIP map never land on either input, on each other, nor on a
  // file the user has (unless --force): checked before anything is decoded.
  core::OutputPlan plan;
  plan.addInput(o.a, "first image");
  plan.addInput(o.b, "second image");
  const std::size_t diff = o.out ? plan.addOutput(*o.out, "difference image") : 0;
  const std::size_t map = o.flipMap ? plan.addOutput(*o.flipMap, "FLIP map") : 0;
  if (const core::Diagnostics refused = plan.check(o.force); !refused.empty())
    return reportRefusedOutputs(refused);
  core::Diagnostic error;
  // An EXR holds linear HDR values, a PNG 8-bit display values: the two are never compared.
  {
    auto bytesA = core::readFile(o.a, error);
    if (!bytesA) return reportIoError(error);
    auto bytesB = core::readFile(o.b, error);
    if (!bytesB) return reportIoError(error);
    const bool exrA = loader::looksLikeExr(*bytesA), exrB = loader::looksLikeExr(*bytesB);
    if (exrA != exrB) {
      std::cerr << "kiln compare: " << core::escapeText(exrA ? o.a : o.b) << " is an EXR (linear HDR values) and "
                << core::escapeText(exrA ? o.b : o.a)
                << " is not; compare two PNGs or two EXRs (capture both with the same --out extension)\n";
      return kExitUsage;
    }
    if (exrA) return compareExr(o, limits, plan, diff, map, ppd, *bytesA, *bytesB);
  }
  auto ia = loader::decodeImageFile(o.a, error);
  if (!ia) return reportIoError(error);
  auto ib = loader::decodeImageFile(o.b, error);
  if (!ib) return reportIoError(error);
  const render::ImageComparison c = render::compareImages(*ia, *ib, static_cast<std::uint8_t>(o.threshold));
  if (!c.sameSize) {
    std::cerr << core::escapeText(o.b) << ": error[" << core::codeName(core::Code::ImageSizeDiffer)
              << "]: " << ib->width << "x" << ib->height << " differs from " << core::escapeText(o.a) << " ("
              << ia->width << "x" << ia->height << "); compare needs images of one size\n";
    return kExitInvalid;
  }
  // A is the reference, B the test image (LDR-ꟻLIP gives the same map either way round).
  const render::FlipResult f = wantFlip ? render::flip(*ia, *ib, ppd) : render::FlipResult{};
  const auto writePng = [&](std::size_t output, const core::Image& image, const std::string& path) {
    std::vector<std::uint8_t> png;
    if (!loader::encodePngBytes(image, png, error)) {
      error.path = path;
      return false;
    }
    return plan.write(output, png, error);
  };
  if (o.out && !writePng(diff, c.difference, *o.out)) return reportIoError(error);
  if (o.flipMap && !writePng(map, render::magmaImage(f.width, f.height, f.error), *o.flipMap))
    return reportIoError(error);

  // Without limits, any changed pixel fails (as compare always did); limits replace that rule.
  bool failed = limits.empty() && c.changedPixels > 0;
  std::vector<bool> exceeded;
  for (const CompareLimit& l : limits) {
    exceeded.push_back(metricValue(l.metric, c, f.stats) > l.value);
    failed |= exceeded.back();
  }
  // Structural similarity, for readers who know it (docs/compare.md); same size is known here.
  const double ssim = render::ssim(*ia, *ib).value_or(0.0);
  if (o.json) {
    nlohmann::ordered_json j;
    j["a"] = o.a;
    j["b"] = o.b;
    j["width"] = ia->width;
    j["height"] = ia->height;
    j["max_abs_diff"] = c.maxAbsDiff;
    j["mean_abs_diff"] = c.meanAbsDiff;
    j["psnr"] = std::isfinite(c.psnr) ? nlohmann::ordered_json(c.psnr) : nlohmann::ordered_json("inf");
    j["changed_pixels"] = c.changedPixels;
    j["changed_percent"] = c.changedPercent;
    j["changed_rect"] = rectJson(c.changedRect);
    j["threshold"] = o.threshold;
    j["identical_within_threshold"] = c.changedPixels == 0;
    j["ssim"] = ssim;
    if (wantFlip)
      j["flip"] = {{"mean", f.stats.mean}, {"median", f.stats.median}, {"q1", f.stats.q1},
                   {"q3", f.stats.q3},     {"max", f.stats.max},       {"ppd", f.ppd}};
    if (!limits.empty()) {
      j["fail_above"] = nlohmann::ordered_json::array();
      for (std::size_t i = 0; i < limits.size(); ++i)
        j["fail_above"].push_back({{"metric", limits[i].metric},
                                   {"limit", limits[i].value},
                                   {"value", metricValue(limits[i].metric, c, f.stats)},
                                   {"exceeded", static_cast<bool>(exceeded[i])}});
    }
    j["failed"] = failed;
    std::cout << core::dumpJson(j) << '\n';
  } else {
    char line[256];
    std::snprintf(line, sizeof line, "max %u  mean %.6f  psnr %s  changed %.4f%% (%llu px%s, threshold %d)\n",
                  c.maxAbsDiff, c.meanAbsDiff, std::isfinite(c.psnr) ? std::to_string(c.psnr).c_str() : "inf",
                  c.changedPercent, static_cast<unsigned long long>(c.changedPixels), rectText(c.changedRect).c_str(),
                  o.threshold);
    std::cout << line;
    std::snprintf(line, sizeof line, "ssim %.6f\n", ssim);
    std::cout << line;
    if (wantFlip) {
      std::snprintf(line, sizeof line,
                    "flip mean %.6f  median %.6f  q1 %.6f  q3 %.6f  max %.6f  (ppd %.2f)\n", f.stats.mean,
                    f.stats.median, f.stats.q1, f.stats.q3, f.stats.max, f.ppd);
      std::cout << line;
    }
  }
  for (std::size_t i = 0; i < limits.size(); ++i)
    if (exceeded[i])
      std::cerr << "kiln compare: " << limits[i].metric << " "
                << number(metricValue(limits[i].metric, c, f.stats)) << " is above the limit "
                << number(limits[i].value) << " (--fail-above)\n";
  return failed ? kExitInvalid : kExitOk;
}

}  // namespace kiln::cli
