// The panel registry: draw order and the shared window prologue.
#include "panels/panels.hpp"
#include "panels/logic/text_fit.hpp"

#include <imgui.h>

#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <iterator>
#include <utility>

#include <algorithm>

namespace kiln::viewer::panels {

namespace {

float textWidth(std::string_view t) { return ImGui::CalcTextSize(t.data(), t.data() + t.size()).x; }

}  // namespace

void wrappedText(std::string_view text, const ImVec4* color) {
  const float width = std::max(ImGui::GetContentRegionAvail().x, ImGui::GetFontSize() * 4);
  if (color) ImGui::PushStyleColor(ImGuiCol_Text, *color);
  for (std::string_view line : text_fit::wrapAtSpaces(text, width, textWidth)) {
    if (textWidth(line) > width) pathText(line, width);  // one token wider than the panel: elide it
    else ImGui::TextUnformatted(line.data(), line.data() + line.size());
  }
  if (color) ImGui::PopStyleColor();
}

void wrappedf(const char* fmt, ...) {
  char buf[1024];
  va_list args;
  va_start(args, fmt);
  std::vsnprintf(buf, sizeof buf, fmt, args);
  va_end(args);
  wrappedText(buf);
}

void pathText(std::string_view path, float width, const ImVec4* color) {
  if (width <= 0) width = std::max(ImGui::GetContentRegionAvail().x, ImGui::GetFontSize() * 4);
  const std::string shown = text_fit::elideMiddle(path, width, textWidth);
  if (color) ImGui::PushStyleColor(ImGuiCol_Text, *color);
  ImGui::TextUnformatted(shown.c_str());
  if (color) ImGui::PopStyleColor();
  if (shown.size() != path.size() && ImGui::IsItemHovered())
    ImGui::SetTooltip("%.*s", static_cast<int>(path.size()), path.data());
}

bool toggleButton(const char* label, bool on, const char* tip) {
  if (on) ImGui::PushStyleColor(ImGuiCol_Button, ImVec4(0.85f, 0.55f, 0.15f, 1));
  const bool pressed = ImGui::SmallButton(label);
  if (on) ImGui::PopStyleColor();
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tip);
  return pressed;
}

float buttonWidth(const char* label) {
  return ImGui::CalcTextSize(label, nullptr, true).x + 2 * ImGui::GetStyle().FramePadding.x;
}

void sameLineIfFits(float width) {
  ImGui::SameLine();
  if (ImGui::GetContentRegionAvail().x < width) ImGui::NewLine();
}

bool begin(ViewerState& s, Panel p, int flags) {
  if (!s.panel(p)) return false;
  // Every workspace docks every panel (imgui_layout/); one dragged out floats at a size that
  // shows its content.
  ImGui::SetNextWindowSize({460, 340}, ImGuiCond_FirstUseEver);
  if (!ImGui::Begin(kPanelTitles[static_cast<int>(p)], &s.panel(p), flags)) {
    ImGui::End();
    return false;
  }
  return true;
}

void editButtons(ViewerState& s, EditTarget target, bool canUndo, bool canRedo, bool canSave) {
  ImGui::BeginDisabled(!canUndo);
  if (ImGui::Button("Undo")) s.commands.push(Undo{target});
  ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) ImGui::SetTooltip("Step this panel's edits back (Ctrl+Z steps the latest edit of any panel)");
  ImGui::SameLine();
  ImGui::BeginDisabled(!canRedo);
  if (ImGui::Button("Redo")) s.commands.push(Redo{target});
  ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) ImGui::SetTooltip("Step forward again (Ctrl+Y)");
  ImGui::SameLine();
  const bool source = s.doc.level->load.kind == loader::FileKind::Source;
  ImGui::BeginDisabled(!source || !canSave);
  if (ImGui::Button("Save to YAML")) s.commands.push(SaveSource{});
  ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
    ImGui::SetTooltip("Ctrl+S: write the edits into the .yaml source, changing only the edited numbers");
  if (!source) ImGui::TextDisabled("compiled level: edits are live only (open the .yaml to save)");
}

void editProblems(const core::Diagnostics& diagnostics, bool refused) {
  if (diagnostics.empty()) return;
  const ImVec4 red(1, 0.45f, 0.4f, 1);
  wrappedText(refused ? "Refused, the last valid value is kept:" : "Not applied while held (the level shows the last valid value):", &red);
  ImGui::Indent();
  for (const auto& d : diagnostics) wrappedText(core::format(d), &red);
  ImGui::Unindent();
  ImGui::Separator();
}

bool markField(const core::Diagnostics& diagnostics, std::string_view path, bool refused) {
  const core::Diagnostic* d = problemAt(diagnostics, path);
  if (!d) return false;
  // A red frame round the widget just drawn, and the reason under it.
  const ImVec2 lo = ImGui::GetItemRectMin(), hi = ImGui::GetItemRectMax();
  ImGui::GetWindowDrawList()->AddRect(ImVec2(lo.x - 2, lo.y - 2), ImVec2(hi.x + 2, hi.y + 2), IM_COL32(255, 90, 80, 255), 3.0f, 2.0f);
  const ImVec4 red(1, 0.45f, 0.4f, 1);
  wrappedText(std::string(refused ? "refused: " : "not applied: ") + d->message, &red);
  return true;
}

void pixelProbe(const core::Image& A, const core::Image& B, std::uint32_t x, std::uint32_t y, const std::vector<float>* flipMap) {
  auto px = [&](const core::Image& im, int ch) -> int {
    if (x >= im.width || y >= im.height) return -1;
    return im.rgba[(static_cast<std::size_t>(y) * im.width + x) * 4 + static_cast<std::size_t>(ch)];
  };
  ImGui::BeginTooltip();
  ImGui::Text("pixel (%u, %u)", x, y);
  ImGui::Text("A      %3d %3d %3d %3d", px(A, 0), px(A, 1), px(A, 2), px(A, 3));
  ImGui::Text("B      %3d %3d %3d %3d", px(B, 0), px(B, 1), px(B, 2), px(B, 3));
  ImGui::Text("|A-B|  %3d %3d %3d %3d", std::abs(px(A, 0) - px(B, 0)), std::abs(px(A, 1) - px(B, 1)),
              std::abs(px(A, 2) - px(B, 2)), std::abs(px(A, 3) - px(B, 3)));
  const std::size_t at = static_cast<std::size_t>(y) * A.width + x;
  if (flipMap && at < flipMap->size()) ImGui::Text("FLIP   %.4f", (*flipMap)[at]);
  ImGui::EndTooltip();
}

void abModeButtons(Comparison& c) {
  static constexpr std::pair<const char*, Comparison::Mode> kModes[] = {
      {"wipe", Comparison::Mode::Split},           {"side by side", Comparison::Mode::SideBySide},
      {"flicker", Comparison::Mode::Flicker},      {"difference", Comparison::Mode::Difference},
      {"FLIP", Comparison::Mode::Flip}};
  static constexpr const char* kTips[] = {
      "A left of the line, B right of it (drag the line in the Viewport)", "A and B next to each other, at one zoom and pan",
      "A and B in turn, on the wall clock", "|A-B| times the gain: where bytes moved",
      "The perceptual difference a person flipping between A and B sees (LDR-FLIP at 67 pixels per degree, as kiln "
      "compare --metric flip): black none, through purple and orange, to pale yellow at 1"};
  for (std::size_t i = 0; i < std::size(kModes); ++i) {
    if (i)
      sameLineIfFits(ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x + ImGui::CalcTextSize(kModes[i].first).x);
    if (ImGui::RadioButton(kModes[i].first, c.mode == kModes[i].second)) c.mode = kModes[i].second;
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", kTips[i]);
  }
}

void drawAll(ViewerState& s) {
  timeline::draw(s);
  outliner::draw(s);
  bounds::draw(s);
  budgets::draw(s);
  blend::draw(s);
  pick::draw(s);
  tuning::draw(s);
  emitter::draw(s);
  events::draw(s);
  captures::draw(s);
  capabilities::draw(s);
  errors::draw(s);
  open::draw(s);
  top_view::draw(s);
  help::draw(s);
  prompt::draw(s);  // last: the modal dialog sits over every panel
}

}  // namespace kiln::viewer::panels
