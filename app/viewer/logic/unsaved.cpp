// Unsaved edits: which sessions hold them, how they are named in prompts and the window title
// (GL-free, unit-tested in tests/viewer).
#include "logic/viewer_state.hpp"

namespace kiln::viewer {

bool hasUnsavedEdits(const DocumentState& doc) {
  return doc.tuning.unsaved() || doc.emitterEdit.unsaved() || doc.events.unsaved();
}

std::string unsavedSummary(const DocumentState& doc) {
  std::string out;
  auto add = [&](const std::string& what) { out += (out.empty() ? "" : ", ") + what; };
  if (doc.tuning.unsaved()) add("preset " + doc.tuning.saved.name);
  if (doc.emitterEdit.unsaved()) add("emitter " + doc.emitterEdit.saved.name);
  if (doc.events.unsaved()) add("the events section");
  return out;
}

std::string windowTitle(const ViewerState& s) {
  if (!s.doc.level) return "kiln-view";
  const std::string file = s.doc.level->path.filename().string();
  // The star is what most editors put before a modified file; the words say it for everyone else.
  return hasUnsavedEdits(s.doc) ? "*" + file + " (unsaved edits) - kiln-view" : file + " - kiln-view";
}

}  // namespace kiln::viewer
