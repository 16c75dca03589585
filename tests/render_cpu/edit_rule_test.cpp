// The in-place edit rule (render/cpu/edit_rule.hpp), field by field and on both sides: every value
// a preset or emitter row holds goes in place; what prepare laid out (frames, capacity, a blend's
// pass, an emitter's preset block and page, the counts) needs a new prepare. The expected verdicts
// are the rule as docs/rendering.md writes it, not something the code computes.
#include <catch2/catch.hpp>

#include <functional>

#include "particles/sample_docs.hpp"
#include "render/cpu/edit_rule.hpp"
#include "render/cpu/particle_tables.hpp"

namespace {

using namespace kiln;
namespace wp = kiln::particles;
using render::EditUpload;

// Presets: 0 embers (additive, 128), 1 smoke (alpha, 64), 2 flame (premultiplied, 256); emitters
// 0 → 0, 1 → 1, 2 → 2 (sampleDocumentV2). Three more presets, used by no emitter, to move emitter
// 1 to: 3 premultiplied 64 on page 0, 4 alpha 64 on page 1, 5 additive 64 on page 0, 6 alpha 32.
wp::Document document() {
  wp::Document doc = testdocs::sampleDocumentV2();
  doc.presets.push_back(testdocs::smokePreset("smoke_pm", 64, wp::Blend::Premultiplied));
  doc.presets.push_back(testdocs::smokePreset("smoke_far", 64, wp::Blend::Alpha));
  doc.presets.back().sprite.frames = {"far"};
  doc.presets.push_back(testdocs::smokePreset("smoke_add", 64, wp::Blend::Additive));
  doc.presets.push_back(testdocs::smokePreset("smoke_small", 32, wp::Blend::Alpha));
  return doc;
}

render::AtlasLayout atlas() {
  render::AtlasLayout a;
  a.pages = {{16, 16, false}, {16, 16, false}};
  a.presetPage = {0, 0, 0, 0, 1, 0, 0};
  return a;
}

struct Fixture {
  wp::Document prepared = document();
  render::TableLayout layout = render::buildParticleTables(prepared, atlas()).layout;

  EditUpload preset(std::uint32_t k, const std::function<void(wp::Preset&)>& edit) const {
    wp::Document edited = prepared;
    edit(edited.presets[k]);
    return render::presetEditUpload(prepared, layout, edited, k);
  }
  EditUpload emitter(std::uint32_t i, const std::function<void(wp::Emitter&)>& edit) const {
    wp::Document edited = prepared;
    edit(edited.emitters[i]);
    return render::emitterEditUpload(prepared, layout, edited, i);
  }
};

}  // namespace

TEST_CASE("preset values are rewritten in place", "[edit]") {
  const Fixture f;
  const std::pair<const char*, std::function<void(wp::Preset&)>> edits[] = {
      {"velocity", [](wp::Preset& p) { p.velocity.max.z = 2.5; }},
      {"lifetime (changes G of the cycling emitters)", [](wp::Preset& p) { p.lifetime.max = 7.5; }},
      {"acceleration", [](wp::Preset& p) { p.acceleration.z = -1; }},
      {"drag", [](wp::Preset& p) { p.drag = 0.1; }},
      {"spawn shape and extents", [](wp::Preset& p) { p.spawnShape = wp::SpawnShape::Point, p.spawnHalfExtents = {}; }},
      {"rotation", [](wp::Preset& p) { p.rotationSpeed = {10, 20}; }},
      {"a size key's value", [](wp::Preset& p) { p.size[1].value = 0.3; }},
      {"a fourth size key", [](wp::Preset& p) { p.size.insert(p.size.begin() + 1, wp::SizeKey{0.25, 0.1}); }},
      {"colour keys", [](wp::Preset& p) { p.color[0].rgba = {0, 1, 0, 1}; }},
      {"fps, flipbook and facing",
       [](wp::Preset& p) {
         p.sprite.fps = 3;
         p.sprite.flipbook = wp::Flipbook::Once;
         p.sprite.facing = wp::Facing::Upright;
       }},
      {"name", [](wp::Preset& p) { p.name = "renamed"; }},
  };
  for (const auto& [what, edit] : edits) {
    INFO(what);
    CHECK(f.preset(0, edit) == EditUpload::InPlace);
  }
  // Alpha and premultiplied draw in one pass: the blend is only a number in the row.
  CHECK(f.preset(1, [](wp::Preset& p) { p.sprite.blend = wp::Blend::Premultiplied; }) == EditUpload::InPlace);
  CHECK(f.preset(2, [](wp::Preset& p) { p.sprite.blend = wp::Blend::Alpha; }) == EditUpload::InPlace);
}

TEST_CASE("preset edits that change what prepare laid out need a prepare", "[edit]") {
  const Fixture f;
  CHECK(f.preset(0, [](wp::Preset& p) { p.sprite.frames[1] = "other"; }) == EditUpload::NeedsPrepare);
  CHECK(f.preset(0, [](wp::Preset& p) { p.sprite.frames.push_back("ember3"); }) == EditUpload::NeedsPrepare);
  CHECK(f.preset(0, [](wp::Preset& p) { std::swap(p.sprite.frames[0], p.sprite.frames[1]); }) ==
        EditUpload::NeedsPrepare);
  CHECK(f.preset(0, [](wp::Preset& p) { p.capacity = 129; }) == EditUpload::NeedsPrepare);
  CHECK(f.preset(0, [](wp::Preset& p) { p.sprite.blend = wp::Blend::Cutout; }) == EditUpload::NeedsPrepare);
  CHECK(f.preset(1, [](wp::Preset& p) { p.sprite.blend = wp::Blend::Additive; }) == EditUpload::NeedsPrepare);
  // Not a preset edit at all: out of range, other counts, an emitter moved to another preset.
  wp::Document edited = f.prepared;
  CHECK(render::presetEditUpload(f.prepared, f.layout, edited, 7) == EditUpload::NeedsPrepare);
  CHECK(render::presetEditUpload(f.prepared, f.layout, edited, 0) == EditUpload::InPlace);  // unchanged
  edited.presets.push_back(edited.presets[0]);
  CHECK(render::presetEditUpload(f.prepared, f.layout, edited, 0) == EditUpload::NeedsPrepare);
  edited = f.prepared;
  edited.emitters.pop_back();
  CHECK(render::presetEditUpload(f.prepared, f.layout, edited, 0) == EditUpload::NeedsPrepare);
  edited = f.prepared;
  edited.emitters[1].preset = 3;
  CHECK(render::presetEditUpload(f.prepared, f.layout, edited, 1) == EditUpload::NeedsPrepare);
}

TEST_CASE("emitter values are rewritten in place", "[edit]") {
  const Fixture f;
  const std::pair<const char*, std::function<void(wp::Emitter&)>> edits[] = {
      {"position", [](wp::Emitter& e) { e.position = {1, 2, 3}; }},
      {"yaw and scale", [](wp::Emitter& e) { e.yaw = 45, e.scale = 2; }},
      {"seed", [](wp::Emitter& e) { e.seed = 5; }},
      {"rate (more births)", [](wp::Emitter& e) { e.rate = 9; }},
      {"rate (fewer births)", [](wp::Emitter& e) { e.rate = 1; }},
      {"duration", [](wp::Emitter& e) { e.duration = 0.5; }},
      {"bursts", [](wp::Emitter& e) { e.bursts = {{0.1, 3}, {0.2, 4}}; }},
      {"no births at all", [](wp::Emitter& e) { e.rate = 0, e.bursts.clear(); }},
      {"mode and period", [](wp::Emitter& e) { e.mode = wp::PlayMode::Once, e.period = 0; }},
      {"delay", [](wp::Emitter& e) { e.delay = 3; }},
      {"sector and name", [](wp::Emitter& e) { e.sector = 1, e.name = "moved"; }},
      {"stored bounds", [](wp::Emitter& e) { e.bounds.max.z += 1; }},
      // Emitter 1's preset has capacity 64: every birth count up to 64 fits its schedule block.
      {"64 births", [](wp::Emitter& e) { e.rate = 0, e.bursts = {{0, 64}}; }},
      {"another preset of the same capacity, pass and page", [](wp::Emitter& e) { e.preset = 3; }},
  };
  for (const auto& [what, edit] : edits) {
    INFO(what);
    CHECK(f.emitter(1, edit) == EditUpload::InPlace);
  }
}

TEST_CASE("emitter edits that change what prepare laid out need a prepare", "[edit]") {
  const Fixture f;
  CHECK(f.emitter(1, [](wp::Emitter& e) { e.preset = 4; }) == EditUpload::NeedsPrepare);  // another page
  CHECK(f.emitter(1, [](wp::Emitter& e) { e.preset = 5; }) == EditUpload::NeedsPrepare);  // another pass
  CHECK(f.emitter(1, [](wp::Emitter& e) { e.preset = 6; }) == EditUpload::NeedsPrepare);  // another capacity
  CHECK(f.emitter(1, [](wp::Emitter& e) { e.preset = 0; }) == EditUpload::NeedsPrepare);  // all three
  CHECK(f.emitter(1, [](wp::Emitter& e) { e.preset = 9; }) == EditUpload::NeedsPrepare);  // no such preset
  // 65 births do not fit the 64 entries reserved (validation would refuse it: capacity 64).
  CHECK(f.emitter(1, [](wp::Emitter& e) { e.rate = 0, e.bursts = {{0, 65}}; }) == EditUpload::NeedsPrepare);
  wp::Document edited = f.prepared;
  CHECK(render::emitterEditUpload(f.prepared, f.layout, edited, 3) == EditUpload::NeedsPrepare);
  edited.emitters.push_back(edited.emitters[0]);
  CHECK(render::emitterEditUpload(f.prepared, f.layout, edited, 0) == EditUpload::NeedsPrepare);
}
