#include "render/cpu/output.hpp"

#include <cmath>

namespace kiln::render {

std::optional<std::string> outputProblem(const OutputOptions& o) {
  if (!std::isfinite(o.exposure) || std::fabs(o.exposure) > kMaxExposureEv)
    return "exposure must be a finite EV in [-20, 20]";
  if (!std::isfinite(o.bloom.threshold) || o.bloom.threshold < 0) return "bloom threshold must be finite and >= 0";
  if (!std::isfinite(o.bloom.intensity) || o.bloom.intensity < 0 || o.bloom.intensity > 10)
    return "bloom intensity must be in [0, 10]";
  return std::nullopt;
}

}  // namespace kiln::render
