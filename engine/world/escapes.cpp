// Escapes against the stored box and the sector, one emitter at a time.
#include "world/escapes.hpp"

#include "particles/bounds.hpp"
#include "particles/evaluate_all.hpp"
#include "world/fit.hpp"

namespace kiln::world {

EmitterEscapes findEmitterEscapes(const World& w, const particles::Document& doc, std::size_t emitter,
                                  const particles::EscapeOptions& options) {
  const particles::Emitter& e = doc.emitters.at(emitter);
  EmitterEscapes out;
  out.emitter = static_cast<std::uint32_t>(emitter);
  out.forged = !particles::sameBits(e.bounds, particles::conservativeEmitterBounds(doc.presets.at(e.preset), e));
  out.planes = particles::boxPlanes(e.bounds);
  out.sectorExists = e.sector < w.sectors.size();
  if (out.sectorExists) {
    const Sector& s = w.sectors[e.sector];
    out.fitsSector = fitEmitter(w, e, out.emitter).inside();
    for (particles::Plane& p : sectorPlanes(s)) out.planes.push_back(std::move(p));
  }
  out.search = particles::findEscapes(doc, emitter, out.planes, options);
  return out;
}

std::vector<EmitterEscapes> findEscapes(const World& w, const particles::Document& doc,
                                        const particles::EscapeOptions& options, unsigned threads) {
  std::vector<EmitterEscapes> out(doc.emitters.size());
  particles::parallelFor(doc.emitters.size(), threads,
                         [&](std::size_t i) { out[i] = findEmitterEscapes(w, doc, i, options); });
  return out;
}

}  // namespace kiln::world
