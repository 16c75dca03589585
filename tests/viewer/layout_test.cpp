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
  for (const char* ws : {"tuning", "bounds", "capture"}) {
    std::ifstream in(std::string(KILN_SOURCE_DIR) + "/imgui_layout/" + ws + ".ini");
    REQUIRE(in);
    std::stringstream ss;
    ss << in.rdbuf();
    const auto l = parseLayout(ss.str());
    CHECK(l.windows.size() >= 4);
    for (const auto& w : l.windows) {
      INFO(ws << ": " << w.title);
      const bool known = w.title == "Top view" ||
                         std::find(kPanelTitles.begin(), kPanelTitles.end(), w.title) != kPanelTitles.end();
      CHECK(known);
      CHECK(w.x + w.w <= l.referenceWidth);
      CHECK(w.y + w.h <= l.referenceHeight);
    }
  }
}
