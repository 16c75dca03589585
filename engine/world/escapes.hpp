// Escapes of one emitter's actual particles from its stored box and from its sector: the one
// search behind `kiln escapes` and the viewer's "Jump to first escape".
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "particles/escapes.hpp"
#include "particles/model.hpp"
#include "world/world.hpp"

namespace kiln::world {

struct EmitterEscapes {
  std::uint32_t emitter = 0;
  bool forged = false;        // the stored bounds differ from the recomputed ones
  bool sectorExists = false;  // the emitter's sector index names a sector
  bool fitsSector = false;    // every corner of the stored box lies in that sector
  // The stored box's six faces (min.x … max.z), then the sector's walls, floor and ceiling when
  // the sector exists: a billboard past any of them has escaped.
  std::vector<particles::Plane> planes;
  particles::EscapeSearch search;
  bool escapes() const { return search.first.has_value(); }
  // The plane a moment names.
  const std::string& face(const particles::EscapeMoment& m) const { return planes.at(m.plane).name; }
};

// The search for one emitter; its preset must be valid (its bounds and sector fit need not be).
EmitterEscapes findEmitterEscapes(const World& w, const particles::Document& doc, std::size_t emitter,
                                  const particles::EscapeOptions& options = {});

// Every emitter, in document order, on up to `threads` threads (0: all cores).
std::vector<EmitterEscapes> findEscapes(const World& w, const particles::Document& doc,
                                        const particles::EscapeOptions& options = {}, unsigned threads = 0);

}  // namespace kiln::world
