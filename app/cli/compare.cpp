// `kiln compare`: difference metrics of two PNGs and a difference image.
#include <cmath>
#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/commands.hpp"
#include "core/output_plan.hpp"
#include "render/cpu/image_compare.hpp"

namespace kiln::cli {

int runCompare(const std::string& a, const std::string& b, const std::optional<std::string>& out,
               int threshold, bool json, bool force) {
  // The difference image never lands on either input, nor on a file the user has (unless
  // --force): checked before anything is decoded.
  core::OutputPlan plan;
  plan.addInput(a, "first image");
  plan.addInput(b, "second image");
  const std::size_t diff = out ? plan.addOutput(*out, "difference image") : 0;
  if (const core::Diagnostics refused = plan.check(force); !refused.empty())
    return reportRefusedOutputs(refused);
  core::Diagnostic error;
  auto ia = loader::decodeImageFile(a, error);
  if (!ia) return reportIoError(error);
  auto ib = loader::decodeImageFile(b, error);
  if (!ib) return reportIoError(error);
  const render::ImageComparison c = render::compareImages(*ia, *ib, static_cast<std::uint8_t>(threshold));
  if (!c.sameSize) {
    std::cerr << core::escapeText(b) << ": error[" << core::codeName(core::Code::ImageSizeDiffer) << "]: "
              << ib->width << "x" << ib->height << " differs from " << core::escapeText(a) << " ("
              << ia->width << "x" << ia->height << "); compare needs images of one size\n";
    return kExitInvalid;
  }
  if (out) {
    std::vector<std::uint8_t> png;
    if (!loader::encodePngBytes(c.difference, png, error)) {
      error.path = *out;
      return reportIoError(error);
    }
    if (!plan.write(diff, png, error)) return reportIoError(error);
  }
  const bool over = c.changedPixels > 0;
  if (json) {
    nlohmann::ordered_json j;
    j["a"] = a;
    j["b"] = b;
    j["width"] = ia->width;
    j["height"] = ia->height;
    j["max_abs_diff"] = c.maxAbsDiff;
    j["mean_abs_diff"] = c.meanAbsDiff;
    j["psnr"] = std::isfinite(c.psnr) ? nlohmann::ordered_json(c.psnr) : nlohmann::ordered_json("inf");
    j["changed_pixels"] = c.changedPixels;
    j["changed_percent"] = c.changedPercent;
    j["threshold"] = threshold;
    j["identical_within_threshold"] = !over;
    std::cout << core::dumpJson(j) << '\n';
  } else {
    char line[256];
    std::snprintf(line, sizeof line, "max %u  mean %.6f  psnr %s  changed %.4f%% (%llu px, threshold %d)\n",
                  c.maxAbsDiff, c.meanAbsDiff, std::isfinite(c.psnr) ? std::to_string(c.psnr).c_str() : "inf",
                  c.changedPercent, static_cast<unsigned long long>(c.changedPixels), threshold);
    std::cout << line;
  }
  return over ? kExitInvalid : kExitOk;
}


}  // namespace kiln::cli
