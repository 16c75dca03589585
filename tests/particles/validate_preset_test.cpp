// Preset validation rules, each exercised on both sides of its boundary.
#include <catch2/catch.hpp>

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

// The minimal document with its preset changed by `edit`, bounds refilled, validated.
template <class F>
core::Diagnostics withPreset(F edit, std::uint16_t version = 1) {
  Document doc = testdocs::minimalDocument();
  doc.version = version;
  edit(doc.presets[0]);
  for (auto& e : doc.emitters)
    if (e.preset < doc.presets.size()) e.bounds = conservativeEmitterBounds(doc.presets[e.preset], e);
  return validate(doc, {.checkStoredBounds = false});
}

const std::string P = "presets.puff";
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

}  // namespace

TEST_CASE("capacity lies in 1..4096", "[particles][validate]") {
  CHECK(has(withPreset([](Preset& p) { p.capacity = 0; }), Code::Capacity, P + ".capacity"));
  CHECK(withPreset([](Preset& p) { p.capacity = 1; }).empty());
  CHECK(withPreset([](Preset& p) { p.capacity = 4096; }).empty());
  CHECK(has(withPreset([](Preset& p) { p.capacity = 4097; }), Code::Capacity, P + ".capacity"));
}

TEST_CASE("every number is finite also as float32", "[particles][validate]") {
  CHECK(has(withPreset([](Preset& p) { p.velocity.min.y = kNaN; }), Code::NotFinite, P + ".velocity.min[1]"));
  CHECK(has(withPreset([](Preset& p) { p.acceleration.z = kInf; }), Code::NotFinite, P + ".acceleration[2]"));
  CHECK(has(withPreset([](Preset& p) { p.drag = -kInf; }), Code::NotFinite, P + ".drag"));
  CHECK(has(withPreset([](Preset& p) { p.size[1].value = kNaN; }), Code::NotFinite, P + ".size[1].value"));
  CHECK(has(withPreset([](Preset& p) { p.color[0].rgba[2] = kNaN; }), Code::NotFinite, P + ".color[0].rgba[2]"));
  CHECK(has(withPreset([](Preset& p) { p.sprite.fps = kNaN; }), Code::NotFinite, P + ".sprite.fps"));
  CHECK(has(withPreset([](Preset& p) { p.rotationSpeed.max = kInf; }), Code::NotFinite, P + ".rotation.speed.max"));
  // 1e39 is finite in float64 but overflows float32; 3e38 does not.
  CHECK(has(withPreset([](Preset& p) { p.acceleration.x = 1e39; }), Code::NotFinite, P + ".acceleration[0]"));
  CHECK(withPreset([](Preset& p) { p.rotationAngle.max = 3e38; }).empty());
}

TEST_CASE("spawn box half extents are non-negative", "[particles][validate]") {
  auto box = [](double hx) {
    return withPreset([hx](Preset& p) {
      p.spawnShape = SpawnShape::Box;
      p.spawnHalfExtents = {hx, 0.1, 0.1};
    });
  };
  CHECK(box(0).empty());
  CHECK(has(box(-1e-300), Code::SpawnExtent, P + ".spawn.half_extents[0]"));
}

TEST_CASE("ranges have min <= max", "[particles][validate]") {
  CHECK(withPreset([](Preset& p) { p.velocity.min.z = p.velocity.max.z; }).empty());
  CHECK(has(withPreset([](Preset& p) { p.velocity.min.z = std::nextafter(p.velocity.max.z, 10.0); }),
            Code::RangeOrder, P + ".velocity.min[2]"));
  CHECK(withPreset([](Preset& p) { p.rotationAngle = {10, 10}; }).empty());
  CHECK(has(withPreset([](Preset& p) { p.rotationAngle = {10, 9}; }), Code::RangeOrder, P + ".rotation.angle"));
  CHECK(has(withPreset([](Preset& p) { p.rotationSpeed = {1, -1}; }), Code::RangeOrder, P + ".rotation.speed"));
  CHECK(has(withPreset([](Preset& p) { p.lifetime = {2, 1}; }), Code::RangeOrder, P + ".lifetime"));
}

TEST_CASE("lifetime lies in 0..3600 and is positive as uploaded", "[particles][validate]") {
  CHECK(has(withPreset([](Preset& p) { p.lifetime.min = 0; }), Code::LifetimeRange, P + ".lifetime.min"));
  CHECK(withPreset([](Preset& p) { p.lifetime.min = 1e-30; }).empty());
  // Positive in float64 but zero once converted to float32.
  CHECK(has(withPreset([](Preset& p) { p.lifetime.min = 1e-50; }), Code::LifetimeRange, P + ".lifetime.min"));
  CHECK(withPreset([](Preset& p) { p.lifetime.max = 3600; }).empty());
  CHECK(has(withPreset([](Preset& p) { p.lifetime.max = std::nextafter(3600.0, 4000.0); }), Code::LifetimeRange,
            P + ".lifetime.max"));
}

TEST_CASE("drag is non-negative", "[particles][validate]") {
  CHECK(withPreset([](Preset& p) { p.drag = 0; }).empty());
  CHECK(has(withPreset([](Preset& p) { p.drag = -1e-300; }), Code::DragRange, P + ".drag"));
}

TEST_CASE("curves have 2 to 4 keys from age 0 to age 1", "[particles][validate]") {
  CHECK(has(withPreset([](Preset& p) { p.size = {{0, 1}}; }), Code::CurveKeyCount, P + ".size"));
  CHECK(withPreset([](Preset& p) { p.size = {{0, 1}, {1, 1}}; }).empty());
  CHECK(withPreset([](Preset& p) { p.size = {{0, 1}, {0.25, 1}, {0.5, 1}, {1, 1}}; }).empty());
  CHECK(has(withPreset([](Preset& p) { p.size = {{0, 1}, {0.2, 1}, {0.4, 1}, {0.6, 1}, {1, 1}}; }),
            Code::CurveKeyCount, P + ".size"));
  CHECK(has(withPreset([](Preset& p) { p.color.resize(5, p.color[0]); }), Code::CurveKeyCount, P + ".color"));
  CHECK(has(withPreset([](Preset& p) { p.size[0].age = 1e-9; }), Code::CurveFirstAge, P + ".size[0].age"));
  CHECK(has(withPreset([](Preset& p) { p.color[1].age = 1 - 1e-9; }), Code::CurveLastAge, P + ".color[1].age"));
}

TEST_CASE("curve ages increase strictly after float32 conversion", "[particles][validate]") {
  CHECK(has(withPreset([](Preset& p) { p.size = {{0, 1}, {0.6, 1}, {0.4, 1}, {1, 1}}; }), Code::CurveOrder,
            P + ".size[2].age"));
  // Distinct in float64, equal in float32.
  CHECK(has(withPreset([](Preset& p) { p.size = {{0, 1}, {0.5, 1}, {0.5 + 1e-12, 1}, {1, 1}}; }),
            Code::CurveOrder, P + ".size[2].age"));
  const double nextUp = std::nextafter(0.5f, 1.0f);  // one float32 step above 0.5
  CHECK(withPreset([nextUp](Preset& p) { p.size = {{0, 1}, {0.5, 1}, {nextUp, 1}, {1, 1}}; }).empty());
}

TEST_CASE("adjacent float32 curve ages differ by at least 2^-126", "[particles][validate]") {
  const double minNormal = std::ldexp(1.0, -126);
  const double subnormal = std::ldexp(1.0, -130);  // a float32 subnormal: non-zero but too close to 0
  CHECK(has(withPreset([=](Preset& p) { p.color = {{0, {1, 1, 1, 1}}, {subnormal, {1, 1, 1, 1}}, {1, {0, 0, 0, 0}}}; }),
            Code::CurveAgeGap, P + ".color[1].age"));
  CHECK(withPreset([=](Preset& p) { p.color = {{0, {1, 1, 1, 1}}, {minNormal, {1, 1, 1, 1}}, {1, {0, 0, 0, 0}}}; })
            .empty());
}

TEST_CASE("size values are non-negative and RGBA lies in 0..1", "[particles][validate]") {
  CHECK(withPreset([](Preset& p) { p.size[0].value = 0; }).empty());
  CHECK(has(withPreset([](Preset& p) { p.size[0].value = -1e-9; }), Code::SizeRange, P + ".size[0].value"));
  CHECK(withPreset([](Preset& p) { p.color[0].rgba = {0, 0, 1, 1}; }).empty());
  CHECK(has(withPreset([](Preset& p) { p.color[0].rgba[3] = std::nextafter(1.0, 2.0); }), Code::ColorRange,
            P + ".color[0].rgba[3]"));
  CHECK(has(withPreset([](Preset& p) { p.color[1].rgba[0] = -1e-300; }), Code::ColorRange, P + ".color[1].rgba[0]"));
}

TEST_CASE("sprites have 1 to 16 well-named frames", "[particles][validate]") {
  CHECK(has(withPreset([](Preset& p) { p.sprite.frames.clear(); }), Code::FrameCount, P + ".sprite.frames"));
  auto frames = [](std::size_t n) {
    return withPreset([n](Preset& p) {
      p.sprite.frames.assign(n, "f");
      p.sprite.fps = 10;
    });
  };
  CHECK(frames(1).empty());
  CHECK(frames(16).empty());
  CHECK(has(frames(17), Code::FrameCount, P + ".sprite.frames"));
  CHECK(has(withPreset([](Preset& p) { p.sprite.frames = {"ok", ""}; }), Code::BadName, P + ".sprite.frames[1]"));
}

TEST_CASE("fps is at least 2^-126 with several frames and may be 0 with one", "[particles][validate]") {
  auto fps = [](std::size_t frames, double v) {
    return withPreset([=](Preset& p) {
      p.sprite.frames.assign(frames, "f");
      p.sprite.fps = v;
    });
  };
  const double minNormal = std::ldexp(1.0, -126);
  const double largestSubnormal = std::nextafter(static_cast<float>(minNormal), 0.0f);
  CHECK(fps(1, 0).empty());
  CHECK(has(fps(1, -1), Code::Fps, P + ".sprite.fps"));
  CHECK(has(fps(2, 0), Code::Fps, P + ".sprite.fps"));
  CHECK(has(fps(2, largestSubnormal), Code::Fps, P + ".sprite.fps"));
  CHECK(fps(2, minNormal).empty());
}

TEST_CASE("blend modes follow the document version", "[particles][validate]") {
  auto blend = [](Blend b, std::uint16_t v) { return withPreset([b](Preset& p) { p.sprite.blend = b; }, v); };
  CHECK(blend(Blend::Additive, 1).empty());
  CHECK(blend(Blend::Cutout, 1).empty());
  CHECK(has(blend(Blend::Alpha, 1), Code::BlendForVersion, P + ".sprite.blend"));
  CHECK(has(blend(Blend::Premultiplied, 1), Code::BlendForVersion, P + ".sprite.blend"));
  CHECK(blend(Blend::Alpha, 2).empty());
  CHECK(blend(Blend::Premultiplied, 2).empty());
  CHECK(has(blend(static_cast<Blend>(4), 2), Code::UnknownEnum, P + ".sprite.blend"));

  Preset alpha = testdocs::smokePreset("s", 4, Blend::Alpha);
  CHECK(core::contains(validatePreset(alpha), Code::BlendForVersion));
  CHECK(validatePresetForVersion(alpha, 2).empty());
  CHECK(core::contains(validatePresetForVersion(alpha, 1), Code::BlendForVersion));
  CHECK(core::contains(validatePresetForVersion(alpha, 3), Code::UnsupportedVersion));
}

TEST_CASE("unknown enumeration values are rejected", "[particles][validate]") {
  CHECK(has(withPreset([](Preset& p) { p.spawnShape = static_cast<SpawnShape>(2); }), Code::UnknownEnum,
            P + ".spawn.shape"));
  CHECK(has(withPreset([](Preset& p) { p.sprite.facing = static_cast<Facing>(2); }), Code::UnknownEnum,
            P + ".sprite.facing"));
  CHECK(has(withPreset([](Preset& p) { p.sprite.flipbook = static_cast<Flipbook>(9); }), Code::UnknownEnum,
            P + ".sprite.flipbook"));
}

TEST_CASE("names are 1..64 bytes of UTF-8 without control characters", "[particles][validate]") {
  auto named = [](std::string n) {
    Document doc = testdocs::minimalDocument();
    doc.presets[0].name = std::move(n);
    return validate(doc);
  };
  CHECK(named(std::string(64, 'a')).empty());
  CHECK(named("\xC3\xA9t\xC3\xA9").empty());           // "été"
  CHECK(named("\xF0\x9F\x94\xA5").empty());            // U+1F525, four bytes
  CHECK(has(named(""), Code::BadName, "presets[0].name"));
  CHECK(has(named(std::string(65, 'a')), Code::BadName, "presets[0].name"));
  CHECK(has(named("a\tb"), Code::BadName, "presets[0].name"));
  CHECK(has(named("a\x7F"), Code::BadName, "presets[0].name"));
  CHECK(has(named("a\xC2\x85"), Code::BadName, "presets[0].name"));        // C1 control U+0085
  CHECK(has(named("\xC0\x80"), Code::BadName, "presets[0].name"));         // overlong NUL
  CHECK(has(named("\xED\xA0\x80"), Code::BadName, "presets[0].name"));     // surrogate
  CHECK(has(named("\xF4\x90\x80\x80"), Code::BadName, "presets[0].name")); // above U+10FFFF
  CHECK(has(named("\xE2\x82"), Code::BadName, "presets[0].name"));         // truncated sequence
}

TEST_CASE("preset names are unique and at most 64 presets exist", "[particles][validate]") {
  Document doc = testdocs::minimalDocument();
  doc.presets.push_back(doc.presets[0]);
  CHECK(has(validate(doc), Code::DuplicateName, "presets[1].name"));
  doc.presets[1].name = "other";
  CHECK(validate(doc).empty());
  while (doc.presets.size() < 64) {
    std::string name(3, 'p');  // "p" + two letters (GCC 12 -O3 warns falsely on "p" + std::string)
    name[1] = static_cast<char>('a' + doc.presets.size() / 26);
    name[2] = static_cast<char>('a' + doc.presets.size() % 26);
    doc.presets.push_back(testdocs::smokePreset(name));
  }
  CHECK(validate(doc).empty());
  doc.presets.push_back(testdocs::smokePreset("one_too_many"));
  CHECK(has(validate(doc), Code::PresetCount, "presets"));
}
