// Jumping to an escape: the cached search, the framing camera and the mark.
#include "logic/escape_view.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "logic/viewer_state.hpp"
#include "particles/bounds.hpp"
#include "particles/evaluate.hpp"
#include "particles/schedule.hpp"

namespace kiln::viewer {
namespace {

glm::dvec3 g(const particles::Vec3& v) { return {v.x, v.y, v.z}; }

// The crossed plane as a polygon: a face of the stored box, a wall from floor to ceiling, or
// the sector's floor or ceiling.
std::vector<glm::dvec3> outlineOf(const world::EmitterEscapes& r, std::size_t plane, const particles::Bounds& box,
                                  const world::World& w, std::uint32_t sector) {
  std::vector<glm::dvec3> out;
  if (plane < 6) {
    const int axis = static_cast<int>(plane / 2);
    const double at = plane % 2 ? box.max[axis] : box.min[axis];
    const int u = (axis + 1) % 3, v = (axis + 2) % 3;
    for (const auto& [su, sv] : {std::pair{0, 0}, std::pair{1, 0}, std::pair{1, 1}, std::pair{0, 1}}) {
      glm::dvec3 p;
      p[axis] = at;
      p[u] = su ? box.max[u] : box.min[u];
      p[v] = sv ? box.max[v] : box.min[v];
      out.push_back(p);
    }
    return out;
  }
  if (sector >= w.sectors.size()) return out;
  const world::Sector& s = w.sectors[sector];
  const std::string& name = r.planes[plane].name;
  // A hair inside the room, so the lines do not fight the wall's own pixels for depth.
  const particles::Vec3& n = r.planes[plane].normal;
  const glm::dvec3 in = -0.01 * glm::dvec3(n.x, n.y, n.z);
  if (name.rfind("wall ", 0) == 0) {
    const std::size_t k = std::stoul(name.substr(5));
    const world::Vec2 a = s.walls[k], b = s.walls[(k + 1) % s.walls.size()];
    out = {glm::dvec3(a.x, a.y, s.floor.at(a.x, a.y)) + in, glm::dvec3(b.x, b.y, s.floor.at(b.x, b.y)) + in,
           glm::dvec3(b.x, b.y, s.ceiling.at(b.x, b.y)) + in, glm::dvec3(a.x, a.y, s.ceiling.at(a.x, a.y)) + in};
    return out;
  }
  const world::HeightPlane& h = name == "floor" ? s.floor : s.ceiling;
  for (const world::Vec2& p : s.walls) out.push_back(glm::dvec3(p.x, p.y, h.at(p.x, p.y)) + in);
  return out;
}

// The box around the stored bounds and the particle's billboard sphere.
std::pair<glm::dvec3, glm::dvec3> framedBox(const particles::EscapeMoment& m, const particles::Bounds& box) {
  const glm::dvec3 c = g(m.position), r(m.halfDiagonal);
  return {glm::min(g(box.min), c - r), glm::max(g(box.max), c + r)};
}

}  // namespace

const world::EmitterEscapes* escapesOf(ViewerState& s, std::uint32_t e) {
  const particles::Document* doc = s.doc.level ? s.doc.level->particles() : nullptr;
  if (!doc || e >= doc->emitters.size()) return nullptr;
  std::vector<EscapeCache>& cache = s.doc.escapes;
  if (cache.size() != doc->emitters.size()) cache.assign(doc->emitters.size(), {});
  EscapeCache& c = cache[e];
  if (c.generation != s.doc.levelGeneration) {
    c.generation = s.doc.levelGeneration;
    c.emitter = e;
    c.result = world::findEmitterEscapes(s.doc.level->world(), *doc, e);
  }
  return &c.result;
}

const particles::EscapeMoment* escapeMoment(const world::EmitterEscapes& r, EscapeWhich which) {
  if (which == EscapeWhich::First) return r.search.first ? &*r.search.first : nullptr;
  if (which == EscapeWhich::Worst) return r.escapes() && r.search.extreme ? &*r.search.extreme : nullptr;
  return !r.escapes() && r.search.extreme ? &*r.search.extreme : nullptr;
}

ViewCamera escapeCamera(const ViewCamera& current, const particles::EscapeMoment& m, const particles::Plane& plane,
                        bool sectorPlane, const particles::Bounds& box, double aspect) {
  const glm::dvec3 n = glm::normalize(g(plane.normal));
  const glm::dvec3 f = current.forward();
  const bool wallLike = std::fabs(n.z) < 0.9;
  glm::dvec3 t;
  if (wallLike) {
    // Along the wall, horizontally, the way the camera already faces.
    t = glm::normalize(glm::cross(n, glm::dvec3(0, 0, 1)));
    if (glm::dot(t, f) < 0) t = -t;
  } else {
    t = f - n * glm::dot(f, n);
    if (glm::length(t) < 1e-6) t = glm::cross(n, glm::dvec3(1, 0, 0));
    t = glm::normalize(t);
  }
  // A slant across the plane: from the inside of a sector's plane (the renderer draws a wall's
  // inner face), from just outside a box face (a wireframe, so either side shows).
  const double slant = glm::radians(sectorPlane ? 40.0 : -12.0);
  glm::dvec3 d = glm::normalize(t * std::cos(slant) + n * std::sin(slant));
  if (wallLike) d = glm::normalize(d + glm::dvec3(0, 0, -0.35));  // and down a little, like a person
  // Centred on the particle, where the evidence is, and far enough back to hold the box too.
  const glm::dvec3 centre = g(m.position);
  double radius = std::max(0.05, m.halfDiagonal);
  for (const particles::Vec3& k : particles::corners(box)) radius = std::max(radius, glm::length(g(k) - centre));
  aspect = std::isfinite(aspect) && aspect > 0 ? aspect : 1.0;
  const double halfV = glm::radians(current.fovY) * 0.5;
  const double halfH = std::atan(std::tan(halfV) * aspect);
  const double distance = radius / std::sin(std::min(halfV, halfH)) * ViewCamera::kFrameMargin;
  ViewCamera cam = current;
  cam.lookFrom(centre - d * distance, centre);
  return cam;
}

bool jumpToEscape(ViewerState& s, std::uint32_t e, EscapeWhich which, std::string& why) {
  const world::EmitterEscapes* r = escapesOf(s, e);
  if (!r) {
    why = "no such emitter";
    return false;
  }
  const particles::EscapeMoment* m = escapeMoment(*r, which);
  const particles::Document& doc = *s.doc.level->particles();
  const particles::Emitter& em = doc.emitters[e];
  if (!m) {
    why = which == EscapeWhich::Closest ? em.name + "'s particles escape: jump to the first or the worst escape"
          : r->search.extreme           ? "no particle of " + em.name + " escapes: jump to the closest approach"
                                        : em.name + " throws no particles";
    return false;
  }
  s.view.clock.seek(m->time);
  s.view.clock.playing = false;
  s.view.selection = {Selection::Kind::Emitter, e};
  particles::ParticleState state;
  if (particles::evaluateSlot(doc, e, particles::birthSchedule(em), m->slot, m->time, state))
    s.view.pick = PickHit{e, state, 0};
  const bool sectorPlane = m->plane >= 6;
  const particles::Plane& plane = r->planes[m->plane];
  s.view.camera = escapeCamera(s.view.camera, *m, plane, sectorPlane, em.bounds,
                               double(s.view.sceneWidth()) / s.view.sceneHeight());
  const auto [lo, hi] = framedBox(*m, em.bounds);
  s.view.topCamera.frame(lo, hi, double(kTopViewWidth) / kTopViewHeight);
  s.view.escapeMark = EscapeMark{e, which, *m, plane, outlineOf(*r, m->plane, em.bounds, s.doc.level->world(), em.sector),
                                 s.doc.levelGeneration};
  s.ui.status = em.name + ": " + escapeSummary(*r, which);
  return true;
}

std::optional<std::string> escapeFramingProblem(const ViewerState& s) {
  if (!s.view.escapeMark || s.view.escapeMark->generation != s.doc.levelGeneration) return "no jump has been made";
  const EscapeMark& mark = *s.view.escapeMark;
  const particles::Document* doc = s.doc.level ? s.doc.level->particles() : nullptr;
  if (!doc || mark.emitter >= doc->emitters.size()) return "the emitter is gone";
  if (std::fabs(s.view.clock.time - mark.moment.time) > 1e-6) return "the clock has left the moment";
  const double w = s.view.sceneWidth(), h = s.view.sceneHeight();
  const glm::dmat4 vp = s.view.camera.projection(w / h) * s.view.camera.view();
  const auto inView = [&](const glm::dvec3& p) {
    const glm::dvec4 c = vp * glm::dvec4(p, 1.0);
    return c.w > 0 && std::fabs(c.x / c.w) <= 1 && std::fabs(c.y / c.w) <= 1;
  };
  const glm::dvec3 c = g(mark.moment.position), n = g(mark.plane.normal);
  if (!inView(c)) return "the particle is off the image";
  for (const particles::Vec3& k : particles::corners(doc->emitters[mark.emitter].bounds))
    if (!inView(g(k))) return "a corner of the stored box is off the image";
  if (!inView(c + n * (mark.moment.halfDiagonal - mark.moment.distance))) return "the crossing is off the image";
  if (mark.moment.plane >= 6 && mark.plane.distance({s.view.camera.eye().x, s.view.camera.eye().y, s.view.camera.eye().z}) >= 0)
    return "the camera is outside " + mark.plane.name + ", where the renderer does not draw it";
  return std::nullopt;
}

std::string emitterNameInPath(std::string_view path) {
  if (path.starts_with("@") && path.find(':') != std::string_view::npos) path.remove_prefix(path.find(':') + 1);
  if (path.starts_with("particles.")) path.remove_prefix(10);
  if (!path.starts_with("emitters.")) return {};
  path.remove_prefix(9);
  return std::string(path.substr(0, path.find('.')));
}

std::string escapeSummary(const world::EmitterEscapes& r, EscapeWhich which) {
  const particles::EscapeMoment* m = escapeMoment(r, which);
  if (!m) return which == EscapeWhich::Closest ? "particles escape" : "nothing escapes";
  char buf[160];
  const std::string& face = r.face(*m);
  if (which == EscapeWhich::First)
    std::snprintf(buf, sizeof buf, "first escape t=%.3f s: slot %u %s %s", m->time, m->slot,
                  m->age > 0 && m->distance < 1e-4 ? "crosses" : "is born past", face.c_str());
  else
    std::snprintf(buf, sizeof buf, "%s t=%.3f s: slot %u %.3g %s %s", which == EscapeWhich::Worst ? "worst" : "closest approach",
                  m->time, m->slot, std::fabs(m->distance), m->distance > 0 ? "past" : "inside", face.c_str());
  return buf;
}

}  // namespace kiln::viewer
