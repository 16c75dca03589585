// Edits in place (Renderer::updatePreset / updateEmitter): after an in-place update the renderer
// draws exactly what a fresh prepare of the same edited document draws, byte for byte, and not
// what it drew before; an edit that changes what prepare laid out is refused with nothing
// changed. The reference is a second renderer prepared from the edited document, not the update.
#include <functional>
#include <string>
#include <vector>

#include "gl_fixture.hpp"
#include "particles/bounds.hpp"
#include "particles/sample_docs.hpp"
#include "render/cpu/image_compare.hpp"
#include "render_fixture.hpp"

namespace {

using namespace kiln;
namespace wp = kiln::particles;
using render::EditUpload;

// sampleDocumentV2: preset 0 embers (additive) ← emitter 0 brazier_left (once, births in [0, 1));
// preset 1 smoke (alpha) ← emitter 1 chimney (cycling, period 2, G = 2); preset 2 flame
// (premultiplied) ← emitter 2 torch (cycling). 1.37 s: all three alive; 3.61 s: the once emitter
// long dead, unless an edit moved it later.
constexpr double kTimes[] = {1.37, 3.61};

// What one state of a renderer looks like: the plain frame, and each bounds view on its own
// (stored and recomputed boxes coincide in a valid document, so together one would hide the other).
std::vector<core::Image> pictures(render::Renderer& r) {
  std::vector<core::Image> out;
  render::FrameOptions stored, recomputed;
  stored.debug.storedBounds = true;
  recomputed.debug.recomputedBounds = true;
  for (const double t : kTimes) {
    out.push_back(test::shoot(r, t, 128, 96));
    out.push_back(test::shoot(r, t, 128, 96, stored));
    out.push_back(test::shoot(r, t, 128, 96, recomputed));
  }
  return out;
}

// The viewer's preset tuning (tuning_model.cpp applyEdit): the preset replaced and the stored
// bounds of its emitters recomputed.
wp::Document editPreset(wp::Document doc, std::uint32_t k, const std::function<void(wp::Preset&)>& edit) {
  edit(doc.presets[k]);
  for (auto& e : doc.emitters)
    if (e.preset == k) e.bounds = wp::conservativeEmitterBounds(doc.presets[k], e);
  return doc;
}

// The viewer's emitter edit (emitter_edit.cpp applyEdit): the emitter replaced, its bounds recomputed.
wp::Document editEmitter(wp::Document doc, std::uint32_t i, const std::function<void(wp::Emitter&)>& edit) {
  edit(doc.emitters[i]);
  doc.emitters[i].bounds = wp::conservativeEmitterBounds(doc.presets[doc.emitters[i].preset], doc.emitters[i]);
  return doc;
}

struct Edit {
  std::string what;
  bool preset = true;  // a preset edit (else an emitter edit)
  std::uint32_t index = 0;
  std::function<wp::Document(const wp::Document&)> apply;
};

std::vector<Edit> valueEdits() {
  const auto preset = [](std::string what, std::uint32_t k, std::function<void(wp::Preset&)> f) {
    return Edit{std::move(what), true, k, [k, f](const wp::Document& d) { return editPreset(d, k, f); }};
  };
  const auto emitter = [](std::string what, std::uint32_t i, std::function<void(wp::Emitter&)> f) {
    return Edit{std::move(what), false, i, [i, f](const wp::Document& d) { return editEmitter(d, i, f); }};
  };
  return {
      preset("embers velocity", 0, [](wp::Preset& p) { p.velocity.max = {0.6, 0.4, 2.4}; }),
      preset("embers drag", 0, [](wp::Preset& p) { p.drag = 0.1; }),
      preset("embers size keys", 0, [](wp::Preset& p) { p.size = {{0, 0.3}, {0.4, 0.5}, {0.7, 0.2}, {1, 0.1}}; }),
      preset("smoke colour keys", 1, [](wp::Preset& p) { p.color = {{0, {1, 0.1, 0.1, 1}}, {1, {0.1, 0.1, 1, 0.5}}}; }),
      // Lifetime up to 4.5 s on a 2 s period: G goes from 2 to 3, so the run submits more slots.
      preset("smoke lifetime", 1, [](wp::Preset& p) { p.lifetime = {3.5, 4.5}; }),
      preset("flame blend within its pass", 2, [](wp::Preset& p) { p.sprite.blend = wp::Blend::Alpha; }),
      emitter("chimney position", 1, [](wp::Emitter& e) { e.position = {0.5, 2, 1.5}; }),
      // 12 births/s instead of 4: 20 births × G = 3 is 60 slots of the preset's 64, where
      // prepare laid out 24.
      emitter("chimney rate", 1, [](wp::Emitter& e) { e.rate = 12; }),
      emitter("brazier bursts", 0, [](wp::Emitter& e) { e.bursts = {{0.3, 40}, {0.9, 20}}; }),
      emitter("torch yaw and scale", 2, [](wp::Emitter& e) { e.yaw = 75, e.scale = 1.4; }),
      // From 0 to 3 s: alive at 3.61 s, where the window prepare computed had it long dead.
      emitter("brazier delay", 0, [](wp::Emitter& e) { e.delay = 3; }),
  };
}

}  // namespace

TEST_CASE("an edit in place draws what a fresh prepare of the edited document draws", "[gl][edit]") {
  test::glContext();
  wp::Document doc = testdocs::sampleDocumentV2();
  const auto textures = test::texturesFor(doc);
  render::Renderer inPlace, fresh;
  REQUIRE(inPlace.prepare(test::roomWorld(), &doc, textures).empty());
  std::vector<core::Image> before = pictures(inPlace);
  // The edits pile up on one renderer, so each one also starts from an in-place state.
  for (const Edit& edit : valueEdits()) {
    INFO(edit.what);
    const wp::Document edited = edit.apply(doc);
    REQUIRE(edited != doc);
    const EditUpload verdict =
        edit.preset ? inPlace.updatePreset(edited, edit.index) : inPlace.updateEmitter(edited, edit.index);
    REQUIRE(verdict == EditUpload::InPlace);
    REQUIRE(fresh.prepare(test::roomWorld(), &edited, textures).empty());
    const std::vector<core::Image> updated = pictures(inPlace), prepared = pictures(fresh);
    std::uint64_t changedPlain = 0;
    for (std::size_t i = 0; i < prepared.size(); ++i) {
      INFO("picture " << i);
      CHECK(updated[i].rgba == prepared[i].rgba);
      if (i % 3 == 0) changedPlain += render::compareImages(before[i], prepared[i]).changedPixels;
    }
    CHECK(changedPlain > 0);  // the edit shows, so an update that did nothing would fail
    // Culling sees the edit too: the same emitters drawn and slots submitted.
    CHECK(inPlace.stats().slotsSubmitted == fresh.stats().slotsSubmitted);
    CHECK(inPlace.stats().emittersDrawn == fresh.stats().emittersDrawn);
    doc = edited;
    before = prepared;
  }
}

TEST_CASE("an edit that changes what prepare laid out needs a prepare and changes nothing", "[gl][edit]") {
  test::glContext();
  const wp::Document doc = testdocs::sampleDocumentV2();
  auto textures = test::texturesFor(doc);
  textures.push_back({"other", "generated", test::solidImage(8, 10, 200, 240, 255)});
  render::Renderer r;
  REQUIRE(r.prepare(test::roomWorld(), &doc, textures).empty());
  const std::vector<core::Image> before = pictures(r);
  struct Refused {
    const char* what;
    std::uint32_t preset;
    wp::Document edited;
    bool shows;  // whether a prepare of it draws other pixels (capacity only moves blocks)
  };
  const Refused refused[] = {
      {"a frame renamed", 0, editPreset(doc, 0, [](wp::Preset& p) { p.sprite.frames[1] = "other"; }), true},
      {"a frame added", 0, editPreset(doc, 0, [](wp::Preset& p) { p.sprite.frames.push_back("other"); }), true},
      {"capacity", 1, editPreset(doc, 1, [](wp::Preset& p) { p.capacity = 96; }), false},
      {"blend into another pass", 0,
       editPreset(doc, 0, [](wp::Preset& p) { p.sprite.blend = wp::Blend::Alpha; }), true},
  };
  for (const Refused& edit : refused) {
    INFO(edit.what);
    CHECK(r.updatePreset(edit.edited, edit.preset) == EditUpload::NeedsPrepare);
  }
  // An emitter moved to a preset of another capacity and pass; births beyond its block.
  CHECK(r.updateEmitter(editEmitter(doc, 1, [](wp::Emitter& e) { e.preset = 0; }), 1) == EditUpload::NeedsPrepare);
  CHECK(r.updateEmitter(editEmitter(doc, 1, [](wp::Emitter& e) { e.bursts = {{0, 70}}; }), 1) ==
        EditUpload::NeedsPrepare);
  // Other counts of presets or emitters.
  wp::Document more = doc;
  more.emitters.push_back(more.emitters[0]);
  CHECK(r.updateEmitter(more, 0) == EditUpload::NeedsPrepare);
  CHECK(r.updatePreset(more, 0) == EditUpload::NeedsPrepare);
  // Nothing changed: the same pictures as before any of these calls.
  const std::vector<core::Image> after = pictures(r);
  for (std::size_t i = 0; i < before.size(); ++i) CHECK(after[i].rgba == before[i].rgba);
  // And the refused edits that show do draw differently once prepared, so the pictures above
  // would have caught a refusal that changed something.
  for (const Refused& edit : refused) {
    if (!edit.shows) continue;
    INFO(edit.what);
    REQUIRE(r.prepare(test::roomWorld(), &edit.edited, textures).empty());
    std::uint64_t changed = 0;
    const std::vector<core::Image> now = pictures(r);
    for (std::size_t i = 0; i < now.size(); i += 3) changed += render::compareImages(before[i], now[i]).changedPixels;
    CHECK(changed > 0);
  }
}

TEST_CASE("edits need a prepared level with particles", "[gl][edit]") {
  test::glContext();
  const wp::Document doc = testdocs::sampleDocumentV2();
  render::Renderer r;
  CHECK(r.updatePreset(doc, 0) == EditUpload::NeedsPrepare);
  CHECK(r.updateEmitter(doc, 0) == EditUpload::NeedsPrepare);
  REQUIRE(r.prepare(test::roomWorld(), nullptr, {}).empty());
  CHECK(r.updatePreset(doc, 0) == EditUpload::NeedsPrepare);
  CHECK(r.updateEmitter(doc, 0) == EditUpload::NeedsPrepare);
  REQUIRE(r.prepare(test::roomWorld(), &doc, test::texturesFor(doc)).empty());
  CHECK(r.updatePreset(doc, 0) == EditUpload::InPlace);  // the same values: nothing to refuse
  CHECK(r.updateEmitter(doc, 0) == EditUpload::InPlace);
}
