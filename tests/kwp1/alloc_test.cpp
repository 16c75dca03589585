// Declared counts never drive allocation before they are proven: global operator new is
// replaced in this test executable (tests/support/counting_allocator) to count the bytes a
// decode asks for.
#include <catch2/catch.hpp>
#include <utility>

#include "goldens.hpp"
#include "particles/kwp1/kwp1.hpp"
#include "particles/sample_docs.hpp"
#include "support/counting_allocator.hpp"

#if KILN_COUNTING_ALLOCATOR

namespace {

// Bytes requested through operator new while `fn` runs (tests/support's counting allocator).
template <class Fn>
std::size_t bytesAllocatedBy(Fn&& fn) {
  return kiln::testing::measureAllocations(std::forward<Fn>(fn)).bytes;
}

}  // namespace

namespace wp = kiln::particles;

TEST_CASE("a 4-billion element count is rejected without a large allocation", "[alloc]") {
  auto b = wp::encodeKwp1(kiln::testdocs::sampleDocumentV1());
  kiln::kwp1test::patchU32(b, kiln::kwp1test::fieldOffset(b, "presets.count"), 0xffffffffu);
  kiln::kwp1test::reseal(b);
  std::optional<kiln::core::Code> code;
  const std::size_t bytes = bytesAllocatedBy([&] {
    auto r = wp::decodeKwp1(b);
    if (auto* e = std::get_if<kiln::core::DecodeError>(&r)) code = e->code;
  });
  CHECK(code == kiln::core::Code::CountOverLimit);
  // Only the error's path and message strings: far below one preset per declared element.
  CHECK(bytes < 1024);
}

TEST_CASE("a count that passes its limit but not the bytes left allocates nothing for it", "[alloc]") {
  auto b = wp::encodeKwp1(kiln::testdocs::sampleDocumentV1());
  kiln::kwp1test::patchU32(b, kiln::kwp1test::fieldOffset(b, "emitters.count"), 256);
  kiln::kwp1test::reseal(b);
  std::optional<kiln::core::Code> code;
  const std::size_t bytes = bytesAllocatedBy([&] {
    auto r = wp::decodeKwp1(b);
    if (auto* e = std::get_if<kiln::core::DecodeError>(&r)) code = e->code;
  });
  CHECK(code == kiln::core::Code::CountPastEnd);
  // The presets before the count are materialized (about a kilobyte), and the error's strings;
  // the 256 declared emitters alone would be 256 × sizeof(Emitter), sixteen times this bound.
  CHECK(bytes < 16 * sizeof(wp::Emitter));
  CHECK(bytes > 0);  // the counter is live: the presets were read
}

TEST_CASE("scanning allocates nothing however large the document but decoding does", "[alloc]") {
  wp::Document d;
  for (int i = 0; i < 64; ++i)
    d.presets.push_back(kiln::testdocs::smokePreset("preset" + std::to_string(i), 4));
  for (int i = 0; i < 256; ++i) {
    wp::Emitter e;
    e.name = "emitter" + std::to_string(i);
    e.preset = static_cast<std::uint32_t>(i % 64);
    e.bursts = {{0, 1}};
    d.emitters.push_back(e);
  }
  kiln::testdocs::fillBounds(d);
  const auto b = wp::encodeKwp1(d);
  std::optional<kiln::core::DecodeError> scanned;
  CHECK(bytesAllocatedBy([&] { scanned = wp::scanKwp1(b); }) == 0);
  CHECK_FALSE(scanned.has_value());
  // The counter is live: materializing the same file allocates at least one Emitter each.
  CHECK(bytesAllocatedBy([&] { (void)wp::decodeKwp1(b); }) >= 256 * sizeof(wp::Emitter));
}

namespace {
// Every name at the 64-byte limit (far past any small-string buffer), so a path built per field
// would cost a heap block each: 64 presets with 16 frames and 4 + 4 curve keys, 256 emitters.
wp::Document longNamedDocument() {
  auto name = [](const std::string& stem, int i) {
    std::string s = stem + std::to_string(i) + "_";
    s.resize(wp::kMaxNameBytes, 'x');
    return s;
  };
  wp::Document d;
  for (int i = 0; i < 64; ++i) {
    wp::Preset p = kiln::testdocs::smokePreset(name("preset", i), 4);
    p.sprite.frames.clear();
    for (int f = 0; f < 16; ++f) p.sprite.frames.push_back(name("frame", f));
    p.sprite.fps = 8;  // several frames need a flipbook rate
    d.presets.push_back(p);
  }
  for (int i = 0; i < 256; ++i) {
    wp::Emitter e;
    e.name = name("emitter", i);
    e.preset = static_cast<std::uint32_t>(i % 64);
    e.bursts = {{0, 1}};
    d.emitters.push_back(e);
  }
  kiln::testdocs::fillBounds(d);
  return d;
}
}  // namespace

TEST_CASE("validating a valid document builds no field paths, an invalid one still names its field", "[alloc]") {
  wp::Document d = longNamedDocument();
  kiln::core::Diagnostics found;
  // Only the per-call bookkeeping (which names repeat): a few kilobytes, not one path per field
  // (tens of thousands of 64-byte names).
  const std::size_t bytes = bytesAllocatedBy([&] { found = wp::validate(d); });
  if (!found.empty()) FAIL(kiln::core::format(found.front()));
  CHECK(bytes < 4096);
  // The same document with one bad number: the diagnostic carries its full path.
  d.emitters[200].yaw = 720;
  found = wp::validate(d);
  REQUIRE(found.size() == 1);
  CHECK(found[0].path == "emitters." + d.emitters[200].name + ".yaw");
  d.emitters[200].yaw = 0;
  d.presets[63].color[1].rgba[2] = 2;
  found = wp::validate(d);
  REQUIRE(found.size() == 1);
  CHECK(found[0].path == "presets." + d.presets[63].name + ".color[1].rgba[2]");
}

TEST_CASE("defect 5: decoding peaks at 4x the input plus a fixed allowance (docs/limits.md)", "[alloc]") {
  // The largest document the limits allow in count: 64 presets of 16 frames, 256 emitters of
  // 16 bursts (docs/limits.md: peak heap <= 4 N + 256 KiB for KWP1).
  wp::Document d;
  for (int i = 0; i < 64; ++i) {
    d.presets.push_back(kiln::testdocs::smokePreset("preset" + std::to_string(i), 64));
    d.presets.back().sprite.frames.assign(16, std::string(64, 'f'));
    d.presets.back().sprite.fps = 8;  // more than one frame needs a rate
  }
  for (int i = 0; i < 256; ++i) {
    wp::Emitter e;
    e.name = "emitter" + std::to_string(i);
    e.preset = static_cast<std::uint32_t>(i % 64);
    for (int b = 0; b < 16; ++b) e.bursts.push_back({0.1 * b, 1});
    d.emitters.push_back(e);
  }
  kiln::testdocs::fillBounds(d);
  const auto b = wp::encodeKwp1(d);
  bool ok = false;
  std::string why;
  const auto stats = kiln::testing::measureAllocations([&] {
    auto r = wp::decodeKwp1(b);
    ok = std::holds_alternative<wp::Document>(r);
    if (!ok) why = kiln::core::format(std::get<kiln::core::DecodeError>(r));
  });
  INFO("input " << b.size() << " bytes, peak " << stats.peakBytes << " bytes " << why);
  CHECK(ok);
  CHECK(stats.peakBytes <= 4 * b.size() + (256u << 10));
  CHECK(stats.peakBytes > b.size() / 4);  // the measurement is live: the model is not free
}

#endif  // KILN_COUNTING_ALLOCATOR
