// The renderer's GL programs, one owner for all of them: built together from the list in
// render/cpu/shader_programs.hpp, rebuilt together when a developer's shader directory changes
// (hot reload), and the GPU probe's compute program built on first use. Internal to
// engine/render.
#pragma once

#include <array>
#include <filesystem>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "render/cpu/shader_programs.hpp"
#include "render/gl_objects.hpp"
#include "render/renderer.hpp"

namespace kiln::render {

class Programs {
 public:
  gl::Program particle, sector, lines, overdraw, events;
  gl::Program state;    // particle_state.comp: every slot evaluated once per frame
  gl::Program compact;  // particle_compact.comp: the live slots listed per command
  gl::Program probe;    // particle_eval.comp, built on first use (ensureProbe)
  // The HDR output (output_pass.cpp): auto-exposure grid and bloom chain, and the tone map and
  // encode, one program per output variant (shader_programs.hpp), built on first use.
  gl::Program luminance, bloomDown, bloomUp;
  std::array<gl::Program, kOutputVariantCount> output;

  bool built() const { return static_cast<bool>(particle); }
  // (Re)builds every program but the probe; on a failure the programs stay as they were and
  // `error` holds the driver's log. Non-empty compile and link logs go to options.log.
  bool build(const RendererOptions& options, std::string& error);
  // Whether RendererOptions::shaderDirectory's files changed since the last build (or the last
  // failed reload, so a broken edit is reported once); marks them seen.
  bool changedOnDisk(const RendererOptions& options);
  bool ensureProbe(const RendererOptions& options, std::string& error);
  // The output program of `variant`, built now if it is not yet; null with `error` on failure.
  const gl::Program* ensureOutput(std::uint32_t variant, const RendererOptions& options, std::string& error);

 private:
  std::vector<std::pair<std::filesystem::path, std::filesystem::file_time_type>> shaderTimes_;
};

}  // namespace kiln::render
