// Conservative emitter bounds: closed-form trajectory extrema per world axis (yaw folded into the
// velocity and acceleration weights, so the box is tight for any yaw), billboard radius, margin.
#include "particles/bounds.hpp"

#include <algorithm>
#include <bit>
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <limits>
#include <numbers>

#include "core/float.hpp"
#include "particles/motion.hpp"

namespace kiln::particles {

using core::up;

namespace {

// The GPU-facing (float32-rounded) numbers the bounds depend on.
struct Inputs {
  Vec3 half;  // zero for point spawn
  Vec3 vmin, vmax, accel;
  double drag = 0;
  double lifetimeMax = 0;
  Vec3 position;
  double scale = 1;
  YawBasis yaw;
  double maxSize = 0;
};

Inputs inputsOf(const Preset& p, const Emitter& e) {
  Inputs in;
  if (p.spawnShape == SpawnShape::Box) in.half = up(p.spawnHalfExtents);
  in.vmin = up(p.velocity.min);
  in.vmax = up(p.velocity.max);
  in.accel = up(p.acceleration);
  in.drag = up(p.drag);
  in.lifetimeMax = up(p.lifetime.max);
  in.position = up(e.position);
  in.scale = up(e.scale);
  in.yaw = yawBasis(up(e.yaw));
  for (const SizeKey& k : p.size) in.maxSize = std::max(in.maxSize, up(k.value));
  return in;
}

// One face: the largest value of σ·(world axis component of the local offset).
struct Face {
  double value = 0;
  double age = 0;
  const char* term = "";
};

double h(double v, double a, const DragFactors& k) { return v * k.f + a * k.g; }

// Where d/dt (v·f + a·g) = 0, i.e. where the particle's speed along the axis vanishes;
// negative when the axis velocity never reverses.
double turningAge(double v, double a, double drag) {
  if (a == 0 || v == 0 || (v > 0) == (a > 0)) return -1;
  if (drag == 0) return -v / a;
  // v·e^{-kt} + (a/k)(1 − e^{-kt}) = 0  ⇔  t = log1p(−k·v/a)/k
  return std::log1p(-drag * v / a) / drag;
}

// The drag factors at birth and at the longest lifetime: the same for all six faces.
struct Ends {
  DragFactors birth, end;
};

Face face(const Inputs& in, const Ends& ends, const std::array<double, 3>& w) {
  double spawn = 0, v = 0, a = 0;
  for (int j = 0; j < 3; ++j) {
    spawn += std::fabs(w[j]) * in.half[j];
    // f(t) ≥ 0, so the velocity endpoint that maximises w·v maximises the displacement at every age.
    v += w[j] >= 0 ? w[j] * in.vmax[j] : w[j] * in.vmin[j];
    a += w[j] * in.accel[j];
  }
  Face best{spawn + h(v, a, ends.birth), 0, "spawn and velocity endpoint at birth"};
  const double atEnd = spawn + h(v, a, ends.end);
  if (atEnd > best.value) best = {atEnd, in.lifetimeMax, "end of the longest lifetime"};
  const double t = turningAge(v, a, in.drag);
  if (t > 0 && t < in.lifetimeMax) {
    const double atTurn = spawn + h(v, a, dragFactors(in.drag, t));
    if (atTurn > best.value) best = {atTurn, t, "trajectory extremum"};
  }
  return best;
}

// Outward rounding to float32, so the stored box survives a float32 encoding unchanged.
double downF32(double v) {
  float f = core::toF32(v);
  if (static_cast<double>(f) > v) f = std::nextafter(f, -std::numeric_limits<float>::infinity());
  return f;
}
double upF32(double v) {
  float f = core::toF32(v);
  if (static_cast<double>(f) < v) f = std::nextafter(f, std::numeric_limits<float>::infinity());
  return f;
}

double maxAbs(const Vec3& v) { return std::max({std::fabs(v.x), std::fabs(v.y), std::fabs(v.z)}); }

// The box, and with Explain the reasons behind each face too: one computation for both, the
// bookkeeping compiled out where only the box is wanted (decoding, validation, culling).
template <bool Explain>
Bounds boundsOf(const Preset& p, const Emitter& e, BoundsExplanation* why) {
  const Inputs in = inputsOf(p, e);
  Bounds box;
  const double billboardRadius = in.maxSize * in.scale * (std::numbers::sqrt2 / 2);

  // Margin (docs/particles.md, "Bounds margin"): float32 evaluation on the GPU, bounded relative
  // to the largest magnitude S any term of the position can reach, plus twice the worst
  // truncation error of the fifth-order series (the branch the bounds do not solve exactly).
  const double L = in.lifetimeMax;
  const double speed = std::max(maxAbs(in.vmin), maxAbs(in.vmax));
  const double accel = maxAbs(in.accel);
  const double local = 2 * (maxAbs(in.half) + speed * L + accel * L * L / 2);
  const double magnitude = maxAbs(in.position) + in.scale * local + billboardRadius;
  double series = 0;
  if (in.drag > 0) {
    const double tq = std::min(L, 0.5 / in.drag);
    const double q6 = std::pow(in.drag * tq, 6);
    series = 2 * in.scale * (q6 / 5040 * tq * 2 * speed + q6 / 40320 * tq * tq * 2 * accel);
  }
  const double margin = magnitude * (1.0 / 65536) + series;

  const Ends ends{dragFactors(in.drag, 0), dragFactors(in.drag, L)};
  const double c = in.yaw.c, s = in.yaw.s;
  const std::array<std::array<double, 3>, 3> axes{{{c, -s, 0}, {s, c, 0}, {0, 0, 1}}};
  for (int axis = 0; axis < 3; ++axis) {
    for (int side = 0; side < 2; ++side) {
      const double sigma = side == 0 ? -1 : 1;
      const std::array<double, 3> w{sigma * axes[axis][0], sigma * axes[axis][1], sigma * axes[axis][2]};
      const Face f = face(in, ends, w);
      const double reach = in.scale * f.value + billboardRadius + margin;
      const double centre = in.position[axis];
      if (side == 0) box.min[axis] = downF32(centre - reach);
      else box.max[axis] = upF32(centre + reach);
      if constexpr (Explain) why->faces[static_cast<std::size_t>(axis * 2 + side)] = {f.term, f.age, L, sigma * f.value};
    }
  }
  if constexpr (Explain) {
    why->billboardRadius = billboardRadius;
    why->margin = margin;
  }
  return box;
}

}  // namespace

BoundsExplanation explainEmitterBounds(const Preset& p, const Emitter& e) {
  BoundsExplanation out;
  out.bounds = boundsOf<true>(p, e, &out);
  return out;
}

Bounds conservativeEmitterBounds(const Preset& p, const Emitter& e) { return boundsOf<false>(p, e, nullptr); }

std::array<Vec3, 8> corners(const Bounds& b) {
  std::array<Vec3, 8> out{};
  for (int i = 0; i < 8; ++i)
    out[static_cast<std::size_t>(i)] = {(i & 1) ? b.max.x : b.min.x, (i & 2) ? b.max.y : b.min.y,
                                        (i & 4) ? b.max.z : b.min.z};
  return out;
}

bool sameBits(const Bounds& a, const Bounds& b) {
  const auto bits = [](double v) { return std::bit_cast<std::uint64_t>(v); };
  for (int i = 0; i < 3; ++i)
    if (bits(a.min[i]) != bits(b.min[i]) || bits(a.max[i]) != bits(b.max[i])) return false;
  return true;
}

namespace {

bool isF32(double v) { return static_cast<double>(static_cast<float>(v)) == v || std::isnan(v); }

// The fewest significant digits that read back as the same float32 (the same double when `v`
// is not a float32 value), so the message shows what the file holds, not 17 digits of noise.
std::string shortest(double v, bool sign) {
  char buf[64];
  const bool f32 = isF32(v);
  for (int digits = 1; digits <= 17; ++digits) {
    std::snprintf(buf, sizeof buf, sign ? "%+.*g" : "%.*g", digits, v);
    const double back = std::strtod(buf, nullptr);
    if (f32 ? static_cast<float>(back) == static_cast<float>(v) : back == v) break;
  }
  return buf;
}

// A float32's position on the number line counted in representable values (-0 and +0 share 0).
std::int64_t f32Ordinal(float f) {
  const auto bits = std::bit_cast<std::int32_t>(f);
  return bits >= 0 ? std::int64_t{bits} : -std::int64_t{bits & 0x7fffffff};
}

}  // namespace

std::array<FaceDifference, 6> faceDifferences(const Bounds& stored, const Bounds& recomputed) {
  std::array<FaceDifference, 6> out;
  for (int f = 0; f < 6; ++f) {
    const int axis = f / 2;
    const bool max = f % 2 == 1;
    FaceDifference& d = out[static_cast<std::size_t>(f)];
    d.face = f;
    d.name = std::string(max ? "max." : "min.") + "xyz"[axis];
    d.stored = (max ? stored.max : stored.min)[axis];
    d.recomputed = (max ? recomputed.max : recomputed.min)[axis];
    d.storedText = shortest(d.stored, false);
    d.recomputedText = shortest(d.recomputed, false);
    if (std::bit_cast<std::uint64_t>(d.stored) == std::bit_cast<std::uint64_t>(d.recomputed)) {
      d.differenceText = "0";
      continue;
    }
    d.differenceText = shortest(d.stored - d.recomputed, true);
    if (d.stored == d.recomputed) {
      d.kind = FaceDifference::Kind::SignOfZero;  // -0 and +0: equal as numbers, not as bits
    } else if (!isF32(d.stored) || !isF32(d.recomputed)) {
      d.kind = FaceDifference::Kind::NotFloat32;
    } else {
      d.kind = FaceDifference::Kind::Steps;
      const std::int64_t steps = f32Ordinal(static_cast<float>(d.stored)) - f32Ordinal(static_cast<float>(d.recomputed));
      d.steps = steps < 0 ? -steps : steps;
    }
  }
  return out;
}

std::string boundsDifference(const Bounds& stored, const Bounds& recomputed) {
  std::string out;
  const auto faces = faceDifferences(stored, recomputed);
  for (int side = 0; side < 2; ++side) {
    for (int axis = 0; axis < 3; ++axis) {
      const FaceDifference& d = faces[static_cast<std::size_t>(axis * 2 + side)];
      if (!d.differs()) continue;
      std::string face = "bounds." + d.name + ": stored " + d.storedText + ", recomputed " + d.recomputedText + " (";
      switch (d.kind) {
        case FaceDifference::Kind::SignOfZero: face += "the sign of zero differs)"; break;
        case FaceDifference::Kind::NotFloat32: face += d.differenceText + ", not a float32 value)"; break;
        default:
          face += d.differenceText + ", " + std::to_string(d.steps) + " float32 step" + (d.steps == 1 ? ")" : "s)");
      }
      out += (out.empty() ? "" : "; ") + face;
    }
  }
  return out;
}

}  // namespace kiln::particles
