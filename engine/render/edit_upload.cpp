// Edits in place: one edited preset or emitter reaches the prepared level by rewriting, with
// glNamedBufferSubData, the rows that depend on it, once render/cpu/edit_rule.hpp has allowed it.
// No texture is copied and no buffer made; the staging is the impl's, so nothing is allocated.
#include "particles/bounds.hpp"
#include "particles/schedule.hpp"
#include "render/renderer_impl.hpp"

namespace kiln::render {
namespace {

template <typename T>
void writeRows(const gl::Buffer& buffer, std::size_t first, const T* rows, std::size_t count) {
  glNamedBufferSubData(buffer.id(), static_cast<GLintptr>(first * sizeof(T)),
                       static_cast<GLsizeiptr>(count * sizeof(T)), rows);
}

}  // namespace

void ParticlesGpu::rewritePreset(std::uint32_t k) {
  // Frames, and so the first rectangle and the page, are the ones prepare placed (the rule).
  const PresetStd430 row = presetRow(doc.presets[k], layout.presetFirstRect[k], layout.presetPage[k]);
  writeRows(presets, k, &row, 1);
}

void ParticlesGpu::rewriteEmitter(std::uint32_t i, bool withSchedule) {
  const particles::Emitter& e = doc.emitters[i];
  const particles::Preset& p = doc.presets[e.preset];
  // No allocation: the rule kept the births within the emitter's block, and the staging has room
  // for the largest block.
  particles::birthScheduleInto(e, scheduleStaging);
  const auto births = static_cast<std::uint32_t>(scheduleStaging.size());
  const EmitterStd430 row = emitterRow(p, e, layout.scheduleFirst[i], births);
  writeRows(emitters, i, &row, 1);
  // Entries past the births are never read (the row's birth count bounds them), so a shorter
  // schedule leaves the old tail where it is.
  if (withSchedule && births > 0)
    writeRows(schedule, layout.scheduleFirst[i], scheduleStaging.data(), births);
  // What culling reads: the alive window (delay, schedule, longest lifetime) and the run's count
  // (G·B within the block); the stored bounds are read from `doc` itself.
  alive[i] = aliveWindow(p, e, scheduleStaging);
  if (layout.runOf[i] != kNoRun) runs[layout.runOf[i]].instanceCount = drawnSlots(p, e, births);
}

void LevelLinesGpu::rewriteBounds(std::uint32_t i, const particles::Bounds& stored,
                                  const particles::Bounds& recomputed) {
  const auto write = [&](const LineRange& range, const particles::Bounds& box,
                         const std::array<float, 4>& color) {
    if (range.count == 0) return;
    boxStaging.clear();  // keeps its capacity of one box
    appendBox(box, color, boxStaging);
    writeRows(vertices, static_cast<std::size_t>(range.first) + std::size_t{i} * kBoxVertices,
              boxStaging.data(), boxStaging.size());
  };
  write(storedBounds, stored, kStoredColor);
  write(recomputedBounds, recomputed, kRecomputedColor);
}

EditUpload Renderer::updatePreset(const particles::Document& edited, std::uint32_t preset) {
  if (!impl_->level || !impl_->level->hasParticles) return EditUpload::NeedsPrepare;
  LevelGpu& l = *impl_->level;
  ParticlesGpu& p = l.particles;
  if (presetEditUpload(p.doc, p.layout, edited, preset) != EditUpload::InPlace)
    return EditUpload::NeedsPrepare;
  // Copy assignment reuses the copy's storage (the same frames; at most four keys per curve), so
  // only an edit that adds a key beyond what the copy ever held allocates.
  p.doc.presets[preset] = edited.presets[preset];
  p.rewritePreset(preset);
  for (std::uint32_t i = 0; i < p.doc.emitters.size(); ++i) {
    particles::Emitter& e = p.doc.emitters[i];
    if (e.preset != preset) continue;
    e.bounds = edited.emitters[i].bounds;
    // A preset changes no births, so the schedule entries stay; lifetime and period change G,
    // hence the emitter row, the run's count and the alive window.
    p.rewriteEmitter(i, false);
    l.lines.rewriteBounds(i, e.bounds, particles::conservativeEmitterBounds(p.doc.presets[preset], e));
  }
  return EditUpload::InPlace;
}

EditUpload Renderer::updateEmitter(const particles::Document& edited, std::uint32_t emitter) {
  if (!impl_->level || !impl_->level->hasParticles) return EditUpload::NeedsPrepare;
  LevelGpu& l = *impl_->level;
  ParticlesGpu& p = l.particles;
  if (emitterEditUpload(p.doc, p.layout, edited, emitter) != EditUpload::InPlace)
    return EditUpload::NeedsPrepare;
  particles::Emitter& e = p.doc.emitters[emitter];
  e = edited.emitters[emitter];  // bursts keep their storage unless they outgrow it
  p.rewriteEmitter(emitter, true);
  l.lines.rewriteBounds(emitter, e.bounds, particles::conservativeEmitterBounds(p.doc.presets[e.preset], e));
  return EditUpload::InPlace;
}

}  // namespace kiln::render
