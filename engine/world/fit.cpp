// ValidateForWorld: each emitter's stored bounds against its sector's walls, floor and ceiling.
#include "world/fit.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numbers>

#include "core/float.hpp"
#include "particles/bounds.hpp"

namespace kiln::world {
namespace {

std::string num(double v) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.9g", v);
  return buf;
}

// " (from (x, y) to (x, y))" for a wall, so an author who wrote `box:` can find wall k.
std::string wallEnds(const Sector& s, const std::string& plane) {
  if (plane.rfind("wall ", 0) != 0) return "";
  const std::size_t k = std::stoul(plane.substr(5));
  const Vec2 a = s.walls[k], b = s.walls[(k + 1) % s.walls.size()];
  return " (from (" + num(a.x) + ", " + num(a.y) + ") to (" + num(b.x) + ", " + num(b.y) + "))";
}

// Three significant digits: enough to read which term matters.
std::string brief(double v) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.3g", std::fabs(v) < 5e-10 ? 0.0 : v);
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

// The signed distance of a point from the plane a CornerFit names.
double planeDistance(const Sector& s, const std::string& plane, double x, double y, double z) {
  const PlaneDistances d = planeDistances(s, x, y, z);
  if (plane == "floor") return d.floor;
  if (plane == "ceiling") return d.ceiling;
  return d.walls[static_cast<std::size_t>(std::stoul(plane.substr(5)))];
}

// `v` rounded away from the fix (up for a distance to move, down for a size to shrink to), with
// two decimals or, for small values, two significant digits.
std::string rounded(double v, bool upward) {
  const int decimals = v >= 0.1 || v <= 0 ? 2 : std::min(9, 1 - static_cast<int>(std::floor(std::log10(v))));
  const double step = std::pow(10.0, -decimals);
  const double r = upward ? std::ceil(v / step - 1e-9) * step : std::floor(v / step + 1e-9) * step;
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, r);
  return buf;
}

// What the author can change so the worst corner comes inside: move the emitter away from the
// plane, or shrink the sprite so its half-diagonal gives back the overshoot.
std::string fixFor(const CornerFit& c, const FitTerms& t, const particles::Preset& p, const particles::Emitter& e) {
  std::string move = c.plane == "floor"     ? "raise the emitter by "
                     : c.plane == "ceiling" ? "lower the emitter by "
                                            : "move the emitter away from " + c.plane + " by ";
  std::string fix = move + rounded(c.distance, true);
  double maxSize = 0;
  for (const particles::SizeKey& k : p.size) maxSize = std::max(maxSize, k.value);
  if (t.billboard > c.distance && maxSize > 0 && e.scale > 0) {
    const double keep = (t.billboard - c.distance) / t.billboard;  // the share of the half-diagonal that fits
    fix += " or shrink size to <= " + rounded(maxSize * keep, false);
  }
  if (t.motion > c.distance) fix += " or slow the motion toward it (velocity, acceleration, lifetime)";
  if (t.spawn > c.distance) fix += " or shrink spawn.half_extents";
  return fix;
}

}  // namespace

FitTerms explainCorner(const Sector& s, const particles::Preset& p, const particles::Emitter& e,
                       const CornerFit& corner) {
  const particles::BoundsExplanation b = particles::explainEmitterBounds(p, e);
  const double px = e.position.x, py = e.position.y, pz = e.position.z;
  FitTerms t;
  t.position = planeDistance(s, corner.plane, px, py, pz);
  // The distance is affine in the point, so each term's share is the distance it adds when
  // the corner's offset along each axis is that term alone.
  auto along = [&](const std::array<double, 3>& reach) {
    double off[3];
    for (int a = 0; a < 3; ++a) off[a] = ((corner.corner >> a) & 1 ? 1.0 : -1.0) * reach[static_cast<std::size_t>(a)];
    return planeDistance(s, corner.plane, px + off[0], py + off[1], pz + off[2]) - t.position;
  };
  const double scale = static_cast<double>(core::toF32(e.scale));
  const particles::Vec3 half = p.spawnShape == particles::SpawnShape::Box ? p.spawnHalfExtents : particles::Vec3{};
  const double c = std::cos(e.yaw * std::numbers::pi / 180), sn = std::sin(e.yaw * std::numbers::pi / 180);
  // The spawn box turned by yaw, per world axis (as the bounds fold yaw into their weights).
  const std::array<double, 3> spawn{scale * (std::fabs(c) * half.x + std::fabs(sn) * half.y),
                                    scale * (std::fabs(sn) * half.x + std::fabs(c) * half.y), scale * half.z};
  std::array<double, 3> motion{};
  for (int a = 0; a < 3; ++a) {
    const int side = (corner.corner >> a) & 1;
    const double extent = b.faces[static_cast<std::size_t>(a * 2 + side)].extent * (side ? 1.0 : -1.0);
    motion[static_cast<std::size_t>(a)] = scale * extent - spawn[static_cast<std::size_t>(a)];
  }
  t.spawn = along(spawn);
  t.motion = along(motion);
  t.billboard = along({b.billboardRadius, b.billboardRadius, b.billboardRadius});
  t.margin = along({b.margin, b.margin, b.margin});
  return t;
}

std::vector<particles::Plane> sectorPlanes(const Sector& s) {
  std::vector<particles::Plane> out;
  const std::size_t n = s.walls.size();
  for (std::size_t k = 0; k < n; ++k) {
    // Outward is the right of each counter-clockwise edge: (ey, −ex) over the edge's length.
    const Vec2 a = s.walls[k], b = s.walls[(k + 1) % n];
    const double ex = b.x - a.x, ey = b.y - a.y, len = std::hypot(ex, ey);
    const particles::Vec3 normal{ey / len, -ex / len, 0};
    out.push_back({"wall " + std::to_string(k), normal, normal.x * a.x + normal.y * a.y});
  }
  // z = z0 + dzdx·x + dzdy·y: below the floor and above the ceiling are outside.
  const auto height = [](const HeightPlane& h, double side, const char* name) {
    const double len = std::sqrt(1 + h.dzdx * h.dzdx + h.dzdy * h.dzdy);
    return particles::Plane{name, {-side * h.dzdx / len, -side * h.dzdy / len, side / len}, side * h.z / len};
  };
  out.push_back(height(s.floor, -1, "floor"));
  out.push_back(height(s.ceiling, 1, "ceiling"));
  return out;
}

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

EmitterFit fitEmitter(const World& w, const particles::Emitter& e, std::uint32_t index) {
  EmitterFit fit;
  fit.emitter = index;
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
  return fit;
}

std::vector<EmitterFit> fitEmitters(const World& w, const particles::Document& doc) {
  std::vector<EmitterFit> fits;
  fits.reserve(doc.emitters.size());
  for (std::size_t i = 0; i < doc.emitters.size(); ++i)
    fits.push_back(fitEmitter(w, doc.emitters[i], static_cast<std::uint32_t>(i)));
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
                      ") lies " + num(c.distance) + " outside " + c.plane + wallEnds(s, c.plane) + " of sector '" + s.name + "'";
    if (outside > 1) msg += " (" + std::to_string(outside) + " of 8 corners are outside)";
    if (e.preset < doc.presets.size()) {
      const particles::Preset& p = doc.presets[e.preset];
      const FitTerms t = explainCorner(s, p, e, c);
      msg += ". The envelope is the emitter position (" + brief(-t.position) + " inside " + c.plane +
             ") pushed out by spawn " + brief(t.spawn) + ", motion " + brief(t.motion) + ", billboard half-diagonal " +
             brief(t.billboard) + " and margin " + brief(t.margin) + ": " + fixFor(c, t, p, e);
    }
    out.push_back({core::Code::OutsideSector, path + ".bounds", std::move(msg)});
  }
  return out;
}

}  // namespace kiln::world
