// The in-place edit rule (see edit_rule.hpp).
#include "render/cpu/edit_rule.hpp"

#include "particles/schedule.hpp"
#include "render/cpu/passes.hpp"

namespace kiln::render {
namespace {

bool sameCounts(const particles::Document& a, const particles::Document& b, const TableLayout& layout) {
  return a.presets.size() == b.presets.size() && a.emitters.size() == b.emitters.size() &&
         layout.presetPage.size() == a.presets.size() && layout.scheduleReserved.size() == a.emitters.size();
}

}  // namespace

EditUpload presetEditUpload(const particles::Document& prepared, const TableLayout& layout,
                            const particles::Document& edited, std::uint32_t preset) {
  if (!sameCounts(prepared, edited, layout) || preset >= prepared.presets.size())
    return EditUpload::NeedsPrepare;
  // Which emitters the edit reaches is read from the preset indices; a document that moved an
  // emitter is an emitter edit, not this one.
  for (std::size_t i = 0; i < prepared.emitters.size(); ++i)
    if (edited.emitters[i].preset != prepared.emitters[i].preset) return EditUpload::NeedsPrepare;
  const particles::Preset& was = prepared.presets[preset];
  const particles::Preset& now = edited.presets[preset];
  // Frame names choose atlas rectangles, and the page, planned at prepare; their count sizes the
  // preset's block of rectangles.
  if (now.sprite.frames != was.sprite.frames) return EditUpload::NeedsPrepare;
  // Capacity sizes every one of its emitters' blocks of instances and schedule entries.
  if (now.capacity != was.capacity) return EditUpload::NeedsPrepare;
  // The blend's pass decides which draw group each of its emitters is in. A blend that stays in
  // its pass (alpha and premultiplied share one) is only a number in the preset row.
  if (passOf(now.sprite.blend) != passOf(was.sprite.blend)) return EditUpload::NeedsPrepare;
  // Lifetime and period change G, so G·B, but the run's count is at most the block's size
  // (drawnSlots), and the births do not change with a preset.
  return EditUpload::InPlace;
}

EditUpload emitterEditUpload(const particles::Document& prepared, const TableLayout& layout,
                             const particles::Document& edited, std::uint32_t emitter) {
  if (!sameCounts(prepared, edited, layout) || emitter >= prepared.emitters.size())
    return EditUpload::NeedsPrepare;
  const particles::Emitter& was = prepared.emitters[emitter];
  const particles::Emitter& now = edited.emitters[emitter];
  if (now.preset >= prepared.presets.size()) return EditUpload::NeedsPrepare;
  if (now.preset != was.preset) {
    // Its block of instances is its old preset's capacity, and its place in the draw groups
    // follows the pass and page: another preset fits only where all three agree.
    const particles::Preset& a = prepared.presets[was.preset];
    const particles::Preset& b = prepared.presets[now.preset];
    if (a.capacity != b.capacity || passOf(a.sprite.blend) != passOf(b.sprite.blend) ||
        layout.presetPage[was.preset] != layout.presetPage[now.preset])
      return EditUpload::NeedsPrepare;
  }
  // The new schedule is written over the old one, so it must fit the entries reserved there.
  if (particles::birthCount(now) > layout.scheduleReserved[emitter]) return EditUpload::NeedsPrepare;
  return EditUpload::InPlace;
}

}  // namespace kiln::render
