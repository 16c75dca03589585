// Builds the golden KWP1 fixtures: format defects are byte edits located through the layout
// dump; validation defects are one-field edits of a valid document, then encoded.
#include "goldens.hpp"

#include <bit>
#include <functional>
#include <limits>
#include <stdexcept>

#include "core/header.hpp"
#include "particles/kwp1/kwp1.hpp"
#include "particles/sample_docs.hpp"

namespace kiln::kwp1test {

namespace wp = kiln::particles;
using core::Code;

std::uint64_t fieldOffset(const std::vector<std::uint8_t>& file, const std::string& path) {
  auto layout = wp::layoutKwp1(file);
  if (auto* e = std::get_if<core::DecodeError>(&layout))
    throw std::runtime_error("layout failed: " + e->message);
  for (const auto& f : std::get<std::vector<wp::FieldSpan>>(layout))
    if (f.path == path) return f.offset;
  throw std::runtime_error("no field " + path);
}

void patchBytes(std::vector<std::uint8_t>& file, std::uint64_t at, const std::vector<std::uint8_t>& bytes) {
  for (std::size_t i = 0; i < bytes.size(); ++i) file.at(at + i) = bytes[i];
}

void patchU32(std::vector<std::uint8_t>& file, std::uint64_t at, std::uint32_t v) {
  patchBytes(file, at,
             {static_cast<std::uint8_t>(v), static_cast<std::uint8_t>(v >> 8),
              static_cast<std::uint8_t>(v >> 16), static_cast<std::uint8_t>(v >> 24)});
}

void patchF64(std::vector<std::uint8_t>& file, std::uint64_t at, double v) {
  const auto u = std::bit_cast<std::uint64_t>(v);
  std::vector<std::uint8_t> b(8);
  for (int i = 0; i < 8; ++i) b[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(u >> (8 * i));
  patchBytes(file, at, b);
}

void reseal(std::vector<std::uint8_t>& file) {
  const std::span<const std::uint8_t> payload(file.data() + core::kHeaderSize,
                                              file.size() - core::kHeaderSize);
  patchU32(file, 8, static_cast<std::uint32_t>(payload.size()));
  patchU32(file, 12, core::crc32(payload));
}

namespace {

using Edit = std::function<void(std::vector<std::uint8_t>&)>;
using DocEdit = std::function<void(wp::Document&)>;

struct Builder {
  std::vector<Golden> out;
  std::vector<std::uint8_t> v1 = wp::encodeKwp1(testdocs::sampleDocumentV1());

  void valid(std::string file, const wp::Document& doc, std::string why) {
    out.push_back({std::move(file), wp::encodeKwp1(doc), true, {}, std::move(why)});
  }
  // A byte edit of the valid version-1 file; `sealed` re-computes size and crc afterwards.
  void bytes(std::string file, Code code, bool sealed, std::string why, const Edit& edit) {
    auto b = v1;
    edit(b);
    if (sealed) reseal(b);
    out.push_back({std::move(file), std::move(b), false, code, std::move(why)});
  }
  // A one-field edit of a valid document, then encoded as usual (stored bounds unchanged).
  void model(std::string file, Code code, std::string why, const DocEdit& edit,
             wp::Document base = testdocs::sampleDocumentV1()) {
    edit(base);
    out.push_back({std::move(file), wp::encodeKwp1(base), false, code, std::move(why)});
  }
};

}  // namespace

std::vector<Golden> buildGoldens() {
  Builder g;
  const auto& v1 = g.v1;
  auto at = [&](const std::string& path) { return fieldOffset(v1, path); };
  constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
  constexpr double kInf = std::numeric_limits<double>::infinity();

  g.valid("valid-v1.kwp", testdocs::sampleDocumentV1(), "version 1: additive + cutout, once + cycling");
  g.valid("valid-v2.kwp", testdocs::sampleDocumentV2(), "version 2: alpha and premultiplied presets");
  g.valid("valid-minimal.kwp", testdocs::minimalDocument(), "one preset, one emitter, one burst");

  // --- header ---
  g.bytes("invalid-bad-magic.kwp", Code::BadMagic, false, "magic KWP2", [](auto& b) { b[3] = '2'; });
  g.bytes("invalid-unsupported-header-version.kwp", Code::UnsupportedHeaderVersion, false, "header version 2",
          [](auto& b) { b[4] = 2; });
  g.bytes("invalid-unsupported-version.kwp", Code::UnsupportedVersion, false, "document version 3",
          [](auto& b) { b[6] = 3; });
  g.bytes("invalid-document-version-zero.kwp", Code::UnsupportedVersion, false, "document version 0",
          [](auto& b) { b[6] = 0; });
  g.bytes("invalid-truncated-header.kwp", Code::Truncated, false, "only the first 10 bytes",
          [](auto& b) { b.resize(10); });
  g.bytes("invalid-truncated.kwp", Code::Truncated, false, "last 10 bytes cut, header unchanged",
          [](auto& b) { b.resize(b.size() - 10); });
  g.bytes("invalid-bytes-after-payload.kwp", Code::TrailingBytes, false, "4 bytes past the declared payload",
          [](auto& b) { b.insert(b.end(), 4, 0); });
  g.bytes("invalid-too-large.kwp", Code::TooLarge, false, "payload_size declares 1 MiB",
          [](auto& b) { patchU32(b, 8, 1u << 20); });
  g.bytes("invalid-checksum-mismatch.kwp", Code::ChecksumMismatch, false, "crc32 off by one bit",
          [](auto& b) { b[12] ^= 1; });

  // --- payload well-formedness (phase 1); each re-sealed so only the defect remains ---
  g.bytes("invalid-trailing-bytes.kwp", Code::TrailingBytes, true, "4 zero bytes after the last emitter",
          [](auto& b) { b.insert(b.end(), 4, 0); });
  g.bytes("invalid-payload-truncated.kwp", Code::Truncated, true, "payload cut inside the last bounds",
          [](auto& b) { b.resize(b.size() - 4); });
  g.bytes("invalid-count-over-limit.kwp", Code::CountOverLimit, true, "preset count 4,294,967,295",
          [&](auto& b) { patchU32(b, at("presets.count"), 0xffffffffu); });
  g.bytes("invalid-count-over-limit-frames.kwp", Code::CountOverLimit, true, "17 frames declared",
          [&](auto& b) { b[at("presets.embers.sprite.frames.count")] = 17; });
  g.bytes("invalid-count-past-end.kwp", Code::CountPastEnd, true, "emitter count 200 with 2 emitters present",
          [&](auto& b) { patchU32(b, at("emitters.count"), 200); });
  g.bytes("invalid-count-past-end-bursts.kwp", Code::CountPastEnd, true,
          "16 bursts declared in the last emitter",
          [&](auto& b) { b[at("emitters.chimney.bursts.count")] = 16; });
  g.bytes("invalid-not-finite-nan.kwp", Code::NotFinite, true, "emitter yaw NaN",
          [&](auto& b) { patchF64(b, at("emitters.brazier_left.yaw"), kNaN); });
  g.bytes("invalid-not-finite-inf.kwp", Code::NotFinite, true, "preset drag +inf",
          [&](auto& b) { patchF64(b, at("presets.embers.drag"), kInf); });
  g.bytes("invalid-unknown-enum.kwp", Code::UnknownEnum, true, "blend 4",
          [&](auto& b) { b[at("presets.embers.sprite.blend")] = 4; });
  g.bytes("invalid-unknown-enum-mode.kwp", Code::UnknownEnum, true, "emitter mode 2",
          [&](auto& b) { b[at("emitters.brazier_left.mode")] = 2; });
  g.bytes("invalid-bad-reference.kwp", Code::BadReference, true, "preset index 2 of 2 presets",
          [&](auto& b) { patchU32(b, at("emitters.chimney.preset"), 2); });
  g.bytes("invalid-bad-reference-sector.kwp", Code::BadReference, true, "sector index 1024",
          [&](auto& b) { patchU32(b, at("emitters.brazier_left.sector"), 1024); });
  g.bytes("invalid-bad-name-utf8.kwp", Code::BadName, true, "first name byte 0xff",
          [&](auto& b) { b[at("presets.embers.name") + 1] = 0xff; });
  g.bytes("invalid-bad-name-control.kwp", Code::BadName, true, "a tab inside an emitter name",
          [&](auto& b) { b[at("emitters.brazier_left.name") + 2] = '\t'; });
  g.bytes("invalid-bad-name-empty.kwp", Code::BadName, true, "a frame name of length 0",
          [&](auto& b) { b[at("presets.embers.sprite.frames[0]")] = 0; });
  g.bytes("invalid-reserved-nonzero.kwp", Code::ReservedNonZero, true, "emitter reserved byte 1 is 1",
          [&](auto& b) { b[at("emitters.brazier_left.reserved") + 1] = 1; });

  // --- validation (phase 2) ---
  g.model("invalid-forged-bounds.kwp", Code::ForgedBounds, "stored bounds.max.z raised by 1",
          [](auto& d) { d.emitters[0].bounds.max.z += 1; });
  g.model("invalid-blend-for-version-alpha.kwp", Code::BlendForVersion, "version 1 smoke preset uses alpha",
          [](auto& d) { d.presets[1].sprite.blend = wp::Blend::Alpha; });
  g.model("invalid-blend-for-version-premultiplied.kwp", Code::BlendForVersion,
          "version 1 smoke preset uses premultiplied",
          [](auto& d) { d.presets[1].sprite.blend = wp::Blend::Premultiplied; });
  g.model("invalid-curve-order.kwp", Code::CurveOrder, "size key 1 at age 0 repeats key 0",
          [](auto& d) { d.presets[0].size[1].age = 0; });
  g.model("invalid-curve-key-count.kwp", Code::CurveKeyCount, "a one-key colour curve",
          [](auto& d) { d.presets[0].color.resize(1); });
  g.model("invalid-curve-first-age.kwp", Code::CurveFirstAge, "size curve starts at age 0.25",
          [](auto& d) { d.presets[0].size[0].age = 0.25; });
  g.model("invalid-curve-last-age.kwp", Code::CurveLastAge, "colour curve ends at age 0.75",
          [](auto& d) { d.presets[0].color[1].age = 0.75; });
  g.model("invalid-color-range.kwp", Code::ColorRange, "red 1.5",
          [](auto& d) { d.presets[0].color[0].rgba[0] = 1.5; });
  g.model("invalid-size-range.kwp", Code::SizeRange, "size -0.1",
          [](auto& d) { d.presets[0].size[1].value = -0.1; });
  g.model("invalid-capacity.kwp", Code::Capacity, "capacity 4097",
          [](auto& d) { d.presets[0].capacity = 4097; });
  g.model("invalid-capacity-too-small.kwp", Code::CapacityTooSmall, "embers capacity 19 for 20 births",
          [](auto& d) { d.presets[0].capacity = 19; });
  g.model("invalid-frame-count.kwp", Code::FrameCount, "no frames",
          [](auto& d) { d.presets[1].sprite.frames.clear(); });
  g.model("invalid-fps.kwp", Code::Fps, "two frames at fps 0", [](auto& d) { d.presets[0].sprite.fps = 0; });
  g.model("invalid-range-order.kwp", Code::RangeOrder, "velocity.min.x above max.x",
          [](auto& d) { d.presets[0].velocity.min.x = 0.3; });
  g.model("invalid-lifetime-range.kwp", Code::LifetimeRange, "lifetime max 3601 s",
          [](auto& d) { d.presets[1].lifetime.max = 3601; });
  g.model("invalid-drag-range.kwp", Code::DragRange, "drag -1", [](auto& d) { d.presets[0].drag = -1; });
  g.model("invalid-spawn-extent.kwp", Code::SpawnExtent, "half extent x -0.2",
          [](auto& d) { d.presets[0].spawnHalfExtents.x = -0.2; });
  g.model("invalid-duplicate-name.kwp", Code::DuplicateName, "two emitters named brazier_left",
          [](auto& d) { d.emitters[1].name = d.emitters[0].name; });
  g.model("invalid-scale.kwp", Code::Scale, "scale 0", [](auto& d) { d.emitters[0].scale = 0; });
  g.model("invalid-yaw-range.kwp", Code::YawRange, "yaw 181", [](auto& d) { d.emitters[0].yaw = 181; });
  g.model("invalid-period-range.kwp", Code::PeriodRange, "cycling emitter with period 0",
          [](auto& d) { d.emitters[1].period = 0; });
  g.model("invalid-delay-range.kwp", Code::DelayRange, "delay 3601 s",
          [](auto& d) { d.emitters[0].delay = 3601; });
  g.model("invalid-duration-exceeds-period.kwp", Code::DurationExceedsPeriod, "duration 2.5 s, period 2 s",
          [](auto& d) { d.emitters[1].duration = 2.5; });
  g.model("invalid-burst-count.kwp", Code::BurstCount, "a burst of 0 particles",
          [](auto& d) { d.emitters[0].bursts[0].count = 0; });
  g.model("invalid-burst-time.kwp", Code::BurstTime, "burst at -1 s",
          [](auto& d) { d.emitters[0].bursts[0].time = -1; });
  g.model("invalid-rate-range.kwp", Code::RateRange, "rate -1", [](auto& d) { d.emitters[0].rate = -1; });
  g.model("invalid-no-births.kwp", Code::NoBirths, "no rate and no bursts", [](auto& d) {
    d.emitters[0].rate = 0;
    d.emitters[0].bursts.clear();
  });
  return g.out;
}

}  // namespace kiln::kwp1test
