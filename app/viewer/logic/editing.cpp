// The one edit pipeline (GL-free): the preset, emitter and events sessions all take their values
// through EditSession (logic/edit_session.hpp); what differs is said once here, per part of the
// document: how a value is validated and how a valid one goes into the mounted level. Panels,
// the gizmo and scripts only push Edit / Undo / Redo commands; runEdits drains them.
#include <algorithm>

#include "core/float.hpp"
#include "logic/viewer_state.hpp"
#include "particles/frames.hpp"
#include "particles/schedule.hpp"

namespace kiln::viewer {
namespace {

particles::Document* particlesOf(ViewerState& s) {
  return s.doc.level && s.doc.level->load.level.particles ? &*s.doc.level->load.level.particles : nullptr;
}

// --- presets ---------------------------------------------------------------------------------

core::Diagnostics validatePreset(ViewerState& s, std::uint32_t preset, const particles::Preset& value) {
  const particles::Document& doc = *particlesOf(s);
  core::Diagnostics out = tuning::validateEdit(doc, s.doc.level->world(), preset, value);
  // Frames chosen from the level's textures must still be square and of one size.
  particles::checkFrameImages(value, particles::presetPath(value, preset) + ".sprite.frames",
                              [&](const std::string& name) -> std::optional<particles::FrameImage> {
                                for (const auto& tex : s.doc.level->load.textures)
                                  if (tex.image.name == name)
                                    return particles::FrameImage{tex.image.image.width, tex.image.image.height, true};
                                return std::nullopt;
                              },
                              out);
  return out;
}

void applyPreset(ViewerState& s, std::uint32_t preset, const particles::Preset& value) {
  particles::Document& doc = *particlesOf(s);
  tuning::applyEdit(doc, preset, value);
  // Bounds recomputed from the edited preset are honest again.
  for (std::size_t e = 0; e < doc.emitters.size() && e < s.doc.level->forged.size(); ++e)
    if (doc.emitters[e].preset == preset) s.doc.level->forged[e] = 0;
  ++s.doc.levelGeneration;
  s.doc.uploads.push_back({EditTarget::Preset, preset});
}

// --- emitters --------------------------------------------------------------------------------

core::Diagnostics validateEmitter(ViewerState& s, std::uint32_t emitter, const particles::Emitter& value) {
  return emitter_edit::validateEdit(*particlesOf(s), s.doc.level->world(), emitter, value);
}

void applyEmitter(ViewerState& s, std::uint32_t emitter, const particles::Emitter& value) {
  particles::Document& doc = *particlesOf(s);
  emitter_edit::applyEdit(doc, emitter, value);
  s.doc.level->schedules[emitter] = particles::birthSchedule(doc.emitters[emitter]);
  if (emitter < s.doc.level->forged.size()) s.doc.level->forged[emitter] = 0;
  ++s.doc.levelGeneration;
  s.doc.uploads.push_back({EditTarget::Emitter, emitter});
}

// --- the events section ----------------------------------------------------------------------

core::Diagnostics validateEvents(ViewerState& s, const sim::Events& value) {
  const loader::LoadResult& load = s.doc.level->load;
  return events_edit::validateEdit(value, textureNames(*s.doc.level),
                                   [&load](const std::string& name) { return load.textureSize(name); });
}

void applyEvents(ViewerState& s, const sim::Events& value) {
  s.doc.level->load.level.events = value;
  ++s.doc.eventsGeneration;  // the event pass re-prepares and re-simulates from T = 0
  s.view.eventPick.reset();  // the particle it named may not exist in the new simulation
}

// Each session with its validate and apply, for code that treats the three alike.
template <class F>
auto withSession(ViewerState& s, EditTarget target, F&& f) {
  switch (target) {
    case EditTarget::Preset: {
      tuning::Session& t = s.doc.tuning;
      return f(t, [&s, &t](const particles::Preset& v) { return validatePreset(s, t.index, v); },
               [&s, &t](const particles::Preset& v) { applyPreset(s, t.index, v); });
    }
    case EditTarget::Emitter: {
      emitter_edit::Session& t = s.doc.emitterEdit;
      return f(t, [&s, &t](const particles::Emitter& v) { return validateEmitter(s, t.index, v); },
               [&s, &t](const particles::Emitter& v) { applyEmitter(s, t.index, v); });
    }
    case EditTarget::Events:
    default:
      return f(s.doc.events, [&s](const sim::Events& v) { return validateEvents(s, v); },
               [&s](const sim::Events& v) { applyEvents(s, v); });
  }
}

// Sessions whose index no longer names anything (a reload with fewer presets) end.
bool sessionUsable(ViewerState& s, EditTarget target) {
  const particles::Document* doc = particlesOf(s);
  switch (target) {
    case EditTarget::Preset: return s.doc.tuning.active() && doc && s.doc.tuning.index < doc->presets.size();
    case EditTarget::Emitter: return s.doc.emitterEdit.active() && doc && s.doc.emitterEdit.index < doc->emitters.size();
    case EditTarget::Events: return s.doc.events.active() && s.doc.level && s.doc.level->load.level.events.has_value();
  }
  return false;
}

const char* targetName(EditTarget t) {
  switch (t) {
    case EditTarget::Preset: return "preset";
    case EditTarget::Emitter: return "emitter";
    case EditTarget::Events: return "events";
  }
  return "";
}

// Every number an edit changes is kept at the shortest decimal of its float32
// (core::shortestF32): the format holds float32, the save writes that short text, and the file
// then reads back as exactly the value the viewer shows (a dragged key is 0.43431818, not
// 0.43431818181818187). A number the edit did not change keeps its value, however it was written,
// so a save touches only what was edited. Each visitor names every number of its value.
template <class F>
void eachNumber(particles::Preset& p, F&& f) {
  for (const auto& n : tuning::numberFields(p))
    if (n.f64) f(n.name(), *n.f64);
}

template <class F>
void eachNumber(particles::Emitter& e, F&& f) {
  f("position.x", e.position.x), f("position.y", e.position.y), f("position.z", e.position.z);
  f("yaw", e.yaw), f("scale", e.scale), f("rate", e.rate), f("duration", e.duration), f("period", e.period);
  f("delay", e.delay);
  for (std::size_t i = 0; i < e.bursts.size(); ++i) f("bursts[" + std::to_string(i) + "]", e.bursts[i].time);
}

template <class F>
void eachNumber(sim::Events& ev, F&& f) {
  auto three = [&](const std::string& at, sim::Vec3& v) {
    for (std::size_t c = 0; c < 3; ++c) f(at + "[" + std::to_string(c) + "]", v[c]);
  };
  f("step_hz", ev.stepHz);
  three("matter_light", ev.matterLight);
  for (auto& r : ev.recipes) {
    const std::string at = "recipes." + r.name + ".";
    f(at + "speed", r.speed), f(at + "spread", r.spread), f(at + "lifetime", r.lifetime), f(at + "size", r.size);
    f(at + "growth", r.growth), f(at + "gravity", r.gravity), f(at + "drag", r.drag), f(at + "opacity", r.opacity);
    f(at + "fade", r.fade);
    three(at + "color", r.color);
    three(at + "axis", r.axis);
    if (r.sprite) f(at + "alpha_test", r.sprite->alphaTest);
  }
  for (std::size_t i = 0; i < ev.emitters.size(); ++i) {
    const std::string at = "emitters[" + std::to_string(i) + "].";
    f(at + "rate", ev.emitters[i].rate);
    three(at + "position", ev.emitters[i].position);
    for (std::size_t k = 0; k < ev.emitters[i].path.size(); ++k) {
      f(at + "path[" + std::to_string(k) + "].time", ev.emitters[i].path[k].time);
      three(at + "path[" + std::to_string(k) + "].position", ev.emitters[i].path[k].position);
    }
  }
  for (std::size_t i = 0; i < ev.script.size(); ++i) {
    f("script[" + std::to_string(i) + "].time", ev.script[i].time);
    three("script[" + std::to_string(i) + "].position", ev.script[i].position);
  }
}

template <class T>
void keepShort(T& value, const T& reference) {
  std::vector<std::pair<std::string, double>> before;
  T copy = reference;
  eachNumber(copy, [&](const std::string& name, double& v) { before.emplace_back(name, v); });
  eachNumber(value, [&](const std::string& name, double& v) {
    const auto it = std::find_if(before.begin(), before.end(), [&](const auto& b) { return b.first == name; });
    if (it == before.end() || it->second != v) v = core::shortestF32(v);
  });
}

template <class T>
EditOutcome proposeTo(ViewerState& s, EditTarget target, const T& proposed, bool ends) {
  if (!sessionUsable(s, target)) return EditOutcome::Unchanged;
  return withSession(s, target, [&](auto& session, auto&& validate, auto&& apply) {
    if constexpr (std::is_same_v<std::decay_t<decltype(session.working)>, T>) {
      T value = proposed;
      keepShort(value, session.live);
      return session.propose(value, ends, s.doc.editOrder, validate, apply);
    } else {
      return EditOutcome::Unchanged;
    }
  });
}

}  // namespace

EditOutcome editPreset(ViewerState& s, const particles::Preset& value, bool ends) {
  return proposeTo(s, EditTarget::Preset, value, ends);
}
EditOutcome editEmitter(ViewerState& s, const particles::Emitter& value, bool ends) {
  return proposeTo(s, EditTarget::Emitter, value, ends);
}
EditOutcome editEvents(ViewerState& s, const sim::Events& value, bool ends) {
  return proposeTo(s, EditTarget::Events, value, ends);
}

std::optional<EditTarget> stepTarget(const ViewerState& s, bool redo) {
  std::optional<EditTarget> best;
  std::uint64_t bestOrder = 0;
  auto consider = [&](EditTarget t, const auto& session) {
    if (!session.active()) return;
    const std::uint64_t order = redo ? session.redoOrder() : session.undoOrder(s.doc.editOrder);
    if (order > bestOrder) bestOrder = order, best = t;
  };
  consider(EditTarget::Preset, s.doc.tuning);
  consider(EditTarget::Emitter, s.doc.emitterEdit);
  consider(EditTarget::Events, s.doc.events);
  return best;
}

bool stepEdit(ViewerState& s, std::optional<EditTarget> target, bool redo) {
  if (!target) target = stepTarget(s, redo);
  // A step that lands says nothing (the picture and the fields show it); one refused says why.
  if (!target || !sessionUsable(s, *target)) return false;
  core::Diagnostics why;
  const bool moved = withSession(s, *target, [&](auto& session, auto&& validate, auto&& apply) {
    return session.step(redo, s.doc.editOrder, validate, apply, &why);
  });
  if (moved) return true;
  if (!why.empty()) {
    // The value it would land on no longer passes (an edit elsewhere since): it stays put.
    s.ui.status = std::string(redo ? "redo" : "undo") + " refused: that " + targetName(*target) +
                  " value no longer validates: " + core::format(why.front());
  }
  return false;
}

void runEdits(ViewerState& s) {
  for (Command& c : s.commands.takeInOrder<EditPreset, EditEmitter, EditEvents, FireEvent, Undo, Redo>()) {
    if (auto* e = std::get_if<EditPreset>(&c)) {
      if (s.doc.tuning.index == e->index) editPreset(s, e->value, e->ends);
    } else if (auto* e = std::get_if<EditEmitter>(&c)) {
      if (s.doc.emitterEdit.index == e->index) editEmitter(s, e->value, e->ends);
    }
    else if (auto* e = std::get_if<EditEvents>(&c)) editEvents(s, e->value, e->ends);
    else if (auto* f = std::get_if<FireEvent>(&c)) fireEvent(s, {f->position[0], f->position[1], f->position[2]});
    else if (auto* u = std::get_if<Undo>(&c)) stepEdit(s, u->target, false);
    else if (auto* r = std::get_if<Redo>(&c)) stepEdit(s, r->target, true);
  }
}

void syncEditSessions(ViewerState& s) {
  const particles::Document* doc = particlesOf(s);
  if (!sessionUsable(s, EditTarget::Preset)) s.doc.tuning.end();
  if (!sessionUsable(s, EditTarget::Emitter)) s.doc.emitterEdit.end();
  if (!s.doc.level || !s.doc.level->load.level.events) s.doc.events.end();
  else if (!s.doc.events.active()) s.doc.events.start(*s.doc.level->load.level.events);
  if (!doc) return;
  const Selection& sel = s.view.selection;
  // The tuning session holds the selected preset (or the selected emitter's); it moves to another
  // only once its edits are saved or undone, so switching never drops them.
  if (!doc->presets.empty()) {
    std::uint32_t want = s.doc.tuning.active() ? s.doc.tuning.index : 0;
    if (sel.kind == Selection::Kind::Preset && sel.index < doc->presets.size()) want = sel.index;
    if (sel.kind == Selection::Kind::Emitter && sel.index < doc->emitters.size()) want = doc->emitters[sel.index].preset;
    tuning::Session& t = s.doc.tuning;
    if (!t.active() || (want != t.index && !t.unsaved())) t.start(*doc, want);
  }
  // The emitter session follows the selected emitter the same way (not in the middle of a drag).
  emitter_edit::Session& e = s.doc.emitterEdit;
  if (sel.kind == Selection::Kind::Emitter && sel.index < doc->emitters.size() &&
      (!e.active() || (e.index != sel.index && !e.unsaved() && s.view.gizmoDrag.axis < 0)))
    e.start(*doc, sel.index);
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

const core::Diagnostic* problemAt(const core::Diagnostics& diagnostics, std::string_view path) {
  for (const auto& d : diagnostics) {
    const std::string_view p = d.path;
    // The field itself or anything under it ("….lifetime" covers "….lifetime.min").
    if (p.starts_with(path) && (p.size() == path.size() || p[path.size()] == '.' || p[path.size()] == '['))
      return &d;
  }
  return nullptr;
}

}  // namespace kiln::viewer
