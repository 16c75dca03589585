// The shipped workspaces' dock trees (workspace_plan.hpp); tools/layoutgen writes them out.
#include "logic/workspace_plan.hpp"

namespace kiln::viewer {

const std::vector<WorkspacePlan>& workspacePlans() {
  // Sizes at 1600x900. The columns are 320 | 800 | 480 wide;
  // every panel has a tab in every workspace: with the panels of its kind, where it would be looked for.
  static const std::vector<WorkspacePlan> plans{
      {"tuning",
       "preset editing against the timeline: the preset's curves and fields on the right, the emitter and "
       "picked slot tabbed below",
       {320, {{430, {"Outliner", "Open level"}}, {220, {"Top view"}}, {0, {"Errors", "Budgets", "Host capabilities"}}}},
       {480,
        {{700, {"Preset tuning", "Bounds inspector", "Event sandbox"}},
         {0, {"Emitter editing", "Slot picking", "Captures", "Blend passes", "Keyboard shortcuts"}}}},
       210,
       {"Timeline"},
       {"Outliner", "Top view", "Errors", "Viewport", "Timeline", "Preset tuning", "Emitter editing", "Slot picking"}},
      {"bounds",
       "forged bounds and sector fit: the bounds inspector and the format's budgets on the right",
       {320, {{430, {"Outliner", "Open level"}}, {220, {"Top view"}}, {0, {"Errors", "Host capabilities"}}}},
       {480,
        {{520, {"Bounds inspector", "Preset tuning", "Emitter editing", "Event sandbox"}},
         {0, {"Budgets", "Slot picking", "Blend passes", "Captures", "Keyboard shortcuts"}}}},
       210,
       {"Timeline"},
       {"Outliner", "Top view", "Errors", "Viewport", "Timeline", "Bounds inspector", "Budgets"}},
      {"capture",
       "blend passes and comparison captures on the right",
       {320, {{430, {"Outliner", "Open level"}}, {220, {"Top view"}}, {0, {"Errors", "Host capabilities"}}}},
       {480,
        {{420, {"Blend passes", "Bounds inspector", "Preset tuning", "Emitter editing", "Event sandbox"}},
         {0, {"Captures", "Budgets", "Slot picking", "Keyboard shortcuts"}}}},
       210,
       {"Timeline"},
       {"Outliner", "Top view", "Errors", "Viewport", "Timeline", "Blend passes", "Captures"}},
      {"events",
       "the event sandbox: fire bursts into the level, tune their recipes, watch the pool against the budgets",
       {320,
        {{330, {"Budgets", "Outliner", "Open level"}},
         {190, {"Slot picking"}},
         {190, {"Captures", "Top view"}},
         {0, {"Errors", "Host capabilities", "Keyboard shortcuts"}}}},
       {480, {{0, {"Event sandbox", "Preset tuning", "Emitter editing", "Bounds inspector", "Blend passes"}}}},
       190,
       {"Timeline"},
       {"Budgets", "Slot picking", "Captures", "Errors", "Viewport", "Timeline", "Event sandbox"}},
  };
  return plans;
}

}  // namespace kiln::viewer
