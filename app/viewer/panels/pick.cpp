// Slot picking: the picked particle's emitter, slot, birth, cycle, age, sampled values, and a
// lane view of that slot's lives across cycles.
#include <imgui.h>

#include "panels/panels.hpp"
#include "logic/pick.hpp"

namespace kiln::viewer::panels::pick {
namespace {

// An event particle: who threw it and how (recipe, source, seed, index), and its state now when
// it still lives (found by its spawn number), else the state it was picked with.
void eventParticle(ViewerState& s, const events_edit::EventPickHit& h) {
  const sim::Events* ev = s.doc.level && s.doc.level->load.level.events ? &*s.doc.level->load.level.events : nullptr;
  if (!ev || h.recipe >= ev->recipes.size()) {
    ImGui::TextDisabled("Click a particle in the 3D view.");
    return;
  }
  wrappedf("event particle %llu: recipe %s", static_cast<unsigned long long>(h.id), ev->recipes[h.recipe].name.c_str());
  wrappedf("source %s   seed %u   index %u in its burst", sim::sourceName(*ev, h.source).c_str(), h.seed, h.index);
  if (h.source.kind == sim::SourceKind::Script && h.source.index < ev->script.size())
    ImGui::TextDisabled("fired at %.3f s", ev->script[h.source.index].time);
  wrappedf("age %.4f s of lifetime %.4f s", h.age, h.lifetime);
  wrappedf("position (%.3f, %.3f, %.3f)   size %.4f m (when picked)", h.position.x, h.position.y, h.position.z, h.size);
}

}  // namespace

void draw(ViewerState& s) {
  if (!begin(s, Panel::Pick)) return;
  if (s.view.eventPick) {
    eventParticle(s, *s.view.eventPick);
    ImGui::End();
    return;
  }
  const particles::Document* doc = s.doc.level ? s.doc.level->particles() : nullptr;
  if (!doc || !s.view.pick || s.view.pick->emitter >= doc->emitters.size()) {
    ImGui::TextDisabled("Click a particle in the 3D view.");
    ImGui::End();
    return;
  }
  // Re-evaluate at the current time so the values follow the timeline while the slot is held.
  PickHit& h = *s.view.pick;
  particles::ParticleState now;
  const bool alive = particles::evaluateSlot(*doc, h.emitter, s.doc.level->schedules[h.emitter], h.state.slot, s.view.clock.time, now);
  const particles::ParticleState& p = alive ? now : h.state;
  wrappedf("emitter %s (preset %s)", doc->emitters[h.emitter].name.c_str(),
              doc->presets[doc->emitters[h.emitter].preset].name.c_str());
  if (!alive) ImGui::TextColored({1, 0.6f, 0.3f, 1}, "slot is dead now; showing the picked state");
  wrappedf("slot %u   birth %u   cycle %lld", p.slot, p.birth, static_cast<long long>(p.cycle));
  wrappedf("birth time %.4f s   age %.4f s   lifetime %.4f s", p.birthTime, p.age, p.lifetime);
  wrappedf("spawn    (%.3f, %.3f, %.3f)", p.spawn.x, p.spawn.y, p.spawn.z);
  wrappedf("velocity (%.3f, %.3f, %.3f)", p.velocity.x, p.velocity.y, p.velocity.z);
  wrappedf("position (%.3f, %.3f, %.3f)", p.position.x, p.position.y, p.position.z);
  wrappedf("size %.4f   rotation %.2f deg   frame %u", p.size, p.rotation, p.frame);
  float c[4] = {float(p.color[0]), float(p.color[1]), float(p.color[2]), float(p.color[3])};
  ImGui::ColorEdit4("color", c, ImGuiColorEditFlags_NoInputs | ImGuiColorEditFlags_AlphaPreviewHalf);
  ImGui::SameLine();
  wrappedf("(%.3f, %.3f, %.3f, %.3f)", c[0], c[1], c[2], c[3]);

  // The lane: this slot's lives around the current time.
  const double t0 = std::max(0.0, s.view.clock.time - 6), t1 = s.view.clock.time + 6;
  const auto lives = slotLanes(*doc, h.emitter, s.doc.level->schedules[h.emitter], p.slot, t0, t1);
  ImGui::Separator();
  wrappedf("slot %u lives in [%.1f, %.1f] s: %zu", p.slot, t0, t1, lives.size());
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const float width = std::max(100.0f, ImGui::GetContentRegionAvail().x), height = 26;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->AddRectFilled(origin, {origin.x + width, origin.y + height}, IM_COL32(30, 32, 40, 255));
  auto x = [&](double t) { return origin.x + static_cast<float>((t - t0) / (t1 - t0)) * width; };
  for (const auto& l : lives) {
    const bool current = l.cycle == p.cycle;
    dl->AddRectFilled({x(std::max(l.birthTime, t0)), origin.y + 4}, {x(std::min(l.deathTime, t1)), origin.y + height - 4},
                      current ? IM_COL32(240, 180, 60, 255) : IM_COL32(90, 140, 200, 255), 3);
  }
  dl->AddLine({x(s.view.clock.time), origin.y}, {x(s.view.clock.time), origin.y + height}, IM_COL32(255, 255, 255, 255), 2);
  ImGui::Dummy({width, height});
  for (const auto& l : lives) wrappedf("cycle %lld: %.3f .. %.3f s", static_cast<long long>(l.cycle), l.birthTime, l.deathTime);
  ImGui::End();
}

}  // namespace kiln::viewer::panels::pick
