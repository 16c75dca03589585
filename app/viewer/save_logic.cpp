// Saving tuning edits back to the YAML source (GL-free): only the changed scalars are
// rewritten, and the hot-reload watch is told, so the viewer's own save is not a reload.
#include "core/file.hpp"
#include "loader/yaml_edit.hpp"
#include "viewer_state.hpp"

namespace kiln::viewer {

bool saveSource(ViewerState& s) {
  tuning::Session& t = s.doc.tuning;
  if (!s.doc.level) {
    s.ui.status = "save: no level open";
    return false;
  }
  const std::filesystem::path path = s.doc.level->path;
  if (path.extension() != ".yaml" && path.extension() != ".yml") {
    s.ui.status = "save: " + path.filename().string() + " is compiled; open its .yaml source to save edits";
    return false;
  }
  emitter_edit::Session& em = s.doc.emitterEdit;
  const bool presetChanged = t.active() && !(t.committed == t.saved);
  const bool emitterChanged = em.active() && !(em.committed == em.saved);
  events_edit::Session& ev = s.doc.events;
  const bool eventsChanged = ev.active() && !(ev.committed == ev.saved);
  if (!presetChanged && !emitterChanged && !eventsChanged) {
    s.ui.status = "nothing to save";
    return true;
  }
  if ((presetChanged && !t.diagnostics.empty()) || (emitterChanged && !em.diagnostics.empty()) ||
      (eventsChanged && !ev.diagnostics.empty())) {
    s.ui.status = "save: the edit is invalid (see the tuning, emitter and event sandbox panels)";
    return false;
  }
  std::vector<loader::ScalarEdit> edits;
  if (presetChanged) edits = tuning::changedScalars(t.saved, t.committed);
  if (emitterChanged) {
    auto more = emitter_edit::changedScalars(em.saved, em.committed, em.emitter);
    edits.insert(edits.end(), more.begin(), more.end());
  }
  if (eventsChanged) {
    auto more = events_edit::changedScalars(ev.saved, ev.committed);
    if (!more) {
      s.ui.status = "save: a sprite taken off a recipe cannot be written back; undo that edit or remove it in the YAML";
      return false;
    }
    edits.insert(edits.end(), more->begin(), more->end());
  }
  std::string error;
  if (auto bytes = core::readFile(path, error)) {
    const std::string text(bytes->begin(), bytes->end());
    if (auto out = loader::replaceScalars(text, edits, error)) {
      const std::span written(reinterpret_cast<const std::uint8_t*>(out->data()), out->size());
      if (core::writeFile(path, written, error)) {
        // The hot-reload watch knows this write: no reload, so undo, solo/mute, the selection,
        // the pick and the clock all stay as they are.
        s.doc.watch.ownWrite(path, written);
        if (presetChanged) t.saved = t.committed;
        if (emitterChanged) em.saved = em.committed;
        if (eventsChanged) ev.saved = ev.committed;
        s.ui.status = "saved " + path.filename().string() + " (undo history kept)";
        return true;
      }
    }
  }
  s.ui.status = "save failed: " + error;
  return false;
}

}  // namespace kiln::viewer
