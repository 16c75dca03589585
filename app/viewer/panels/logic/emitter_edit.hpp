// Editing a whole effect's emitter without ImGui: the edit session (undo/redo), live validation
// against the document and its sectors, applying a valid edit (bounds recomputed), the YAML edits
// that save it, and the translate gizmo's drag arithmetic. Unit-tested in tests/viewer.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include <glm/glm.hpp>

#include "core/diagnostic.hpp"
#include "logic/edit_session.hpp"
#include "loader/yaml_edit.hpp"
#include "particles/model.hpp"
#include "logic/camera.hpp"
#include "world/world.hpp"

namespace kiln::viewer::emitter_edit {

// The emitter being edited (`index` into the document's emitters, which is the source's list).
struct Session : EditSession<particles::Emitter> {
  void start(const particles::Document& doc, std::uint32_t emitterIndex);
};

// Every rule the edited emitter must pass before it is drawn: the document's emitter rules
// (rate, duration, bursts, mode and period, scale, …), its preset's capacity, and the fit of its
// recomputed bounds inside its sector. Paths name the emitter as the loader does.
core::Diagnostics validateEdit(const particles::Document& doc, const world::World& world, std::uint32_t emitter,
                               const particles::Emitter& edited);

// Replaces the emitter and recomputes its stored bounds from its preset.
void applyEdit(particles::Document& doc, std::uint32_t emitter, const particles::Emitter& edited);

// The YAML edits that turn `before` into `after` in the source's emitters[index] item: one per
// changed field (position, yaw, scale, seed, rate, duration_seconds, mode, period_seconds,
// delay_seconds, each burst's time and count). Bursts are lined up by value (loader::alignItems):
// an added or removed burst is one item edit and every other burst keeps its text. Fields the
// source omits are added to the item's map.
std::vector<loader::ScalarEdit> changedScalars(const particles::Emitter& before, const particles::Emitter& after,
                                               std::size_t index);

// --- translate gizmo ------------------------------------------------------------------------
// How far along `axis` (unit) from `origin` the mouse ray points: the parameter of the point on
// the axis line closest to the ray. Nullopt when the ray runs (nearly) parallel to the axis.
std::optional<double> axisParameter(const Ray& ray, const glm::dvec3& origin, const glm::dvec3& axis);

// The position after dragging one axis handle: the start position moved along `axis` by the
// change of axisParameter between the press and now, then that coordinate snapped to a multiple
// of `grid` (grid ≤ 0: no snapping). Nullopt when either ray is parallel to the axis.
std::optional<glm::dvec3> dragAlongAxis(const glm::dvec3& start, int axis, const Ray& pressRay, const Ray& nowRay,
                                        double grid);

// The gizmo's three axis handles on screen: from the emitter's origin along +X, +Y, +Z, each
// `worldLength` long, in viewport pixels (x right, y down). A handle behind the eye is absent.
struct Handle {
  glm::dvec2 from{0}, to{0};
  bool visible = false;
};
std::array<Handle, 3> gizmoHandles(const ViewCamera& camera, double width, double height, const glm::dvec3& origin,
                                   double worldLength);
// The handle within `tolerance` pixels of `mouse` (nearest first), or -1.
int hitHandle(const std::array<Handle, 3>& handles, const glm::dvec2& mouse, double tolerance = 8.0);

}  // namespace kiln::viewer::emitter_edit
