// Emitter editing: session, validation, YAML edits and the gizmo's drag arithmetic (GL-free).
#include <algorithm>
#include <cmath>
#include <string>

#include "core/assert.hpp"
#include "panels/logic/emitter_edit.hpp"
#include "particles/bounds.hpp"
#include "particles/schedule.hpp"
#include "particles/validate.hpp"
#include "world/fit.hpp"

namespace kiln::viewer::emitter_edit {

void Session::start(const particles::Document& doc, std::uint32_t emitterIndex) {
  KILN_ASSERT(emitterIndex < doc.emitters.size());
  EditSession::start(emitterIndex, doc.emitters[emitterIndex]);
}

core::Diagnostics validateEdit(const particles::Document& doc, const world::World& world, std::uint32_t emitter,
                               const particles::Emitter& edited) {
  particles::Document trial = doc;
  applyEdit(trial, emitter, edited);
  // The document's own rules, kept to those naming this emitter (the rest held before the edit).
  const std::string prefix = particles::emitterPath(trial.emitters[emitter], emitter);
  auto mine = [&](const core::Diagnostic& d) { return d.path == prefix || d.path.starts_with(prefix + "."); };
  core::Diagnostics out;
  for (auto& d : particles::validate(trial))
    if (mine(d)) out.push_back(d);
  if (!out.empty()) return out;  // bounds of an invalid emitter mean nothing
  if (auto shortfall = particles::capacityShortfall(trial.presets[edited.preset], trial.emitters[emitter]))
    out.push_back({core::Code::CapacityTooSmall, prefix + ".rate", *shortfall});
  for (auto& d : world::validateForWorld(world, trial))
    if (mine(d)) out.push_back(d);
  return out;
}

void applyEdit(particles::Document& doc, std::uint32_t emitter, const particles::Emitter& edited) {
  KILN_ASSERT(emitter < doc.emitters.size() && edited.preset < doc.presets.size());
  particles::Emitter& e = doc.emitters[emitter];
  e = edited;
  e.bounds = particles::conservativeEmitterBounds(doc.presets[e.preset], e);
}

std::vector<loader::ScalarEdit> changedScalars(const particles::Emitter& a, const particles::Emitter& b, std::size_t index) {
  std::vector<loader::ScalarEdit> out;
  const std::string item = "[" + std::to_string(index) + "]";
  auto edit = [&](std::vector<std::string> rel, std::string text) {
    std::vector<std::string> path{"emitters", item};
    path.insert(path.end(), rel.begin(), rel.end());
    out.push_back({std::move(path), std::move(text)});
  };
  auto number = [&](const char* field, double before, double after) {
    if (before != after) edit({field}, loader::formatNumber(after));
  };
  const double pa[3] = {a.position.x, a.position.y, a.position.z}, pb[3] = {b.position.x, b.position.y, b.position.z};
  for (int i = 0; i < 3; ++i)
    if (pa[i] != pb[i]) edit({"position", "[" + std::to_string(i) + "]"}, loader::formatNumber(pb[i]));
  number("yaw", a.yaw, b.yaw);
  number("scale", a.scale, b.scale);
  number("seed", a.seed, b.seed);
  number("rate", a.rate, b.rate);
  number("duration_seconds", a.duration, b.duration);
  if (a.mode != b.mode) edit({"mode"}, std::string(particles::name(b.mode)));
  number("period_seconds", a.period, b.period);
  number("delay_seconds", a.delay, b.delay);
  // The bursts line up by value: an added or removed burst is one item edit, every other burst
  // keeps its text (a changed time or count edits that number). An emitter whose source has no
  // burst list gets the whole list.
  auto burstItem = [](const particles::Burst& x) -> loader::ScalarEdit::Item {
    return {{"time", loader::formatNumber(x.time)}, {"count", loader::formatNumber(x.count)}};
  };
  std::vector<std::string> all;
  for (const auto& burst : b.bursts) all.push_back(loader::flowMap(burstItem(burst)));
  const std::vector<std::string> bursts{"emitters", item, "bursts"};
  const std::string whole = loader::flowSequence(all);
  const auto lined = loader::alignItems(a.bursts.size(), b.bursts.size(), [&](std::size_t i, std::size_t j) {
    return ((a.bursts[i].time != b.bursts[j].time) + (a.bursts[i].count != b.bursts[j].count)) / 2.0;
  });
  for (const std::size_t i : lined.removed) out.push_back(loader::removeItem(bursts, i, bursts.size(), whole));
  for (const auto& [j, at] : lined.inserted)
    out.push_back(loader::insertItem(bursts, at, burstItem(b.bursts[j]), bursts.size(), whole));
  for (const auto& [i, j] : lined.kept) {
    const std::string at = "[" + std::to_string(i) + "]";
    if (a.bursts[i].time != b.bursts[j].time) edit({"bursts", at, "time"}, loader::formatNumber(b.bursts[j].time));
    if (a.bursts[i].count != b.bursts[j].count) edit({"bursts", at, "count"}, loader::formatNumber(b.bursts[j].count));
  }
  return out;
}

std::optional<double> axisParameter(const Ray& ray, const glm::dvec3& origin, const glm::dvec3& axis) {
  // Closest points of two lines: origin + s·axis and ray.origin + t·ray.direction.
  const glm::dvec3 d = glm::normalize(ray.direction);
  const glm::dvec3 w = origin - ray.origin;
  const double b = glm::dot(axis, d);
  const double denom = 1.0 - b * b;  // |axis| = |d| = 1
  if (denom < 1e-9) return std::nullopt;
  return (b * glm::dot(d, w) - glm::dot(axis, w)) / denom;
}

std::optional<glm::dvec3> dragAlongAxis(const glm::dvec3& start, int axis, const Ray& pressRay, const Ray& nowRay,
                                        double grid) {
  KILN_ASSERT(axis >= 0 && axis < 3);
  glm::dvec3 unit(0);
  unit[axis] = 1;
  const auto s0 = axisParameter(pressRay, start, unit), s1 = axisParameter(nowRay, start, unit);
  if (!s0 || !s1) return std::nullopt;
  glm::dvec3 p = start;
  p[axis] += *s1 - *s0;
  if (grid > 0) p[axis] = std::round(p[axis] / grid) * grid;
  return p;
}

std::array<Handle, 3> gizmoHandles(const ViewCamera& camera, double width, double height, const glm::dvec3& origin,
                                   double worldLength) {
  const glm::dmat4 vp = camera.projection(width / std::max(1.0, height)) * camera.view();
  auto project = [&](const glm::dvec3& p, glm::dvec2& out) {
    const glm::dvec4 c = vp * glm::dvec4(p, 1.0);
    if (c.w <= 1e-9) return false;
    out = {(c.x / c.w * 0.5 + 0.5) * width, (0.5 - c.y / c.w * 0.5) * height};
    return true;
  };
  std::array<Handle, 3> out{};
  for (int a = 0; a < 3; ++a) {
    glm::dvec3 tip = origin;
    tip[a] += worldLength;
    out[static_cast<std::size_t>(a)].visible = project(origin, out[static_cast<std::size_t>(a)].from) &&
                                               project(tip, out[static_cast<std::size_t>(a)].to);
  }
  return out;
}

int hitHandle(const std::array<Handle, 3>& handles, const glm::dvec2& mouse, double tolerance) {
  int best = -1;
  double bestDistance = tolerance;
  for (int a = 0; a < 3; ++a) {
    const Handle& h = handles[static_cast<std::size_t>(a)];
    if (!h.visible) continue;
    const glm::dvec2 seg = h.to - h.from;
    const double len2 = glm::dot(seg, seg);
    const double t = len2 > 0 ? std::clamp(glm::dot(mouse - h.from, seg) / len2, 0.0, 1.0) : 0.0;
    // The origin is shared by all three; only the outer 80 % of a handle picks its axis.
    if (t < 0.2) continue;
    const double d = glm::length(mouse - (h.from + seg * t));
    if (d <= bestDistance) bestDistance = d, best = a;
  }
  return best;
}

}  // namespace kiln::viewer::emitter_edit
