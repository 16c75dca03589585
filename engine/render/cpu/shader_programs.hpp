// Every GL program the renderer builds: its object label and its stage files in link order.
// GL-free. One list, read by the renderer (render/programs.cpp) and by the offline
// validator (tests/shaders/kiln-shader-dump), so the programs the validator checks are the ones
// the renderer compiles.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "render/cpu/output.hpp"
#include "render/cpu/shader_constants.hpp"

namespace kiln::render {

struct ShaderProgram {
  std::string_view label;
  std::array<std::string_view, 2> files{};
  std::size_t fileCount = 0;
  // particle_state.comp: built with stateLanesDefine(lanes) for the driver's workgroup size.
  bool laneVariants = false;
  // output.frag: built per output variant (outputVariantDefines), each holding only the code
  // of its tone map and of the steps that are on.
  bool outputVariants = false;
  std::span<const std::string_view> stages() const { return {files.data(), fileCount}; }
};

inline constexpr ShaderProgram kParticleProgram{"kiln.particle", {"particle.vert", "particle.frag"}, 2};
inline constexpr ShaderProgram kSectorProgram{"kiln.sector", {"sector.vert", "sector.frag"}, 2};
inline constexpr ShaderProgram kLinesProgram{"kiln.lines", {"lines.vert", "lines.frag"}, 2};
inline constexpr ShaderProgram kOverdrawProgram{"kiln.overdraw", {"overdraw.vert", "overdraw.frag"}, 2};
inline constexpr ShaderProgram kStateProgram{"kiln.particle-state", {"particle_state.comp"}, 1, true};
inline constexpr ShaderProgram kCompactProgram{"kiln.particle-compact", {"particle_compact.comp"}, 1};
inline constexpr ShaderProgram kEventsProgram{"kiln.events", {"events.vert", "events.frag"}, 2};
inline constexpr ShaderProgram kProbeProgram{"kiln.probe", {"particle_eval.comp"}, 1};  // gpu_probe.cpp
inline constexpr ShaderProgram kOutputProgram{"kiln.output", {"exposure.vert", "output.frag"}, 2, false, true};
inline constexpr ShaderProgram kLuminanceProgram{"kiln.luminance", {"fullscreen.vert", "luminance.frag"}, 2};
inline constexpr ShaderProgram kBloomDownProgram{"kiln.bloom-down", {"exposure.vert", "bloom_down.frag"}, 2};
inline constexpr ShaderProgram kBloomUpProgram{"kiln.bloom-up", {"fullscreen.vert", "bloom_up.frag"}, 2};

inline constexpr std::array<const ShaderProgram*, 12> kShaderPrograms{
    &kParticleProgram, &kSectorProgram,     &kLinesProgram,     &kOverdrawProgram,
    &kStateProgram,    &kCompactProgram,    &kEventsProgram,    &kProbeProgram,
    &kOutputProgram,   &kLuminanceProgram,  &kBloomDownProgram, &kBloomUpProgram};

// The output pass's variants: one per tone map and on/off of auto exposure, bloom and the sRGB
// encode. A software rasterizer runs every branch of a shader whatever the uniforms say, so the
// output program is built with these as constants and the compiler drops the code of every
// other choice (docs/rendering.md, "Costs"); each variant is built the first time a frame uses it.
inline constexpr std::uint32_t kOutputVariantCount = 4 * 8;
static_assert((kOutputAutoExposure | kOutputBloom | kOutputSrgb) < 8, "the output flags fit in three bits");
inline std::uint32_t outputVariant(const OutputOptions& o) {
  return static_cast<std::uint32_t>(o.toneMap) * 8 + (o.autoExposure ? kOutputAutoExposure : 0u) +
         (o.bloom.enabled ? kOutputBloom : 0u) + (o.srgb ? kOutputSrgb : 0u);
}
inline std::string outputVariantDefines(std::uint32_t variant) {
  return "#define KILN_TONE_MAP " + std::to_string(variant / 8) + "u\n#define KILN_OUTPUT_FLAGS " +
         std::to_string(variant % 8) + "u\n";
}

// An event material's program (docs/events.md "Materials"): kEventsProgram with this define and
// the snippet as the fragment stage's tail (render::assembleShader). The identity material is
// what the offline validator checks the hook with.
inline constexpr std::string_view kEventMaterialDefine = "#define KILN_MATERIAL 1\n";
inline constexpr std::string_view kIdentityMaterial =
    "vec4 kilnMaterial(vec4 color, vec4 texel, vec4 extra) { return color; }\n";

// The define a lane-variant program is built with: lanes per workgroup.
inline std::string stateLanesDefine(std::uint32_t lanes) {
  return "#define KILN_STATE_LANES " + std::to_string(lanes) + "\n";
}

}  // namespace kiln::render
