// Which edits of a prepared particles document reach the GPU by rewriting rows where they lie, and
// which need a new prepare. GL-free, so the rule is tested without a context; the renderer asks it
// before it touches anything (Renderer::updatePreset / updateEmitter). The rule, field by field,
// is written out in docs/rendering.md ("Edits in place").
#pragma once

#include <cstdint>

#include "particles/model.hpp"
#include "render/cpu/particle_tables.hpp"

namespace kiln::render {

enum class EditUpload : std::uint8_t {
  InPlace,       // the changed rows were rewritten in the buffers prepare made
  NeedsPrepare,  // the edit changes what prepare laid out; nothing was changed
};

// `prepared` is the document the tables were built from (with `layout`); `edited` the whole
// document after the edit: the same presets and emitters, `preset` changed, and the stored bounds
// of the emitters that use it recomputed.
//
// NeedsPrepare when: the counts of presets or emitters differ, `preset` is out of range, an
// emitter names another preset than it did (that is no preset edit), the frame names or their
// count differ (atlas rectangles and page), the capacity differs (each emitter's blocks of
// instances and schedule entries), or the blend moves to another pass (the draw groups). Every
// other field is a value in the preset row or in its emitters' rows, slot counts, alive windows
// and bounds lines.
EditUpload presetEditUpload(const particles::Document& prepared, const TableLayout& layout,
                            const particles::Document& edited, std::uint32_t preset);

// The same for an emitter edit: `edited` differs from `prepared` in emitter `emitter` only.
// NeedsPrepare when: the counts differ, `emitter` or its preset index is out of range, it moves to
// a preset of another capacity, pass or atlas page (its blocks and its place in the draw groups),
// or it births more often than the schedule entries reserved for it (only possible when its
// births exceed its preset's capacity, which validation rejects). Everything else (position, yaw,
// scale, seed, rate, duration, bursts, mode, period, delay, sector, name, stored bounds) is
// rewritten in place.
EditUpload emitterEditUpload(const particles::Document& prepared, const TableLayout& layout,
                             const particles::Document& edited, std::uint32_t emitter);

}  // namespace kiln::render
