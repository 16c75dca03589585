// Bounds inspector: stored vs recomputed bounds per emitter, why each face is where it is, and
// which corners leave the sector (and by how much).
#include <imgui.h>

#include <algorithm>

#include "panels/field_tooltip.hpp"
#include "panels/logic/inspect.hpp"
#include "panels/panels.hpp"
#include "world/fit.hpp"

namespace kiln::viewer::panels::bounds {

void draw(ViewerState& s) {
  if (!begin(s, Panel::Bounds)) return;
  if (s.doc.forgedOffer) {
    ImGui::TextColored({1, 0.45f, 0.3f, 1}, "%s was refused by checks that can be relaxed (see Errors).",
                       s.doc.forgedOffer->filename().string().c_str());
    if (ImGui::Button("Inspect anyway (checks relaxed)")) {
      s.commands.push(OpenLevel{*s.doc.forgedOffer, true});
    }
    ImGui::Separator();
  }
  const particles::Document* doc = s.doc.level ? s.doc.level->particles() : nullptr;
  if (!doc || doc->emitters.empty()) {
    ImGui::TextDisabled("No emitters.");
    ImGui::End();
    return;
  }
  std::uint32_t e = s.view.selection.kind == Selection::Kind::Emitter ? s.view.selection.index : 0;
  if (e >= doc->emitters.size()) e = 0;
  if (ImGui::BeginCombo("emitter", doc->emitters[e].name.c_str())) {
    for (std::uint32_t i = 0; i < doc->emitters.size(); ++i) {
      const std::string& problem = i < s.doc.level->problems.size() ? s.doc.level->problems[i] : std::string();
      const bool forged = i < s.doc.level->forged.size() && s.doc.level->forged[i];
      std::string label = doc->emitters[i].name + (!problem.empty() ? "  [" + problem + "]" : forged ? "  [FORGED]" : "");
      if (ImGui::Selectable(label.c_str(), i == e)) s.view.selection = {Selection::Kind::Emitter, i};
    }
    ImGui::EndCombo();
  }
  fieldTooltip("bounds", "emitter");
  const auto& em = doc->emitters[e];
  const auto& preset = doc->presets[em.preset];
  const particles::BoundsExplanation ex = particles::explainEmitterBounds(preset, em);
  const bool forged = !(ex.bounds == em.bounds);
  if (forged) ImGui::TextColored({1, 0.3f, 0.3f, 1}, "FORGED: stored bounds differ from the recomputed ones");
  else ImGui::TextColored({0.4f, 1, 0.5f, 1}, "stored bounds equal the recomputed bounds");
  fieldTooltip("bounds", "forged");

  const auto diff = inspect::boundsDiff(em.bounds, ex.bounds);
  // Columns fit their contents; a narrow dock scrolls the table sideways instead of cutting it.
  const ImGuiTableFlags fit = ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_ScrollX;
  const float row = ImGui::GetTextLineHeightWithSpacing() + 2;
  if (ImGui::BeginTable("diff", 7, fit, ImVec2(0, row * 4 + 8))) {
    // Widths from the text they hold, so the first frame already has its final layout.
    const float num = ImGui::CalcTextSize("-0000.000000").x;
    for (const char* h : {"axis", "stored min", "recomputed min", "d min", "stored max", "recomputed max", "d max"})
      ImGui::TableSetupColumn(h, ImGuiTableColumnFlags_WidthFixed, std::max(num, ImGui::CalcTextSize(h).x));
    fieldTableHeaders("bounds", {"axis", "stored min", "recomputed min", "d min", "stored max", "recomputed max", "d max"});
    for (int a = 0; a < 3; ++a) {
      const auto& d = diff[static_cast<std::size_t>(a)];
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(a == 0 ? "x" : a == 1 ? "y" : "z");
      auto cell = [](double v, bool delta) {
        ImGui::TableNextColumn();
        if (delta && v != 0) ImGui::TextColored({1, 0.35f, 0.3f, 1}, "%+.6g", v);
        else ImGui::Text(delta ? "%+.3g" : "%.6f", v);
      };
      cell(d.storedMin, false), cell(d.recomputedMin, false), cell(d.dMin(), true);
      cell(d.storedMax, false), cell(d.recomputedMax, false), cell(d.dMax(), true);
    }
    ImGui::EndTable();
  }
  ImGui::Text("billboard radius %.4f", ex.billboardRadius);
  fieldTooltip("bounds", "billboard radius");
  ImGui::SameLine();
  ImGui::Text("  margin %.3g", ex.margin);
  fieldTooltip("bounds", "margin");
  if (ImGui::BeginTable("faces", 5, fit, ImVec2(0, row * 7 + 8))) {
    float term = ImGui::CalcTextSize("term").x;
    for (const auto& r : ex.faces) term = std::max(term, ImGui::CalcTextSize(r.term.data(), r.term.data() + r.term.size()).x);
    const float num = ImGui::CalcTextSize("-0000.0000").x;
    ImGui::TableSetupColumn("face", ImGuiTableColumnFlags_WidthFixed, ImGui::CalcTextSize("face").x);
    ImGui::TableSetupColumn("term", ImGuiTableColumnFlags_WidthFixed, term);
    for (const char* h : {"age (s)", "lifetime (s)", "local extent"})
      ImGui::TableSetupColumn(h, ImGuiTableColumnFlags_WidthFixed, std::max(num, ImGui::CalcTextSize(h).x));
    fieldTableHeaders("bounds", {"face", "term", "age", "lifetime", "local extent"});
    for (int f = 0; f < 6; ++f) {
      const auto& r = ex.faces[static_cast<std::size_t>(f)];
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(inspect::faceName(f));
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(r.term.data(), r.term.data() + r.term.size());
      ImGui::TableNextColumn();
      ImGui::Text("%.4f", r.age);
      ImGui::TableNextColumn();
      ImGui::Text("%.4f", r.lifetime);
      ImGui::TableNextColumn();
      ImGui::Text("%.4f", r.extent);
    }
    ImGui::EndTable();
  }
  const auto& w = s.doc.level->world();
  for (const auto& fit : world::fitEmitters(w, *doc)) {
    if (fit.emitter != e) continue;
    if (!fit.sectorExists) {
      ImGui::TextColored({1, 0.3f, 0.3f, 1}, "sector %u does not exist", fit.sector);
      break;
    }
    ImGui::Text("sector %s: %s", w.sectors[fit.sector].name.c_str(), fit.inside() ? "every corner inside" : "corners OUTSIDE");
    fieldTooltip("bounds", "sector fit");
    for (const auto& c : fit.corners) {
      const ImVec4 col = c.inside() ? ImVec4(0.6f, 0.7f, 0.6f, 1) : ImVec4(1, 0.3f, 0.3f, 1);
      ImGui::TextColored(col, "%-22s %-8s %+.4f %s", world::cornerName(c.corner).c_str(), c.plane.c_str(), c.distance,
                         c.inside() ? "inside" : "outside");
      fieldTooltip("bounds", "sector fit");
    }
  }
  ImGui::End();
}

}  // namespace kiln::viewer::panels::bounds
