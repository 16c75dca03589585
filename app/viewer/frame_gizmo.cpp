// Frame: the move gizmo — a mouse press on a handle and its drag, and the script's drag-gizmo.
#include <cstddef>
#include <cstdio>

#include <imgui.h>

#include "frame.hpp"
#include "logic/camera.hpp"
#include "panels/logic/emitter_edit.hpp"

namespace kiln::viewer {

bool Frame::beginGizmoDrag(const glm::dvec2& local) {
  const auto e = gizmoEmitter(state_);
  const auto handles = gizmoHandlesFor(state_);
  if (!e || !handles) return false;
  const auto& em = state_.doc.level->particles()->emitters[*e];
  const glm::dvec3 origin(em.position.x, em.position.y, em.position.z);
  const double w = state_.view.sceneWidth(), h = state_.view.sceneHeight();
  const int axis = emitter_edit::hitHandle(*handles, local);
  if (axis < 0) return false;
  emitter_edit::Session& t = state_.doc.emitterEdit;
  if (!t.active() || t.index != *e) {
    if (t.unsaved()) {
      state_.ui.status = "save or undo the edits to " + t.working.name + " before moving another emitter";
      return true;
    }
    t.start(*state_.doc.level->particles(), *e);
  }
  state_.view.gizmoDrag = {axis, origin, rayThroughPixel(state_.view.camera, local.x, local.y, w, h)};
  return true;
}

bool Frame::scriptGizmoDrag(int axis, double dx, double dy, int line) {
  const auto handles = gizmoHandlesFor(state_);
  if (!handles || !(*handles)[static_cast<std::size_t>(axis)].visible) {
    std::fprintf(stderr, "kiln-view: script line %d: no gizmo handle to drag (select an emitter, gizmo on)\n", line);
    return false;
  }
  // As a hand would: press near the handle's tip, move by (dx, dy) pixels, release.
  const auto& h = (*handles)[static_cast<std::size_t>(axis)];
  const glm::dvec2 press = h.from + (h.to - h.from) * 0.9;
  if (!beginGizmoDrag(press) || state_.view.gizmoDrag.axis != axis) {
    std::fprintf(stderr, "kiln-view: script line %d: the press did not take the %c handle\n", line, "xyz"[axis]);
    return false;
  }
  const glm::dvec3 before = state_.view.gizmoDrag.start;
  dragTo(press + glm::dvec2(dx, dy));
  state_.view.gizmoDrag.axis = -1;
  emitter_edit::Session& t = state_.doc.emitterEdit;
  if (editEmitter(state_, t.working, true) == EditOutcome::Refused) {
    for (const auto& d : t.diagnostics)
      std::fprintf(stderr, "kiln-view: script line %d: drag-gizmo: the new position is refused: %s\n", line,
                   core::format(d).c_str());
    return false;
  }
  const glm::dvec3 now(t.working.position.x, t.working.position.y, t.working.position.z);
  if (now == before && (dx != 0 || dy != 0)) {
    // The move along the axis rounds to nothing: the drag ran across the axis, or less than a grid step.
    std::fprintf(stderr,
                 "kiln-view: script line %d: drag-gizmo: a move of (%g, %g) pixels does not move the %c handle "
                 "(across the axis, or less than the %g grid step)\n",
                 line, dx, dy, "xyz"[axis], state_.view.gizmoGrid);
    return false;
  }
  return true;
}

void Frame::dragTo(const glm::dvec2& local) {
  const ViewSettings::GizmoDrag& drag = state_.view.gizmoDrag;
  emitter_edit::Session& t = state_.doc.emitterEdit;
  const Ray now = rayThroughPixel(state_.view.camera, local.x, local.y, state_.view.sceneWidth(), state_.view.sceneHeight());
  const auto p = emitter_edit::dragAlongAxis(drag.start, drag.axis, drag.pressRay, now, state_.view.gizmoGrid);
  if (!p) return;
  particles::Emitter moved = t.working;
  moved.position = {p->x, p->y, p->z};
  // Live: the bounds box and the sector-fit check follow the drag (an invalid spot is marked and
  // the level keeps the last valid one; the release takes an invalid spot back).
  editEmitter(state_, moved, false);
  state_.panel(Panel::Emitter) = true;
}

void Frame::updateGizmoDrag(const glm::dvec2& local) {
  ViewSettings::GizmoDrag& drag = state_.view.gizmoDrag;
  if (drag.axis < 0) return;
  emitter_edit::Session& t = state_.doc.emitterEdit;
  if (!ImGui::IsMouseDown(ImGuiMouseButton_Left)) {
    drag.axis = -1;
    editEmitter(state_, t.working, true);  // one undo point per drag
    return;
  }
  dragTo(local);
}

}  // namespace kiln::viewer
