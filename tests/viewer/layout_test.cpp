// Workspace layouts: the shipped .ini files parse, name real panels, and scale to a display.
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>

#include "layout.hpp"
#include "viewer_state.hpp"

using namespace kiln::viewer;

TEST_CASE("a layout reads windows and its reference size; other sections are ignored") {
  const auto l = parseLayout(
      "[Kiln][Layout]\nReference=800,600\n\n[Window][Outliner]\nPos=10,20\nSize=300,400\nCollapsed=1\n"
      "[Table][0x1234,4]\nColumn 0 Width=3\n[Window][Timeline]\r\nPos=0,500\r\nSize=800,100\r\n");
  CHECK(l.referenceWidth == 800);
  CHECK(l.referenceHeight == 600);
  REQUIRE(l.windows.size() == 2);
  const auto* o = l.find("Outliner");
  REQUIRE(o);
  CHECK(o->x == 10);
  CHECK(o->h == 400);
  CHECK(o->collapsed);
  CHECK(l.find("Timeline")->y == 500);
  CHECK(l.find("Budgets") == nullptr);
}

TEST_CASE("placements scale with the display, below the menu bar") {
  Layout l;
  l.referenceWidth = 1600, l.referenceHeight = 900;
  const WindowPlacement p{"x", 800, 20, 400, 440};
  const auto same = scaledPlacement(p, l, 1600, 900);
  CHECK(same.x == 800);
  CHECK(same.h == 440);
  const auto half = scaledPlacement(p, l, 800, 460);
  CHECK(half.x == 400);
  CHECK(half.y == 20);
  CHECK(half.h == Approx(220));
}

TEST_CASE("every shipped workspace layout opens only real panels and fits its reference") {
  for (const char* ws : kWorkspaceNames) {
    std::ifstream in(std::string(KILN_SOURCE_DIR) + "/imgui_layout/" + ws + ".ini");
    REQUIRE(in);
    std::stringstream ss;
    ss << in.rdbuf();
    const auto l = parseLayout(ss.str());
    CHECK(l.windows.size() >= 4);
    for (const auto& w : l.windows) {
      INFO(ws << ": " << w.title);
      const bool known = w.title == "Top view" || w.title == "Viewport" ||
                         std::find(kPanelTitles.begin(), kPanelTitles.end(), w.title) != kPanelTitles.end();
      CHECK(known);
      CHECK(w.x + w.w <= l.referenceWidth);
      CHECK(w.y + w.h <= l.referenceHeight);
    }
  }
}

namespace {
Layout shippedLayout(const std::string& ws) {
  std::ifstream in(std::string(KILN_SOURCE_DIR) + "/imgui_layout/" + ws + ".ini");
  std::stringstream ss;
  ss << in.rdbuf();
  return parseLayout(ss.str());
}
}  // namespace

TEST_CASE("every shipped workspace tiles around a Viewport at 1280x720 and 1920x1080") {
  for (const char* ws : kWorkspaceNames) {
    const Layout l = shippedLayout(ws);
    INFO(ws);
    REQUIRE(l.find("Viewport") != nullptr);
    for (auto [w, h] : {std::pair{1280.0f, 720.0f}, std::pair{1920.0f, 1080.0f}}) {
      INFO(w << "x" << h);
      const auto overlaps = overlappingWindows(l, w, h);
      for (const auto& [a, b] : overlaps) FAIL_CHECK(a << " overlaps " << b);
      // Tiles fill the display below the menu bar: their areas add up to it.
      double area = 0;
      for (const auto& win : l.windows) {
        const auto p = scaledPlacement(win, l, w, h);
        CHECK(p.x >= -0.01f);
        CHECK(p.x + p.w <= w + 0.01f);
        CHECK(p.y + p.h <= h + 0.01f);
        area += double(p.w) * p.h;
      }
      CHECK(area == Approx(double(w) * (h - 20)).epsilon(1e-4));
      // The scene keeps at least half the display.
      const auto v = scaledPlacement(*l.find("Viewport"), l, w, h);
      CHECK(v.w * v.h >= 0.35 * w * h);
    }
  }
}

TEST_CASE("overlap detection reports windows that cover each other, and only those") {
  Layout l;
  l.referenceWidth = 1000, l.referenceHeight = 520;
  l.windows = {{"A", 0, 20, 500, 500}, {"B", 500, 20, 500, 250}, {"C", 500, 270, 500, 250}};
  CHECK(overlappingWindows(l, 1000, 520).empty());
  l.windows[1].w = 501;  // one pixel into nothing: still no overlap (B ends at the display edge)
  CHECK(overlappingWindows(l, 1000, 520).empty());
  l.windows[0].w = 502;  // two pixels over B and C
  const auto o = overlappingWindows(l, 1000, 520);
  REQUIRE(o.size() == 2);
  CHECK(o[0] == std::pair<std::string, std::string>{"A", "B"});
  CHECK(o[1] == std::pair<std::string, std::string>{"A", "C"});
}

TEST_CASE("a layout written as a workspace file reads back the same placements") {
  Layout l;
  l.referenceWidth = 1280, l.referenceHeight = 720;
  l.windows = {{"Viewport", 224, 20, 656, 536, false}, {"Outliner", 0, 20, 224, 344, true}};
  const Layout back = parseLayout(layoutToIni(l));
  CHECK(back.referenceWidth == 1280);
  CHECK(back.referenceHeight == 720);
  REQUIRE(back.windows.size() == 2);
  CHECK(back.windows[0].title == "Viewport");
  CHECK(back.windows[0].w == 656);
  CHECK(back.windows[1].collapsed);
  CHECK(back.windows[1].h == 344);
}
