// Field tooltips (field_tooltip.hpp): ImGui's item tooltip around the field table's text.
#include "panels/field_tooltip.hpp"

#include <imgui.h>

#include <algorithm>
#include <string>

#include "core/assert.hpp"
#include "source/field_help.hpp"

namespace kiln::viewer::panels {

void fieldTooltip(std::string_view section, std::string_view key) {
  const source::FieldHelp* f = source::fieldHelpForPath(section, key);
  KILN_ASSERT(f != nullptr);
  if (!ImGui::BeginItemTooltip()) return;
  // The sentences first, as an artist reads them; the rule and the facts under a line, dimmer.
  const std::string text = source::tooltipText(*f);
  const std::size_t split = text.find('\n');
  ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30);
  ImGui::TextUnformatted(text.data(), text.data() + std::min(split, text.size()));
  if (split != std::string::npos) {
    ImGui::Separator();
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    ImGui::TextUnformatted(text.data() + split + 1, text.data() + text.size());
    ImGui::PopStyleColor();
  }
  ImGui::PopTextWrapPos();
  ImGui::EndTooltip();
}

void fieldTableHeaders(std::string_view section, std::initializer_list<std::string_view> keys) {
  const int columns = ImGui::TableGetColumnCount();
  KILN_ASSERT(keys.size() == static_cast<std::size_t>(columns));
  // As TableHeadersRow: a header row, each header under its column's index as its ID (so an
  // empty name is a header too).
  ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
  for (int c = 0; c < columns; ++c) {
    const std::string_view key = keys.begin()[c];
    if (!key.empty()) KILN_ASSERT(source::fieldHelpForPath(section, key) != nullptr);
    if (!ImGui::TableSetColumnIndex(c)) continue;
    ImGui::PushID(c);
    ImGui::TableHeader(ImGui::TableGetColumnName(c));
    ImGui::PopID();
    if (!key.empty()) fieldTooltip(section, key);
  }
}

}  // namespace kiln::viewer::panels
