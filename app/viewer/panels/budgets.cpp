// Budgets inspector: every contract limit as a bar, required vs preset capacity per emitter,
// worst-case alive, atlas pages, per-pass GPU time and draw calls against assets/budgets.json,
// frame times.
#include <imgui.h>

#include <algorithm>

#include "panels/inspect.hpp"
#include "panels/panels.hpp"
#include "particles/kwp1/kwp1.hpp"

namespace kiln::viewer::panels::budgets {
namespace {

void bar(const char* label, double used, double limit, const char* where) {
  const float f = limit > 0 ? static_cast<float>(used / limit) : 0.0f;
  ImGui::PushStyleColor(ImGuiCol_PlotHistogram, f > 1 ? ImVec4(0.9f, 0.2f, 0.2f, 1)
                                                : f > 0.8f ? ImVec4(0.9f, 0.7f, 0.2f, 1)
                                                           : ImVec4(0.3f, 0.7f, 0.4f, 1));
  char text[96];
  std::snprintf(text, sizeof text, "%.0f / %.0f", used, limit);
  ImGui::ProgressBar(std::min(f, 1.0f), ImVec2(220, 0), text);
  ImGui::PopStyleColor();
  ImGui::SameLine();
  ImGui::Text("%s%s%s", label, where && *where ? "  @ " : "", where ? where : "");
}

}  // namespace

void draw(ViewerState& s) {
  if (!begin(s, Panel::Budgets)) return;
  const particles::Document* doc = s.doc.level ? s.doc.level->particles() : nullptr;
  if (doc) {
    // Encoded size is measured by encoding, cached per mounted document.
    PanelMemory::Budgets& cache = s.ui.memory.budgets;
    if (cache.generation != s.doc.levelGeneration) {
      cache.encoded = particles::encodeKwp1(*doc).size();
      cache.rows = inspect::budgetRows(*doc, cache.encoded);
      cache.caps = inspect::capacityRows(*doc);
      cache.generation = s.doc.levelGeneration;
    }
    const auto& rows = cache.rows;
    const auto& caps = cache.caps;
    if (ImGui::CollapsingHeader("Format limits", ImGuiTreeNodeFlags_DefaultOpen))
      for (const auto& r : rows) bar(r.name.c_str(), r.used, r.limit, r.where.c_str());
    if (ImGui::CollapsingHeader("Capacity per emitter", ImGuiTreeNodeFlags_DefaultOpen) &&
        ImGui::BeginTable("cap", 5, ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY,
                          ImVec2(0, 180))) {
      for (const char* h : {"emitter", "preset", "required", "capacity", "worst-case alive"}) ImGui::TableSetupColumn(h);
      ImGui::TableHeadersRow();
      std::uint64_t worst = 0;
      for (const auto& c : caps) {
        worst += c.worstCaseAlive;
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(c.emitter.c_str());
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(c.preset.c_str());
        ImGui::TableNextColumn();
        if (c.required > c.capacity) ImGui::TextColored({1, 0.3f, 0.3f, 1}, "%llu", (unsigned long long)c.required);
        else ImGui::Text("%llu", (unsigned long long)c.required);
        ImGui::TableNextColumn();
        ImGui::Text("%u", c.capacity);
        ImGui::TableNextColumn();
        ImGui::Text("%llu", (unsigned long long)c.worstCaseAlive);
      }
      ImGui::EndTable();
      ImGui::Text("worst-case alive, whole level: %llu", (unsigned long long)worst);
    }
  } else {
    ImGui::TextDisabled("No particles in this level.");
  }
  if (ImGui::CollapsingHeader("GPU", ImGuiTreeNodeFlags_DefaultOpen)) {
    if (!s.ui.gpu.available) {
      ImGui::TextDisabled("renderer not active: particles are drawn as CPU reference points");
    } else {
      bar("draw calls (all passes)", s.ui.gpu.drawCalls, s.ui.gpu.drawCallTarget, "");
      ImGui::Text("atlas pages %u   live particles %u", s.ui.gpu.atlasPages, s.ui.gpu.liveParticles);
      for (std::size_t p = 0; p < s.ui.gpu.passMs.size(); ++p) {
        const double target = p < s.ui.gpu.passTargetMs.size() ? s.ui.gpu.passTargetMs[p] : 0;
        bar((s.ui.gpu.passNames[p] + " (us)").c_str(), s.ui.gpu.passMs[p] * 1000.0, target * 1000.0,
            target > 0 ? "" : "no target in budgets.json");
        const double calls = p < s.ui.gpu.passDrawCalls.size() ? s.ui.gpu.passDrawCalls[p] : 0;
        const double callTarget = p < s.ui.gpu.passDrawCallTargets.size() ? s.ui.gpu.passDrawCallTargets[p] : 0;
        bar((s.ui.gpu.passNames[p] + " (draw calls)").c_str(), calls, callTarget,
            callTarget > 0 ? "" : "no target in budgets.json");
      }
    }
  }
  if (s.ui.gpu.events && ImGui::CollapsingHeader("Event particles (scene-transparency)", ImGuiTreeNodeFlags_DefaultOpen)) {
    const auto& g = s.ui.gpu;
    constexpr auto kTransparency = static_cast<std::size_t>(render::Pass::SceneTransparency);
    bar("live particles (pool)", g.eventLive, g.eventCapacity, "events.capacity");
    bar("sprites drawn", g.eventDeclared, g.eventMaxSprites, "events.max_sprites");
    bar("draw ranges", static_cast<double>(g.eventRanges.size()),
        kTransparency < g.passDrawCallTargets.size() ? g.passDrawCallTargets[kTransparency] : 0,
        "scene-transparency draw_calls");
    ImGui::Text("dropped this frame %u   since T = 0 %llu", g.eventDroppedThisFrame,
                static_cast<unsigned long long>(g.eventDroppedTotal));
    bar("simulation CPU (us)", g.eventSimMs * 1000.0, g.eventSimTargetMs * 1000.0,
        g.eventSimTargetMs > 0 ? "" : "no events.sim_ms in budgets.json");
    bar("batching CPU (us)", g.eventBatchMs * 1000.0, g.eventBatchTargetMs * 1000.0,
        g.eventBatchTargetMs > 0 ? "" : "no events.batch_ms in budgets.json");
  }
  if (ImGui::CollapsingHeader("Frame time", ImGuiTreeNodeFlags_DefaultOpen) && !s.ui.stats.frameMs.empty()) {
    std::vector<float> v(s.ui.stats.frameMs.begin(), s.ui.stats.frameMs.end());
    const float mx = *std::max_element(v.begin(), v.end());
    char overlay[64];
    std::snprintf(overlay, sizeof overlay, "last %.2f ms  max %.2f ms", v.back(), mx);
    const float top = std::max({mx, 20.0f, float(s.ui.gpu.frameTargetMs) * 1.2f});
    const ImVec2 o = ImGui::GetCursorScreenPos();
    ImGui::PlotLines("##frame", v.data(), static_cast<int>(v.size()), 0, overlay, 0, top, ImVec2(-1, 70));
    if (s.ui.gpu.frameTargetMs > 0) {
      // The frame budget as a line across the graph.
      const float y = o.y + 70 - float(s.ui.gpu.frameTargetMs) / top * 70;
      ImGui::GetWindowDrawList()->AddLine({o.x, y}, {o.x + ImGui::GetItemRectSize().x, y}, IM_COL32(255, 80, 80, 200));
      ImGui::Text("frame target %.1f ms (assets/budgets.json)", s.ui.gpu.frameTargetMs);
    }
  }
  ImGui::End();
}

}  // namespace kiln::viewer::panels::budgets
