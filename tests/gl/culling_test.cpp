// Emitter culling never changes a pixel: captures with culling on and off are byte-identical for
// emitters just inside and just outside the view, bounds straddling a plane, emitters before
// their first birth, becoming alive during the frame's time step, and long dead — and culling is
// seen to act (its counters), so the comparisons are not vacuous.
#include "gl_fixture.hpp"
#include "particles/sample_docs.hpp"
#include "particles/schedule.hpp"
#include "render/capture.hpp"
#include "render/cpu/culling.hpp"
#include "render_fixture.hpp"

namespace {

using namespace kiln;

constexpr std::uint32_t kW = 160, kH = 90;

struct Scene {
  particles::Document doc;
  render::Renderer renderer;
  explicit Scene(particles::Document d) : doc(std::move(d)) {
    test::glContext();
    REQUIRE(renderer.prepare(test::roomWorld(), &doc, test::texturesFor(doc)).empty());
  }
  // Captures on and off, returns whether they are the same bytes; stats of the culled one.
  bool same(double t, render::FrameStats& culled) {
    render::FrameOptions on, off;
    off.cull = false;
    const core::Image a = test::shoot(renderer, t, kW, kH, on);
    culled = renderer.stats();
    const core::Image b = test::shoot(renderer, t, kW, kH, off);
    return a.rgba == b.rgba;
  }
};

// Slides an emitter along x until its stored bounds cross the left side of roomCamera's view;
// returns the last x where it is kept and the first where it is culled.
std::pair<double, double> edgeOfView(particles::Document doc, std::size_t e) {
  const render::Frustum f = render::frustumOf(test::roomCamera(), double(kW) / kH);
  auto culledAt = [&](double x) {
    doc.emitters[e].position.x = x;
    testdocs::fillBounds(doc);
    return render::boxOutside(f, doc.emitters[e].bounds);
  };
  double in = 2.0, out = -40.0;  // in view at x = 2, far outside at x = −40
  REQUIRE_FALSE(culledAt(in));
  REQUIRE(culledAt(out));
  for (int i = 0; i < 60; ++i) {
    const double mid = 0.5 * (in + out);
    (culledAt(mid) ? out : in) = mid;
  }
  return {in, out};
}

}  // namespace

TEST_CASE("culling by the view keeps every pixel, just inside and just outside the frustum", "[gl][culling]") {
  particles::Document doc = testdocs::sampleDocumentV2();
  const auto [in, out] = edgeOfView(doc, 0);
  for (double x : {in, out, in - 0.3 * (in - out), 0.5 * (in + out)}) {
    particles::Document d = doc;
    d.emitters[0].position.x = x;
    testdocs::fillBounds(d);
    Scene s(d);
    render::FrameStats st;
    INFO("x = " << x);
    for (double t : {0.3, 0.9}) CHECK(s.same(t, st));
    if (x == out) CHECK(st.emittersCulledFrustum >= 1);
    if (x == in) CHECK(st.emittersCulledFrustum == 0);
  }
}

TEST_CASE("culling by schedule keeps every pixel before, at and after an emitter's alive window", "[gl][culling]") {
  particles::Document doc = testdocs::sampleDocumentV2();
  // A late starter: its first birth at 2 s; frames around it, one at the instant itself.
  particles::Emitter late = testdocs::onceEmitter("late", 0);
  late.delay = 2.0;
  late.position = {1.5, 1.0, 1.0};
  doc.emitters.push_back(late);
  testdocs::fillBounds(doc);
  Scene s(doc);
  const auto schedule = particles::birthSchedule(late);
  const auto window = render::aliveWindow(doc.presets[0], late, schedule);
  render::FrameStats st;
  CHECK(s.same(1.0, st));
  CHECK(st.emittersCulledSchedule >= 1);  // the late emitter waits
  for (double t : {window.start - 1.0 / 60, window.start, window.start + 1e-4, window.start + 1.0 / 60, 2.5}) {
    INFO("t = " << t);
    CHECK(s.same(t, st));
  }
  // Long after the once emitters' last particles died: all of them culled, the frame unchanged.
  CHECK(s.same(60.0, st));
  CHECK(st.emittersCulledSchedule >= 2);
  CHECK(st.emittersDrawn + st.emittersCulledFrustum + st.emittersCulledSchedule == doc.emitters.size());
}
