// The renderer's GL programs (programs.hpp).
#include "render/programs.hpp"

#include <algorithm>
#include <system_error>

#include "render/program.hpp"
#include "render/cpu/shader_programs.hpp"

namespace kiln::render {
namespace {

std::vector<std::pair<std::filesystem::path, std::filesystem::file_time_type>> scanShaderTimes(const std::string& dir) {
  std::vector<std::pair<std::filesystem::path, std::filesystem::file_time_type>> out;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec))
    if (entry.is_regular_file(ec)) out.emplace_back(entry.path(), entry.last_write_time(ec));
  std::sort(out.begin(), out.end());
  return out;
}

// Lanes of one particle_state.comp workgroup. On a CPU rasterizer a workgroup costs in
// proportion to its lanes, busy or not (measured on llvmpipe, docs/rendering.md); a GPU wants
// whole waves. Either way a lane loops over its run.
std::uint32_t stateLanes(const RendererOptions& o) {
  if (o.stateLanes != 0) return o.stateLanes;
  return softwareRenderer() ? 8u : 64u;
}

}  // namespace

bool Programs::build(const RendererOptions& options, std::string& error) {
  const std::string& dir = options.shaderDirectory;
  const auto& log = options.log;
  gl::Program p = buildProgram(kParticleProgram, dir, error, {}, log);
  if (!p) return false;
  gl::Program s = buildProgram(kSectorProgram, dir, error, {}, log);
  if (!s) return false;
  gl::Program l = buildProgram(kLinesProgram, dir, error, {}, log);
  if (!l) return false;
  gl::Program o = buildProgram(kOverdrawProgram, dir, error, {}, log);
  if (!o) return false;
  gl::Program st = buildProgram(kStateProgram, dir, error, stateLanesDefine(stateLanes(options)), log);
  if (!st) return false;
  gl::Program c = buildProgram(kCompactProgram, dir, error, {}, log);
  if (!c) return false;
  gl::Program e = buildProgram(kEventsProgram, dir, error, {}, log);
  if (!e) return false;
  // The viewer's default output variant now, so a broken output.frag is reported with the rest;
  // the others as frames ask for them.
  const std::uint32_t defaultOutput = outputVariant(hdrDefaults());
  gl::Program out = buildProgram(kOutputProgram, dir, error, outputVariantDefines(defaultOutput), log);
  if (!out) return false;
  gl::Program lum = buildProgram(kLuminanceProgram, dir, error, {}, log);
  if (!lum) return false;
  gl::Program down = buildProgram(kBloomDownProgram, dir, error, {}, log);
  if (!down) return false;
  gl::Program up = buildProgram(kBloomUpProgram, dir, error, {}, log);
  if (!up) return false;
  particle = std::move(p);
  sector = std::move(s);
  lines = std::move(l);
  overdraw = std::move(o);
  state = std::move(st);
  compact = std::move(c);
  events = std::move(e);
  for (gl::Program& variant : output) variant.reset();
  output[defaultOutput] = std::move(out);
  luminance = std::move(lum);
  bloomDown = std::move(down);
  bloomUp = std::move(up);
  probe.reset();  // rebuilt from the new text on next use
  if (!dir.empty()) shaderTimes_ = scanShaderTimes(dir);
  return true;
}

bool Programs::changedOnDisk(const RendererOptions& options) {
  if (options.shaderDirectory.empty()) return false;
  auto now = scanShaderTimes(options.shaderDirectory);
  if (now == shaderTimes_) return false;
  shaderTimes_ = std::move(now);
  return true;
}

const gl::Program* Programs::ensureOutput(std::uint32_t variant, const RendererOptions& options, std::string& error) {
  gl::Program& p = output.at(variant);
  if (!p) p = buildProgram(kOutputProgram, options.shaderDirectory, error, outputVariantDefines(variant), options.log);
  return p ? &p : nullptr;
}

bool Programs::ensureProbe(const RendererOptions& options, std::string& error) {
  if (!probe) probe = buildProgram(kProbeProgram, options.shaderDirectory, error, {}, options.log);
  return static_cast<bool>(probe);
}

}  // namespace kiln::render
