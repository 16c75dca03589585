// Unsaved edits: which sessions hold them, how they are named in prompts and the window title
// (GL-free, unit-tested in tests/viewer).
#include "logic/viewer_state.hpp"

namespace kiln::viewer {
namespace {

// A session is unsaved when its last undo point or the value the widgets hold (a drag in
// progress is already live in the Viewport) differs from the file.
template <class Session>
bool unsaved(const Session& t) {
  return t.active() && (!(t.committed == t.saved) || !(t.working == t.saved));
}

}  // namespace

bool hasUnsavedEdits(const DocumentState& doc) {
  return unsaved(doc.tuning) || unsaved(doc.emitterEdit) || unsaved(doc.events);
}

std::string unsavedSummary(const DocumentState& doc) {
  std::string out;
  auto add = [&](const std::string& what) { out += (out.empty() ? "" : ", ") + what; };
  if (unsaved(doc.tuning)) add("preset " + doc.tuning.saved.name);
  if (unsaved(doc.emitterEdit)) add("emitter " + doc.emitterEdit.saved.name);
  if (unsaved(doc.events)) add("the events section");
  return out;
}

std::string windowTitle(const ViewerState& s) {
  if (!s.doc.level) return "kiln-view";
  const std::string file = s.doc.level->path.filename().string();
  // The dot is what editors show for a modified buffer; the words say it for everyone else.
  return hasUnsavedEdits(s.doc) ? "\xE2\x80\xA2 " + file + " (unsaved edits) - kiln-view" : file + " - kiln-view";
}

}  // namespace kiln::viewer
