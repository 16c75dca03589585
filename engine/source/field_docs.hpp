// The docs' field tables written from the field table (field_help.hpp): the markdown of one
// section, and a page with every block between its marker comments rewritten, for kiln-fielddoc
// (tools/fielddoc) to write and to check. Pure C++.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace kiln::source {

// The markers around a section's table in its page, each on a line of its own:
// "<!-- fields:presets begin -->" … "<!-- fields:presets end -->".
std::string fieldsBeginMarker(std::string_view section);
std::string fieldsEndMarker(std::string_view section);

// One section as a markdown table, a row per field in the table's order. A column every row of
// the section leaves empty is left out (the bounds inspector has no types or defaults).
std::string fieldTableMarkdown(std::string_view section);

// `page` (the text of `pagePath`, e.g. "docs/source.md") with the lines between each section's
// markers replaced by fieldTableMarkdown. `problems` names each marker pair that is missing,
// unmatched, repeated, of an unknown section or of a section another page prints; with any,
// `text` is `page` unchanged.
struct FieldDocs {
  std::string text;
  std::vector<std::string> problems;
};
FieldDocs withFieldTables(std::string_view page, std::string_view pagePath);

}  // namespace kiln::source
