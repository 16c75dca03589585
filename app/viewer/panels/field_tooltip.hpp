// Field tooltips for panels: the words of the one field table (source/field_help.hpp), which
// also writes the docs' field tables, shown on the widget just drawn.
#pragma once

#include <initializer_list>
#include <string_view>

namespace kiln::viewer::panels {

// Call right after a widget: while it is hovered (ImGui's tooltip delay; disabled widgets too)
// shows what the field does, its rule, unit, default and source path. `key` is the table's key
// or a path under it (source::fieldHelpForPath: "velocity.min[1]" shows `velocity`). A key the
// table does not document is a programmer's mistake and asserts, hovered or not. After a combo,
// call it once the combo's block is closed (EndCombo makes the combo the last item again); after
// a tree node, before its children.
void fieldTooltip(std::string_view section, std::string_view key);

// In place of ImGui::TableHeadersRow(): the same header row, with the tooltip of keys[i] on
// column i's header (an empty key: none). One key per column.
void fieldTableHeaders(std::string_view section, std::initializer_list<std::string_view> keys);

}  // namespace kiln::viewer::panels
