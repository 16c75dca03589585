// Blend passes inspector: the particle passes in draw order with their emitters, live counts
// and blend equations; solo/mute per pass and per emitter; overdraw; the alpha pass's
// authored order beside a back-to-front sort (reference only: the renderer never sorts).
#include <imgui.h>

#include "panels/logic/inspect.hpp"
#include "panels/panels.hpp"
#include "particles/evaluate.hpp"
#include "render/cpu/event_blend.hpp"

namespace kiln::viewer::panels::blend {
namespace {

// The scene-transparency pass: this frame's event draw ranges with each recipe's blend mode,
// texture alpha and alpha test (the renderer's numbers, GpuView::readEventStats).
void drawEventPass(const ViewerState& s) {
  const auto& g = s.ui.gpu;
  const sim::Events* events = s.doc.level && s.doc.level->load.level.events ? &*s.doc.level->load.level.events : nullptr;
  if (!events) return;
  ImGui::Separator();
  ImGui::Text("scene-transparency pass: event particles  (%zu draw ranges, %u sprites)", g.eventRanges.size(),
              g.eventDeclared);
  if (!g.events) {
    ImGui::TextDisabled("  (needs the GPU renderer)");
    return;
  }
  for (const auto& r : g.eventRanges) {
    // A range draws every recipe of its draw class (same blend and texture); texture alpha and
    // alpha test are then each sprite's own.
    std::string recipes;
    std::size_t members = 0;
    for (std::size_t i = 0; i < g.eventDrawClass.size() && i < events->recipes.size(); ++i)
      if (g.eventDrawClass[i] == r.recipe) recipes += (members++ ? "+" : "") + events->recipes[i].name;
    if (members > 1)
      ImGui::BulletText("%-12s %-13s tex, test per recipe  sprites %u..%u%s", recipes.c_str(),
                        std::string(sim::name(r.blend)).c_str(), r.first, r.first + r.count, r.textured ? "" : "  (white quad)");
    else
      ImGui::BulletText("%-12s %-13s tex %-10s test %.3f  sprites %u..%u%s", recipes.c_str(),
                        std::string(sim::name(r.blend)).c_str(), std::string(sim::name(r.textureAlpha)).c_str(),
                        static_cast<double>(r.alphaTest), r.first, r.first + r.count, r.textured ? "" : "  (white quad)");
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("%.*s", static_cast<int>(render::eventBlendInfo(r.blend).equation.size()),
                        render::eventBlendInfo(r.blend).equation.data());
  }
}

}  // namespace

void draw(ViewerState& s) {
  // The event pass's long rows scroll sideways rather than being cut.
  if (!begin(s, Panel::Blend, ImGuiWindowFlags_HorizontalScrollbar)) return;
  const particles::Document* doc = s.doc.level ? s.doc.level->particles() : nullptr;
  if (!doc) {
    drawEventPass(s);
    ImGui::TextDisabled("No worldparticles.");
    ImGui::End();
    return;
  }
  PassControls& pc = s.view.passes;
  pc.emitterMuted.resize(doc->emitters.size(), 0);
  ImGui::Checkbox("overdraw heatmap", &pc.overdraw);
  if (!s.ui.gpu.available && pc.overdraw) {
    ImGui::SameLine();
    ImGui::TextDisabled("(needs the GPU renderer)");
  }
  const auto passes = inspect::passesInOrder(*doc);
  for (int p = 0; p < static_cast<int>(render::kParticlePassCount); ++p) {
    ImGui::PushID(p);
    const auto& entries = passes[static_cast<std::size_t>(p)];
    const render::PassInfo& info = render::passInfo(render::kParticlePasses[static_cast<std::size_t>(p)]);
    // The event pass sits between cutout and additive (the pass table's order).
    if (static_cast<std::size_t>(info.pass) == static_cast<std::size_t>(render::Pass::SceneTransparency) + 1)
      drawEventPass(s);
    ImGui::Separator();
    // Solo and mute lead each row, as in the Outliner, so a narrow dock never cuts them off.
    if (toggleButton("S", pc.soloPass == p, "solo: show only this pass")) pc.soloPass = pc.soloPass == p ? -1 : p;
    ImGui::SameLine(0, 2);
    bool& passMuted = pc.passMuted[static_cast<std::size_t>(p)];
    if (toggleButton("M", passMuted, "mute: hide this pass")) passMuted = !passMuted;
    ImGui::SameLine();
    ImGui::Text("%d. %.*s pass  (%zu emitters)", p + 1, static_cast<int>(info.name.size()), info.name.data(),
                entries.size());
    ImGui::Indent();
    for (const auto& entry : entries) {
      const auto& e = doc->emitters[entry.emitter];
      const int id = static_cast<int>(entry.emitter);
      ImGui::PushID(id);
      if (toggleButton("S", pc.soloEmitter == id, "solo: show only this emitter"))
        pc.soloEmitter = pc.soloEmitter == id ? -1 : id;
      ImGui::SameLine(0, 2);
      if (toggleButton("M", pc.emitterMuted[entry.emitter] != 0, "mute: hide this emitter"))
        pc.emitterMuted[entry.emitter] = pc.emitterMuted[entry.emitter] ? 0 : 1;
      ImGui::SameLine();
      const auto live = particles::evaluateEmitter(*doc, entry.emitter, s.view.clock.time).size();
      ImGui::Text("%-20s %-13s live %4zu", e.name.c_str(), std::string(particles::name(entry.blend)).c_str(), live);
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", inspect::blendEquation(entry.blend));
      ImGui::PopID();
    }
    ImGui::Unindent();
    if (info.authoredOrder && entries.size() > 1) {
      const auto eye = s.view.camera.eye();
      const auto sorted = inspect::backToFront(*doc, entries, {eye.x, eye.y, eye.z});
      ImGui::TextDisabled("authored order vs back-to-front (reference only, not used to draw):");
      for (std::size_t i = 0; i < entries.size(); ++i)
        ImGui::Text("  %zu. %-20s | %s", i + 1, doc->emitters[entries[i].emitter].name.c_str(),
                    doc->emitters[sorted[i]].name.c_str());
    }
    ImGui::PopID();
  }
  ImGui::End();
}

}  // namespace kiln::viewer::panels::blend
