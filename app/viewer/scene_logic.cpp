// Building the overlay of a mounted level (GL-free).
#include <algorithm>

#include "particles/bounds.hpp"
#include "particles/evaluate.hpp"
#include "scene.hpp"
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

void buildSceneOverlay(const ViewerState& s, const SceneOptions& o, OverlayList& out) {
  if (!s.doc.level) {
    out.grid(20, 1, {0.28f, 0.3f, 0.34f, 1});
    return;
  }
  const world::World& w = s.doc.level->world();
  for (std::uint32_t i = 0; i < w.sectors.size(); ++i) {
    const bool sel = s.view.selection.is(Selection::Kind::Sector, i);
    sectorOutline(w.sectors[i], sel ? glm::vec4(1, 0.85f, 0.3f, 1) : glm::vec4(0.55f, 0.6f, 0.68f, 1),
                  glm::vec4(0.3f, 0.8f, 0.5f, 1), out);
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
    out.cross(g(em.position), 0.15, sel ? glm::vec4(1, 1, 0.3f, 1) : glm::vec4(0.9f, 0.6f, 0.2f, 0.9f));
    if (sel || o.allBounds || problem) {
      // Stored bounds yellow (red for a problem emitter); the recomputed box cyan beside them.
      out.box(g(em.bounds.min), g(em.bounds.max), problem ? kProblemBoxColor : glm::vec4(1, 0.9f, 0.2f, sel ? 1.0f : 0.5f));
      if (sel || problem) {
        const auto re = particles::conservativeEmitterBounds(doc->presets[em.preset], em);
        out.box(g(re.min), g(re.max), kRecomputedBoxColor);
      }
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
    const bool flagged = fit.emitter < s.doc.level->problems.size() && !s.doc.level->problems[fit.emitter].empty();
    const bool selected = s.view.selection.is(Selection::Kind::Emitter, fit.emitter);
    if (!(flagged || selected) || !fit.sectorExists) continue;
    for (const auto& c : fit.corners)
      if (!c.inside()) out.cross({c.x, c.y, c.z}, 0.12, kOutsideCornerColor);
  }
  if (s.view.pick) out.cross(g(s.view.pick->state.position), std::max(0.1, s.view.pick->state.size), {1, 1, 1, 1});
}

}  // namespace kiln::viewer
