// The output transform's controls: View > Output and the Viewport's output button show the same
// widgets. Every change is checked by render::outputProblem before it lands, as a script's
// `output` line is (logic/view_output.cpp); keys T and [ ] step the same settings.
#include <imgui.h>

#include <array>
#include <string>

#include "logic/view_output.hpp"
#include "panels/panels.hpp"

namespace kiln::viewer::panels::output {
namespace {

void tooltip(const char* text) {
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled | ImGuiHoveredFlags_DelayShort)) ImGui::SetTooltip("%s", text);
}

constexpr std::array<const char*, 4> kToneMapHelp{
    "clamp: each channel cut at 1. A hot colour turns white-yellow; what an LDR host shows after the blends.",
    "neutral (Khronos PBR Neutral): colours below about 0.76 nearly as authored, only the peak rolled off "
    "and desaturated. The default: the level's colours stay, hot sparks keep their hue.",
    "aces (Narkowicz's fit of the ACES film curve): filmic contrast, darker mid tones, very hot colours "
    "shift toward yellow and white.",
    "agx (AgX, minimal fit): the gentlest roll-off to white for very hot values; colours look a little "
    "flatter than authored."};

}  // namespace

void controls(ViewerState& s) {
  render::OutputOptions o = s.view.output;
  if (ImGui::RadioButton("HDR", o.hdr)) o.hdr = true;
  tooltip("The scene is drawn into a 16-bit float target (values above 1 and stacked additive layers kept), "
          "then exposure, bloom and the tone map bring it to the screen. Shift+T switches.");
  ImGui::SameLine();
  if (ImGui::RadioButton("LDR (8-bit target)", !o.hdr)) o.hdr = false;
  tooltip("The scene is drawn into an 8-bit target: every blend clamps at 1, as in a host without a float "
          "target. Byte for byte what `kiln capture --output ldr` records.");
  ImGui::BeginDisabled(!o.hdr);
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 9);
  if (ImGui::BeginCombo("Tone map", std::string(render::name(o.toneMap)).c_str())) {
    for (int i = 0; i < 4; ++i) {
      const auto t = static_cast<render::ToneMap>(i);
      if (ImGui::Selectable(std::string(render::name(t)).c_str(), o.toneMap == t)) o.toneMap = t;
      tooltip(kToneMapHelp[static_cast<std::size_t>(i)]);
    }
    ImGui::EndCombo();
  }
  tooltip("How values above 1 reach the screen (T: next). Hover an entry for what it does.");
  float ev = static_cast<float>(o.exposure);
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 9);
  if (ImGui::SliderFloat("Exposure (EV)", &ev, -8.0f, 8.0f, "%+.1f", ImGuiSliderFlags_None)) o.exposure = ev;
  tooltip("Stops up (brighter) or down, before the tone map: each EV doubles or halves the scene. [ and ] step "
          "half a stop (Shift: a tenth); Ctrl+click to type a value up to +-20.");
  ImGui::SameLine();
  if (ImGui::SmallButton("0 EV")) o.exposure = 0;
  ImGui::Checkbox("Auto exposure", &o.autoExposure);
  tooltip("Aims the scene's log-average luminance at mid grey (0.18); the exposure above then adds to that.");
  ImGui::Checkbox("Bloom", &o.bloom.enabled);
  tooltip("What is brighter than the threshold (after exposure) is blurred and added back: hot sparks glow.");
  ImGui::BeginDisabled(!o.bloom.enabled);
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 9);
  ImGui::SliderFloat("Threshold", &o.bloom.threshold, 0.0f, 8.0f, "%.2f");
  tooltip("Luminance above which light blooms (after exposure).");
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 9);
  ImGui::SliderFloat("Intensity", &o.bloom.intensity, 0.0f, 2.0f, "%.2f");
  tooltip("How much of the blurred light is added back (0..10; Ctrl+click to type).");
  ImGui::EndDisabled();
  ImGui::Checkbox("sRGB encode", &o.srgb);
  tooltip("Off (default): the tone map's values are shown as they are, as Kiln shows every LDR colour, so "
          "colours below the shoulder look as authored. On: treat the scene as linear light and encode it "
          "for the display, as a colour-managed engine does (everything looks brighter).");
  ImGui::EndDisabled();
  if (ImGui::SmallButton("Defaults")) o = render::hdrDefaults();
  tooltip("HDR, neutral, 0 EV, no auto exposure, no bloom, no sRGB encode.");
  // A value typed out of range (Ctrl+click) is not taken; the slider shows the last good one.
  if (!(o == s.view.output) && !render::outputProblem(o)) s.view.output = o;
}

}  // namespace kiln::viewer::panels::output
