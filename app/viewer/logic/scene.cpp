// Building the overlay of a mounted level (GL-free).
#include <algorithm>
#include <cmath>

#include "particles/bounds.hpp"
#include "particles/evaluate.hpp"
#include "logic/scene.hpp"
#include "world/fit.hpp"

namespace kiln::viewer {
namespace {

glm::dvec3 g(const particles::Vec3& v) { return {v.x, v.y, v.z}; }

void sectorOutline(const world::Sector& sec, const glm::vec4& solid, const glm::vec4& portal, OverlayList& out) {
  const std::size_t n = sec.walls.size();
  for (std::size_t i = 0; i < n; ++i) {
    const auto& a = sec.walls[i];
    const auto& b = sec.walls[(i + 1) % n];
    const bool open = i < sec.portals.size() && sec.portals[i] != world::kNoPortal;
    const glm::vec4 c = open ? portal : solid;
    out.line({a.x, a.y, sec.floor.at(a.x, a.y)}, {b.x, b.y, sec.floor.at(b.x, b.y)}, c);
    out.line({a.x, a.y, sec.ceiling.at(a.x, a.y)}, {b.x, b.y, sec.ceiling.at(b.x, b.y)}, c * glm::vec4(1, 1, 1, 0.6f));
    out.line({a.x, a.y, sec.floor.at(a.x, a.y)}, {a.x, a.y, sec.ceiling.at(a.x, a.y)}, solid * glm::vec4(1, 1, 1, 0.7f));
  }
}

}  // namespace

bool emitterVisible(const ViewerState& s, std::uint32_t e) {
  if (s.view.passes.soloEmitter >= 0) return static_cast<std::uint32_t>(s.view.passes.soloEmitter) == e;
  if (e < s.view.passes.emitterMuted.size() && s.view.passes.emitterMuted[e]) return false;
  const particles::Document* doc = s.doc.level ? s.doc.level->particles() : nullptr;
  if (!doc || e >= doc->emitters.size()) return true;
  const int pass = passIndexForBlend(doc->presets[doc->emitters[e].preset].sprite.blend);
  if (s.view.passes.soloPass >= 0) return s.view.passes.soloPass == pass;
  return !s.view.passes.passMuted[static_cast<std::size_t>(pass)];
}

namespace {

// Forged in the file, forged by a tuning edit, or any other finding of the relaxed checks.
bool flaggedEmitter(const ViewerState& s, std::uint32_t e) {
  const MountedLevel& l = *s.doc.level;
  return (e < l.forged.size() && l.forged[e]) || (e < l.problems.size() && !l.problems[e].empty());
}

// The marked escape: the crossed plane outlined and hatched (lines show from either side, where a
// wall's own face is culled from behind), and at its moment the billboard's reach: the circle
// its corners sweep, facing the camera, and a bar from its farthest point back to the plane.
void escapeOverlay(const ViewerState& s, OverlayList& out) {
  if (!s.view.escapeMark || s.view.escapeMark->generation != s.doc.levelGeneration) return;
  const EscapeMark& mark = *s.view.escapeMark;
  const std::vector<glm::dvec3>& o = mark.outline;
  for (std::size_t i = 0; i < o.size(); ++i) out.line(o[i], o[(i + 1) % o.size()], overlay_color::kEscapePlane);
  const glm::vec4 hatch = overlay_color::kEscapePlane * glm::vec4(1, 1, 1, 0.45f);
  if (o.size() == 4) {
    for (int i = 1; i < 8; ++i) {
      const double f = i / 8.0;
      out.line(o[0] + (o[1] - o[0]) * f, o[3] + (o[2] - o[3]) * f, hatch);
      out.line(o[0] + (o[3] - o[0]) * f, o[1] + (o[2] - o[1]) * f, hatch);
    }
  } else if (!o.empty()) {
    glm::dvec3 centre(0);
    for (const glm::dvec3& p : o) centre += p / double(o.size());
    for (const glm::dvec3& p : o) out.line(centre, p, hatch);
  }
  if (std::fabs(s.view.clock.time - mark.moment.time) > 1e-6) return;
  const glm::dvec3 c = g(mark.moment.position), n = g(mark.plane.normal);
  const ViewAxes axes = billboardAxes(s.view.camera);
  const double r = mark.moment.halfDiagonal;
  for (int i = 0; i < 32; ++i) {
    const double a0 = i * (6.283185307179586 / 32), a1 = (i + 1) * (6.283185307179586 / 32);
    out.line(c + r * (std::cos(a0) * axes.right + std::sin(a0) * axes.up),
             c + r * (std::cos(a1) * axes.right + std::sin(a1) * axes.up), overlay_color::kEscapeReach);
  }
  const glm::dvec3 tip = c + n * r;
  out.line(tip, tip - n * mark.moment.distance, overlay_color::kEscapeReach);
  out.cross(tip, std::max(0.03, r * 0.2), overlay_color::kEscapeReach);
}

}  // namespace

void buildSceneOverlay(const ViewerState& s, const SceneOptions& o, OverlayList& out) {
  if (!s.doc.level) {
    out.grid(20, 1, overlay_color::kGrid);
    return;
  }
  const world::World& w = s.doc.level->world();
  for (std::uint32_t i = 0; i < w.sectors.size(); ++i) {
    const bool sel = s.view.selection.is(Selection::Kind::Sector, i);
    sectorOutline(w.sectors[i], sel ? overlay_color::kSelectedSector : overlay_color::kSector, overlay_color::kPortal, out);
  }
  const particles::Document* doc = s.doc.level->particles();
  if (!doc) return;
  particles::RenderBuffers buffers;
  for (std::uint32_t e = 0; e < doc->emitters.size(); ++e) {
    const auto& em = doc->emitters[e];
    bool sel = s.view.selection.is(Selection::Kind::Emitter, e) || s.view.selection.is(Selection::Kind::Preset, em.preset);
    if (s.view.selection.kind == Selection::Kind::Texture && s.view.selection.index < s.doc.level->load.textures.size()) {
      // A selected texture highlights every emitter whose sprite uses it.
      const auto& frames = doc->presets[em.preset].sprite.frames;
      sel = std::find(frames.begin(), frames.end(), s.doc.level->load.textures[s.view.selection.index].image.name) != frames.end();
    }
    const bool forged = e < s.doc.level->forged.size() && s.doc.level->forged[e];
    // Any finding of the relaxed checks (forged bounds, outside or missing sector) draws the
    // emitter as a problem, whether or not it is selected (the legend explains the colours).
    const bool problem = forged || (e < s.doc.level->problems.size() && !s.doc.level->problems[e].empty());
    out.cross(g(em.position), 0.15, sel ? overlay_color::kSelectedEmitter : overlay_color::kEmitter);
    if (sel || o.allBounds || problem) {
      // The recomputed box cyan, then the stored one yellow (red for a problem emitter) on top:
      // where they coincide (a box outside its sector) the red still shows.
      if (sel || problem) {
        const auto re = particles::conservativeEmitterBounds(doc->presets[em.preset], em);
        out.box(g(re.min), g(re.max), overlay_color::kRecomputedBounds);
      }
      out.box(g(em.bounds.min), g(em.bounds.max),
              problem ? overlay_color::kForgedBounds : overlay_color::kStoredBounds * glm::vec4(1, 1, 1, sel ? 1.0f : 0.5f));
    }
    if (!o.cpuParticles || !emitterVisible(s, e)) continue;
    buffers.reserve(doc->presets[em.preset].capacity);
    particles::evaluate(*doc, e, s.view.clock.time, buffers);
    for (std::uint32_t i = 0; i < buffers.count; ++i) {
      const float* c = &buffers.color[i * 4];
      // Points carry the particle's colour; faint particles stay visible at a floor of 0.35.
      out.point({buffers.position[i * 3], buffers.position[i * 3 + 1], buffers.position[i * 3 + 2]},
                {c[0], c[1], c[2], std::max(0.35f, c[3])});
    }
  }
  // Corners outside their sector, in red: the selected emitter's and every flagged emitter's.
  for (const auto& fit : world::fitEmitters(w, *doc)) {
    if (!(flaggedEmitter(s, fit.emitter) || s.view.selection.is(Selection::Kind::Emitter, fit.emitter)) || !fit.sectorExists)
      continue;
    for (const auto& c : fit.corners)
      if (!c.inside()) out.cross({c.x, c.y, c.z}, 0.12, overlay_color::kCornerOutside);
  }
  if (s.view.pick) out.cross(g(s.view.pick->state.position), std::max(0.1, s.view.pick->state.size), overlay_color::kPick);
  escapeOverlay(s, out);
}

std::vector<LegendEntry> overlayLegend(const ViewerState& s, const SceneOptions& o) {
  std::vector<LegendEntry> out;
  if (!s.doc.level) {
    out.push_back({overlay_color::kGrid, "ground grid (no level)"});
    return out;
  }
  out.push_back({overlay_color::kSector, "sector walls"});
  const world::World& w = s.doc.level->world();
  const bool portals = std::any_of(w.sectors.begin(), w.sectors.end(), [](const world::Sector& sec) {
    return std::any_of(sec.portals.begin(), sec.portals.end(), [](std::uint32_t p) { return p != world::kNoPortal; });
  });
  if (portals) out.push_back({overlay_color::kPortal, "portal"});
  if (s.view.selection.kind == Selection::Kind::Sector) out.push_back({overlay_color::kSelectedSector, "selected sector"});
  const particles::Document* doc = s.doc.level->particles();
  if (!doc || doc->emitters.empty()) return out;
  out.push_back({overlay_color::kEmitter, "emitter origin"});
  const bool emitterSelected = s.view.selection.kind == Selection::Kind::Emitter && s.view.selection.index < doc->emitters.size();
  const bool anySelected = emitterSelected || s.view.selection.kind == Selection::Kind::Preset ||
                           s.view.selection.kind == Selection::Kind::Texture;
  if (anySelected) out.push_back({overlay_color::kSelectedEmitter, "selected emitter"});
  if (anySelected || o.allBounds) out.push_back({overlay_color::kStoredBounds, "stored bounds"});
  bool anyFlagged = false;
  for (std::uint32_t e = 0; e < doc->emitters.size(); ++e) anyFlagged = anyFlagged || flaggedEmitter(s, e);
  if (anyFlagged) out.push_back({overlay_color::kForgedBounds, "stored bounds of a flagged emitter (see Errors)"});
  if (anySelected || anyFlagged) out.push_back({overlay_color::kRecomputedBounds, "recomputed bounds"});
  if (emitterSelected || anyFlagged) {
    for (const auto& fit : world::fitEmitters(w, *doc))
      if ((flaggedEmitter(s, fit.emitter) || s.view.selection.is(Selection::Kind::Emitter, fit.emitter)) && fit.sectorExists &&
          std::any_of(fit.corners.begin(), fit.corners.end(), [](const auto& c) { return !c.inside(); })) {
        out.push_back({overlay_color::kCornerOutside, "corner outside its sector"});
        break;
      }
  }
  if (s.view.pick) out.push_back({overlay_color::kPick, "picked particle"});
  if (s.view.escapeMark && s.view.escapeMark->generation == s.doc.levelGeneration) {
    out.push_back({overlay_color::kEscapePlane, s.view.escapeMark->moment.plane < 6 ? "crossed face of the stored box"
                                                                                   : "crossed wall, floor or ceiling"});
    if (std::fabs(s.view.clock.time - s.view.escapeMark->moment.time) <= 1e-6)
      out.push_back({overlay_color::kEscapeReach, "escaping billboard's reach past it"});
  }
  return out;
}

}  // namespace kiln::viewer
