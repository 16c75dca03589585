// ValidateForWorld: each emitter's stored bounds against its sector's walls, floor and ceiling.
#include "world/fit.hpp"

#include <algorithm>
#include <cstdio>

namespace kiln::world {
namespace {

std::string num(double v) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.9g", v);
  return buf;
}

std::string emitterPath(const particles::Emitter& e, std::size_t index) {
  return e.name.empty() ? "emitters[" + std::to_string(index) + "]" : "emitters." + e.name;
}

// The worst (largest signed distance) of a point's planes; ties keep the first in the order
// walls 0..n-1, floor, ceiling, so the answer is deterministic.
CornerFit fitCorner(const Sector& s, int corner, double x, double y, double z) {
  const PlaneDistances d = planeDistances(s, x, y, z);
  CornerFit f{corner, "wall 0", d.walls.empty() ? d.floor : d.walls[0], x, y, z};
  if (d.walls.empty()) f.plane = "floor";
  for (std::size_t k = 1; k < d.walls.size(); ++k)
    if (d.walls[k] > f.distance) f.plane = "wall " + std::to_string(k), f.distance = d.walls[k];
  if (d.floor > f.distance) f.plane = "floor", f.distance = d.floor;
  if (d.ceiling > f.distance) f.plane = "ceiling", f.distance = d.ceiling;
  return f;
}

}  // namespace

bool EmitterFit::inside() const {
  return sectorExists && std::all_of(corners.begin(), corners.end(), [](const CornerFit& c) { return c.inside(); });
}

const CornerFit& EmitterFit::worst() const {
  return *std::max_element(corners.begin(), corners.end(),
                           [](const CornerFit& a, const CornerFit& b) { return a.distance < b.distance; });
}

std::string cornerName(int corner) {
  std::string s = "(";
  s += (corner & 1) ? "max x, " : "min x, ";
  s += (corner & 2) ? "max y, " : "min y, ";
  s += (corner & 4) ? "max z)" : "min z)";
  return s;
}

std::vector<EmitterFit> fitEmitters(const World& w, const particles::Document& doc) {
  std::vector<EmitterFit> fits;
  fits.reserve(doc.emitters.size());
  for (std::size_t i = 0; i < doc.emitters.size(); ++i) {
    const particles::Emitter& e = doc.emitters[i];
    EmitterFit fit;
    fit.emitter = static_cast<std::uint32_t>(i);
    fit.sector = e.sector;
    fit.sectorExists = e.sector < w.sectors.size();
    if (fit.sectorExists) {
      const Sector& s = w.sectors[e.sector];
      for (int c = 0; c < 8; ++c) {
        const double x = (c & 1) ? e.bounds.max.x : e.bounds.min.x;
        const double y = (c & 2) ? e.bounds.max.y : e.bounds.min.y;
        const double z = (c & 4) ? e.bounds.max.z : e.bounds.min.z;
        fit.corners[static_cast<std::size_t>(c)] = fitCorner(s, c, x, y, z);
      }
    }
    fits.push_back(std::move(fit));
  }
  return fits;
}

core::Diagnostics validateForWorld(const World& w, const particles::Document& doc) {
  core::Diagnostics out;
  const std::vector<EmitterFit> fits = fitEmitters(w, doc);
  for (const EmitterFit& fit : fits) {
    const particles::Emitter& e = doc.emitters[fit.emitter];
    const std::string path = emitterPath(e, fit.emitter);
    if (!fit.sectorExists) {
      out.push_back({core::Code::MissingSector, path + ".sector",
                     "sector index " + std::to_string(e.sector) + " does not exist (the world has " +
                         std::to_string(w.sectors.size()) + " sectors)"});
      continue;
    }
    if (fit.inside()) continue;
    const CornerFit& c = fit.worst();
    const auto outside = std::count_if(fit.corners.begin(), fit.corners.end(), [](const CornerFit& f) { return !f.inside(); });
    const Sector& s = w.sectors[fit.sector];
    std::string msg = "corner " + cornerName(c.corner) + " = (" + num(c.x) + ", " + num(c.y) + ", " + num(c.z) +
                      ") lies " + num(c.distance) + " outside " + c.plane + " of sector '" + s.name + "'";
    if (outside > 1) msg += " (" + std::to_string(outside) + " of 8 corners are outside)";
    out.push_back({core::Code::OutsideSector, path + ".bounds", std::move(msg)});
  }
  return out;
}

}  // namespace kiln::world
