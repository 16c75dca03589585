// The Viewport's output transform as the user sets it (View > Output, the Viewport's output
// button, the T and [ ] keys and the script's `output` line): one setter for every way in, so a
// scripted change does exactly what a click does (GL-free, unit-tested in tests/viewer).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "render/cpu/output.hpp"

namespace kiln::viewer {

// The settings `output` changes, as the script and docs/viewer.md name them:
//   ldr | hdr                   the scene's target (LDR: what an 8-bit host shows)
//   tonemap clamp|neutral|aces|agx
//   exposure EV                 -20..20 (auto exposure: the compensation on top of it)
//   auto-exposure on|off
//   bloom on|off
//   bloom-threshold V           >= 0 (luminance after exposure)
//   bloom-intensity V           0..10
//   srgb on|off                 the sRGB encode of the tone-mapped values
// Changes `o` and returns nullopt, or leaves it as it was and returns why not.
std::optional<std::string> setOutput(render::OutputOptions& o, std::string_view setting, std::string_view value);

// The exposure step of the [ and ] keys (EV; Shift: the fine step).
inline constexpr double kExposureStep = 0.5;
inline constexpr double kExposureFineStep = 0.1;

// Exposure moved by `ev`, held to render::kMaxExposureEv either way; an LDR view becomes HDR
// (exposure only exists there).
void nudgeExposure(render::OutputOptions& o, double ev);
// The next tone map (clamp → neutral → aces → agx → clamp); an LDR view becomes HDR first, with
// its tone map unchanged.
void cycleToneMap(render::OutputOptions& o);

// One line for the Viewport's status and its output button: "LDR (8-bit target)" or
// "HDR neutral +0.0 EV" with "auto", "bloom" and "sRGB" when they are on.
std::string outputSummary(const render::OutputOptions& o);

}  // namespace kiln::viewer
