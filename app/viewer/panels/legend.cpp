// Bounds legend: a key in the viewport's lower-left corner for the colours the overlay draws,
// shown while the mounted level has emitters flagged by the relaxed checks. Not a window: it is
// drawn on the foreground list so no layout or workspace has to place it.
#include <imgui.h>

#include <cstdio>

#include "panels/panels.hpp"
#include "scene.hpp"

namespace kiln::viewer::panels::legend {
namespace {

ImU32 color(const glm::vec4& c) { return ImGui::ColorConvertFloat4ToU32({c.r, c.g, c.b, 1}); }

}  // namespace

void draw(ViewerState& s) {
  if (!s.doc.level) return;
  std::size_t flagged = 0;
  for (const std::string& p : s.doc.level->problems) flagged += !p.empty();
  if (flagged == 0) return;
  ImDrawList* list = ImGui::GetForegroundDrawList();
  const ImVec2 size = ImGui::GetIO().DisplaySize;
  const float line = ImGui::GetTextLineHeightWithSpacing();
  const struct {
    glm::vec4 c;
    const char* text;
    bool box;
  } rows[] = {{kProblemBoxColor, "stored bounds (flagged emitter)", true},
              {kRecomputedBoxColor, "recomputed bounds", true},
              {kOutsideCornerColor, "corner outside its sector", false}};
  const float width = 270, height = line * 4 + 8;
  const ImVec2 at{12, size.y - height - 40};
  list->AddRectFilled(at, {at.x + width, at.y + height}, IM_COL32(20, 22, 26, 220), 4);
  char title[96];
  std::snprintf(title, sizeof title, "%zu emitter(s) flagged - see Errors", flagged);
  list->AddText({at.x + 8, at.y + 4}, IM_COL32(255, 160, 90, 255), title);
  for (std::size_t i = 0; i < 3; ++i) {
    const ImVec2 p{at.x + 8, at.y + 4 + line * static_cast<float>(i + 1)};
    const float h = line - 6;
    if (rows[i].box) {
      list->AddRect({p.x, p.y + 2}, {p.x + h, p.y + 2 + h}, color(rows[i].c), 0, 0, 2);
    } else {
      list->AddLine({p.x, p.y + 2}, {p.x + h, p.y + 2 + h}, color(rows[i].c), 2);
      list->AddLine({p.x + h, p.y + 2}, {p.x, p.y + 2 + h}, color(rows[i].c), 2);
    }
    list->AddText({p.x + h + 8, p.y}, IM_COL32(230, 230, 230, 255), rows[i].text);
  }
}

}  // namespace kiln::viewer::panels::legend
