// Picking billboards and laying out slot lanes (GL-free, unit-tested in tests/viewer).
#include <cmath>

#include "particles/evaluate_all.hpp"
#include "particles/schedule.hpp"
#include "logic/pick.hpp"

namespace kiln::viewer {
namespace {

glm::dvec3 toGlm(const particles::Vec3& v) { return {v.x, v.y, v.z}; }

}  // namespace

std::optional<PickHit> pickParticle(const particles::Document& doc, const std::vector<std::vector<float>>& schedules,
                                    double levelTime, const Ray& ray, const ViewCamera& camera,
                                    const std::vector<std::uint8_t>& muted, unsigned threads) {
  const glm::dvec3 fwd = camera.forward();
  const auto [camRight, camUp] = billboardAxes(camera);
  // Each emitter's nearest hit on its own core; then the nearest of those, the lower emitter
  // winning a tie — exactly what one pass over emitters and slots in order would pick.
  const std::size_t count = std::min(doc.emitters.size(), schedules.size());
  std::vector<std::optional<PickHit>> nearest(count);
  particles::parallelFor(count, threads, [&](std::size_t ei) {
    const auto e = static_cast<std::uint32_t>(ei);
    if (e < muted.size() && muted[e]) return;
    const auto& emitter = doc.emitters[e];
    const auto& preset = doc.presets[emitter.preset];
    glm::dvec3 right = camRight, up = camUp;
    if (preset.sprite.facing == particles::Facing::Upright) {
      // Upright billboards stand on Z and turn about it to face the camera.
      glm::dvec3 flat(fwd.x, fwd.y, 0);
      if (glm::length(flat) < 1e-9) return;  // seen from straight above: edge-on
      right = glm::normalize(glm::cross(glm::normalize(flat), glm::dvec3(0, 0, 1)));
      up = {0, 0, 1};
    }
    const glm::dvec3 normal = glm::cross(right, up);
    const double denom = glm::dot(ray.direction, normal);
    if (std::abs(denom) < 1e-12) return;
    std::optional<PickHit>& best = nearest[ei];
    particles::ParticleState s;
    for (std::uint32_t slot = 0; slot < preset.capacity; ++slot) {
      if (!particles::evaluateSlot(doc, e, schedules[e], slot, levelTime, s)) continue;
      const glm::dvec3 p = toGlm(s.position);
      const double t = glm::dot(p - ray.origin, normal) / denom;
      if (t <= 0 || (best && t >= best->distance)) continue;
      const glm::dvec3 d = ray.origin + ray.direction * t - p;
      // The sprite is rotated by `rotation` degrees within its plane.
      const double a = glm::radians(s.rotation), u0 = glm::dot(d, right), v0 = glm::dot(d, up);
      const double u = u0 * std::cos(a) + v0 * std::sin(a), v = -u0 * std::sin(a) + v0 * std::cos(a);
      const double half = s.size * 0.5;
      if (std::abs(u) <= half && std::abs(v) <= half) best = PickHit{e, s, t};
    }
  });
  std::optional<PickHit> best;
  for (const auto& hit : nearest)
    if (hit && (!best || hit->distance < best->distance)) best = hit;
  return best;
}

std::vector<SlotLife> slotLanes(const particles::Document& doc, std::uint32_t emitter, const std::vector<float>& schedule,
                                std::uint32_t slot, double t0, double t1, std::size_t limit) {
  std::vector<SlotLife> out;
  if (emitter >= doc.emitters.size() || schedule.empty()) return out;
  const auto& e = doc.emitters[emitter];
  const auto& p = doc.presets[e.preset];
  const auto births = static_cast<std::uint32_t>(schedule.size());
  const std::uint32_t groups = particles::cycleGroups(p, e);
  if (slot >= std::uint64_t{births} * groups || slot >= p.capacity) return out;
  const std::uint32_t b = slot % births, g = slot / births;
  auto lifeAt = [&](std::int64_t k) -> std::optional<SlotLife> {
    const double born = e.delay + (e.mode == particles::PlayMode::Cycle ? double(k) * e.period : 0.0) + schedule[b];
    particles::ParticleState s;
    // Sampling just after the birth gives this life's lifetime from the evaluator itself.
    if (!particles::evaluateSlot(doc, emitter, schedule, slot, born, s) || s.cycle != k) return std::nullopt;
    return SlotLife{k, b, born, born + s.lifetime};
  };
  if (e.mode != particles::PlayMode::Cycle) {
    if (g == 0)
      if (auto l = lifeAt(0); l && l->deathTime >= t0 && l->birthTime <= t1) out.push_back(*l);
    return out;
  }
  std::int64_t k = std::max<std::int64_t>(0, static_cast<std::int64_t>(std::floor((t0 - e.delay) / e.period)) - groups);
  k += (g - k % groups + groups) % groups;  // first cycle of this group at or after k
  for (; out.size() < limit; k += groups) {
    const double born = e.delay + double(k) * e.period + schedule[b];
    if (born > t1) break;
    if (auto l = lifeAt(k); l && l->deathTime >= t0) out.push_back(*l);
  }
  return out;
}

}  // namespace kiln::viewer
