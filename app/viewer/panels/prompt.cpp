// The question the viewer asks before anything could lose work (ViewerState::ui.prompt): a
// modal dialog whose buttons push the commands that answer it; Esc and Cancel drop the question.
#include <imgui.h>

#include "panels.hpp"

namespace kiln::viewer::panels::prompt {
namespace {

// One popup identity (the part after ###) whatever its title says.
constexpr const char* kPopup = "###kiln-prompt";

const char* title(Prompt::Kind k) {
  switch (k) {
    case Prompt::Kind::SaveConflict:
    case Prompt::Kind::ReloadWhileDirty: return "Changed on disk###kiln-prompt";
    case Prompt::Kind::QuitWhileDirty:
    case Prompt::Kind::OpenWhileDirty: return "Unsaved edits###kiln-prompt";
  }
  return kPopup;
}

struct Answer {
  const char* label;
  const char* tooltip;
};

// One row of buttons; returns the index pressed, or -1.
int buttons(std::initializer_list<Answer> answers) {
  int pressed = -1, i = 0;
  for (const Answer& a : answers) {
    if (i) ImGui::SameLine();
    if (ImGui::Button(a.label)) pressed = i;
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", a.tooltip);
    ++i;
  }
  return pressed;
}

}  // namespace

void draw(ViewerState& s) {
  if (!s.ui.prompt) return;
  if (!ImGui::IsPopupOpen(kPopup)) ImGui::OpenPopup(kPopup);
  const ImVec2 centre(ImGui::GetIO().DisplaySize.x * 0.5f, ImGui::GetIO().DisplaySize.y * 0.5f);
  ImGui::SetNextWindowPos(centre, ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
  const Prompt p = *s.ui.prompt;
  if (!ImGui::BeginPopupModal(title(p.kind), nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;
  const std::string file = s.doc.level ? s.doc.level->path.filename().string() : std::string("the level");
  bool answered = false;
  auto done = [&](bool yes) { answered = answered || yes; };
  ImGui::PushTextWrapPos(ImGui::GetFontSize() * 34);
  switch (p.kind) {
    case Prompt::Kind::SaveConflict: {
      ImGui::Text("%s changed on disk since it was loaded.", file.c_str());
      ImGui::TextWrapped("Saving as it is would write over that change. Your unsaved edits: %s.",
                         unsavedSummary(s.doc).c_str());
      const int b = buttons({{"Apply my edits to the new file", "Write only your edited values into the file as it is "
                                                                 "on disk now, keeping the other change, then reload it"},
                             {"Overwrite the file", "Write the file as you loaded it plus your edits: the change made "
                                                    "on disk is lost"},
                             {"Cancel", "Write nothing; your edits stay in the viewer"}});
      if (b == 0 || b == 1) {
        SaveSource again = p.save;
        again.mode = b == 0 ? SaveMode::Reapply : SaveMode::Overwrite;
        s.commands.push(again);
      }
      done(b >= 0);
      break;
    }
    case Prompt::Kind::ReloadWhileDirty: {
      ImGui::Text("%s changed on disk.", file.c_str());
      ImGui::TextWrapped("Reloading it would drop your unsaved edits to %s.", p.detail.c_str());
      const int b = buttons({{"Reload (drop my edits)", "Show the file as it is on disk now"},
                             {"Keep my edits", "Go on editing; a later save asks how to treat the change on disk"}});
      if (b == 0) s.commands.push(ReloadLevel{});
      done(b >= 0);
      break;
    }
    case Prompt::Kind::QuitWhileDirty:
    case Prompt::Kind::OpenWhileDirty: {
      const bool quit = p.kind == Prompt::Kind::QuitWhileDirty;
      ImGui::TextWrapped("Your edits to %s are not saved: %s.", file.c_str(), p.detail.c_str());
      const bool canSave = s.doc.level && s.doc.level->isSource();
      if (!canSave) ImGui::TextDisabled("(a compiled level cannot take them: open its .yaml source to save edits)");
      ImGui::BeginDisabled(!canSave);
      const int save = buttons({{quit ? "Save and quit" : "Save and open", "Write the edits to the source first"}});
      ImGui::EndDisabled();
      ImGui::SameLine();
      const int rest = buttons({{quit ? "Quit without saving" : "Open without saving", "Your edits are dropped"},
                                {"Cancel", "Stay here; nothing is dropped"}});
      if (save == 0) {
        SaveSource then;
        then.thenQuit = quit;
        if (!quit) then.thenOpen = p.open;
        s.commands.push(then);
      }
      if (rest == 0) {
        if (quit) {
          s.commands.push(RequestQuit{true});
        } else {
          OpenLevel o = p.open;
          o.discard = true;
          s.commands.push(o);
        }
      }
      done(save == 0 || rest >= 0);
      break;
    }
  }
  ImGui::PopTextWrapPos();
  if (ImGui::IsKeyPressed(ImGuiKey_Escape)) answered = true;  // Esc is Cancel
  if (answered) {
    s.ui.prompt.reset();
    ImGui::CloseCurrentPopup();
  }
  ImGui::EndPopup();
}

}  // namespace kiln::viewer::panels::prompt
