// Offscreen capture, PNG encoding/decoding (stb) and the deterministic JSON sidecar.
#include "render/capture.hpp"

#include <glad/gl.h>
#include <stb_image.h>
#include <stb_image_write.h>

#include <charconv>
#include <cstdio>

#include "core/escape.hpp"
#include "core/file.hpp"
#include "core/hash.hpp"
#include "particles/level_time.hpp"
#include "render/cpu/event_scene.hpp"
#include "sim/system.hpp"

namespace kiln::render {
namespace {

void appendNumber(std::string& out, double v) {
  char buf[32];
  // Shortest round-trip form, independent of the locale.
  const auto r = std::to_chars(buf, buf + sizeof buf, v);
  out.append(buf, r.ptr);
}

// A float32 setting in its own shortest form (0.15, not 0.15000000596046448).
void appendFloat(std::string& out, float v) {
  char buf[32];
  const auto r = std::to_chars(buf, buf + sizeof buf, v);
  out.append(buf, r.ptr);
}

void appendString(std::string& out, std::string_view s) {
  out += '"';
  for (char c : core::escapeText(s)) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      char esc[8];
      std::snprintf(esc, sizeof esc, "\\u%04x", static_cast<unsigned>(static_cast<unsigned char>(c)));
      out += esc;
    } else {
      out += c;
    }
  }
  out += '"';
}

void appendVec(std::string& out, const glm::vec3& v) {
  out += '[';
  for (int i = 0; i < 3; ++i) {
    if (i) out += ',';
    appendNumber(out, static_cast<double>(v[i]));
  }
  out += ']';
}

void pngSink(void* context, void* data, int size) {
  auto* out = static_cast<std::vector<std::uint8_t>*>(context);
  const auto* bytes = static_cast<const std::uint8_t*>(data);
  out->insert(out->end(), bytes, bytes + size);
}

}  // namespace

std::string_view kilnVersion() { return KILN_VERSION; }

std::variant<core::Image, core::Diagnostic> capture(Renderer& renderer, const CaptureRequest& request) {
  std::optional<RenderTarget> target;
  return capture(renderer, request, target);
}

std::variant<core::Image, core::Diagnostic> capture(Renderer& renderer, const CaptureRequest& request,
                                                    std::optional<RenderTarget>& target) {
  if (!renderer.ready()) return core::Diagnostic{core::Code::GlError, "capture", "the renderer holds no level"};
  GLint maxSize = 0, dims[2] = {0, 0};
  glGetIntegerv(GL_MAX_RENDERBUFFER_SIZE, &maxSize);
  glGetIntegerv(GL_MAX_VIEWPORT_DIMS, dims);
  const auto limit = static_cast<std::uint32_t>(std::min({maxSize, dims[0], dims[1]}));
  if (request.width == 0 || request.height == 0 || request.width > limit || request.height > limit)
    return core::Diagnostic{core::Code::GlError, "capture.size",
                            "capture size " + std::to_string(request.width) + "x" + std::to_string(request.height) +
                                " is outside 1.." + std::to_string(limit)};
  // Worldparticles and events alike are only defined to the level-time limit.
  if (auto d = particles::checkLevelTime(request.levelTime, "time")) return *d;
  // A capture is the state at T exactly, so the event simulation must be able to reach it.
  if (const EventScene* ev = renderer.eventScene(); ev && request.options.events) {
    if (!sim::withinSimulationBudget(ev->scene(), request.levelTime))
      return core::Diagnostic{core::Code::InputBudget, "events",
                              sim::simulationBudgetMessage(ev->scene(), request.levelTime) +
                                  "; capture an earlier time, or leave the events out"};
  }
  FrameOptions exact = request.options;
  exact.eventStepBudget.reset();
  if (!target) target.emplace(request.width, request.height);
  target->resize(request.width, request.height);
  renderer.drawFrame(request.levelTime, request.camera, exact, *target);
  core::Image image;
  target->readPixels(image);
  if (const GLenum e = glGetError(); e != GL_NO_ERROR)
    return core::Diagnostic{core::Code::GlError, "capture", "OpenGL error " + std::to_string(e) + " during capture"};
  return image;
}

std::string levelHash(std::span<const std::uint8_t> levelFileBytes) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(core::fnv1a(levelFileBytes)));
  return buf;
}

std::string sidecarJson(const CaptureInfo& info) {
  std::string out = "{\n  \"kiln_version\": ";
  appendString(out, info.kilnVersion);
  out += ",\n  \"level_file\": ";
  appendString(out, info.levelFile);
  out += ",\n  \"level_hash\": ";
  appendString(out, info.levelHash);
  out += ",\n  \"time\": ";
  appendNumber(out, info.levelTime);
  out += ",\n  \"size\": [" + std::to_string(info.width) + "," + std::to_string(info.height) + "]";
  out += ",\n  \"camera\": {\"eye\": ";
  appendVec(out, info.camera.eye);
  out += ", \"target\": ";
  appendVec(out, info.camera.target);
  out += ", \"up\": ";
  appendVec(out, info.camera.up);
  out += ", \"fov_y_degrees\": ";
  appendNumber(out, static_cast<double>(info.camera.fovYDegrees));
  out += ", \"near\": ";
  appendNumber(out, static_cast<double>(info.camera.nearPlane));
  out += ", \"far\": ";
  appendNumber(out, static_cast<double>(info.camera.farPlane));
  out += ", \"orthographic\": ";
  out += info.camera.orthographic ? "true" : "false";
  out += ", \"ortho_height\": ";
  appendNumber(out, static_cast<double>(info.camera.orthoHeight));
  out += "},\n  \"events\": ";
  if (!info.events) {
    out += "null";
  } else {
    out += "{\"drawn\": " + std::to_string(info.eventsDrawn);
    out += ", \"step_hz\": ";
    appendNumber(out, info.events->stepHz);
    out += ", \"sort\": ";
    appendString(out, sim::name(info.events->sort));
    out += ", \"script\": [";
    for (std::size_t i = 0; i < info.events->script.size(); ++i) {
      const sim::ScriptEvent& e = info.events->script[i];
      out += i == 0 ? "\n    " : ",\n    ";
      out += "{\"time\": ";
      appendNumber(out, e.time);
      out += ", \"recipe\": ";
      appendString(out, e.recipe);
      out += ", \"position\": [";
      for (int k = 0; k < 3; ++k) {
        if (k) out += ",";
        appendNumber(out, e.position[k]);
      }
      out += "], \"seed\": " + std::to_string(e.seed) + "}";
    }
    out += info.events->script.empty() ? "]}" : "\n  ]}";
  }
  out += ",\n  \"gl_renderer\": ";
  appendString(out, info.glRenderer);
  if (!info.glVendor.empty()) {
    out += ",\n  \"gl_vendor\": ";
    appendString(out, info.glVendor);
  }
  if (!info.glPlatform.empty()) {
    out += ",\n  \"gl_platform\": ";
    appendString(out, info.glPlatform);
  }
  if (info.viewOptions) {  // absent for a picture kiln capture makes, so those sidecars stay as they were
    const CaptureInfo::ViewOptions& v = *info.viewOptions;
    auto list = [&](const std::vector<std::string>& items) {
      out += "[";
      for (std::size_t i = 0; i < items.size(); ++i) {
        if (i) out += ",";
        appendString(out, items[i]);
      }
      out += "]";
    };
    out += ",\n  \"view_options\": {\"background\": ";
    appendString(out, v.background);
    out += ", \"solo_pass\": ";
    appendString(out, v.soloPass);
    out += ", \"muted_passes\": ";
    list(v.mutedPasses);
    out += ", \"solo_emitter\": ";
    appendString(out, v.soloEmitter);
    out += ", \"muted_emitters\": ";
    list(v.mutedEmitters);
    out += ", \"debug_views\": ";
    list(v.debugViews);
    out += "}";
  }
  if (info.output && info.output->hdr) {  // absent for an LDR picture, so those sidecars stay as they were
    const OutputOptions& o = *info.output;
    out += ",\n  \"output\": {\"mode\": \"hdr\", \"image\": ";
    appendString(out, info.linearImage ? "linear" : "tone-mapped");
    out += ", \"tonemap\": ";
    appendString(out, name(o.toneMap));
    out += ", \"exposure\": ";
    appendNumber(out, o.exposure);
    out += ", \"auto_exposure\": ";
    out += o.autoExposure ? "true" : "false";
    if (o.autoExposure && info.autoExposureEv) {
      out += ", \"auto_exposure_ev\": ";
      appendNumber(out, *info.autoExposureEv);
    }
    out += ", \"srgb\": ";
    out += o.srgb ? "true" : "false";
    out += ", \"bloom\": {\"enabled\": ";
    out += o.bloom.enabled ? "true" : "false";
    out += ", \"threshold\": ";
    appendFloat(out, o.bloom.threshold);
    out += ", \"intensity\": ";
    appendFloat(out, o.bloom.intensity);
    out += "}}";
  }
  if (info.checksRelaxed) {  // absent for a checked capture, so those sidecars stay as they were
    out += ",\n  \"checks_relaxed\": true,\n  \"findings\": [";
    for (std::size_t i = 0; i < info.findings.size(); ++i) {
      out += i ? ",\n    {\"code\": " : "\n    {\"code\": ";
      appendString(out, std::string(core::codeName(info.findings[i].code)));
      out += ", \"path\": ";
      appendString(out, info.findings[i].path);
      out += ", \"message\": ";
      appendString(out, info.findings[i].message);
      out += "}";
    }
    out += info.findings.empty() ? "]" : "\n  ]";
  }
  if (info.cost) {
    const FrameStats& st = info.cost->stats;
    out += ",\n  \"stats\": {\"draw_calls\": " + std::to_string(st.drawCalls);
    out += ", \"slots_submitted\": " + std::to_string(st.slotsSubmitted);
    out += ", \"event_sprites_drawn\": " + std::to_string(st.events.drawn);
    out += ", \"emitters\": {\"drawn\": " + std::to_string(st.emittersDrawn) +
           ", \"culled_frustum\": " + std::to_string(st.emittersCulledFrustum) +
           ", \"culled_schedule\": " + std::to_string(st.emittersCulledSchedule) + "}";
    out += ", \"timers\": ";
    out += info.cost->timersReadZero    ? "\"read zero on this driver\""
           : st.timersUnreliable        ? "\"unreliable on a software rasterizer\""
                                        : "\"ok\"";
    out += ", \"pipeline_statistics\": ";
    out += st.pipelineStatistics ? "true" : "false";
    out += ", \"compute_ms\": ";
    appendNumber(out, st.computeMs);
    if (info.output && info.output->hdr) {  // LDR has no output pass
      out += ", \"output_ms\": ";
      appendNumber(out, st.outputMs);
    }
    out += ", \"passes\": [";
    for (std::size_t i = 0; i < kPassCount; ++i) {
      out += i ? ",\n    " : "\n    ";
      out += "{\"name\": ";
      appendString(out, passName(static_cast<Pass>(i)));
      out += ", \"gpu_ms\": ";
      appendNumber(out, st.gpuMs[i]);
      out += ", \"draw_calls\": " + std::to_string(st.passDrawCalls[i]);
      if (st.pipelineStatistics) {
        const PassStatistics& p = st.passStatistics[i];
        out += ", \"vertex_shader_invocations\": " + std::to_string(p.vertexInvocations);
        out += ", \"primitives\": " + std::to_string(p.primitives);
        out += ", \"fragment_shader_invocations\": " + std::to_string(p.fragmentInvocations);
      }
      out += "}";
    }
    out += "]}";
  }
  out += "\n}\n";
  return out;
}

std::vector<std::uint8_t> encodePng(const core::Image& image) {
  std::vector<std::uint8_t> out;
  if (image.empty()) return out;
  stbi_write_png_to_func(pngSink, &out, static_cast<int>(image.width), static_cast<int>(image.height), 4,
                         image.rgba.data(), static_cast<int>(image.width * 4));
  return out;
}

bool writePng(const std::filesystem::path& path, const core::Image& image, std::string& error) {
  const std::vector<std::uint8_t> bytes = encodePng(image);
  if (bytes.empty()) {
    error = "cannot encode an empty image as PNG: " + path.string();
    return false;
  }
  return core::writeFile(path, bytes, error);
}

std::optional<core::Image> readPng(const std::filesystem::path& path, std::string& error) {
  auto bytes = core::readFile(path, error);
  if (!bytes) return std::nullopt;
  int w = 0, h = 0, channels = 0;
  stbi_uc* pixels = stbi_load_from_memory(bytes->data(), static_cast<int>(bytes->size()), &w, &h, &channels, 4);
  if (pixels == nullptr) {
    error = path.string() + ": not a decodable image (" + stbi_failure_reason() + ")";
    return std::nullopt;
  }
  core::Image image;
  image.width = static_cast<std::uint32_t>(w);
  image.height = static_cast<std::uint32_t>(h);
  image.rgba.assign(pixels, pixels + std::size_t{image.width} * image.height * 4);
  stbi_image_free(pixels);
  return image;
}

}  // namespace kiln::render
