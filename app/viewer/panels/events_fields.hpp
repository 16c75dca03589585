// The Event sandbox's recipe and section editor: the field widgets its Recipe and System parts draw.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "panels/field_tooltip.hpp"
#include "panels/panels.hpp"
#include "sim/model.hpp"

namespace kiln::viewer::panels::events {

// Where the fields' paths start ("events.recipes.dust", or "events" for the section's) and the
// session's problems: after a field's widget, its tooltip from the field table and, when a
// problem names the field, the red frame with the reason (panels::markField).
struct Marks {
  const core::Diagnostics& diagnostics;
  bool refused;
  std::string prefix;
  std::string_view section;  // the field table's section: "events" or "events.recipes"
  void at(std::string_view field) const {
    fieldTooltip(section, field);
    markField(diagnostics, prefix + "." + std::string(field), refused);
  }
  bool names(std::string_view field) const { return problemAt(diagnostics, prefix + "." + std::string(field)) != nullptr; }
};

// The script's `sandbox show PART`: the part about to be drawn goes to the panel's top, once.
void scrollHere(std::string& show, std::string_view part);

bool recipeFields(sim::Recipe& r, const std::vector<std::string>& textures, const std::vector<sim::Material>& materials,
                  const Marks& m, std::string& show);

// The section's own settings: pool, budget, step rate (with the rate-invariance check), lighting,
// arithmetic and dimensions, and the materials its sprites may name.
bool sectionFields(sim::Events& ev, const Marks& m);

}  // namespace kiln::viewer::panels::events
