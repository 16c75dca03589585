// Bounds inspector: one row per face of the stored box against the recomputed one (the worst
// face named above the table), where and when a real particle first leaves the box or its
// sector with buttons that jump there, why each face is where it is, and which corners leave
// the sector (and by how much). Sized to read whole in a 1280×720 dock: no sideways scrolling.
#include <imgui.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <string>

#include "logic/escape_view.hpp"
#include "panels/field_tooltip.hpp"
#include "panels/logic/inspect.hpp"
#include "panels/panels.hpp"
#include "world/fit.hpp"

namespace kiln::viewer::panels::bounds {
namespace {

constexpr ImVec4 kRed{1, 0.35f, 0.3f, 1};
constexpr ImVec4 kGreen{0.4f, 1, 0.5f, 1};
constexpr ImVec4 kGrey{0.6f, 0.6f, 0.6f, 1};
constexpr ImU32 kDifferBg = IM_COL32(150, 40, 35, 150);

// The why of one face, in the tooltip of its row.
void faceWhyTooltip(const particles::FaceReason& r) {
  if (!ImGui::BeginItemTooltip()) return;
  ImGui::Text("%.*s", static_cast<int>(r.term.size()), r.term.data());
  ImGui::Text("at age %.4f s of a %.4f s lifetime", r.age, r.lifetime);
  ImGui::Text("local extent %.4f m (before scale, billboard and margin)", r.extent);
  ImGui::EndTooltip();
}

void differenceTable(const std::array<particles::FaceDifference, 6>& faces, const particles::BoundsExplanation& ex,
                     int worst) {
  // Short headers (their tooltips say the rest) and columns as wide as the widest text they hold:
  // about 330 pixels, so the table reads whole in the right-hand dock at 1280×720.
  auto w = [](std::string_view t) { return ImGui::CalcTextSize(t.data(), t.data() + t.size()).x; };
  std::array<float, 5> width{w("max.z"), w("stored"), w("recomputed"), w("diff"), w("steps")};
  auto shortDiff = [](const particles::FaceDifference& d) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%+.3g", d.stored - d.recomputed);
    return d.differs() && d.kind != particles::FaceDifference::Kind::SignOfZero ? std::string(buf) : d.differenceText;
  };
  auto stepsText = [](const particles::FaceDifference& d) {
    using K = particles::FaceDifference::Kind;
    return d.kind == K::Steps ? std::to_string(d.steps) : d.kind == K::Same ? std::string("0")
                                                        : d.kind == K::SignOfZero ? std::string("sign") : std::string("n/a");
  };
  for (const auto& d : faces) {
    width[1] = std::max(width[1], w(d.storedText));
    width[2] = std::max(width[2], w(d.recomputedText));
    width[3] = std::max(width[3], w(shortDiff(d)));
    width[4] = std::max(width[4], w(stepsText(d)));
  }
  const ImGuiTableFlags flags = ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit;
  if (!ImGui::BeginTable("faces", 5, flags)) return;
  const char* heads[5] = {"face", "stored", "recomputed", "diff", "steps"};
  for (int c = 0; c < 5; ++c) ImGui::TableSetupColumn(heads[c], ImGuiTableColumnFlags_WidthFixed, width[static_cast<std::size_t>(c)]);
  fieldTableHeaders("bounds", {"face", "stored", "recomputed", "difference", "float32 steps"});
  for (int f = 0; f < 6; ++f) {
    const auto& d = faces[static_cast<std::size_t>(f)];
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    if (f == worst) ImGui::TextColored(kRed, "%s", d.name.c_str());
    else ImGui::TextUnformatted(d.name.c_str());
    faceWhyTooltip(ex.faces[static_cast<std::size_t>(f)]);
    auto cell = [&](const std::string& text, bool highlight) {
      ImGui::TableNextColumn();
      if (highlight) ImGui::TableSetBgColor(ImGuiTableBgTarget_CellBg, kDifferBg);
      ImGui::TextUnformatted(text.c_str());
    };
    cell(d.storedText, d.differs());
    cell(d.recomputedText, false);
    cell(shortDiff(d), d.differs());
    if (d.differs() && ImGui::IsItemHovered()) ImGui::SetTooltip("stored - recomputed = %s m", d.differenceText.c_str());
    cell(stepsText(d), d.differs());
  }
  ImGui::EndTable();
}

// The finder's answer for the emitter and the buttons that go there (the Errors panel has the
// same buttons).
void escapesSection(ViewerState& s, std::uint32_t e, bool search) {
  ImGui::SeparatorText("Escapes");
  fieldTooltip("bounds", "escapes");
  if (!search) {
    // A box that equals the recomputed one and fits its sector cannot be escaped: the search
    // (which follows every particle) runs only when asked.
    const ImVec4 grey = kGrey;
    wrappedText("The stored box is the recomputed one and fits its sector: nothing can escape it.", &grey);
    if (ImGui::Button("Jump to closest approach")) s.commands.push(JumpToEscape{e, EscapeWhich::Closest});
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("The moment a particle comes nearest a face of the box or a wall");
    return;
  }
  const world::EmitterEscapes* r = escapesOf(s, e);
  if (!r) return;
  escapeButtons(s, e, *r);
}

void sectorFit(const ViewerState& s, const particles::Document& doc, std::uint32_t e) {
  const auto& w = s.doc.level->world();
  for (const auto& fit : world::fitEmitters(w, doc)) {
    if (fit.emitter != e) continue;
    ImGui::SeparatorText("Sector fit");
    if (!fit.sectorExists) {
      ImGui::TextColored(kRed, "sector %u does not exist", fit.sector);
      return;
    }
    ImGui::TextColored(fit.inside() ? kGreen : kRed, "%s: %s", w.sectors[fit.sector].name.c_str(),
                       fit.inside() ? "every corner inside" : "corners OUTSIDE");
    fieldTooltip("bounds", "sector fit");
    const ImGuiTableFlags flags = ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingStretchProp;
    if (!ImGui::BeginTable("corners", 3, flags)) return;
    for (const auto& c : fit.corners) {
      ImGui::TableNextRow();
      const ImVec4 col = c.inside() ? kGrey : kRed;
      ImGui::TableNextColumn();
      ImGui::TextColored(col, "%s", world::cornerName(c.corner).c_str());
      ImGui::TableNextColumn();
      ImGui::TextColored(col, "%s", c.plane.c_str());
      ImGui::TableNextColumn();
      if (!c.inside()) ImGui::TableSetBgColor(ImGuiTableBgTarget_CellBg, kDifferBg);
      ImGui::TextColored(col, "%+.4f %s", c.distance, c.inside() ? "inside" : "outside");
    }
    ImGui::EndTable();
    return;
  }
}

}  // namespace

void escapeButtons(ViewerState& s, std::uint32_t e, const world::EmitterEscapes& r) {
  ImGui::PushID(static_cast<int>(e));
  if (r.escapes()) {
    wrappedText(escapeSummary(r, EscapeWhich::First), &kRed);
    wrappedText(escapeSummary(r, EscapeWhich::Worst));
    if (ImGui::Button("Jump to first escape")) s.commands.push(JumpToEscape{e, EscapeWhich::First});
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Pause at the moment, select the particle and frame it with the crossed face");
    ImGui::SameLine();
    if (ImGui::Button("Jump to worst")) s.commands.push(JumpToEscape{e, EscapeWhich::Worst});
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("The moment a particle is furthest outside");
  } else {
    wrappedText("No real particle leaves the stored box or the sector. " + escapeSummary(r, EscapeWhich::Closest));
    if (ImGui::Button("Jump to closest approach")) s.commands.push(JumpToEscape{e, EscapeWhich::Closest});
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("The moment a particle comes nearest a face of the box or a wall");
  }
  if (!r.search.exhaustive) {
    char buf[96];
    std::snprintf(buf, sizeof buf, "(cycles searched until t=%.3g s)", r.search.until);
    wrappedText(buf, &kGrey);
  }
  ImGui::PopID();
}

void draw(ViewerState& s) {
  if (!begin(s, Panel::Bounds)) return;
  if (s.doc.forgedOffer) {
    const std::string name = s.doc.forgedOffer->filename().string();
    wrappedText(name + " was refused by checks that can be relaxed (see Errors).", &kRed);
    if (ImGui::Button("Inspect anyway (checks relaxed)")) s.commands.push(OpenLevel{*s.doc.forgedOffer, true, false, true});
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Open it with the stored-bounds and sector checks relaxed; the clock keeps its time");
    ImGui::Separator();
  }
  const particles::Document* doc = s.doc.level ? s.doc.level->particles() : nullptr;
  if (!doc || doc->emitters.empty()) {
    ImGui::TextDisabled("No emitters.");
    ImGui::End();
    return;
  }
  // Under a refusal, what follows describes the level still mounted, and says so in grey.
  if (s.doc.forgedOffer) wrappedText("Below: the last good level, " + s.doc.level->path.filename().string() + ".", &kGrey);
  std::uint32_t e = s.view.selection.kind == Selection::Kind::Emitter ? s.view.selection.index : 0;
  if (e >= doc->emitters.size()) e = 0;
  auto problemOf = [&](std::uint32_t i) {
    const std::string& problem = i < s.doc.level->problems.size() ? s.doc.level->problems[i] : std::string();
    const bool forged = i < s.doc.level->forged.size() && s.doc.level->forged[i];
    return !problem.empty() ? problem : forged ? std::string("forged bounds") : std::string();
  };
  ImGui::SetNextItemWidth(-ImGui::CalcTextSize("emitter ").x);
  if (ImGui::BeginCombo("emitter", doc->emitters[e].name.c_str())) {
    for (std::uint32_t i = 0; i < doc->emitters.size(); ++i) {
      const std::string problem = problemOf(i);
      const std::string label = doc->emitters[i].name + (problem.empty() ? "" : "  (! " + problem + ")");
      if (ImGui::Selectable(label.c_str(), i == e)) s.view.selection = {Selection::Kind::Emitter, i};
    }
    ImGui::EndCombo();
  }
  fieldTooltip("bounds", "emitter");
  const auto& em = doc->emitters[e];
  const auto& preset = doc->presets[em.preset];
  const particles::BoundsExplanation ex = particles::explainEmitterBounds(preset, em);
  const auto faces = particles::faceDifferences(em.bounds, ex.bounds);
  const std::string headline = inspect::forgedHeadline(faces);
  const ImVec4 grey = kGrey;
  // A box that does not fit its sector is named first: the table below it may well be equal.
  {
    const world::EmitterFit fit = world::fitEmitter(s.doc.level->world(), em, e);
    char line[256] = "";
    if (!fit.sectorExists)
      std::snprintf(line, sizeof line, "MISSING SECTOR: sector %u does not exist", fit.sector);
    else if (!fit.inside())
      std::snprintf(line, sizeof line, "OUTSIDE ITS SECTOR: a corner of the stored box is %.4g outside %s of %s",
                    fit.worst().distance, fit.worst().plane.c_str(), s.doc.level->world().sectors[fit.sector].name.c_str());
    if (line[0]) {
      wrappedText(line, s.doc.forgedOffer ? &grey : &kRed);
      fieldTooltip("bounds", "sector fit");
    }
  }
  if (!headline.empty()) wrappedText("FORGED: " + headline, s.doc.forgedOffer ? &grey : &kRed);
  else wrappedText("stored bounds equal the recomputed bounds", s.doc.forgedOffer ? &grey : &kGreen);
  fieldTooltip("bounds", "forged");
  differenceTable(faces, ex, inspect::worstFace(faces));
  char radius[128];
  std::snprintf(radius, sizeof radius, "billboard radius %.4f m", ex.billboardRadius);
  ImGui::TextUnformatted(radius);
  fieldTooltip("bounds", "billboard radius");
  ImGui::SameLine();
  ImGui::Text("  margin %.3g m", ex.margin);
  fieldTooltip("bounds", "margin");

  const bool misfit = !problemOf(e).empty() || !headline.empty();
  escapesSection(s, e, misfit);
  sectorFit(s, *doc, e);

  if (ImGui::CollapsingHeader("Why each face is where it is")) {
    const ImGuiTableFlags flags = ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp;
    if (ImGui::BeginTable("why", 5, flags)) {
      ImGui::TableSetupColumn("face", ImGuiTableColumnFlags_WidthFixed, ImGui::CalcTextSize("max.z ").x);
      ImGui::TableSetupColumn("term", ImGuiTableColumnFlags_WidthStretch, 3);
      for (const char* h : {"age (s)", "lifetime (s)", "local extent"})
        ImGui::TableSetupColumn(h, ImGuiTableColumnFlags_WidthStretch, 1);
      fieldTableHeaders("bounds", {"face", "term", "age", "lifetime", "local extent"});
      for (int f = 0; f < 6; ++f) {
        const auto& r = ex.faces[static_cast<std::size_t>(f)];
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(faces[static_cast<std::size_t>(f)].name.c_str());
        ImGui::TableNextColumn();
        wrappedText(std::string(r.term));
        ImGui::TableNextColumn();
        ImGui::Text("%.4f", r.age);
        ImGui::TableNextColumn();
        ImGui::Text("%.4f", r.lifetime);
        ImGui::TableNextColumn();
        ImGui::Text("%.4f", r.extent);
      }
      ImGui::EndTable();
    }
  }
  ImGui::End();
}

}  // namespace kiln::viewer::panels::bounds
