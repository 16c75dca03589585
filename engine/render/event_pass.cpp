// Event particles in the scene-transparency pass: preparing a level's `events:` section
// (compile, pool, instance buffer, sprite textures) and drawing one instanced billboard strip
// per batcher draw range, each with its recipe's blend mode (render/cpu/event_blend.hpp).
#include "render/event_pass.hpp"

#include <algorithm>
#include <string>

#include "render/cpu/event_blend.hpp"
#include "render/gl_enums.hpp"
#include "render/program.hpp"
#include "render/renderer_impl.hpp"
#include "sim/look.hpp"
#include "world/sector_light.hpp"

namespace kiln::render {

namespace {

// A driver's compile log with each location ("0:3(16): error" from Mesa, which does not report
// `#line`'s source string; "ERROR: 1:3:" from glslang and NVIDIA) named by the snippet's file:
// "FILE:3(16): error". buildProgram numbers the snippet from line 1, and the events shader
// before it compiled alone (ensurePrograms), so every location in a material's log is the
// snippet's.
std::string snippetLog(std::string_view log, const std::string& file) {
  std::string out;
  std::size_t i = 0;
  while (i <= log.size()) {
    std::size_t end = log.find('\n', i);
    if (end == std::string_view::npos) end = log.size();
    std::string_view line = log.substr(i, end - i);
    // The first "0:" or "1:" + digit at the line's start or after a space is the location.
    for (std::size_t at = line.find(':'); at != std::string_view::npos; at = line.find(':', at + 1))
      if (at >= 1 && (line[at - 1] == '0' || line[at - 1] == '1') && (at == 1 || line[at - 2] == ' ') &&
          at + 1 < line.size() && line[at + 1] >= '0' && line[at + 1] <= '9') {
        --at;
        out += std::string(line.substr(0, at)) + file + ":";
        line.remove_prefix(at + 2);
        break;
      }
    out += line;
    if (end < log.size()) out += '\n';
    i = end + 1;
  }
  return out;
}

}  // namespace

core::Diagnostics Renderer::prepareEvents(const sim::Events* events, std::span<const core::NamedImage> textures,
                                          const world::World* world) {
  impl_->events.reset();
  if (events == nullptr) return {};
  std::vector<std::string> names;
  names.reserve(textures.size());
  for (const auto& t : textures) names.push_back(t.name);
  sim::EventsCompileResult compiled = sim::compileEvents(*events, names);
  core::Diagnostics errors;
  for (const auto& d : compiled.diagnostics)
    if (d.severity == core::Severity::Error) errors.push_back(d);
  // The tables' sizes, by the rule the loader runs on files (a section may come from memory).
  const auto sizeOf = [&textures](const std::string& name) -> sim::ImageSize {
    for (const auto& t : textures)
      if (t.name == name && !t.image.empty()) return std::pair{t.image.width, t.image.height};
    return std::nullopt;
  };
  for (const auto& d : sim::checkPaletteImages(*events, sizeOf)) errors.push_back(d);
  if (!compiled.scene || !errors.empty()) return errors;
  if (world && compiled.scene->events.matterLightMode == sim::MatterLightMode::Sector)
    compiled.scene->sectorLight = world::sectorLight(*world);
  std::string log;
  if (!impl_->ensurePrograms(log)) return {core::Diagnostic{core::Code::GlError, "events", log}};

  EventGpu gpu{EventScene(std::move(*compiled.scene)), {}, {}, 0, {}, {}};
  const auto& scene = gpu.scene.scene();
  gpu.staging.resize(scene.capacity);
  for (std::size_t i = 0; i < kEventInstanceRing; ++i) {
    gpu.instances[i] = gl::Buffer("kiln.events.instances." + std::to_string(i));
    glNamedBufferStorage(gpu.instances[i].id(),
                         static_cast<GLsizeiptr>(std::max<std::size_t>(1, scene.capacity) * sizeof(EventInstanceStd430)),
                         nullptr, GL_DYNAMIC_STORAGE_BIT);
  }
  gpu.textures.resize(textures.size());
  std::vector<std::int32_t> used = scene.recipeTexture;
  used.insert(used.end(), scene.recipePalette.begin(), scene.recipePalette.end());
  for (const std::int32_t t : used) {
    if (t < 0 || gpu.textures[static_cast<std::size_t>(t)]) continue;
    const core::NamedImage& named = textures[static_cast<std::size_t>(t)];
    const core::Image& img = named.image;
    if (img.empty()) continue;  // drawn as a plain quad; the loader reports unreadable images
    // Straight-alpha RGBA8 with no colour-space conversion: `brightness` reads stored values.
    gl::Texture tex(GL_TEXTURE_2D, "kiln.events.sprite." + named.name);
    glTextureStorage2D(tex.id(), 1, GL_RGBA8, static_cast<GLsizei>(img.width), static_cast<GLsizei>(img.height));
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glTextureSubImage2D(tex.id(), 0, 0, 0, static_cast<GLsizei>(img.width), static_cast<GLsizei>(img.height), GL_RGBA,
                        GL_UNSIGNED_BYTE, img.rgba.data());
    glTextureParameteri(tex.id(), GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glTextureParameteri(tex.id(), GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    glTextureParameteri(tex.id(), GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTextureParameteri(tex.id(), GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    gpu.textures[static_cast<std::size_t>(t)] = std::move(tex);
  }
  // One program per material; a snippet that does not compile is reported with its own file and
  // line, and its recipes draw with the events program, so no other pass or recipe is lost.
  core::Diagnostics warnings;
  const auto& materials = scene.events.materials;
  gpu.materials.resize(materials.size());
  for (std::size_t i = 0; i < materials.size(); ++i) {
    const sim::Material& m = materials[i];
    std::string error;
    gpu.materials[i] =
        buildProgram(kEventsProgram, impl_->options.shaderDirectory, error, kEventMaterialDefine, impl_->options.log, m.text);
    if (!gpu.materials[i])
      warnings.push_back(core::Diagnostic{core::Code::MaterialError, "events.materials." + m.name,
                                          "material '" + m.name + "' does not compile; its recipes draw without it: " +
                                              snippetLog(error, m.file.empty() ? m.name : m.file),
                                          core::Severity::Warning});
  }
  impl_->events.emplace(std::move(gpu));
  return warnings;
}

EventScene* Renderer::eventScene() { return impl_->events ? &impl_->events->scene : nullptr; }
const EventScene* Renderer::eventScene() const { return impl_->events ? &impl_->events->scene : nullptr; }

// Fills the instance buffer in draw order: the batcher's sorted declarations name render
// buffer entries, so a draw range's instances are contiguous from its `first`.
void Renderer::Impl::uploadEventInstances() {
  EventGpu& e = *events;
  const auto& b = e.scene.buffers();
  const auto sorted = e.scene.batcher().sorted();
  const auto pos = b.position(), size = b.size(), color = b.color(), uv = b.uv(), data = b.extra();
  const auto slots = b.slot();
  const std::uint32_t dims = b.dimensions();
  for (std::size_t i = 0; i < sorted.size(); ++i) {
    const std::uint32_t k = sorted[i].item;
    EventInstanceStd430& g = e.staging[i];
    // A 2D section's positions are (x, y): it is drawn in the plane z = 0 of the level.
    g.positionSize = {pos[dims * k], pos[dims * k + 1], dims == 3 ? pos[dims * k + 2] : 0.0f, size[2 * k]};
    g.color = {color[4 * k], color[4 * k + 1], color[4 * k + 2], color[4 * k + 3]};
    g.uv = {uv[4 * k], uv[4 * k + 1], uv[4 * k + 2], uv[4 * k + 3]};
    const EventMaterial m = e.scene.material(e.scene.recipeOf(slots[k]));
    g.extra = {e.scene.opacityOf(slots[k]), static_cast<float>(shaderTextureAlpha(m.textureAlpha)), m.alphaTest, 0.0f};
    g.shaderData = {data[4 * k], data[4 * k + 1], data[4 * k + 2], data[4 * k + 3]};
  }
  // The next buffer of the ring: the GPU has finished the frame that last read it, unless it
  // is kEventInstanceRing frames behind, when this waits for that frame (never on a steady
  // interactive frame). The staging array was sized at prepare, so nothing is allocated here.
  e.current = (e.current + 1) % kEventInstanceRing;
  if (!e.drawn[e.current].signaled()) e.drawn[e.current].wait();
  e.drawn[e.current].reset();
  if (!sorted.empty())
    glNamedBufferSubData(e.instances[e.current].id(), 0,
                         static_cast<GLsizeiptr>(sorted.size() * sizeof(EventInstanceStd430)), e.staging.data());
}

std::uint32_t Renderer::Impl::drawSceneTransparencyPass(const PassInfo& pass, const FrameOptions& options,
                                                        FrameStats& next) {
  applyPassState(glState, pass);
  uploadEventInstances();
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kEventInstancesBinding, events->instances[events->current].id());
  glState.vertexArray(emptyArray.id());
  for (const sim::DrawRange& r : events->scene.batcher().ranges()) {
    const EventMaterial m = events->scene.material(r.material);
    const bool custom = m.shader >= 0 && static_cast<std::size_t>(m.shader) < events->materials.size() &&
                        events->materials[static_cast<std::size_t>(m.shader)];
    const GLuint prog = custom ? events->materials[static_cast<std::size_t>(m.shader)].id() : programs.events.id();
    // `blend: palette` reads the target it draws into: it needs the target's colour texture and
    // its table (a frame into the default framebuffer has no texture to read; docs/events.md).
    const bool palette = m.blend == sim::BlendMode::Palette && !options.debug.overdraw;
    const GLuint table = palette && m.palette >= 0 && static_cast<std::size_t>(m.palette) < events->textures.size()
                             ? events->textures[static_cast<std::size_t>(m.palette)].id()
                             : 0;
    if (palette && (table == 0 || frameTargetColor == 0)) continue;
    glState.program(prog);
    glProgramUniform1ui(prog, 4, options.debug.overdraw ? 1u : 0u);
    glState.blend(options.debug.overdraw ? kLayerCount : eventBlendInfo(m.blend).state);
    glProgramUniform1ui(prog, 0, shaderEventBlend(m.blend));
    const bool textured = m.texture >= 0 && static_cast<std::size_t>(m.texture) < events->textures.size() &&
                          events->textures[static_cast<std::size_t>(m.texture)];
    glProgramUniform1ui(prog, 3, textured ? 1u : 0u);
    if (textured) glState.texture(kEventSpriteUnit, events->textures[static_cast<std::size_t>(m.texture)].id());
    if (!palette) {
      glDrawArraysInstancedBaseInstance(GL_TRIANGLE_STRIP, 0, 4, static_cast<GLsizei>(r.count), r.first);
      ++next.passDrawCalls[static_cast<std::size_t>(pass.pass)];
    } else {
      // One sprite per draw, a texture barrier before each: every sprite reads what the ones
      // before it wrote, as a palette game draws them (a sprite's two triangles cover each pixel
      // once, the one read-and-write of a texel GL allows within a draw).
      glState.texture(kEventPaletteUnit, table);
      glState.texture(kEventDestinationUnit, frameTargetColor);
      for (std::uint32_t i = 0; i < r.count; ++i) {
        glTextureBarrier();
        glDrawArraysInstancedBaseInstance(GL_TRIANGLE_STRIP, 0, 4, 1, r.first + i);
        ++next.passDrawCalls[static_cast<std::size_t>(pass.pass)];
      }
      glTextureBarrier();
      glState.texture(kEventDestinationUnit, 0);  // the target is drawn into again by later passes
    }
    next.events.drawn += r.count;
  }
  events->drawn[events->current] = gl::Fence::place();  // this buffer is free once these draws are done
  return next.events.drawn;
}

}  // namespace kiln::render
