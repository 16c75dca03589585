// Conservative bounds on hand-checkable emitters: which term sets each face, yaw, scale,
// billboard radius, the margin and float32-representable faces.
#include <catch2/catch.hpp>

#include <cmath>

#include "particles/bounds.hpp"
#include "particles/sample_docs.hpp"

using namespace kiln;
using namespace kiln::particles;

namespace {

// A point emitter with one fixed velocity, no size, at the origin.
Preset straight(Vec3 v, Vec3 a = {}, double drag = 0, double lifetime = 2) {
  Preset p = testdocs::smokePreset("p", 16);
  p.velocity = {v, v};
  p.acceleration = a;
  p.drag = drag;
  p.lifetime = {lifetime, lifetime};
  p.size = {{0, 0}, {1, 0}};
  return p;
}

Emitter origin(double yaw = 0, double scale = 1) {
  Emitter e{.name = "e"};  // initialised, not assigned: GCC 12 -O3 warns falsely on the assignment
  e.bursts = {{0, 1}};
  e.yaw = yaw;
  e.scale = scale;
  return e;
}

bool isF32(double v) { return static_cast<double>(static_cast<float>(v)) == v; }

}  // namespace

TEST_CASE("straight flight: birth and end of lifetime set the faces", "[particles][bounds]") {
  const BoundsExplanation x = explainEmitterBounds(straight({1, 0, 0}), origin());
  const Bounds& b = x.bounds;
  REQUIRE(x.margin > 0);
  CHECK(x.margin < 1e-4);
  CHECK(b.min.x <= -x.margin);
  CHECK(b.min.x >= -2 * x.margin);
  CHECK(b.max.x >= 2 + x.margin);
  CHECK(b.max.x <= 2 + 2 * x.margin);
  CHECK(b.max.y <= 2 * x.margin);
  CHECK(b.max.y >= x.margin);
  CHECK(x.faces[0].age == 0);  // -x: at birth
  CHECK(x.faces[1].age == 2);  // +x: end of the longest lifetime
  CHECK(x.faces[1].extent == 2);
  CHECK(x.faces[1].term == "end of the longest lifetime");
}

TEST_CASE("a thrown particle's apex is a trajectory extremum", "[particles][bounds]") {
  // z(t) = 5t − 5t²: apex 1.25 at t = 0.5, −10 at t = 2.
  const BoundsExplanation x = explainEmitterBounds(straight({0, 0, 5}, {0, 0, -10}), origin());
  CHECK(x.faces[5].term == "trajectory extremum");
  CHECK(x.faces[5].age == 0.5);
  CHECK(x.faces[5].extent == 1.25);
  CHECK(x.bounds.max.z == Approx(1.25).margin(2 * x.margin));
  CHECK(x.bounds.max.z >= 1.25 + x.margin);
  CHECK(x.bounds.min.z <= -10 - x.margin);
  CHECK(x.faces[4].age == 2);
}

TEST_CASE("with drag the apex is where the velocity vanishes", "[particles][bounds]") {
  // v(t) = 5e^{-t} − 10(1 − e^{-t}) = 0 at t = ln 1.5.
  const double t = std::log(1.5);
  const double f = 1 - std::exp(-t), g = t - f;
  const double apex = 5 * f - 10 * g;
  const BoundsExplanation x = explainEmitterBounds(straight({0, 0, 5}, {0, 0, -10}, 1.0), origin());
  CHECK(x.faces[5].age == Approx(t).epsilon(1e-12));
  // The series branch (q = ln 1.5 < 0.5) sits ~2e-6 below the exact apex; the margin's
  // series term (about 3e-5 here) covers that with room to spare.
  CHECK(x.bounds.max.z >= apex + x.margin / 2);
  CHECK(x.bounds.max.z <= apex + 2 * x.margin);
}

TEST_CASE("yaw turns the local box while scale and billboard radius widen it", "[particles][bounds]") {
  const Bounds turned = conservativeEmitterBounds(straight({1, 0, 0}), origin(90));
  CHECK(turned.max.y == Approx(2).margin(1e-3));
  CHECK(turned.max.x == Approx(0).margin(1e-3));
  CHECK(turned.min.x == Approx(0).margin(1e-3));

  Preset sized = straight({1, 0, 0});
  sized.size = {{0, 0.5}, {0.5, 1}, {1, 0}};  // the largest key sets the radius
  const BoundsExplanation x = explainEmitterBounds(sized, origin(0, 2));
  CHECK(x.billboardRadius == Approx(std::sqrt(2.0)));
  CHECK(x.bounds.max.x == Approx(4 + std::sqrt(2.0)).margin(1e-3));
  CHECK(x.bounds.min.z == Approx(-std::sqrt(2.0)).margin(1e-3));
}

TEST_CASE("a 45 degree yaw stays tight: velocity corners are folded per world axis", "[particles][bounds]") {
  Preset p = straight({0, 0, 0});
  p.velocity = {{1, -1, 0}, {1, 1, 0}};  // vx = 1, vy ∈ [−1, 1]
  const Bounds b = conservativeEmitterBounds(p, origin(45));
  // world x = (vx − vy)·t/√2 ∈ [0, 2√2]; a rotated local box would reach the same, while
  // world y = (vx + vy)·t/√2 ∈ [0, 2√2] too, never below 0.
  CHECK(b.max.x == Approx(2 * std::sqrt(2.0)).margin(1e-3));
  CHECK(b.min.x == Approx(0).margin(1e-3));
  CHECK(b.min.y == Approx(0).margin(1e-3));
}

TEST_CASE("faces are float32 values rounded outward", "[particles][bounds]") {
  const Document doc = testdocs::sampleDocumentV2();
  for (const Emitter& e : doc.emitters) {
    const Bounds b = conservativeEmitterBounds(doc.presets[e.preset], e);
    for (int i = 0; i < 3; ++i) {
      CHECK(isF32(b.min[i]));
      CHECK(isF32(b.max[i]));
      CHECK(b.min[i] < b.max[i]);
    }
    CHECK(explainEmitterBounds(doc.presets[e.preset], e).bounds == b);
  }
}

TEST_CASE("corners enumerate the box by index bits", "[particles][bounds]") {
  const Bounds b{{-1, -2, -3}, {1, 2, 3}};
  const auto c = corners(b);
  CHECK(c[0] == Vec3{-1, -2, -3});
  CHECK(c[1] == Vec3{1, -2, -3});
  CHECK(c[2] == Vec3{-1, 2, -3});
  CHECK(c[4] == Vec3{-1, -2, 3});
  CHECK(c[7] == Vec3{1, 2, 3});
}

TEST_CASE("inputs are rounded to float32 in every build", "[particles][bounds]") {
  // The bounds depend on what the GPU receives: the float32 of each authored number. An emitter
  // authored with 0.9 and one authored with float32(0.9) must get the same bits, and one with a
  // different float32 drag must not. (GCC 12.2's vectorizer once dropped this round trip at -O2,
  // making Release and Debug store different bounds.)
  const auto f32 = [](double v) { return static_cast<double>(static_cast<float>(v)); };
  Preset authored = testdocs::embersPreset();
  Preset uploaded = authored;
  uploaded.drag = f32(authored.drag);
  uploaded.spawnHalfExtents = {f32(authored.spawnHalfExtents.x), f32(authored.spawnHalfExtents.y),
                               f32(authored.spawnHalfExtents.z)};
  uploaded.velocity.max.z = f32(authored.velocity.max.z);
  REQUIRE(uploaded.drag != authored.drag);  // 0.9 is not a float32
  const Emitter e = testdocs::onceEmitter();
  CHECK(conservativeEmitterBounds(authored, e) == conservativeEmitterBounds(uploaded, e));

  Preset nudged = uploaded;  // the other side: a drag the GPU would see differently moves a face
  nudged.drag = f32(uploaded.drag + 0.05);
  CHECK_FALSE(conservativeEmitterBounds(nudged, e) == conservativeEmitterBounds(uploaded, e));
}

TEST_CASE("boundsDifference names each differing face with its float32 step count") {
  Bounds stored{{-1, -2, 0}, {1, 2, 3}};
  Bounds recomputed = stored;
  CHECK(boundsDifference(stored, recomputed).empty());
  // Between 2 and 4 a float32 step is 2^-22, so a quarter is 2^20 steps.
  stored.max.z = 2.75;
  CHECK(boundsDifference(stored, recomputed) ==
        "bounds.max.z: stored 2.75, recomputed 3 (-0.25, 1048576 float32 steps)");
  // One step up at 1 (step 2^-23 in [1, 2)); a second face joins with "; ".
  stored.min.x = -1;
  stored.max.x = 1.00000011920928955078125;
  CHECK(boundsDifference(stored, recomputed) ==
        "bounds.max.x: stored 1.0000001, recomputed 1 (+1.1920929e-07, 1 float32 step); "
        "bounds.max.z: stored 2.75, recomputed 3 (-0.25, 1048576 float32 steps)");
  // -0 and +0 are equal numbers but different bits: the stored-bounds rule is bitwise.
  Bounds zero{{0, 0, 0}, {1, 1, 1}};
  Bounds negZero = zero;
  negZero.min.y = -0.0;
  CHECK(boundsDifference(negZero, zero) == "bounds.min.y: stored -0, recomputed 0 (the sign of zero differs)");
  // A value that is no float32 is printed in full and not counted in steps.
  Bounds off = zero;
  off.min.x = 0.1;
  CHECK(boundsDifference(off, zero) == "bounds.min.x: stored 0.1, recomputed 0 (+0.1, not a float32 value)");
}

TEST_CASE("faceDifferences says per face how far the stored box is off, and which way") {
  const Bounds recomputed{{-1, -2, 0}, {1, 2, 3}};
  Bounds stored = recomputed;
  for (const auto& d : faceDifferences(stored, recomputed)) {
    CHECK_FALSE(d.differs());
    CHECK_FALSE(d.tooTight());
    CHECK(d.differenceText == "0");
  }
  stored.max.z = 2.5;   // lower than recomputed: too tight (2^21 steps of 2^-22 between 2 and 4)
  stored.min.x = -1.5;  // lower than recomputed on a min face: loose, particles cannot reach it
  stored.min.y = -1.75; // higher on a min face: too tight
  const auto f = faceDifferences(stored, recomputed);
  CHECK(f[5].name == "max.z");
  CHECK(f[5].kind == FaceDifference::Kind::Steps);
  CHECK(f[5].steps == 2097152);
  CHECK(f[5].differenceText == "-0.5");
  CHECK(f[5].storedText == "2.5");
  CHECK(f[5].recomputedText == "3");
  CHECK(f[5].tooTight());
  CHECK(f[0].name == "min.x");
  CHECK(f[0].differs());
  CHECK_FALSE(f[0].tooTight());
  CHECK(f[0].differenceText == "-0.5");
  CHECK(f[2].name == "min.y");
  CHECK(f[2].tooTight());
  CHECK(f[2].differenceText == "+0.25");
  CHECK(f[2].steps == 2097152);  // 2^-23 per step between 1 and 2: 0.25 is 2^21 steps
  CHECK_FALSE(f[1].differs());
  CHECK_FALSE(f[3].differs());
  CHECK_FALSE(f[4].differs());
}
