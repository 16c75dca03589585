// The user's UI settings file and the UI font search (ui_settings.hpp).
#include "logic/ui_settings.hpp"

#include <charconv>
#include <cmath>
#include <system_error>

namespace kiln::viewer {

std::optional<float> uiScaleFrom(std::string_view text) {
  float v = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc{} || end != text.data() + text.size() || !std::isfinite(v)) return std::nullopt;
  if (v < kMinUiScale || v > kMaxUiScale) return std::nullopt;
  return v;
}

UiSettings parseUiSettings(std::string_view text) {
  UiSettings s;
  for (std::size_t at = 0; at < text.size();) {
    std::size_t end = text.find('\n', at);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(at, end - at);
    at = end + 1;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    const std::size_t eq = line.find('=');
    if (line.empty() || line.front() == '#' || line.front() == ';' || eq == std::string_view::npos) continue;
    const std::string_view key = line.substr(0, eq), value = line.substr(eq + 1);
    if (key == "ui_scale") {
      if (const auto v = uiScaleFrom(value)) s.uiScale = *v;
    } else if (key == "multi_viewport" && (value == "0" || value == "1")) {
      s.multiViewport = value == "1";
    }
  }
  return s;
}

std::string uiSettingsText(const UiSettings& s) {
  char scale[32];
  const auto [end, ec] = std::to_chars(scale, scale + sizeof scale, s.uiScale);
  (void)ec;
  return "# kiln-view settings (View menu)\nui_scale=" + std::string(scale, end) +
         "\nmulti_viewport=" + (s.multiViewport ? "1" : "0") + "\n";
}

std::optional<std::filesystem::path> findUiFont(const std::vector<std::filesystem::path>& roots) {
  // Debian's font packages put each family in a folder of its own under truetype/.
  static constexpr const char* kCandidates[] = {"dejavu/DejaVuSans.ttf", "noto/NotoSans-Regular.ttf",
                                                "liberation/LiberationSans-Regular.ttf"};
  for (const char* name : kCandidates)
    for (const auto& root : roots) {
      std::error_code ec;
      const std::filesystem::path p = root / name;
      if (std::filesystem::is_regular_file(p, ec)) return p;
    }
  return std::nullopt;
}

}  // namespace kiln::viewer
