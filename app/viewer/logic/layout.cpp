// Reading, scaling and laying out workspace dock layouts (layout.hpp; GL- and ImGui-free).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>

#include "logic/layout.hpp"

namespace kiln::viewer {
namespace {

// Calls `line` for each line of `text` (without its line break).
template <class Fn>
void eachLine(std::string_view text, Fn line) {
  for (std::size_t at = 0; at < text.size();) {
    std::size_t end = text.find('\n', at);
    if (end == std::string_view::npos) end = text.size();
    std::string_view l = text.substr(at, end - at);
    if (!l.empty() && l.back() == '\r') l.remove_suffix(1);
    line(l);
    at = end + 1;
  }
}

// The value of `key=` among the space-separated tokens of a dock line ("" when absent).
std::string_view token(std::string_view line, std::string_view key) {
  for (std::size_t at = 0; at < line.size();) {
    while (at < line.size() && line[at] == ' ') ++at;
    std::size_t end = line.find(' ', at);
    if (end == std::string_view::npos) end = line.size();
    const std::string_view t = line.substr(at, end - at);
    if (t.size() > key.size() && t.substr(0, key.size()) == key && t[key.size()] == '=') return t.substr(key.size() + 1);
    at = end;
  }
  return {};
}

bool pair(std::string_view v, float& a, float& b) {
  const std::string s(v);
  return std::sscanf(s.c_str(), "%f,%f", &a, &b) == 2;
}

std::uint32_t hex(std::string_view v) { return static_cast<std::uint32_t>(std::strtoul(std::string(v).c_str(), nullptr, 16)); }

std::string number(float v) { return std::to_string(std::lround(v)); }

// "Key=a,b" scaled, or the token as it was.
std::string scaledToken(std::string_view t, float sx, float sy) {
  for (std::string_view key : {"Pos=", "Size=", "SizeRef="}) {
    if (t.substr(0, key.size()) != key) continue;
    float a = 0, b = 0;
    if (!pair(t.substr(key.size()), a, b)) return std::string(t);
    return std::string(key) + number(a * sx) + "," + number(b * sy);
  }
  return std::string(t);
}

}  // namespace

bool isWorkspaceName(std::string_view name) {
  return std::find(kWorkspaceNames.begin(), kWorkspaceNames.end(), name) != kWorkspaceNames.end();
}

const WindowEntry* Layout::window(std::string_view title) const {
  for (const auto& w : windows)
    if (w.title == title) return &w;
  return nullptr;
}

const DockNodeEntry* Layout::node(std::uint32_t id) const {
  for (const auto& n : nodes)
    if (n.id == id) return &n;
  return nullptr;
}

Layout parseLayout(std::string_view ini) {
  Layout layout;
  enum class Section { Other, Window, Docking, KilnLayout, KilnOpen } section = Section::Other;
  eachLine(ini, [&](std::string_view line) {
    if (!line.empty() && line.front() == '[') {
      section = Section::Other;
      if (line.starts_with("[Window][") && line.back() == ']') {
        section = Section::Window;
        layout.windows.push_back({std::string(line.substr(9, line.size() - 10))});
      } else if (line == "[Docking][Data]") {
        section = Section::Docking;
      } else if (line == "[Kiln][Layout]") {
        section = Section::KilnLayout;
      } else if (line == "[Kiln][Open]") {
        section = Section::KilnOpen;
      }
      if (!line.starts_with("[Kiln]")) layout.imguiIni.append(line).append("\n");
      return;
    }
    if (section != Section::KilnLayout && section != Section::KilnOpen && !line.starts_with(";"))
      layout.imguiIni.append(line).append("\n");
    float a = 0, b = 0;
    switch (section) {
      case Section::KilnLayout:
        if (line.starts_with("Reference=") && pair(line.substr(10), a, b) && a > 0 && b > 0)
          layout.referenceWidth = a, layout.referenceHeight = b;
        break;
      case Section::KilnOpen:
        if (line.starts_with("Panel=")) layout.open.emplace_back(line.substr(6));
        break;
      case Section::Window:
        if (line.starts_with("DockId=")) layout.windows.back().dockId = hex(line.substr(7));
        break;
      case Section::Docking: {
        const std::size_t first = line.find_first_not_of(' ');
        if (first == std::string_view::npos) break;
        const std::string_view kind = line.substr(first, line.find(' ', first) - first);
        if (kind != "DockSpace" && kind != "DockNode") break;
        DockNodeEntry n;
        n.id = hex(token(line, "ID"));
        n.parent = hex(token(line, "Parent"));
        pair(token(line, "Pos"), n.x, n.y);
        pair(token(line, "Size"), n.w, n.h);
        pair(token(line, "SizeRef"), n.refW, n.refH);
        const std::string_view split = token(line, "Split");
        n.split = split.empty() ? 0 : split.front();
        n.central = token(line, "CentralNode") == "1";
        layout.nodes.push_back(n);
        break;
      }
      case Section::Other: break;
    }
  });
  return layout;
}

std::string scaledImguiIni(const Layout& layout, float dw, float dh) {
  const float sx = dw / layout.referenceWidth, sy = dh / layout.referenceHeight;
  std::string out;
  bool scaling = false;  // inside a [Window] or the [Docking][Data] section
  eachLine(layout.imguiIni, [&](std::string_view line) {
    if (!line.empty() && line.front() == '[') {
      scaling = line.starts_with("[Window][") || line == "[Docking][Data]";
      out.append(line).append("\n");
      return;
    }
    if (!scaling) {
      out.append(line).append("\n");
      return;
    }
    // Tokens separated by runs of spaces; the runs (the tree's indentation) are kept.
    for (std::size_t at = 0; at < line.size();) {
      if (line[at] == ' ') {
        out += ' ';
        ++at;
        continue;
      }
      std::size_t end = line.find(' ', at);
      if (end == std::string_view::npos) end = line.size();
      out += scaledToken(line.substr(at, end - at), sx, sy);
      at = end;
    }
    out += '\n';
  });
  return out;
}

std::string workspaceIni(float dw, float dh, const std::vector<std::string>& open, std::string_view imguiIni) {
  std::string out = "; kiln-view: a workspace arrangement (Dear ImGui's ini, with the display size it was saved at)\n";
  out += "[Kiln][Layout]\nReference=" + number(dw) + "," + number(dh) + "\n\n[Kiln][Open]\n";
  for (const std::string& t : open) out += "Panel=" + t + "\n";
  out += "\n";
  out += imguiIni;
  return out;
}

std::vector<DockRect> dockLeaves(const Layout& layout, float dw, float dh, float menuHeight) {
  constexpr float kSeparator = 2;  // Dear ImGui's default DockingSeparatorSize
  const float sx = dw / layout.referenceWidth, sy = dh / layout.referenceHeight;
  std::vector<DockRect> out;
  auto children = [&](std::uint32_t id) {
    std::vector<const DockNodeEntry*> c;
    for (const auto& n : layout.nodes)
      if (n.parent == id && id != 0) c.push_back(&n);
    return c;
  };
  std::function<bool(std::uint32_t)> hasCentral = [&](std::uint32_t id) {
    const DockNodeEntry* n = layout.node(id);
    if (n && n->central) return true;
    for (const auto* c : children(id))
      if (hasCentral(c->id)) return true;
    return false;
  };
  std::function<void(const DockNodeEntry&, DockRect)> place = [&](const DockNodeEntry& n, DockRect r) {
    const auto c = children(n.id);
    if (c.size() != 2 || !n.split) {
      r.node = n.id;
      r.central = n.central;
      out.push_back(r);
      return;
    }
    const bool x = n.split == 'X';
    const float size = x ? r.w : r.h;
    const float avail = std::max(0.0f, size - kSeparator);
    const float ref0 = x ? c[0]->refW * sx : c[0]->refH * sy, ref1 = x ? c[1]->refW * sx : c[1]->refH * sy;
    float s0;
    if (hasCentral(c[1]->id) && ref0 > 0) s0 = std::min(avail, ref0);
    else if (hasCentral(c[0]->id) && ref1 > 0) s0 = avail - std::min(avail, ref1);
    else s0 = ref0 + ref1 > 0 ? avail * ref0 / (ref0 + ref1) : avail * 0.5f;
    s0 = std::floor(s0);
    DockRect a = r, b = r;
    if (x) {
      a.w = s0, b.x = r.x + s0 + kSeparator, b.w = avail - s0;
    } else {
      a.h = s0, b.y = r.y + s0 + kSeparator, b.h = avail - s0;
    }
    place(*c[0], a);
    place(*c[1], b);
  };
  for (const auto& n : layout.nodes)
    if (n.parent == 0) {
      place(n, DockRect{n.id, 0, menuHeight, dw, dh - menuHeight, false});
      break;  // the dock space over the main window (floating trees are not laid out here)
    }
  return out;
}

std::vector<std::string> layoutProblems(const Layout& layout, const std::vector<std::string>& required) {
  std::vector<std::string> out;
  auto isLeaf = [&](std::uint32_t id) {
    return layout.node(id) && std::none_of(layout.nodes.begin(), layout.nodes.end(),
                                           [&](const DockNodeEntry& n) { return n.parent == id; });
  };
  for (const std::string& title : required) {
    const WindowEntry* w = layout.window(title);
    if (!w || w->dockId == 0) out.push_back(title + " is not docked (it would start floating)");
    else if (!isLeaf(w->dockId)) out.push_back(title + " is docked into a node that is not a leaf of the tree");
  }
  const auto central = std::count_if(layout.nodes.begin(), layout.nodes.end(), [](const auto& n) { return n.central; });
  if (central != 1) out.push_back("the dock tree has " + std::to_string(central) + " central nodes, not one");
  for (const std::string& shown : layout.open)
    if (std::find(required.begin(), required.end(), shown) == required.end())
      out.push_back("the workspace shows '" + shown + "', which is not a panel");
  return out;
}

}  // namespace kiln::viewer
