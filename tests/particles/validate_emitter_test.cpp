// Emitter and document validation rules, each exercised on both sides of its boundary.
#include <catch2/catch.hpp>

#include <chrono>
#include <cmath>
#include <limits>

#include "particles/sample_docs.hpp"
#include "particles/test_util.hpp"
#include "particles/validate.hpp"

using namespace kiln;
using namespace kiln::particles;
using core::Code;
using testutil::has;

namespace {

void refill(Document& doc) {
  for (auto& e : doc.emitters)
    if (e.preset < doc.presets.size()) e.bounds = conservativeEmitterBounds(doc.presets[e.preset], e);
}

// The minimal document (preset "puff" of capacity 4, one burst of 1) with its emitter edited.
template <class F>
core::Diagnostics withEmitter(F edit, std::uint32_t capacity = 4) {
  Document doc = testdocs::minimalDocument();
  doc.presets[0].capacity = capacity;
  edit(doc.emitters[0]);
  refill(doc);
  return validate(doc);
}

const std::string E = "emitters.puff";
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

}  // namespace

TEST_CASE("emitters reference an existing preset", "[particles][validate]") {
  CHECK(has(withEmitter([](Emitter& e) { e.preset = 1; }), Code::BadReference, E + ".preset"));
  CHECK(withEmitter([](Emitter& e) { e.preset = 0; }).empty());
}

TEST_CASE("placement: finite position and yaw within 180 and positive scale", "[particles][validate]") {
  CHECK(has(withEmitter([](Emitter& e) { e.position.z = kInf; }), Code::NotFinite, E + ".position[2]"));
  CHECK(has(withEmitter([](Emitter& e) { e.yaw = kNaN; }), Code::NotFinite, E + ".yaw"));
  CHECK(withEmitter([](Emitter& e) { e.yaw = 180; }).empty());
  CHECK(withEmitter([](Emitter& e) { e.yaw = -180; }).empty());
  CHECK(has(withEmitter([](Emitter& e) { e.yaw = std::nextafter(180.0, 200.0); }), Code::YawRange, E + ".yaw"));
  CHECK(has(withEmitter([](Emitter& e) { e.yaw = std::nextafter(-180.0, -200.0); }), Code::YawRange, E + ".yaw"));
  CHECK(withEmitter([](Emitter& e) { e.scale = 1e-30; }).empty());
  CHECK(has(withEmitter([](Emitter& e) { e.scale = 0; }), Code::Scale, E + ".scale"));
  CHECK(has(withEmitter([](Emitter& e) { e.scale = -1; }), Code::Scale, E + ".scale"));
  CHECK(has(withEmitter([](Emitter& e) { e.scale = 1e-50; }), Code::Scale, E + ".scale"));  // float32 zero
  CHECK(has(withEmitter([](Emitter& e) { e.mode = static_cast<PlayMode>(2); }), Code::UnknownEnum, E + ".mode"));
}

TEST_CASE("times lie in 0..3600", "[particles][validate]") {
  const double over = std::nextafter(3600.0, 4000.0);
  CHECK(withEmitter([](Emitter& e) { e.delay = 3600; }).empty());
  CHECK(withEmitter([](Emitter& e) { e.delay = 0; }).empty());
  CHECK(has(withEmitter([=](Emitter& e) { e.delay = over; }), Code::DelayRange, E + ".delay_seconds"));
  CHECK(has(withEmitter([](Emitter& e) { e.delay = -1e-300; }), Code::DelayRange, E + ".delay_seconds"));
  CHECK(withEmitter([](Emitter& e) { e.duration = 3600; }).empty());
  CHECK(has(withEmitter([=](Emitter& e) { e.duration = over; }), Code::DurationRange, E + ".duration_seconds"));
  CHECK(has(withEmitter([](Emitter& e) { e.duration = -1; }), Code::DurationRange, E + ".duration_seconds"));
  CHECK(withEmitter([](Emitter& e) { e.bursts[0].time = 3600; }).empty());
  CHECK(has(withEmitter([=](Emitter& e) { e.bursts[0].time = over; }), Code::BurstTime, E + ".bursts[0].time"));
  CHECK(has(withEmitter([](Emitter& e) { e.bursts[0].time = -1e-300; }), Code::BurstTime, E + ".bursts[0].time"));
  CHECK(has(withEmitter([](Emitter& e) { e.bursts[0].time = kNaN; }), Code::NotFinite, E + ".bursts[0].time"));
}

TEST_CASE("a positive rate needs a positive duration and rate is non-negative", "[particles][validate]") {
  CHECK(has(withEmitter([](Emitter& e) { e.rate = 1; }), Code::DurationRange, E + ".duration_seconds"));
  CHECK(withEmitter([](Emitter& e) {
          e.rate = 1;
          e.duration = 1e-9;  // one birth at 0
        }).empty());
  CHECK(has(withEmitter([](Emitter& e) { e.rate = -1e-300; }), Code::RateRange, E + ".rate"));
}

TEST_CASE("bursts: at most 16 and none empty", "[particles][validate]") {
  CHECK(withEmitter([](Emitter& e) { e.bursts.assign(16, {0, 1}); }, 16).empty());
  CHECK(has(withEmitter([](Emitter& e) { e.bursts.assign(17, {0, 1}); }, 17), Code::BurstCount, E + ".bursts"));
  CHECK(has(withEmitter([](Emitter& e) { e.bursts.push_back({0.5, 0}); }), Code::BurstCount, E + ".bursts[1].count"));
}

TEST_CASE("an emitter without births is rejected", "[particles][validate]") {
  CHECK(has(withEmitter([](Emitter& e) { e.bursts.clear(); }), Code::NoBirths, E));
  CHECK(withEmitter([](Emitter& e) {
          e.bursts.clear();
          e.rate = 1e-6;  // a tiny positive rate still births once, at 0
          e.duration = 1;
        }).empty());
}

TEST_CASE("period: positive and at most 3600 when cycling and zero when once", "[particles][validate]") {
  auto cycling = [](double period) {
    return withEmitter([=](Emitter& e) {
      e.mode = PlayMode::Cycle;
      e.period = period;
    }, 4096);
  };
  CHECK(cycling(3600).empty());
  CHECK(has(cycling(std::nextafter(3600.0, 4000.0)), Code::PeriodRange, E + ".period_seconds"));
  CHECK(has(cycling(0), Code::PeriodRange, E + ".period_seconds"));
  CHECK(has(cycling(1e-50), Code::PeriodRange, E + ".period_seconds"));  // float32 zero
  CHECK(has(withEmitter([](Emitter& e) { e.period = 1; }), Code::PeriodRange, E + ".period_seconds"));
}

TEST_CASE("cycling: duration within the period", "[particles][validate]") {
  auto cycle = [](double duration) {
    return withEmitter([=](Emitter& e) {
      e.mode = PlayMode::Cycle;
      e.period = 2;
      e.rate = 1;
      e.duration = duration;
    }, 64);
  };
  CHECK(cycle(2).empty());
  CHECK(has(cycle(std::nextafter(2.0, 3.0)), Code::DurationExceedsPeriod, E + ".duration_seconds"));
}

TEST_CASE("cycling: every birth strictly before float32(period)", "[particles][validate]") {
  auto burstAt = [](double t) {
    return withEmitter([=](Emitter& e) {
      e.mode = PlayMode::Cycle;
      e.period = 2;
      e.bursts = {{0, 1}, {t, 1}};
    }, 64);
  };
  CHECK(burstAt(std::nextafter(2.0f, 0.0f)).empty());
  CHECK(has(burstAt(2), Code::BirthAfterPeriod, E + ".bursts[1].time"));
  // Below the period in float64 but equal to it in float32.
  CHECK(has(burstAt(2 - 1e-9), Code::BirthAfterPeriod, E + ".bursts[1].time"));

  // Rate births: the third birth 2/rate lies 1e-8 below 3 in float64 and rounds to 3.0f.
  auto rateTo = [](double lastBirth) {
    return withEmitter([=](Emitter& e) {
      e.mode = PlayMode::Cycle;
      e.period = 3;
      e.duration = 3;
      e.rate = 2 / lastBirth;
      e.bursts.clear();
    }, 64);
  };
  CHECK(has(rateTo(3 - 1e-8), Code::BirthAfterPeriod, E + ".rate"));
  CHECK(rateTo(3 - 1e-3).empty());
}

TEST_CASE("rate x duration is bounded before any schedule is built", "[particles][validate]") {
  const auto start = std::chrono::steady_clock::now();
  const auto ds = withEmitter([](Emitter& e) {
    e.rate = 1e30;
    e.duration = 3600;
  }, 4096);
  CHECK(has(ds, Code::RateRange, E + ".rate"));
  CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(1));

  auto rate = [](double r) {
    return withEmitter([=](Emitter& e) {
      e.rate = r;
      e.duration = 1;
      e.bursts.clear();
    }, 4096);
  };
  CHECK(rate(4096).empty());  // births at n/4096 for n = 0..4095
  CHECK(has(rate(4097), Code::RateRange, E + ".rate"));
}

TEST_CASE("required capacity fits the preset and 4096 slots", "[particles][validate]") {
  auto births = [](std::uint32_t n, std::uint32_t capacity) {
    return withEmitter([=](Emitter& e) { e.bursts = {{0, n}}; }, capacity);
  };
  CHECK(births(20, 20).empty());
  CHECK(has(births(21, 20), Code::CapacityTooSmall, E + ".preset"));
  // Cycle groups multiply the births: lifetime 3 s over period 1 s → 3 groups.
  auto groups = [](std::uint32_t n) {
    return withEmitter([=](Emitter& e) {
      e.mode = PlayMode::Cycle;
      e.period = 1;
      e.bursts = {{0, n}};
    }, 4096);
  };
  CHECK(groups(1365).empty());  // 4095 slots
  const auto ds = groups(1366);  // 4098 slots
  CHECK(has(ds, Code::SlotsPerEmitter, E));
  CHECK(has(ds, Code::CapacityTooSmall, E + ".preset"));
}

TEST_CASE("document: emitter count and total slots and unique names and version", "[particles][validate]") {
  Document doc = testdocs::minimalDocument();
  doc.presets[0].capacity = 4096;
  const Emitter base = doc.emitters[0];
  doc.emitters.clear();
  for (int i = 0; i < 16; ++i) {
    doc.emitters.push_back(base);
    doc.emitters.back().name = "e" + std::to_string(i);
  }
  refill(doc);
  CHECK(validate(doc).empty());  // exactly 65,536 slots
  doc.emitters.push_back(base);
  doc.emitters.back().name = "e16";
  refill(doc);
  CHECK(has(validate(doc), Code::TotalSlots, "emitters"));

  doc.presets[0].capacity = 1;
  while (doc.emitters.size() < 256) {
    doc.emitters.push_back(base);
    doc.emitters.back().name = "e" + std::to_string(doc.emitters.size() - 1);
  }
  refill(doc);
  CHECK(validate(doc).empty());
  doc.emitters.push_back(base);
  doc.emitters.back().name = "e256";
  refill(doc);
  CHECK(has(validate(doc), Code::EmitterCount, "emitters"));

  Document dup = testdocs::sampleDocumentV1();
  dup.emitters[1].name = dup.emitters[0].name;
  CHECK(has(validate(dup), Code::DuplicateName, "emitters[1].name"));
  Document badName = testdocs::sampleDocumentV1();
  badName.emitters[1].name = "line\nbreak";
  CHECK(has(validate(badName), Code::BadName, "emitters[1].name"));

  for (std::uint16_t v : {0, 3, 65535}) {
    Document d = testdocs::minimalDocument();
    d.version = v;
    CHECK(has(validate(d), Code::UnsupportedVersion, "version"));
  }
}

TEST_CASE("namesProven skips only the name rule, never the uniqueness of names", "[particles][validate]") {
  // What a decode passes after its scan: the same document is judged with and without it.
  Document bad = testdocs::sampleDocumentV1();
  bad.emitters[1].name = "line\nbreak";
  bad.presets[0].name = "tab\there";
  bad.presets[0].sprite.frames[0] = "bell\a";
  ValidateOptions proven;
  proven.namesProven = true;
  const core::Diagnostics checked = validate(bad), trusted = validate(bad, proven);
  CHECK(has(checked, Code::BadName, "emitters[1].name"));
  CHECK(has(checked, Code::BadName, "presets[0].name"));
  CHECK(has(checked, Code::BadName, "presets[0].sprite.frames[0]"));
  for (const auto& d : trusted) CHECK(d.code != Code::BadName);
  // Duplicates are still found.
  Document dup = testdocs::sampleDocumentV1();
  dup.emitters[1].name = dup.emitters[0].name;
  CHECK(has(validate(dup, proven), Code::DuplicateName, "emitters[1].name"));
  // And a valid document stays valid either way.
  CHECK(validate(testdocs::sampleDocumentV1(), proven).empty());
}

TEST_CASE("stored bounds must equal the recomputed bounds bit for bit", "[particles][validate]") {
  Document doc = testdocs::sampleDocumentV1();
  CHECK(validate(doc).empty());
  doc.emitters[1].bounds.max.x = std::nextafter(doc.emitters[1].bounds.max.x, 1e9);
  CHECK(has(validate(doc), Code::ForgedBounds, "emitters.chimney.bounds"));
  CHECK(validate(doc, {.checkStoredBounds = false}).empty());
  // A change elsewhere that moves the envelope also forges the old box.
  Document moved = testdocs::sampleDocumentV1();
  moved.presets[0].velocity.max.z += 0.5;
  CHECK(has(validate(moved), Code::ForgedBounds, "emitters.brazier_left.bounds"));
  Document notFinite = testdocs::sampleDocumentV1();
  notFinite.emitters[0].bounds.min.y = kNaN;
  CHECK(has(validate(notFinite, {.checkStoredBounds = false}), Code::NotFinite, "emitters.brazier_left.bounds.min[1]"));
}
