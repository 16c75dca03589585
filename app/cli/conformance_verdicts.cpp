// The conformance kit's verdict cases: for every particle rule a document just inside and just
// outside its limit (the limits are the model's own constants, so a changed limit moves its
// cases), every header defect of the four binary formats, and the payload defects of each
// format, located through the codecs' own layout walks where a format has one.
#include <algorithm>
#include <bit>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <functional>
#include <limits>
#include <set>
#include <stdexcept>

#include "cli/conformance.hpp"
#include "cli/conformance_cases.hpp"
#include "core/header.hpp"
#include "particles/bounds.hpp"
#include "particles/kwp1/kwp1.hpp"
#include "particles/schedule.hpp"
#include "sim/kev1.hpp"
#include "world/level.hpp"

namespace kiln::cli::conformance {
namespace cases {

void putU16(Bytes& b, std::uint64_t at, std::uint16_t v) {
  for (int i = 0; i < 2; ++i) b.at(at + static_cast<std::uint64_t>(i)) = static_cast<std::uint8_t>(v >> (8 * i));
}
void putU32(Bytes& b, std::uint64_t at, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) b.at(at + static_cast<std::uint64_t>(i)) = static_cast<std::uint8_t>(v >> (8 * i));
}
void putF64(Bytes& b, std::uint64_t at, double v) {
  const auto u = std::bit_cast<std::uint64_t>(v);
  for (int i = 0; i < 8; ++i) b.at(at + static_cast<std::uint64_t>(i)) = static_cast<std::uint8_t>(u >> (8 * i));
}
void reseal(Bytes& b) {
  const std::span<const std::uint8_t> payload(b.data() + core::kHeaderSize, b.size() - core::kHeaderSize);
  putU32(b, 8, static_cast<std::uint32_t>(payload.size()));
  putU32(b, 12, core::crc32(payload));
}

}  // namespace cases

namespace {

using namespace cases;
namespace wp = kiln::particles;
using Fields = std::vector<core::walk::FieldSpan>;

// The first field whose path ends with `suffix` (the layout walk's own spelling).
const core::walk::FieldSpan& field(const Fields& fields, const std::string& suffix) {
  for (const auto& f : fields)
    if (f.path.size() >= suffix.size() && f.path.compare(f.path.size() - suffix.size(), suffix.size(), suffix) == 0)
      return f;
  std::string known;
  for (const auto& f : fields) known += " " + f.path;
  throw std::runtime_error("the layout has no field ending in '" + suffix + "'; fields:" + known);
}

// The small document every particle rule case edits: one preset, one once emitter of one burst
// and one cycling emitter whose lifetime outlasts its period (two cycle groups).
wp::Document baseDocument() {
  wp::Preset p;
  p.name = "spark";
  p.capacity = 64;
  p.velocity = {{-0.5, -0.5, 1}, {0.5, 0.5, 2}};
  p.lifetime = {1, 2};
  p.acceleration = {0, 0, -1};
  p.drag = 0.5;
  p.rotationAngle = {0, 90};
  p.rotationSpeed = {-30, 30};
  p.size = {{0, 0.1}, {1, 0.2}};
  p.color = {{0, {1, 0.5, 0.2, 1}}, {1, {1, 0.2, 0, 0}}};
  p.sprite.frames = {"spark"};
  wp::Emitter once;
  once.name = "burst";
  once.position = {0, 0, 1};
  once.bursts = {{0, 8}};
  wp::Emitter cycle;
  cycle.name = "fountain";
  cycle.position = {1, 0, 1};
  cycle.rate = 10;
  cycle.duration = 1;
  cycle.mode = wp::PlayMode::Cycle;
  cycle.period = 1.5;
  wp::Document doc;
  doc.presets = {p};
  doc.emitters = {once, cycle};
  return doc;
}

void fillBounds(wp::Document& doc) {
  for (wp::Emitter& e : doc.emitters) e.bounds = wp::conservativeEmitterBounds(doc.presets.at(e.preset), e);
}

struct Builder : CaseList {

  // A particle rule on both sides: `inside` must be accepted (its bounds are recomputed, as a
  // compiler writes them), `outside` rejected with `code` (stored bounds left as the valid
  // base had them: the rule is met before the bounds are compared).
  using DocEdit = std::function<void(wp::Document&)>;
  void rule(const std::string& code, const std::string& name, const std::string& insideWhat, const DocEdit& inside,
            const std::string& outsideWhat, const DocEdit& outside, const std::string& expect = {}) {
    const std::string docs = "docs/codes.md#" + code;
    if (inside) {
      wp::Document doc = baseDocument();
      inside(doc);
      fillBounds(doc);
      add("kwp1." + code + "." + name + ".inside", "KWP1", code, "inside", docs, insideWhat, wp::encodeKwp1(doc),
          std::nullopt);
    }
    if (!outside) return;
    wp::Document doc = baseDocument();
    fillBounds(doc);
    outside(doc);
    add("kwp1." + code + "." + name + ".outside", "KWP1", code, "outside", docs, outsideWhat, wp::encodeKwp1(doc),
        expect.empty() ? code : expect);
  }
};

// Every particle rule of docs/codes.md ("Particle rules"), each on both sides of its limit.
void particleRules(Builder& g) {
  using D = wp::Document;
  const double t = wp::kMaxSeconds;
  auto P = [](D& d) -> wp::Preset& { return d.presets[0]; };
  auto onceOnly = [](D& d) { d.emitters.resize(1); };
  auto copies = [](D& d, std::size_t n) {
    const wp::Emitter e = d.emitters[0];
    d.emitters.clear();
    for (std::size_t i = 0; i < n; ++i) {
      d.emitters.push_back(e);
      d.emitters.back().name = "e" + std::to_string(i);
    }
  };
  auto presets = [](D& d, std::size_t n) {
    const wp::Preset p = d.presets[0];
    d.presets.clear();
    for (std::size_t i = 0; i < n; ++i) {
      d.presets.push_back(p);
      d.presets.back().name = "p" + std::to_string(i);
    }
  };
  const auto maxPresets = wp::kMaxPresets, maxEmitters = wp::kMaxEmitters;
  const auto maxSlots = wp::kMaxSlotsPerEmitter;
  const auto perEmitter = wp::kMaxTotalSlots / maxSlots;

  g.rule("preset-count", "max", std::to_string(maxPresets) + " presets", [&](D& d) { presets(d, maxPresets); },
         std::to_string(maxPresets + 1) + " presets (the format's count limit)", [&](D& d) { presets(d, maxPresets + 1); },
         "count-over-limit");
  g.rule("emitter-count", "max", std::to_string(maxEmitters) + " emitters", [&](D& d) { copies(d, maxEmitters); },
         std::to_string(maxEmitters + 1) + " emitters (the format's count limit)", [&](D& d) { copies(d, maxEmitters + 1); },
         "count-over-limit");
  g.rule("total-slots", "max", std::to_string(perEmitter) + " emitters of capacity " + std::to_string(maxSlots),
         [&](D& d) { P(d).capacity = maxSlots; copies(d, perEmitter); },
         "one more emitter of capacity " + std::to_string(maxSlots),
         [&](D& d) { P(d).capacity = maxSlots; copies(d, perEmitter + 1); });
  g.rule("capacity", "max", "capacity " + std::to_string(maxSlots), [&](D& d) { P(d).capacity = maxSlots; },
         "capacity " + std::to_string(maxSlots + 1), [&](D& d) { P(d).capacity = maxSlots + 1; });
  g.rule("capacity", "min", "capacity 1 with one burst of 1",
         [&](D& d) { onceOnly(d); P(d).capacity = 1; d.emitters[0].bursts = {{0, 1}}; }, "capacity 0",
         [&](D& d) { P(d).capacity = 0; });
  g.rule("capacity-too-small", "required", "capacity equal to the required capacity",
         [&](D& d) {
           std::uint64_t need = 0;
           for (const auto& e : d.emitters) need = std::max(need, wp::requiredCapacity(P(d), e));
           P(d).capacity = static_cast<std::uint32_t>(need);
         },
         "capacity one below the required capacity", [&](D& d) {
           std::uint64_t need = 0;
           for (const auto& e : d.emitters) need = std::max(need, wp::requiredCapacity(P(d), e));
           P(d).capacity = static_cast<std::uint32_t>(need - 1);
         });
  g.rule("duplicate-name", "emitters", {}, nullptr, "two emitters named 'burst'",
         [](D& d) { d.emitters[1].name = d.emitters[0].name; });
  g.rule("curve-key-count", "max", "4 size keys", [&](D& d) { P(d).size = {{0, 0.1}, {0.25, 0.2}, {0.5, 0.1}, {1, 0}}; },
         "5 size keys (the format's count limit)",
         [&](D& d) { P(d).size = {{0, 0.1}, {0.25, 0.2}, {0.5, 0.1}, {0.75, 0.1}, {1, 0}}; }, "count-over-limit");
  g.rule("curve-key-count", "min", {}, nullptr, "1 colour key", [&](D& d) { P(d).color.resize(1); });
  g.rule("curve-first-age", "zero", {}, nullptr, "first size age the least double above 0",
         [&](D& d) { P(d).size[0].age = kTiny; });
  g.rule("curve-last-age", "one", {}, nullptr, "last colour age the double below 1",
         [&](D& d) { P(d).color[1].age = below(1.0); });
  const double half = 0.5, halfUp = std::nextafter(0.5f, 1.0f);
  g.rule("curve-order", "float32", "ages 0, 0.5, the next float32 above 0.5, 1",
         [&](D& d) { P(d).size = {{0, 0.1}, {half, 0.2}, {halfUp, 0.2}, {1, 0}}; },
         "ages 0, 0.5, 0.5 + 1e-12 (the same float32), 1",
         [&](D& d) { P(d).size = {{0, 0.1}, {half, 0.2}, {half + 1e-12, 0.2}, {1, 0}}; });
  g.rule("curve-age-gap", "normal", "ages 0, 2^-126, 1", [&](D& d) { P(d).size = {{0, 0.1}, {0x1p-126, 0.2}, {1, 0}}; },
         "ages 0, 2^-127, 1", [&](D& d) { P(d).size = {{0, 0.1}, {0x1p-127, 0.2}, {1, 0}}; });
  g.rule("color-range", "max", "a component of 1", [&](D& d) { P(d).color[0].rgba[1] = 1; },
         "a component the double above 1", [&](D& d) { P(d).color[0].rgba[1] = above(1.0); });
  g.rule("color-range", "min", "a component of 0", [&](D& d) { P(d).color[0].rgba[2] = 0; },
         "a component the double below 0", [&](D& d) { P(d).color[0].rgba[2] = -kTiny; });
  g.rule("size-range", "min", "a size of 0", [&](D& d) { P(d).size[1].value = 0; }, "a size the double below 0",
         [&](D& d) { P(d).size[1].value = -kTiny; });
  g.rule("frame-count", "max", std::to_string(wp::kMaxFrames) + " frames",
         [&](D& d) { P(d).sprite.frames.assign(wp::kMaxFrames, "spark"); P(d).sprite.fps = 8; },
         std::to_string(wp::kMaxFrames + 1) + " frames (the format's count limit)",
         [&](D& d) { P(d).sprite.frames.assign(wp::kMaxFrames + 1, "spark"); P(d).sprite.fps = 8; }, "count-over-limit");
  g.rule("frame-count", "min", {}, nullptr, "no frame", [&](D& d) { P(d).sprite.frames.clear(); });
  g.rule("fps", "negative", "fps 0 with one frame", [&](D& d) { P(d).sprite.fps = 0; }, "fps the double below 0",
         [&](D& d) { P(d).sprite.fps = -kTiny; });
  g.rule("fps", "flipbook", "two frames at fps 2^-126",
         [&](D& d) { P(d).sprite.frames = {"a", "b"}; P(d).sprite.fps = 0x1p-126; }, "two frames at fps 2^-127",
         [&](D& d) { P(d).sprite.frames = {"a", "b"}; P(d).sprite.fps = 0x1p-127; });
  g.rule("blend-for-version", "alpha", "version 2 with the alpha blend",
         [&](D& d) { d.version = wp::AlphaVersion; P(d).sprite.blend = wp::Blend::Alpha; },
         "version 1 with the alpha blend", [&](D& d) { P(d).sprite.blend = wp::Blend::Alpha; });
  g.rule("blend-for-version", "premultiplied", {}, nullptr, "version 1 with the premultiplied blend",
         [&](D& d) { P(d).sprite.blend = wp::Blend::Premultiplied; });
  g.rule("range-order", "lifetime", "lifetime min = max", [&](D& d) { P(d).lifetime = {1.5, 1.5}; },
         "lifetime min one double above max", [&](D& d) { P(d).lifetime = {above(1.5), 1.5}; });
  g.rule("lifetime-range", "max", "lifetime max 3600 s (once emitter only)",
         [&](D& d) { onceOnly(d); P(d).lifetime.max = t; }, "lifetime max the double above 3600",
         [&](D& d) { P(d).lifetime.max = above(t); });
  g.rule("lifetime-range", "float32-zero", "lifetime min 2^-149 (the least float32)",
         [&](D& d) { P(d).lifetime.min = 0x1p-149; }, "lifetime min 2^-151 (0 as float32)",
         [&](D& d) { P(d).lifetime.min = 0x1p-151; });
  g.rule("duration-range", "max", "a once emitter at 1 birth per 1000 s for 3600 s",
         [&](D& d) { onceOnly(d); d.emitters[0].bursts = {}; d.emitters[0].rate = 0.001; d.emitters[0].duration = t; },
         "duration the double above 3600",
         [&](D& d) { d.emitters[0].bursts = {}; d.emitters[0].rate = 0.001; d.emitters[0].duration = above(t); });
  g.rule("duration-range", "rate-without-duration", {}, nullptr, "rate 1 with duration 0",
         [&](D& d) { d.emitters[0].rate = 1; d.emitters[0].duration = 0; });
  g.rule("period-range", "max", "period 3600 s", [&](D& d) { d.emitters[1].period = t; },
         "period the double above 3600", [&](D& d) { d.emitters[1].period = above(t); });
  g.rule("period-range", "once", {}, nullptr, "a once emitter with period 1",
         [&](D& d) { d.emitters[0].period = 1; });
  g.rule("delay-range", "max", "delay 3600 s", [&](D& d) { d.emitters[0].delay = t; },
         "delay the double above 3600", [&](D& d) { d.emitters[0].delay = above(t); });
  g.rule("delay-range", "min", {}, nullptr, "delay the double below 0", [&](D& d) { d.emitters[0].delay = -kTiny; });
  g.rule("duration-exceeds-period", "equal", "duration equal to the period", [&](D& d) { d.emitters[1].duration = 1.5; },
         "duration the double above the period", [&](D& d) { d.emitters[1].duration = above(1.5); });
  const double lastBefore = std::nextafter(1.5f, 0.0f);
  g.rule("birth-after-period", "float32", "a burst at the float32 below the period",
         [&](D& d) { d.emitters[1].bursts = {{lastBefore, 1}}; },
         "a burst at period - 1e-12 (the period as float32)",
         [&](D& d) { d.emitters[1].bursts = {{1.5 - 1e-12, 1}}; });
  g.rule("burst-count", "max", std::to_string(wp::kMaxBursts) + " bursts",
         [&](D& d) { d.emitters[0].bursts.assign(wp::kMaxBursts, {0, 1}); },
         std::to_string(wp::kMaxBursts + 1) + " bursts (the format's count limit)",
         [&](D& d) { d.emitters[0].bursts.assign(wp::kMaxBursts + 1, {0, 1}); }, "count-over-limit");
  g.rule("burst-count", "empty", {}, nullptr, "a burst of 0 particles", [&](D& d) { d.emitters[0].bursts[0].count = 0; });
  g.rule("burst-time", "max", "a burst at 3600 s", [&](D& d) { d.emitters[0].bursts[0].time = t; },
         "a burst at the double above 3600", [&](D& d) { d.emitters[0].bursts[0].time = above(t); });
  g.rule("burst-time", "min", {}, nullptr, "a burst at the double below 0",
         [&](D& d) { d.emitters[0].bursts[0].time = -kTiny; });
  g.rule("rate-range", "negative", {}, nullptr, "rate the double below 0",
         [&](D& d) { d.emitters[0].rate = -kTiny; d.emitters[0].duration = 1; });
  // A rate alone may schedule at most 4096 births (one slot each): rate 4096/s for 1 s is the
  // most, a rate one double above it one too many.
  auto rateOnly = [&](D& d, double rate) {
    onceOnly(d);
    P(d).capacity = maxSlots;
    d.emitters[0].bursts.clear();
    d.emitters[0].rate = rate;
    d.emitters[0].duration = 1;
  };
  g.rule("rate-range", "births", "rate 4096 per second for 1 s (4096 births)", [&](D& d) { rateOnly(d, maxSlots); },
         "rate 4097 per second for 1 s (4097 births)", [&](D& d) { rateOnly(d, maxSlots + 1.0); });
  g.rule("no-births", "none", {}, nullptr, "no rate and no burst", [&](D& d) { d.emitters[0].bursts.clear(); });
  g.rule("drag-range", "min", "drag 0", [&](D& d) { P(d).drag = 0; }, "drag the double below 0",
         [&](D& d) { P(d).drag = -kTiny; });
  g.rule("spawn-extent", "min", "a box of half extents 0",
         [&](D& d) { P(d).spawnShape = wp::SpawnShape::Box; P(d).spawnHalfExtents = {0, 0, 0}; },
         "a box half extent the double below 0",
         [&](D& d) { P(d).spawnShape = wp::SpawnShape::Box; P(d).spawnHalfExtents = {0.5, -kTiny, 0.5}; });
  g.rule("scale", "positive", "scale 0.001", [&](D& d) { d.emitters[0].scale = 0.001; }, "scale 0",
         [&](D& d) { d.emitters[0].scale = 0; });
  g.rule("yaw-range", "max", "yaw 180", [&](D& d) { d.emitters[0].yaw = 180; }, "yaw the double above 180",
         [&](D& d) { d.emitters[0].yaw = above(180.0); });
  g.rule("yaw-range", "min", "yaw -180", [&](D& d) { d.emitters[0].yaw = -180; }, "yaw the double below -180",
         [&](D& d) { d.emitters[0].yaw = below(-180.0); });
  g.rule("slots-per-emitter", "max", "an emitter that needs 4096 slots (16 bursts of 256, capacity 4096)",
         [&](D& d) {
           onceOnly(d);
           P(d).capacity = maxSlots;
           d.emitters[0].bursts.assign(wp::kMaxBursts, {0, maxSlots / static_cast<std::uint32_t>(wp::kMaxBursts)});
         },
         "an emitter that needs more slots than any preset may hold",
         [&](D& d) {
           onceOnly(d);
           P(d).capacity = maxSlots;
           d.emitters[0].bursts.assign(wp::kMaxBursts, {0, maxSlots / static_cast<std::uint32_t>(wp::kMaxBursts) + 1});
         });
  g.rule("forged-bounds", "max-z", {}, nullptr, "bounds.max.z one float32 step above the recomputed value",
         [&](D& d) { d.emitters[0].bounds.max.z = std::nextafter(static_cast<float>(d.emitters[0].bounds.max.z), 1e30f); });
  g.rule("bad-name", "length", std::string("an emitter name of ") + std::to_string(wp::kMaxNameBytes) + " bytes",
         [&](D& d) { d.emitters[0].name = std::string(wp::kMaxNameBytes, 'n'); }, {}, nullptr);
}

// The 16-byte header every format shares (docs/formats/kwp1.md, "Header"): each defect of it on
// a valid file of each format.
// `cutCode`: what cutting the payload's last byte (resealed) is, which depends on the format's
// last field (a KEV1 section ends with the script, whose count is then past the end).
void headerDefects(Builder& g, const std::string& format, const Bytes& valid, const std::string& cutCode = "truncated") {
  const std::string f = [&] { std::string s = format; for (char& c : s) c = static_cast<char>(std::tolower(c)); return s; }();
  const std::string docs = "docs/formats/kwp1.md#header-16-bytes";
  auto edit = [&](const std::string& name, const std::string& code, const std::string& what,
                  const std::function<void(Bytes&)>& change, bool sealed = false) {
    Bytes b = valid;
    change(b);
    if (sealed) reseal(b);
    g.add(f + ".header." + name, format, code, "malformed", docs, what, std::move(b), code);
  };
  g.add(f + ".valid", format, "accepted", "inside", "docs/formats/" + f + ".md", "a valid " + format + " file", valid,
        std::nullopt);
  edit("bad-magic", "bad-magic", "the fourth magic byte changed", [](Bytes& b) { b[3] = 'X'; });
  edit("header-version", "unsupported-header-version", "header version 2", [](Bytes& b) { b[4] = 2; });
  edit("document-version", "unsupported-version", "document version 99", [](Bytes& b) { b[6] = 99; b[7] = 0; });
  edit("truncated-header", "truncated", "only the first 10 bytes", [](Bytes& b) { b.resize(10); });
  edit("truncated", "truncated", "the last byte cut, header unchanged", [](Bytes& b) { b.pop_back(); });
  edit("bytes-after-payload", "trailing-bytes", "one byte past the declared payload", [](Bytes& b) { b.push_back(0); });
  edit("too-large", "too-large", "payload_size declares 2^31 bytes", [](Bytes& b) { putU32(b, 8, 0x80000000u); });
  edit("checksum", "checksum-mismatch", "crc32 off by one bit", [](Bytes& b) { b[12] ^= 1; });
  edit("payload-trailing-bytes", "trailing-bytes", "4 zero bytes after the last record, resealed",
       [](Bytes& b) { b.insert(b.end(), 4, 0); }, true);
  edit("payload-truncated", cutCode, "the payload's last byte cut, resealed", [](Bytes& b) { b.pop_back(); }, true);
}

// Payload defects located by the codec's own layout walk: a count over its limit or past the
// end, a non-finite number, an undefined enumeration value, a dangling index, a bad name, a
// reserved byte set.
struct PayloadDefect {
  std::string name, code, field, what;
  std::function<void(Bytes&, const core::walk::FieldSpan&)> change;
};

void fill(Bytes& b, const core::walk::FieldSpan& f, std::uint8_t v) {
  for (std::uint32_t i = 0; i < f.width; ++i) b.at(f.offset + i) = v;
}

void payloadDefects(Builder& g, const std::string& format, const Bytes& valid, const Fields& fields,
                    const std::vector<PayloadDefect>& defects) {
  std::string f = format;
  for (char& c : f) c = static_cast<char>(std::tolower(c));
  for (const PayloadDefect& d : defects) {
    const core::walk::FieldSpan& at = field(fields, d.field);
    Bytes b = valid;
    d.change(b, at);
    reseal(b);
    g.add(f + ".payload." + d.name, format, d.code, "malformed", "docs/formats/" + f + ".md#decoding",
          d.what + " (" + at.path + ")", std::move(b), d.code);
  }
}

auto setByte(std::uint8_t v) {
  return [v](Bytes& b, const core::walk::FieldSpan& f) { b.at(f.offset) = v; };
}
auto setAll(std::uint8_t v) {
  return [v](Bytes& b, const core::walk::FieldSpan& f) { fill(b, f, v); };
}
auto setF64(double v) {
  return [v](Bytes& b, const core::walk::FieldSpan& f) { putF64(b, f.offset, v); };
}

// One sector square (0,0)-(4,4), floor 0, ceiling 3: the base of the world rule cases.
world::Sector square(const std::string& name, double x0, double y0, double side) {
  world::Sector s;
  s.name = name;
  s.walls = {{x0, y0}, {x0 + side, y0}, {x0 + side, y0 + side}, {x0, y0 + side}};
  s.floor = {0, 0, 0};
  s.ceiling = {3, 0, 0};
  return s;
}

void worldRules(Builder& g) {
  using W = world::World;
  auto rule = [&](const std::string& code, const std::string& name, const std::string& side, const std::string& what,
                  std::uint16_t version, const std::function<void(W&)>& edit, const std::string& expect = {}) {
    W w;
    w.version = version;
    w.sectors = {square("room", 0, 0, 4)};
    edit(w);
    const bool inside = side == "inside";
    g.add("kws1." + code + "." + name + "." + side, "KWS1", code, side, "docs/formats/kws1.md#validation-validateworld",
          what, world::encodeKws1(w), inside ? std::nullopt : std::optional<std::string>(expect.empty() ? code : expect));
  };
  const std::size_t maxV = world::kMaxVerticesPerSector;
  auto polygon = [](std::size_t n) {
    std::vector<world::Vec2> v;
    for (std::size_t i = 0; i < n; ++i) {
      const double a = 2 * 3.14159265358979323846 * static_cast<double>(i) / static_cast<double>(n);
      v.push_back({10 * std::cos(a), 10 * std::sin(a)});
    }
    return v;
  };
  rule("vertex-count", "min", "inside", "a triangle", 1, [](W& w) { w.sectors[0].walls.pop_back(); });
  rule("vertex-count", "min", "outside", "two vertices", 1, [](W& w) { w.sectors[0].walls.resize(2); });
  rule("vertex-count", "max", "inside", std::to_string(maxV) + " vertices", 1,
       [&](W& w) { w.sectors[0].walls = polygon(maxV); });
  rule("vertex-count", "max", "outside", std::to_string(maxV + 1) + " vertices (the format's count limit)", 1,
       [&](W& w) { w.sectors[0].walls = polygon(maxV + 1); }, "count-over-limit");
  // The format's sector count (kws1.md, u32 ≤ 1024) meets the sector-count rule first.
  const std::size_t maxS = world::kMaxSectors;
  auto grid = [](W& w, std::size_t n) {
    w.sectors.clear();
    for (std::size_t i = 0; i < n; ++i)
      w.sectors.push_back(square("s" + std::to_string(i), 5.0 * static_cast<double>(i % 32),
                                 5.0 * static_cast<double>(i / 32), 4));
  };
  rule("sector-count", "max", "inside", std::to_string(maxS) + " sectors", 1, [&](W& w) { grid(w, maxS); });
  rule("sector-count", "max", "outside", std::to_string(maxS + 1) + " sectors (the format's count limit)", 1,
       [&](W& w) { grid(w, maxS + 1); }, "count-over-limit");
  // A wall of exactly kMinEdgeLength is a wall; one double shorter is degenerate.
  const double minEdge = world::kMinEdgeLength;
  rule("degenerate-edge", "min", "inside", "a triangle with a wall of length 1e-6", 1,
       [&](W& w) { w.sectors[0].walls = {{0, 0}, {minEdge, 0}, {0, 4}}; });
  rule("degenerate-edge", "min", "outside", "a triangle with a wall of length the double below 1e-6", 1,
       [&](W& w) { w.sectors[0].walls = {{0, 0}, {below(minEdge), 0}, {0, 4}}; });
  rule("degenerate-edge", "zero", "outside", "a vertex repeated", 1,
       [](W& w) { w.sectors[0].walls.insert(w.sectors[0].walls.begin() + 1, w.sectors[0].walls[1]); });
  rule("clockwise", "reversed", "outside", "the square's vertices in clockwise order", 1,
       [](W& w) { std::reverse(w.sectors[0].walls.begin(), w.sectors[0].walls.end()); });
  rule("not-convex", "collinear", "outside", "a vertex in the middle of a wall (no turn)", 1,
       [](W& w) { w.sectors[0].walls.insert(w.sectors[0].walls.begin() + 1, {2, 0}); });
  rule("not-convex", "reflex", "outside", "a vertex pushed inwards", 1,
       [](W& w) { w.sectors[0].walls.insert(w.sectors[0].walls.begin() + 1, {2, 1}); });
  rule("floor-above-ceiling", "equal", "inside", "the floor one double below the ceiling", 1,
       [](W& w) { w.sectors[0].floor.z = below(3.0); });
  rule("floor-above-ceiling", "equal", "outside", "the floor at the ceiling", 1,
       [](W& w) { w.sectors[0].floor.z = 3; });
  rule("floor-above-ceiling", "slope", "outside", "a sloped floor reaching the ceiling at one vertex", 3,
       [](W& w) { w.sectors[0].floor = {0, 0.75, 0}; });
  rule("duplicate-name", "sectors", "outside", "two sectors named 'room'", 1,
       [](W& w) { w.sectors.push_back(square("room", 10, 0, 4)); });
  rule("color-range", "ambient", "inside", "an ambient component of 1 (version 3)", 3,
       [](W& w) { w.sectors[0].ambient = {1, 0, 0}; });
  rule("color-range", "ambient", "outside", "an ambient component the double above 1 (version 3)", 3,
       [](W& w) { w.sectors[0].ambient = {above(1.0), 0, 0}; });
  auto pair = [](W& w) {
    w.sectors.push_back(square("east", 4, 0, 4));
    w.sectors[0].portals = {world::kNoPortal, 1, world::kNoPortal, world::kNoPortal};
    w.sectors[1].portals = {world::kNoPortal, world::kNoPortal, world::kNoPortal, 0};
  };
  rule("portal-not-reciprocal", "pair", "inside", "two squares joined by a portal both ways (version 2)", 2, pair);
  rule("portal-not-reciprocal", "pair", "outside", "a portal with no portal back (version 2)", 2, [&](W& w) {
    pair(w);
    w.sectors[1].portals[3] = world::kNoPortal;
  });
  rule("portal-edge-mismatch", "pair", "outside", "portals both ways through walls that are not one edge (version 2)",
       2, [&](W& w) {
         pair(w);
         w.sectors[1].portals = {0, world::kNoPortal, world::kNoPortal, world::kNoPortal};
       });
  rule("bad-reference", "portal", "outside", "a portal to sector 7 of 1 (version 2)", 2,
       [](W& w) { w.sectors[0].portals = {7, world::kNoPortal, world::kNoPortal, world::kNoPortal}; });
  rule("not-finite", "vertex", "outside", "a NaN vertex", 1, [](W& w) { w.sectors[0].walls[2].x = kNaN; });
  rule("bad-name", "empty", "outside", "an empty sector name", 1, [](W& w) { w.sectors[0].name.clear(); });
  rule("bad-name", "control", "outside", "a sector name holding a tab", 1, [](W& w) { w.sectors[0].name = "ro\tom"; });
}

}  // namespace

std::vector<VerdictCase> verdictCases(Profile profile, std::span<const std::uint8_t> klmBase) {
  Builder g;
  g.profile = profile;
  auto decoded = world::decodeKlm1(klmBase);
  if (auto* e = std::get_if<core::DecodeError>(&decoded))
    throw std::runtime_error("the base level does not decode: " + e->message);
  const world::Level& level = std::get<world::Level>(decoded);
  if (!level.events) throw std::runtime_error("the base level has no events: section");

  wp::Document doc = baseDocument();
  fillBounds(doc);
  const Bytes kwp = wp::encodeKwp1(doc);
  const Bytes kws = world::encodeKws1(level.world);
  const Bytes kev = sim::encodeKev1(*level.events);
  const Bytes klm(klmBase.begin(), klmBase.end());

  headerDefects(g, "KWP1", kwp);
  headerDefects(g, "KWS1", kws);
  headerDefects(g, "KEV1", kev, "count-past-end");
  headerDefects(g, "KLM1", klm);

  const auto kwpLayout = wp::layoutKwp1(kwp);
  payloadDefects(g, "KWP1", kwp, std::get<Fields>(kwpLayout),
                 {{"count-over-limit", "count-over-limit", "presets.count", "preset count 2^32 - 1", setAll(0xff)},
                  {"count-past-end", "count-past-end", "emitters.count", "emitter count 200 with 2 present", setByte(200)},
                  {"not-finite-nan", "not-finite", "emitters.burst.position.x", "a NaN position", setF64(kNaN)},
                  {"not-finite-inf", "not-finite", "presets.spark.drag", "an infinite drag", setF64(kInf)},
                  {"unknown-enum", "unknown-enum", "presets.spark.sprite.blend", "blend 9", setByte(9)},
                  {"bad-reference", "bad-reference", "emitters.burst.preset", "preset index 5 of 1", setByte(5)},
                  {"bad-name-control", "bad-name", "presets.spark.name", "a name starting with a control byte",
                   [](Bytes& b, const core::walk::FieldSpan& f) { b.at(f.offset + 1) = 0x01; }},
                  {"reserved-nonzero", "reserved-nonzero", "emitters.burst.reserved", "a reserved byte set",
                   setByte(1)}});
  const auto kevLayout = sim::layoutKev1(kev);
  if (auto* e = std::get_if<core::DecodeError>(&kevLayout)) throw std::runtime_error("KEV1 layout: " + e->message);
  payloadDefects(g, "KEV1", kev, std::get<Fields>(kevLayout),
                 {{"count-over-limit", "count-over-limit", "recipes.count", "recipe count at its width's largest",
                   setAll(0xff)},
                  {"not-finite", "not-finite", "step_hz", "a NaN step rate", setF64(kNaN)},
                  {"unknown-enum", "unknown-enum", "sort", "sort mode 9", setByte(9)},
                  {"reserved-nonzero", "reserved-nonzero", "reserved", "a reserved byte set", setByte(1)}});

  particleRules(g);
  worldRules(g);
  eventRules(g, *level.events);
  levelRules(g, level);
  moduleEntries(g, level);
  return g.out;
}

std::span<const NotFromDocuments> notFromDocuments() {
  static constexpr NotFromDocuments kTable[] = {
      {"size-mismatch", "no decoder reports it: the header check calls a payload size that disagrees with the "
                        "bytes present truncated (too few) or trailing-bytes (too many)"},
      {"encoded-size", "no decoder reports it: a decoded document re-encodes to the bytes it was read from, which "
                       "the 1 MiB file bound (too-large) already held"},
      {"portal-for-version", "the world version decides which fields a KWS1 file has: version 1 stores no portals, "
                             "versions 1 and 2 no slopes or ambient, so a decoded world never carries one its "
                             "version lacks"},
      {"count-clamped", "a KEV1 recipe count is a u32, so a decoded count is never negative"},
      {"io-error", "about reading a file, not about its bytes"},
      {"missing-feature", "a host's mount, after decoding: a decoded module names its features, the host lacks one"},
      {"cartridge-features", "a cartridge manifest's rule, not one of the four binary formats'"},
      {"shared-seed-base", "a warning a compiled file may carry; no decoder refuses it"},
      {"window-closed", "a program error of the sprite batcher; no document value causes it"},
      {"budget-exhausted", "a program error: a sprite declared into a stopped batcher; max_sprites is at least 1"},
      {"sprites-dropped", "a warning when drawing a frame, not a rule of the document"},
      {"palette-table", "KEV1 stores a sprite's palette name only with blend palette, so a decoded section never "
                        "gives a palette without it, and a table's size is the host's image, not in the file"},
  };
  return kTable;
}

std::vector<std::string> uncoveredCodes(const std::vector<VerdictCase>& cases) {
  // The document sections of the code table: binary, particle and world (BadMagic ..
  // CartridgeFeatures) and the event model's (EventCapacity .. SpritesDropped). A code is covered
  // when a case expects it, or names it as its rule where the format's own count limit meets the
  // rule first (65 presets are count-over-limit). A code appended to one of those sections of
  // codes.def is listed here until a case covers it or notFromDocuments() says why none can.
  std::set<std::string> covered;
  for (const VerdictCase& c : cases) {
    if (c.expectCode) covered.insert(*c.expectCode);
    covered.insert(c.rule);
  }
  for (const NotFromDocuments& n : notFromDocuments()) covered.insert(std::string(n.code));
  std::vector<std::string> out;
  bool inRange = false;
  for (const core::Code code : core::allCodes()) {
    if (code == core::Code::BadMagic || code == core::Code::EventCapacity) inRange = true;
    if (inRange && !covered.contains(std::string(core::codeName(code)))) out.emplace_back(core::codeName(code));
    if (code == core::Code::CartridgeFeatures || code == core::Code::SpritesDropped) inRange = false;
  }
  return out;
}

Json decodeVerdict(const std::string& format, std::span<const std::uint8_t> bytes) {
  std::optional<core::DecodeError> error;
  if (format == "KWP1") {
    auto r = wp::decodeKwp1(bytes);
    if (auto* e = std::get_if<core::DecodeError>(&r)) error = *e;
  } else if (format == "KWS1") {
    auto r = world::decodeKws1(bytes);
    if (auto* e = std::get_if<core::DecodeError>(&r)) error = *e;
  } else if (format == "KEV1") {
    auto r = sim::decodeKev1(bytes);
    if (auto* e = std::get_if<core::DecodeError>(&r)) error = *e;
  } else if (format == "KLM1") {
    auto r = world::decodeKlm1(bytes);
    if (auto* e = std::get_if<core::DecodeError>(&r)) error = *e;
  } else {
    throw std::runtime_error("no format " + format);
  }
  Json v;
  if (!error) {
    v["verdict"] = "accepted";
    return v;
  }
  v["verdict"] = "rejected";
  v["code"] = std::string(core::codeName(error->code));
  v["offset"] = error->offset;
  v["path"] = error->path;
  return v;
}

std::string f32Bits(double v) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%08x", std::bit_cast<std::uint32_t>(static_cast<float>(v)));
  return buf;
}

}  // namespace kiln::cli::conformance
