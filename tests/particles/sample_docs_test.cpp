// The shared sample documents are valid as built and cover both versions and both play modes.
#include <catch2/catch.hpp>

#include "particles/sample_docs.hpp"
#include "particles/schedule.hpp"
#include "particles/validate.hpp"
#include "particles/test_util.hpp"

using namespace kiln;
using namespace kiln::particles;

TEST_CASE("sample documents validate cleanly", "[particles][samples]") {
  for (const Document& doc : {testdocs::sampleDocumentV1(), testdocs::sampleDocumentV2(), testdocs::minimalDocument()}) {
    const auto ds = validate(doc);
    INFO(testutil::describe(ds));
    CHECK(ds.empty());
  }
}

TEST_CASE("sample documents cover versions and play modes", "[particles][samples]") {
  const Document v1 = testdocs::sampleDocumentV1();
  const Document v2 = testdocs::sampleDocumentV2();
  CHECK(v1.version == 1);
  CHECK(v2.version == 2);
  CHECK(v1.emitters[0].mode == PlayMode::Once);
  CHECK(v1.emitters[1].mode == PlayMode::Cycle);
  // 12 births/s over [0,1) is 12 rate births plus a burst of 8.
  CHECK(birthCount(v1.emitters[0]) == 20);
  // 4 births/s over [0,1.5) is 6, plus 2; 3 s lifetime over a 2 s period needs 2 groups.
  CHECK(birthCount(v1.emitters[1]) == 8);
  CHECK(cycleGroups(v1.presets[1], v1.emitters[1]) == 2);
  CHECK(v2.presets[1].sprite.blend == Blend::Alpha);
  CHECK(v2.presets[2].sprite.blend == Blend::Premultiplied);
}

TEST_CASE("the maximum document sits exactly at every limit and validates", "[particles][samples]") {
  const Document doc = testdocs::maximumDocument();
  CHECK(doc.presets.size() == kMaxPresets);
  CHECK(doc.emitters.size() == kMaxEmitters);
  std::uint64_t slots = 0;
  for (const Emitter& e : doc.emitters) {
    slots += doc.presets[e.preset].capacity;
    CHECK(e.bursts.size() == kMaxBursts);
    CHECK(requiredCapacity(doc.presets[e.preset], e) == 256);
  }
  CHECK(slots == kMaxTotalSlots);
  CHECK(doc.presets[0].size.size() == kMaxCurveKeys);
  CHECK(doc.presets[0].sprite.frames.size() == kMaxFrames);
  const auto ds = validate(doc);
  INFO(testutil::describe(ds));
  CHECK(ds.empty());
}
