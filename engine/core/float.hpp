// Float helpers for the contract's float32 rules (uploads are float32; authoring is float64).
#pragma once

#include <charconv>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <string_view>

namespace kiln::core {

// 2^-126: the smallest normal float32. Differences below it can flush to zero on GPUs.
inline constexpr double kMinNormalF32 = 1.1754943508222875e-38;

// The value a float64 becomes when uploaded (round to nearest even).
inline float toF32(double v) { return static_cast<float>(v); }

// What the GPU receives, promoted back to double: the value CPU references compute with.
inline double up(double v) { return static_cast<double>(toF32(v)); }

inline bool finite(double v) { return std::isfinite(v); }

// True when v survives float32 conversion as a finite value.
inline bool finiteAsF32(double v) { return std::isfinite(v) && std::isfinite(static_cast<float>(v)); }

// The shortest decimal that reads back as v's float32, read as a float64. The format keeps
// float32, so this loses nothing the file can hold; an edited number kept this way is written
// as that short text (3.0166667, not 3.0166666666666666) and reads back as exactly itself.
// Values that do not fit a float32 are returned unchanged (validation refuses them).
inline double shortestF32(double v) {
  if (!finiteAsF32(v)) return v;
  char text[32];
  const auto [end, ec] = std::to_chars(text, text + sizeof text, static_cast<float>(v));
  if (ec != std::errc{}) return v;
  double out = v;
  std::from_chars(text, end, out);
  return out;
}

// A number typed by a person (an option, a field of a list): decimal digits with an optional
// sign, fraction and exponent, nothing before or after it, finite, and neither so large nor so
// small that a double cannot hold it (1e999 and 1e-400 are refused rather than read as inf or 0).
// Hexadecimal, `inf`, `nan` and spaces are refused. -0 reads as 0.
inline std::optional<double> parseDecimal(std::string_view text) {
  if (text.empty() || !(text.front() == '-' || text.front() == '+' || text.front() == '.' ||
                        (text.front() >= '0' && text.front() <= '9')))
    return std::nullopt;
  if (text.front() == '+') {
    text.remove_prefix(1);
    if (text.empty() || text.front() == '-' || text.front() == '+') return std::nullopt;
  }
  double v = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v, std::chars_format::general);
  if (ec != std::errc{} || end != text.data() + text.size() || !std::isfinite(v)) return std::nullopt;
  return v == 0 ? 0.0 : v;
}

}  // namespace kiln::core
