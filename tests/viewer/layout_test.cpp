// Workspace layouts: Dear ImGui ini files with dock trees. The shipped ones dock every panel, cover
// the display and give the Viewport its share at 1280x720 and 1920x1080; reading, scaling and the
// tree's layout are checked against hand-written files.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "logic/layout.hpp"
#include "logic/ui_settings.hpp"
#include "logic/viewer_state.hpp"

using namespace kiln::viewer;

namespace {

// A small tree written as ImGui writes one: left column | (centre over bottom).
const char* kSmall =
    "; a comment\n"
    "[Kiln][Layout]\nReference=1000,520\n\n[Kiln][Open]\nPanel=Outliner\nPanel=Viewport\n\n"
    "[Window][Outliner]\nPos=0,20\nSize=300,500\nCollapsed=0\nDockId=0x00000001,0\n\n"
    "[Window][Viewport]\nCollapsed=0\nDockId=0x00000003\n\n"
    "[Window][Timeline]\nDockId=0x00000004\n\n"
    "[Window][Loose]\nPos=10,10\nSize=50,50\n\n"
    "[Table][0x1234,4]\nColumn 0 Width=3\n\n"
    "[Docking][Data]\n"
    "DockSpace     ID=0x4B494C4E Pos=0,20 Size=1000,500 Split=X\n"
    "  DockNode    ID=0x00000001 Parent=0x4B494C4E SizeRef=300,500 Selected=0x1D980693\n"
    "  DockNode    ID=0x00000002 Parent=0x4B494C4E SizeRef=698,500 Split=Y\n"
    "    DockNode  ID=0x00000003 Parent=0x00000002 SizeRef=698,398 CentralNode=1\n"
    "    DockNode  ID=0x00000004 Parent=0x00000002 SizeRef=698,100\n";

Layout shipped(const std::string& ws) {
  std::ifstream in(std::string(KILN_SOURCE_DIR) + "/imgui_layout/" + ws + ".ini");
  std::stringstream ss;
  ss << in.rdbuf();
  return parseLayout(ss.str());
}

}  // namespace

TEST_CASE("a layout reads its reference size, the panels it shows, each window's dock node and the tree") {
  const Layout l = parseLayout(kSmall);
  CHECK(l.referenceWidth == 1000);
  CHECK(l.referenceHeight == 520);
  CHECK(l.open == std::vector<std::string>{"Outliner", "Viewport"});
  REQUIRE(l.window("Outliner"));
  CHECK(l.window("Outliner")->dockId == 1);
  CHECK(l.window("Viewport")->dockId == 3);
  CHECK(l.window("Loose")->dockId == 0);
  CHECK(l.window("Budgets") == nullptr);
  REQUIRE(l.nodes.size() == 5);
  CHECK(l.nodes[0].id == 0x4B494C4E);
  CHECK(l.nodes[0].parent == 0);
  CHECK(l.nodes[0].w == 1000);
  CHECK(l.nodes[0].split == 'X');
  CHECK(l.node(3)->central);
  CHECK(l.node(4)->refH == 100);
  CHECK(l.node(4)->parent == 2);
  // ImGui's loader gets everything but the [Kiln] sections and comments.
  CHECK(l.imguiIni.find("[Kiln]") == std::string::npos);
  CHECK(l.imguiIni.find("Panel=") == std::string::npos);
  CHECK(l.imguiIni.find("[Table][0x1234,4]\nColumn 0 Width=3\n") != std::string::npos);
  CHECK(l.imguiIni.find("  DockNode    ID=0x00000001") != std::string::npos);
}

TEST_CASE("scaling rewrites every position and size for the display, and nothing else") {
  const Layout l = parseLayout(kSmall);
  const std::string half = scaledImguiIni(l, 500, 260);
  // Hand-scaled by 0.5: window and node positions, sizes and size references.
  CHECK(half.find("[Window][Outliner]\nPos=0,10\nSize=150,250\nCollapsed=0\nDockId=0x00000001,0\n") != std::string::npos);
  CHECK(half.find("DockSpace     ID=0x4B494C4E Pos=0,10 Size=500,250 Split=X\n") != std::string::npos);
  CHECK(half.find("  DockNode    ID=0x00000001 Parent=0x4B494C4E SizeRef=150,250 Selected=0x1D980693\n") !=
        std::string::npos);
  CHECK(half.find("    DockNode  ID=0x00000004 Parent=0x00000002 SizeRef=349,50\n") != std::string::npos);
  CHECK(half.find("Column 0 Width=3") != std::string::npos);  // other sections untouched
  // At the reference size the text is ImGui's part unchanged.
  CHECK(scaledImguiIni(l, 1000, 520) == l.imguiIni);
}

TEST_CASE("the tree lays out as ImGui does: a side keeps its size, the central node takes the rest") {
  const Layout l = parseLayout(kSmall);
  // 1000x520 below a 20 px menu: the left node 300 wide, a 2 px separator, then the centre.
  auto leaves = dockLeaves(l, 1000, 520, 20);
  REQUIRE(leaves.size() == 3);
  CHECK(leaves[0].node == 1);
  CHECK(leaves[0].x == 0);
  CHECK(leaves[0].y == 20);
  CHECK(leaves[0].w == 300);
  CHECK(leaves[0].h == 500);
  CHECK(leaves[1].node == 3);
  CHECK(leaves[1].central);
  CHECK(leaves[1].x == 302);
  CHECK(leaves[1].w == 698);
  // Vertically the bottom node keeps its 100, the centre gets 500 - 2 - 100.
  CHECK(leaves[1].h == 398);
  CHECK(leaves[2].node == 4);
  CHECK(leaves[2].y == 20 + 398 + 2);
  CHECK(leaves[2].h == 100);
  // Twice the display: the scaled side is 600 wide, the centre the rest.
  leaves = dockLeaves(l, 2000, 1040, 20);
  CHECK(leaves[0].w == 600);
  CHECK(leaves[1].w == 2000 - 600 - 2);
}

TEST_CASE("layout problems: an undocked panel, a panel docked into a split node, two central nodes") {
  const Layout good = parseLayout(kSmall);
  CHECK(layoutProblems(good, {"Outliner", "Viewport", "Timeline"}).empty());
  const auto loose = layoutProblems(good, {"Outliner", "Viewport", "Loose", "Budgets"});
  REQUIRE(loose.size() == 2);
  CHECK(loose[0] == "Loose is not docked (it would start floating)");
  CHECK(loose[1] == "Budgets is not docked (it would start floating)");
  std::string text = kSmall;
  text.replace(text.find("DockId=0x00000003"), 17, "DockId=0x00000002");
  CHECK(layoutProblems(parseLayout(text), {"Outliner", "Viewport"}) ==
        std::vector<std::string>{"Viewport is docked into a node that is not a leaf of the tree"});
  text = kSmall;
  text.replace(text.find("SizeRef=698,100"), 15, "SizeRef=698,100 CentralNode=1");
  CHECK(layoutProblems(parseLayout(text), {"Outliner", "Viewport"}) ==
        std::vector<std::string>{"the dock tree has 2 central nodes, not one"});
  // A panel shown that is no panel at all.
  CHECK(layoutProblems(good, {"Viewport"}) == std::vector<std::string>{"the workspace shows 'Outliner', which is not a panel"});
}

TEST_CASE("a workspace file keeps the display size, the panels shown and ImGui's text") {
  const std::string ini = workspaceIni(1280, 720, {"Viewport", "Budgets"}, "[Window][Budgets]\nDockId=0x00000001\n");
  const Layout back = parseLayout(ini);
  CHECK(back.referenceWidth == 1280);
  CHECK(back.referenceHeight == 720);
  CHECK(back.open == std::vector<std::string>{"Viewport", "Budgets"});
  CHECK(back.window("Budgets")->dockId == 1);
  CHECK(back.imguiIni == "[Window][Budgets]\nDockId=0x00000001\n");
}

TEST_CASE("every shipped workspace docks every panel, none floating, in a tree with the Viewport at its centre") {
  for (const char* ws : kWorkspaceNames) {
    INFO(ws);
    const Layout l = shipped(ws);
    CHECK(l.referenceWidth == 1600);
    for (const std::string& p : layoutProblems(l, dockedTitles())) FAIL_CHECK(p);
    const WindowEntry* viewport = l.window("Viewport");
    REQUIRE(viewport);
    REQUIRE(l.node(viewport->dockId));
    CHECK(l.node(viewport->dockId)->central);
    CHECK(std::find(l.open.begin(), l.open.end(), "Viewport") != l.open.end());
    CHECK(l.open.size() >= 5);
  }
}

TEST_CASE("every shipped workspace covers the display and keeps the Viewport at least 35% of it") {
  for (const char* ws : kWorkspaceNames) {
    const Layout l = shipped(ws);
    for (auto [w, h] : {std::pair{1280.0f, 720.0f}, std::pair{1920.0f, 1080.0f}}) {
      INFO(ws << " at " << w << "x" << h);
      const auto leaves = dockLeaves(l, w, h, 20);
      double area = 0;
      for (const DockRect& r : leaves) {
        CHECK(r.x >= 0);
        CHECK(r.y >= 20);
        CHECK(r.x + r.w <= w + 0.01f);
        CHECK(r.y + r.h <= h + 0.01f);
        CHECK(r.w >= 100);  // no panel squeezed to nothing
        CHECK(r.h >= 60);
        area += double(r.w) * r.h;
        // No two leaves overlap.
        for (const DockRect& o : leaves)
          if (o.node != r.node)
            CHECK_FALSE((r.x < o.x + o.w && o.x < r.x + r.w && r.y < o.y + o.h && o.y < r.y + r.h));
      }
      // The leaves fill the display below the menu bar but for the 2 px separators between them.
      CHECK(area <= double(w) * (h - 20));
      CHECK(area >= 0.98 * double(w) * (h - 20));
      const auto central = std::find_if(leaves.begin(), leaves.end(), [](const DockRect& r) { return r.central; });
      REQUIRE(central != leaves.end());
      CHECK(central->w * central->h >= 0.35 * w * h);
    }
  }
}

TEST_CASE("the UI settings file: scale and multi-viewports read back, bad lines keep the defaults") {
  UiSettings s;
  s.uiScale = 1.25f;
  s.multiViewport = true;
  CHECK(parseUiSettings(uiSettingsText(s)) == s);
  CHECK(parseUiSettings("") == UiSettings{});
  // Just inside and just outside the scale's range; junk values and unknown keys are skipped.
  CHECK(parseUiSettings("ui_scale=0.5\n").uiScale == 0.5f);
  CHECK(parseUiSettings("ui_scale=3\r\n").uiScale == 3.0f);
  CHECK(parseUiSettings("ui_scale=0.49\n").uiScale == 1.0f);
  CHECK(parseUiSettings("ui_scale=3.01\n").uiScale == 1.0f);
  CHECK(parseUiSettings("ui_scale=nan\nui_scale=1.5x\nmulti_viewport=yes\ncolour=red\n") == UiSettings{});
  CHECK(uiScaleFrom("2") == std::optional<float>(2.0f));
  CHECK_FALSE(uiScaleFrom(""));
  CHECK_FALSE(uiScaleFrom("inf"));
}

TEST_CASE("the UI font is found in Debian's font folders, in order, or not at all") {
  const auto root = std::filesystem::path(KILN_BINARY_DIR) / "viewer-fonts";
  std::filesystem::remove_all(root);
  std::filesystem::create_directories(root / "noto");
  CHECK_FALSE(findUiFont({root}));
  { std::ofstream(root / "noto/NotoSans-Regular.ttf") << "x"; }
  CHECK(findUiFont({root}) == root / "noto/NotoSans-Regular.ttf");
  std::filesystem::create_directories(root / "dejavu");
  { std::ofstream(root / "dejavu/DejaVuSans.ttf") << "x"; }
  CHECK(findUiFont({root}) == root / "dejavu/DejaVuSans.ttf");
  std::filesystem::remove_all(root);
}
