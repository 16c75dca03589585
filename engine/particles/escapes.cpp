// The escape finder. Between two size keys a particle's distance past a plane is
//   D(age) = A + B·f(age) + C·g(age) + h0 + h1·age
// (f, g the drag factors, f' = e^(−drag·age), g' = f), whose second derivative
// e^(−drag·age)·(C − drag·B) keeps one sign: D' is monotone, so D has at most one turning point
// per segment. The segment's maximum is at an end or that point, and a first crossing lies on a
// monotone piece, found by bisection. The moments reported are then measured again through
// evaluateSlot, the function `kiln eval` prints, and nudged until it agrees they are outside
// and alive.
#include "particles/escapes.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <numbers>

#include "particles/evaluate.hpp"
#include "particles/evaluate_context.hpp"
#include "particles/schedule.hpp"

namespace kiln::particles {

std::vector<Plane> boxPlanes(const Bounds& b) {
  static constexpr const char* kNames[6] = {"min.x", "max.x", "min.y", "max.y", "min.z", "max.z"};
  std::vector<Plane> out;
  for (int axis = 0; axis < 3; ++axis)
    for (int side = 0; side < 2; ++side) {
      Plane p{kNames[axis * 2 + side], {}, side ? b.max[axis] : -b.min[axis]};
      p.normal[axis] = side ? 1 : -1;
      out.push_back(std::move(p));
    }
  return out;
}

double halfDiagonal(double size) { return size * (std::numbers::sqrt2 / 2); }

namespace {

using detail::EmitterContext;

// One birth: where and when it starts, and what it drew.
struct Birth {
  double start = 0;  // level time of birth
  double lifetime = 0;
  detail::Vec3Of<double> spawn, velocity;
  std::uint32_t slot = 0, birth = 0;
  std::int64_t cycle = 0;
};

// D on one size segment [a, b] of one birth against one plane.
struct Distance {
  double A = 0, B = 0, C = 0, h0 = 0, h1 = 0, drag = 0;
  double at(double age) const {
    const DragFactors k = detail::dragFactors(drag, age);
    return A + B * k.f + C * k.g + h0 + h1 * age;
  }
  // Where D' = B·e^(−drag·t) + C·f(t) + h1 vanishes, or NaN.
  double turning() const {
    if (drag == 0) return C != 0 ? -(B + h1) / C : std::numeric_limits<double>::quiet_NaN();
    const double ck = C / drag, denom = B - ck;
    if (denom == 0) return std::numeric_limits<double>::quiet_NaN();
    const double e = -(ck + h1) / denom;  // e^(−drag·t)
    return e > 0 && e <= 1 ? -std::log(e) / drag : std::numeric_limits<double>::quiet_NaN();
  }
};

// The first age in [lo, hi] where D > 0, D increasing on it and D(lo) ≤ 0 < D(hi).
double bisect(const Distance& d, double lo, double hi) {
  for (int i = 0; i < 200; ++i) {
    const double mid = lo + (hi - lo) / 2;
    if (mid <= lo || mid >= hi) break;
    (d.at(mid) > 0 ? hi : lo) = mid;
  }
  return hi;
}

// What the search keeps per particle and plane.
struct Found {
  double firstAge = std::numeric_limits<double>::infinity();
  double maxDistance = -std::numeric_limits<double>::infinity();
  double maxAge = 0;
};

// One segment: updates the first crossing and the maximum.
void searchSegment(const Distance& d, double a, double b, Found& found) {
  const double da = d.at(a), db = d.at(b);
  const double t = d.turning();
  const bool inner = t > a && t < b;
  const double dt = inner ? d.at(t) : -std::numeric_limits<double>::infinity();
  for (const auto& [age, v] : {std::pair{a, da}, std::pair{b, db}, std::pair{inner ? t : a, inner ? dt : da}})
    if (v > found.maxDistance) found.maxDistance = v, found.maxAge = age;
  if (!(a < found.firstAge)) return;
  double first = std::numeric_limits<double>::infinity();
  if (da > 0) first = a;
  else if (inner && dt > 0) first = bisect(d, a, t);  // rises to the turning point
  else if (db > 0) first = bisect(d, inner ? t : a, b);  // rises to the end (past a minimum, if any)
  found.firstAge = std::min(found.firstAge, first);
}

// The size segments of a life in age, with the half-diagonal's line on each.
struct SizeSegment {
  double a = 0, b = 0, h0 = 0, h1 = 0;
};

// At most kMaxCurveKeys − 1 of them; a single key is one constant segment.
struct SizeSegments {
  std::array<SizeSegment, kMaxCurveKeys> items{};
  std::size_t count = 0;
};

SizeSegments sizeSegments(const EmitterContext& x, double lifetime) {
  const double r = halfDiagonal(x.scale);
  SizeSegments out;
  if (x.sizeKeys <= 1) {
    out.items[out.count++] = {0, lifetime, r * (x.sizeKeys ? x.size[0].value : 0), 0};
    return out;
  }
  for (std::size_t i = 0; i + 1 < x.sizeKeys; ++i) {
    const SizeKey& k0 = x.size[i];
    const SizeKey& k1 = x.size[i + 1];
    if (!(k1.age > k0.age)) continue;
    const double a = std::clamp(k0.age, 0.0, 1.0) * lifetime, b = std::clamp(k1.age, 0.0, 1.0) * lifetime;
    // size = v0 + (v1 − v0)·(age/L − t0)/(t1 − t0), a line in age.
    const double slope = (k1.value - k0.value) / ((k1.age - k0.age) * lifetime);
    out.items[out.count++] = {a, b, r * (k0.value - slope * a), r * slope};
  }
  return out;
}

// The births of one cycle that a slot shows (capacity can leave a group's slots dead).
void birthsOf(const EmitterContext& x, const std::vector<float>& schedule, std::int64_t k, std::vector<Birth>& out) {
  const auto births = static_cast<std::uint32_t>(schedule.size());
  const std::uint32_t g = x.cycling ? static_cast<std::uint32_t>(k % x.groups) : 0;
  const std::uint32_t kMix = detail::cycleMix(x, k);
  for (std::uint32_t b = 0; b < births; ++b) {
    const std::uint64_t slot = std::uint64_t{g} * births + b;
    if (slot >= x.live) break;
    const std::uint32_t prefix = core::mixHash(kMix ^ b);
    Birth n;
    n.start = x.emitter->delay + static_cast<double>(k) * x.period + schedule[b];
    n.lifetime = detail::drawnLifetime(x, prefix);
    n.spawn = detail::drawnSpawn(x, prefix);
    n.velocity = detail::drawnVelocity(x, prefix);
    n.slot = static_cast<std::uint32_t>(slot);
    n.birth = b;
    n.cycle = k;
    out.push_back(n);
  }
}

// The moment as evaluateSlot computes it at level time `time`, if the slot then shows this birth.
std::optional<EscapeMoment> measure(const Document& doc, std::size_t emitter, const std::vector<float>& schedule,
                                    std::span<const Plane> planes, std::size_t plane, const Birth& n, double time) {
  ParticleState s;
  if (!evaluateSlot(doc, emitter, schedule, n.slot, time, s) || s.birth != n.birth || s.cycle != n.cycle)
    return std::nullopt;
  EscapeMoment m;
  m.time = time;
  m.slot = s.slot;
  m.birth = s.birth;
  m.cycle = s.cycle;
  m.age = s.age;
  m.lifetime = s.lifetime;
  m.position = s.position;
  m.halfDiagonal = halfDiagonal(s.size);
  m.plane = plane;
  m.distance = planes[plane].distance(s.position) + m.halfDiagonal;
  return m;
}

// The first crossing, measured: nudged later until the evaluator puts the billboard outside by
// kClearlyOutside, so any recomputation from the printed state agrees it is out; a grazing
// particle that never gets that far keeps its first positive moment.
constexpr double kClearlyOutside = 1e-9;

std::optional<EscapeMoment> measureFirst(const Document& doc, std::size_t emitter, const std::vector<float>& schedule,
                                         std::span<const Plane> planes, std::size_t plane, const Birth& n, double age) {
  std::optional<EscapeMoment> grazing;
  double time = n.start + age;
  double step = std::max(1.0, std::fabs(time)) * 1e-15;
  for (int i = 0; i < 80; ++i, step *= 2) {
    const auto m = measure(doc, emitter, schedule, planes, plane, n, time);
    if (m && m->distance >= kClearlyOutside) return m;
    if (m && m->distance > 0 && !grazing) grazing = m;
    time = n.start + age + step;
  }
  return grazing;
}

// The extreme, measured: at the end of a life the particle is already dead, so step back into it.
std::optional<EscapeMoment> measureExtreme(const Document& doc, std::size_t emitter, const std::vector<float>& schedule,
                                           std::span<const Plane> planes, std::size_t plane, const Birth& n, double age) {
  const double end = std::min(age, n.lifetime);
  double a = end, step = std::max(1.0, n.lifetime) * 1e-12;
  for (int i = 0; i < 60; ++i, step *= 2) {
    if (a < n.lifetime)
      if (auto m = measure(doc, emitter, schedule, planes, plane, n, n.start + a)) return m;
    a = std::max(0.0, end - step);
  }
  return std::nullopt;
}

}  // namespace

EscapeSearch findEscapes(const Document& doc, std::size_t emitterIndex, std::span<const Plane> planes,
                         const EscapeOptions& options) {
  EscapeSearch out;
  const Emitter& e = doc.emitters.at(emitterIndex);
  const std::vector<float> schedule = birthSchedule(e);
  // The clock of a late enough time, so every slot group is live; only the shared terms are used.
  const EmitterContext x = detail::prepare(doc, emitterIndex, schedule.size(), 0);
  out.exhaustive = !x.cycling;
  out.until = options.until;
  if (schedule.empty() || planes.empty()) return out;

  // The planes in the emitter's local frame: n·(P + s·R·u) − offset = (n·P − offset) + s·(Rᵀn)·u.
  struct Local {
    double base = 0;
    detail::Vec3Of<double> n;
    double accel = 0;
  };
  std::vector<Local> local;
  for (const Plane& p : planes) {
    Local l;
    l.base = p.distance(x.position);
    l.n = {x.yaw.c * p.normal.x + x.yaw.s * p.normal.y, -x.yaw.s * p.normal.x + x.yaw.c * p.normal.y, p.normal.z};
    l.accel = x.scale * (l.n.x * x.accel.x + l.n.y * x.accel.y + l.n.z * x.accel.z);
    local.push_back(l);
  }
  const auto dot = [](const detail::Vec3Of<double>& a, const detail::Vec3Of<double>& b) {
    return a.x * b.x + a.y * b.y + a.z * b.z;
  };

  std::int64_t cycles = 1;
  if (x.cycling && x.period > 0) {
    const double span = options.until - e.delay;
    cycles = std::max<std::int64_t>(1, static_cast<std::int64_t>(std::ceil(std::min(span / x.period, 1e12))));
    const auto perCycle = static_cast<std::int64_t>(std::max<std::uint64_t>(1, std::min<std::uint64_t>(schedule.size(), x.live)));
    const auto fit = std::max<std::int64_t>(1, static_cast<std::int64_t>(options.maxParticles) / perCycle);
    if (cycles > fit) {
      cycles = fit;
      out.until = e.delay + static_cast<double>(cycles) * x.period;
    }
  }
  out.cycles = cycles;

  struct Best {
    double value = std::numeric_limits<double>::infinity();
    Birth birth;
    std::size_t plane = 0;
    double age = 0;
  } first;
  Best extreme;
  extreme.value = -std::numeric_limits<double>::infinity();
  std::vector<Best> perPlane(planes.size(), extreme);

  std::vector<Birth> births;
  for (std::int64_t k = 0; k < cycles; ++k) {
    births.clear();
    birthsOf(x, schedule, k, births);
    for (const Birth& n : births) {
      ++out.particles;
      const SizeSegments segments = sizeSegments(x, n.lifetime);
      for (std::size_t j = 0; j < local.size(); ++j) {
        const Local& l = local[j];
        Distance d;
        d.A = l.base + x.scale * dot(l.n, n.spawn);
        d.B = x.scale * dot(l.n, n.velocity);
        d.C = l.accel;
        d.drag = x.drag;
        // Only a crossing earlier than the best so far is worth solving.
        Found f;
        const double bound = std::min(n.lifetime, first.value - n.start);
        f.firstAge = bound;
        for (std::size_t i = 0; i < segments.count; ++i) {
          const SizeSegment& s = segments.items[i];
          d.h0 = s.h0, d.h1 = s.h1;
          searchSegment(d, s.a, s.b, f);
        }
        if (f.firstAge < bound) first = {n.start + f.firstAge, n, j, f.firstAge};
        if (f.maxDistance > extreme.value) extreme = {f.maxDistance, n, j, f.maxAge};
        if (f.maxDistance > perPlane[j].value) perPlane[j] = {f.maxDistance, n, j, f.maxAge};
      }
    }
  }
  if (std::isfinite(first.value))
    out.first = measureFirst(doc, emitterIndex, schedule, planes, first.plane, first.birth, first.age);
  if (std::isfinite(extreme.value))
    out.extreme = measureExtreme(doc, emitterIndex, schedule, planes, extreme.plane, extreme.birth, extreme.age);
  for (const Best& b : perPlane)
    if (std::isfinite(b.value))
      if (auto m = measureExtreme(doc, emitterIndex, schedule, planes, b.plane, b.birth, b.age)) out.planes.push_back(*m);
  return out;
}

}  // namespace kiln::particles
