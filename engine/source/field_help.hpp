// The one table of what each source field means: type, unit, default, rule and a plain sentence
// of what it does to the picture. The viewer's tooltips and the field tables of docs/source.md
// and docs/viewer.md (written by kiln-fielddoc, field_docs.hpp) both read it, so they say the
// same words. Pure C++: no GL, no ImGui.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace kiln::source {

// A group of fields that one docs table lists, e.g. the keys of a preset.
struct FieldSection {
  std::string_view name;     // what fieldHelp takes: "presets", "events.recipes", "bounds"
  std::string_view path;     // how a field's source path starts, e.g. "presets.NAME."; empty for
                             // what only the viewer shows (the bounds inspector)
  std::string_view doc;      // the page that prints the table, relative to the repository root
};

// One field. Text may hold `code` spans (the docs print them); tooltipText drops the backticks.
struct FieldHelp {
  std::string_view section;  // a FieldSection::name
  std::string key;           // as the source spells it under the section: "lifetime", "sprite.fps"
  std::string type;
  std::string unit;
  std::string fallback;      // the default when the field is omitted ("required" when it may not be)
  std::string help;          // what it does to the picture, for an artist: one or two sentences
  std::string rule;          // what a valid value is, with the diagnostic code where one is specific
};

// Every section, in the order the docs print them.
std::span<const FieldSection> fieldSections();
// Every field, section by section, each section's fields in the order its table lists them.
const std::vector<FieldHelp>& fieldTable();

// The field `key` of `section` exactly as the table spells it; nullptr when there is none.
const FieldHelp* fieldHelp(std::string_view section, std::string_view key);
// The entry that documents a number the viewer names by its path, e.g. the tuning panel's
// "velocity.min[1]" or "size[0].age", or the sandbox's "color.r": list items are dropped, then
// the nearest ancestor the table has ("velocity"). nullptr when no ancestor is in the table.
const FieldHelp* fieldHelpForPath(std::string_view section, std::string_view path);

// "presets.NAME.lifetime"; just the key for a section without a source path.
std::string sourcePath(const FieldHelp& f);
// What a tooltip shows, in plain text: the help sentences, then "Rule: …", then one line of
// unit, default and source path (each only when the table has it).
std::string tooltipText(const FieldHelp& f);

}  // namespace kiln::source
