// Budgets inspector: every contract limit as a bar, required vs preset capacity per emitter,
// worst-case alive, atlas pages, per-pass GPU time and draw calls against assets/budgets.json,
// frame times.
#include <imgui.h>

#include <algorithm>
#include <cfloat>
#include <numeric>
#include <string>
#include <vector>

#include "panels/logic/inspect.hpp"
#include "panels/panels.hpp"
#include "particles/kwp1/kwp1.hpp"
#include "render/renderer.hpp"

namespace kiln::viewer::panels::budgets {
namespace {

// A limit as a labelled bar: the label (and where it is reached) on its own wrapped line, the bar
// across the panel below, so no narrow dock cuts either.
void bar(const char* label, double used, double limit, const char* where) {
  const float f = limit > 0 ? static_cast<float>(used / limit) : 0.0f;
  if (where && *where) wrappedf("%s  @ %s", label, where);
  else wrappedText(label);
  ImGui::PushStyleColor(ImGuiCol_PlotHistogram, f > 1 ? ImVec4(0.9f, 0.2f, 0.2f, 1)
                                                : f > 0.8f ? ImVec4(0.9f, 0.7f, 0.2f, 1)
                                                           : ImVec4(0.3f, 0.7f, 0.4f, 1));
  char text[96];
  if (limit > 0) std::snprintf(text, sizeof text, "%.0f / %.0f", used, limit);
  else std::snprintf(text, sizeof text, "%.0f (no target)", used);
  ImGui::ProgressBar(std::min(f, 1.0f), ImVec2(-FLT_MIN, 0), text);
  ImGui::PopStyleColor();
}

void passTimes(const ViewerState& s, float width);

// Per pass: what the pipeline did (vertex and fragment shader invocations, primitives), next to
// the pass's GPU time; one row per pass whatever the numbers, so the layout never jumps.
void pipeline(const ViewerState& s) {
  const auto& g = s.ui.gpu;
  if (!g.pipelineStatistics) {
    ImGui::TextDisabled("pipeline statistics: not offered by this driver");
    return;
  }
  const bool timersZero = std::all_of(g.passMs.begin(), g.passMs.end(), [](double t) { return t <= 0; });
  const ImGuiTableFlags flags = ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit |
                                ImGuiTableFlags_ScrollX;
  const float row = ImGui::GetTextLineHeightWithSpacing() + 2;
  if (!ImGui::BeginTable("pipeline", 5, flags, ImVec2(0, row * float(g.passNames.size() + 1) + 8))) return;
  const float num = ImGui::CalcTextSize("000000000").x;
  ImGui::TableSetupColumn("pass", ImGuiTableColumnFlags_WidthFixed, ImGui::CalcTextSize("scene-transparency").x);
  for (const char* h : {"GPU ms", "vertex inv.", "primitives", "fragment inv."})
    ImGui::TableSetupColumn(h, ImGuiTableColumnFlags_WidthFixed, std::max(num, ImGui::CalcTextSize(h).x));
  ImGui::TableHeadersRow();
  for (std::size_t p = 0; p < g.passNames.size() && p < g.passStatistics.size(); ++p) {
    const auto& st = g.passStatistics[p];
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(g.passNames[p].c_str());
    ImGui::TableNextColumn();
    if (timersZero) ImGui::TextDisabled("n/a");
    else ImGui::Text("%.3f", p < g.passMs.size() ? g.passMs[p] : 0.0);
    ImGui::TableNextColumn();
    ImGui::Text("%llu", static_cast<unsigned long long>(st.vertexInvocations));
    ImGui::TableNextColumn();
    ImGui::Text("%llu", static_cast<unsigned long long>(st.primitives));
    ImGui::TableNextColumn();
    ImGui::Text("%llu", static_cast<unsigned long long>(st.fragmentInvocations));
  }
  ImGui::EndTable();
  // The compute passes run before every pass, so none of the rows above includes them.
  if (timersZero) ImGui::TextDisabled("particle compute (evaluation and listing): n/a");
  else ImGui::Text("particle compute (evaluation and listing): %.3f ms", g.computeMs);
  if (!timersZero && g.timersUnreliable && ImGui::IsItemHovered())
    ImGui::SetTooltip("a software rasterizer: GPU ms are CPU-thread times, not a GPU's");
}

// Frame time over the last few hundred frames, at the panel's real width (a negative width on
// ImGui 1.86 plots a sliver), the frame budget as a red line, and the passes' GPU times.
void frameTime(const ViewerState& s) {
  const std::vector<float> v(s.ui.stats.frameMs.begin(), s.ui.stats.frameMs.end());
  const float mx = *std::max_element(v.begin(), v.end());
  char overlay[64];
  std::snprintf(overlay, sizeof overlay, "last %.2f ms  max %.2f ms", v.back(), mx);
  const float top = std::max({mx, 20.0f, float(s.ui.gpu.frameTargetMs) * 1.2f});
  const float width = std::max(60.0f, ImGui::GetContentRegionAvail().x);
  constexpr float kHeight = 80;
  const ImVec2 o = ImGui::GetCursorScreenPos();
  ImGui::PlotLines("##frame", v.data(), static_cast<int>(v.size()), 0, overlay, 0, top, ImVec2(width, kHeight));
  if (s.ui.gpu.frameTargetMs > 0) {
    const float y = o.y + kHeight - float(s.ui.gpu.frameTargetMs) / top * kHeight;
    ImGui::GetWindowDrawList()->AddLine({o.x, y}, {o.x + width, y}, IM_COL32(255, 80, 80, 200));
    wrappedf("red line: frame target %.1f ms (assets/budgets.json)", s.ui.gpu.frameTargetMs);
  }
  if (!s.ui.gpu.available) return;
  // A fixed height whatever the timers say, so the panel's layout never jumps with them.
  const float line = ImGui::GetTextLineHeightWithSpacing();
  ImGui::BeginChild("pass times", ImVec2(0, line * float(s.ui.gpu.passMs.size() + 2) + 4), false, ImGuiWindowFlags_NoScrollbar);
  passTimes(s, width);
  ImGui::EndChild();
}

void passTimes(const ViewerState& s, float width) {
  const auto& ms = s.ui.gpu.passMs;
  const bool timersZero = std::all_of(ms.begin(), ms.end(), [](double t) { return t <= 0; });
  if (timersZero) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1, 0.75f, 0.3f, 1));
    wrappedf("GPU timer queries read zero on this driver (common on software rasterizers): "
                       "per-pass times are unavailable, not zero.");
    ImGui::PopStyleColor();
    return;
  }
  if (s.ui.gpu.timersUnreliable) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1, 0.75f, 0.3f, 1));
    wrappedf("Software rasterizer: these timers measure CPU threads, not a GPU; compare them only "
                       "with each other.");
    ImGui::PopStyleColor();
  }
  // Per-pass GPU time as one stacked bar, in draw order, with a key.
  const double total = std::accumulate(ms.begin(), ms.end(), 0.0);
  static const ImU32 kColors[] = {IM_COL32(120, 130, 150, 255), IM_COL32(90, 170, 110, 255), IM_COL32(80, 150, 220, 255),
                                  IM_COL32(240, 160, 60, 255),  IM_COL32(200, 100, 200, 255), IM_COL32(180, 180, 90, 255)};
  const ImVec2 b = ImGui::GetCursorScreenPos();
  float x = b.x;
  for (std::size_t p = 0; p < ms.size(); ++p) {
    const float w = total > 0 ? float(ms[p] / total) * width : 0;
    ImGui::GetWindowDrawList()->AddRectFilled({x, b.y}, {x + w, b.y + 14}, kColors[p % std::size(kColors)]);
    x += w;
  }
  ImGui::Dummy({width, 16});
  for (std::size_t p = 0; p < ms.size(); ++p) {
    ImGui::ColorButton(("##c" + std::to_string(p)).c_str(), ImGui::ColorConvertU32ToFloat4(kColors[p % std::size(kColors)]),
                       ImGuiColorEditFlags_NoTooltip, {10, 10});
    ImGui::SameLine();
    ImGui::Text("%s %.3f ms", s.ui.gpu.passNames[p].c_str(), ms[p]);
  }
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
        ImGui::BeginTable("cap", 5,
                          ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY | ImGuiTableFlags_ScrollX |
                              ImGuiTableFlags_SizingFixedFit,
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
      const auto& g = s.ui.gpu;
      if (!g.driver.empty()) wrappedf("driver: %s", g.driver.c_str());
      // Timings come from the latest frame the GPU has finished; say so when that is not the last.
      if (const std::string late = render::lateResultNote(g.frame, g.timingsFrame); !late.empty())
        wrappedf("GPU times and statistics below are from an earlier frame%s: the GPU runs behind", late.c_str());
      bar("draw calls (all passes)", s.ui.gpu.drawCalls, s.ui.gpu.drawCallTarget, "");
      wrappedf("emitters: %u drawn, %u culled outside the view, %u culled with nothing alive; %u slots submitted",
                         g.emittersDrawn, g.emittersCulledFrustum, g.emittersCulledSchedule, g.slotsSubmitted);
      pipeline(s);
      ImGui::Text("atlas pages %u   live particles %u%s", s.ui.gpu.atlasPages, s.ui.gpu.liveParticles,
                  render::lateResultNote(g.frame, g.liveParticlesFrame).c_str());
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
  if (ImGui::CollapsingHeader("Frame time", ImGuiTreeNodeFlags_DefaultOpen) && !s.ui.stats.frameMs.empty()) frameTime(s);
  ImGui::End();
}

}  // namespace kiln::viewer::panels::budgets
