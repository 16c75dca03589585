// Parsing and scaling workspace layouts (GL-free, unit-tested in tests/viewer).
#include <algorithm>
#include <cstdio>
#include <string>

#include "layout.hpp"

namespace kiln::viewer {

bool isWorkspaceName(std::string_view name) {
  return std::find(kWorkspaceNames.begin(), kWorkspaceNames.end(), name) != kWorkspaceNames.end();
}

const WindowPlacement* Layout::find(std::string_view title) const {
  for (const auto& w : windows)
    if (w.title == title) return &w;
  return nullptr;
}

Layout parseLayout(std::string_view ini) {
  Layout layout;
  enum class Section { Other, Window, KilnLayout } section = Section::Other;
  std::size_t start = 0;
  while (start < ini.size()) {
    std::size_t end = ini.find('\n', start);
    if (end == std::string_view::npos) end = ini.size();
    std::string line(ini.substr(start, end - start));
    start = end + 1;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty() || line[0] == ';') continue;
    if (line[0] == '[') {
      section = Section::Other;
      if (line.rfind("[Window][", 0) == 0 && line.size() > 10 && line.back() == ']') {
        section = Section::Window;
        layout.windows.push_back({line.substr(9, line.size() - 10)});
      } else if (line == "[Kiln][Layout]") {
        section = Section::KilnLayout;
      }
      continue;
    }
    float a = 0, b = 0;
    int c = 0;
    if (section == Section::Window) {
      auto& w = layout.windows.back();
      if (std::sscanf(line.c_str(), "Pos=%f,%f", &a, &b) == 2) w.x = a, w.y = b;
      else if (std::sscanf(line.c_str(), "Size=%f,%f", &a, &b) == 2) w.w = a, w.h = b;
      else if (std::sscanf(line.c_str(), "Collapsed=%d", &c) == 1) w.collapsed = c != 0;
    } else if (section == Section::KilnLayout) {
      if (std::sscanf(line.c_str(), "Reference=%f,%f", &a, &b) == 2 && a > 0 && b > 0)
        layout.referenceWidth = a, layout.referenceHeight = b;
    }
  }
  return layout;
}

WindowPlacement scaledPlacement(const WindowPlacement& p, const Layout& l, float dw, float dh) {
  // The main menu bar keeps its height; everything below it scales with the display.
  constexpr float kMenu = 20;
  const float sx = dw / l.referenceWidth;
  const float sy = (dh - kMenu) / (l.referenceHeight - kMenu);
  WindowPlacement out = p;
  out.x = p.x * sx;
  out.y = kMenu + (p.y - kMenu) * sy;
  out.w = p.w * sx;
  out.h = p.h * sy;
  return out;
}

std::string layoutToIni(const Layout& l) {
  std::string out = "[Kiln][Layout]\nReference=" + std::to_string(static_cast<int>(l.referenceWidth)) + "," +
                    std::to_string(static_cast<int>(l.referenceHeight)) + "\n";
  char line[160];
  for (const auto& w : l.windows) {
    std::snprintf(line, sizeof line, "\n[Window][%s]\nPos=%d,%d\nSize=%d,%d\nCollapsed=%d\n", w.title.c_str(),
                  static_cast<int>(w.x), static_cast<int>(w.y), static_cast<int>(w.w), static_cast<int>(w.h), w.collapsed ? 1 : 0);
    out += line;
  }
  return out;
}

std::vector<std::pair<std::string, std::string>> overlappingWindows(const Layout& l, float dw, float dh, float tolerance) {
  std::vector<std::pair<std::string, std::string>> out;
  for (std::size_t i = 0; i < l.windows.size(); ++i) {
    const WindowPlacement a = scaledPlacement(l.windows[i], l, dw, dh);
    for (std::size_t j = i + 1; j < l.windows.size(); ++j) {
      const WindowPlacement b = scaledPlacement(l.windows[j], l, dw, dh);
      const float ox = std::min(a.x + a.w, b.x + b.w) - std::max(a.x, b.x);
      const float oy = std::min(a.y + a.h, b.y + b.h) - std::max(a.y, b.y);
      if (ox > tolerance && oy > tolerance) out.emplace_back(a.title, b.title);
    }
  }
  return out;
}

}  // namespace kiln::viewer
