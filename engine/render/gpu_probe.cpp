// Compute-shader evaluation of chosen slots with the same functions the billboards use.
#include "render/gpu_probe.hpp"

#include "render/program.hpp"
#include "render/renderer_impl.hpp"

namespace kiln::render {
namespace {

struct SlotResultStd430 {
  std::array<float, 4> positionSize;
  std::array<float, 4> color;
  std::array<float, 4> rotationAge;
  std::array<std::uint32_t, 4> state;
};
static_assert(sizeof(SlotResultStd430) == 64, "std430 SlotResult is 64 bytes");

core::Diagnostic failure(std::string message) { return {core::Code::GlError, "render.probe", std::move(message)}; }

}  // namespace

std::variant<std::vector<GpuSlotState>, core::Diagnostic> Renderer::Impl::probeSlots(double levelTime,
                                                                                      std::span<const SlotRef> slots) {
  if (!level || !level->hasParticles) return failure("the renderer holds no particles");
  std::vector<std::uint32_t> packed;
  packed.reserve(slots.size());
  for (const auto& s : slots) {
    if (s.emitter >= level->particles.doc.emitters.size() || s.emitter > kMaxPackedEmitter || s.slot > kSlotMask)
      return failure("slot reference out of range");
    packed.push_back(packInstance(s.emitter, s.slot));
  }
  if (packed.empty()) return std::vector<GpuSlotState>{};
  std::string error;
  if (!programs.ensureProbe(options, error)) return failure(error);
  gl::Buffer list("kiln.probe.slots");
  glNamedBufferStorage(list.id(), static_cast<GLsizeiptr>(packed.size() * 4), packed.data(), 0);
  gl::Buffer results("kiln.probe.results");
  glNamedBufferStorage(results.id(), static_cast<GLsizeiptr>(packed.size() * sizeof(SlotResultStd430)), nullptr,
                       GL_DYNAMIC_STORAGE_BIT);
  fillClocks(level->particles.doc, levelTime, {}, std::nullopt, level->particles.clockStaging);
  glNamedBufferSubData(level->particles.clocks.id(), 0, static_cast<GLsizeiptr>(level->particles.clockStaging.size() * sizeof(ClockStd430)),
                       level->particles.clockStaging.data());
  bindLevelBuffers();
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kInstancesBinding, list.id());
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kResultsBinding, results.id());
  glUseProgram(programs.probe.id());
  glProgramUniform1ui(programs.probe.id(), 0, static_cast<GLuint>(packed.size()));
  glDispatchCompute(static_cast<GLuint>((packed.size() + 63) / 64), 1, 1);
  glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
  std::vector<SlotResultStd430> raw(packed.size());
  glGetNamedBufferSubData(results.id(), 0, static_cast<GLsizeiptr>(raw.size() * sizeof(SlotResultStd430)), raw.data());
  glUseProgram(0);
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kInstancesBinding, level->particles.instances.id());
  if (const GLenum e = glGetError(); e != GL_NO_ERROR) return failure("OpenGL error " + std::to_string(e));

  std::vector<GpuSlotState> out(raw.size());
  for (std::size_t i = 0; i < raw.size(); ++i) {
    const auto& r = raw[i];
    out[i].alive = r.state[0] != 0;
    out[i].frame = r.state[1];
    out[i].birth = r.state[2];
    out[i].cycle = r.state[3];
    out[i].position = {r.positionSize[0], r.positionSize[1], r.positionSize[2]};
    out[i].size = r.positionSize[3];
    out[i].color = r.color;
    out[i].rotation = r.rotationAge[0];
    out[i].age = r.rotationAge[1];
    out[i].lifetime = r.rotationAge[2];
  }
  return out;
}

std::variant<std::vector<GpuSlotState>, core::Diagnostic> evaluateSlotsOnGpu(Renderer& renderer, double levelTime,
                                                                              std::span<const SlotRef> slots) {
  return RendererAccess::of(renderer).probeSlots(levelTime, slots);
}

}  // namespace kiln::render
