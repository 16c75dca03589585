// The user's kiln-view settings that are not a layout: the UI scale and multi-viewports, kept in
// settings.ini in the user's config folder (interactive sessions only), and where the UI font is
// found. GL- and ImGui-free.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kiln::viewer {

// The UI scale's range: a factor on top of the monitor's content scale (1: as the monitor says).
inline constexpr float kMinUiScale = 0.5f, kMaxUiScale = 3.0f;
// The UI font's size in pixels at scale 1.
inline constexpr float kUiFontPixels = 15.0f;

struct UiSettings {
  float uiScale = 1.0f;
  // Panels may be dragged out of the main window into windows of their own (Dear ImGui's
  // multi-viewports). Off by default: some window managers handle the extra windows poorly.
  bool multiViewport = false;
  friend bool operator==(const UiSettings&, const UiSettings&) = default;
};

// settings.ini's text: `ui_scale=1.25` and `multi_viewport=0|1` lines; unknown keys, comments and
// values out of range are skipped (the default stays), so a hand-edited file never breaks start-up.
UiSettings parseUiSettings(std::string_view text);
std::string uiSettingsText(const UiSettings& s);

// A UI scale typed on the command line or read from a file: finite and within the range.
std::optional<float> uiScaleFrom(std::string_view text);

// The first UI font file that exists among the candidates (DejaVu Sans from fonts-dejavu-core,
// then Noto Sans from fonts-noto-core, then Liberation Sans); nullopt: use Dear ImGui's built-in
// font. `roots` are the font folders to look in (the system's by default).
std::optional<std::filesystem::path> findUiFont(const std::vector<std::filesystem::path>& roots = {
                                                    "/usr/share/fonts/truetype", "/usr/local/share/fonts"});

}  // namespace kiln::viewer
