// Applying emitter edits to the mounted level (GL-free): validate the working copy, and only a
// valid one replaces the emitter, its birth schedule and its bounds.
#include <algorithm>

#include "particles/schedule.hpp"
#include "logic/viewer_state.hpp"

namespace kiln::viewer {

bool applyEmitterEdit(ViewerState& s) {
  emitter_edit::Session& t = s.doc.emitterEdit;
  particles::Document* doc = s.doc.level && s.doc.level->load.level.particles ? &*s.doc.level->load.level.particles : nullptr;
  if (!doc || !t.active() || t.emitter >= doc->emitters.size()) return false;
  t.diagnostics = emitter_edit::validateEdit(*doc, s.doc.level->world(), t.emitter, t.working);
  if (!t.diagnostics.empty()) return false;
  particles::Emitter applied = t.working;
  applied.bounds = doc->emitters[t.emitter].bounds;
  if (applied == doc->emitters[t.emitter]) return true;  // nothing new (bounds follow the rest)
  emitter_edit::applyEdit(*doc, t.emitter, t.working);
  s.doc.level->schedules[t.emitter] = particles::birthSchedule(doc->emitters[t.emitter]);
  if (t.emitter < s.doc.level->forged.size()) s.doc.level->forged[t.emitter] = 0;
  ++s.doc.levelGeneration;
  return true;
}

bool undoEmitterEdit(ViewerState& s, bool redo) {
  emitter_edit::Session& t = s.doc.emitterEdit;
  if (!t.active() || !(redo ? t.redo() : t.undo())) return false;
  applyEmitterEdit(s);
  return true;
}

std::optional<std::uint32_t> gizmoEmitter(const ViewerState& s) {
  const auto* doc = s.doc.level ? s.doc.level->particles() : nullptr;
  const Selection& sel = s.view.selection;
  if (!s.view.gizmo || !doc || sel.kind != Selection::Kind::Emitter || sel.index >= doc->emitters.size()) return std::nullopt;
  return sel.index;
}

std::optional<std::array<emitter_edit::Handle, 3>> gizmoHandlesFor(const ViewerState& s) {
  const auto e = gizmoEmitter(s);
  if (!e) return std::nullopt;
  const auto& em = s.doc.level->particles()->emitters[*e];
  const glm::dvec3 origin(em.position.x, em.position.y, em.position.z);
  const double length = std::max(0.05, glm::length(s.view.camera.eye() - origin) * 0.12);
  return emitter_edit::gizmoHandles(s.view.camera, s.view.sceneWidth(), s.view.sceneHeight(), origin, length);
}

}  // namespace kiln::viewer
