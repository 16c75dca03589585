// `kiln capture`: a headless EGL render of a level to PNG with a JSON sidecar, one or a sequence.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli/commands.hpp"
#include "core/float.hpp"
#include "loader/time_range.hpp"
#include "loader/exr.hpp"
#include "core/escape.hpp"
#include "core/file.hpp"
#include "core/output_plan.hpp"
#include "loader/gl_debug.hpp"
#include "loader/terminal.hpp"
#include "render/capture.hpp"
#include "render/gl_loader.hpp"
#include "render/headless_context.hpp"
#include "source/suggest.hpp"

namespace kiln::cli {

namespace {

bool parseSize(const std::string& s, std::uint32_t& w, std::uint32_t& h) {
  unsigned long a = 0, b = 0;
  char x = 0, extra = 0;
  if (std::sscanf(s.c_str(), "%lu%c%lu%c", &a, &x, &b, &extra) != 3 || (x != 'x' && x != 'X')) return false;
  if (a == 0 || b == 0 || a > loader::kMaxImageSide || b > loader::kMaxImageSide) return false;
  w = static_cast<std::uint32_t>(a);
  h = static_cast<std::uint32_t>(b);
  return true;
}

bool parseNumbers(const std::string& s, char sep, std::vector<double>& out) {
  std::stringstream in(s);
  std::string part;
  while (std::getline(in, part, sep)) {
    const auto v = core::parseDecimal(part);
    if (!v) return false;
    out.push_back(*v);
  }
  return true;
}

std::filesystem::path numbered(const std::filesystem::path& out, std::size_t i) {
  char n[16];
  std::snprintf(n, sizeof n, "_%04zu", i);
  std::filesystem::path p = out;
  p.replace_filename(out.stem().string() + n + out.extension().string());
  return p;
}

// Kiln's own text, redrawn in place with '\r': written past the printable-output filter.
void progress(std::size_t done, std::size_t total) {
  const std::size_t width = 30, filled = total ? done * width / total : width;
  loader::writeProgress("\r[" + std::string(filled, '#') + std::string(width - filled, ' ') + "] " +
                        std::to_string(done) + "/" + std::to_string(total) + (done == total ? "\n" : ""));
}

// A camera from frameLevel's three-quarter direction that fits the box [lo, hi] in the image
// with a 15% margin each way; lookAtLevel then fits the depth range to the whole level.
render::Camera frameBox(const loader::LoadResult& r, glm::dvec3 lo, glm::dvec3 hi, double aspect) {
  const glm::dvec3 centre = (lo + hi) * 0.5;
  const glm::dvec3 back = glm::normalize(glm::dvec3(0.55, -0.75, 0.45));
  const glm::dvec3 right = glm::normalize(glm::cross(glm::dvec3(0, 0, 1), back));
  const glm::dvec3 up = glm::cross(back, right);
  const double slope = std::tan(glm::radians(static_cast<double>(render::Camera{}.fovYDegrees)) * 0.5) / 1.15;
  double distance = 0.1;
  for (int i = 0; i < 8; ++i) {
    const glm::dvec3 p = glm::dvec3(i & 1 ? hi.x : lo.x, i & 2 ? hi.y : lo.y, i & 4 ? hi.z : lo.z) - centre;
    const double across = std::max(std::abs(glm::dot(p, up)), std::abs(glm::dot(p, right)) / aspect);
    distance = std::max(distance, glm::dot(p, back) + across / slope);
  }
  return render::lookAtLevel(r.level.world, r.level.particles ? &*r.level.particles : nullptr,
                             glm::vec3(centre + back * distance), glm::vec3(centre));
}

// --frame NAME / --frame-all: the union of the chosen emitters' stored bounds; false (after
// printing why) for an unknown name or a level without emitters.
bool framedBounds(const loader::LoadResult& r, const CaptureOptions& o, glm::dvec3& lo, glm::dvec3& hi) {
  const std::vector<particles::Emitter> none;
  const auto& emitters = r.level.particles ? r.level.particles->emitters : none;
  bool any = false;
  std::vector<std::string> names;
  for (const particles::Emitter& e : emitters) {
    names.push_back(e.name);
    if (o.frame && e.name != *o.frame) continue;
    const glm::dvec3 a(e.bounds.min.x, e.bounds.min.y, e.bounds.min.z), b(e.bounds.max.x, e.bounds.max.y, e.bounds.max.z);
    lo = any ? glm::min(lo, a) : a;
    hi = any ? glm::max(hi, b) : b;
    any = true;
  }
  if (!any) {
    std::cerr << "kiln capture: "
              << (o.frame ? "no emitter named '" + core::escapeText(*o.frame) + "'"
                          : std::string("the level has no emitters"))
              << (o.frame ? source::didYouMean(*o.frame, names) : "")
              << (names.empty() ? "" : "; emitters: " + source::listOf(names)) << '\n';
  }
  return any;
}

// The output transform the options ask for; nullopt (after printing why) when they disagree.
std::optional<render::OutputOptions> outputOf(const CaptureOptions& o, bool exr) {
  const bool hdrOption =
      o.exposure || o.autoExposure || o.tonemap || o.bloom || o.bloomThreshold || o.bloomIntensity || o.srgb;
  if (o.output == std::optional<std::string>("ldr") && (hdrOption || exr)) {
    std::cerr << "kiln capture: "
              << (exr ? "an .exr holds the linear HDR scene; use --output hdr, or name the image .png"
                      : "--exposure, --auto-exposure, --tonemap, --bloom and --srgb apply to --output hdr; an LDR capture is "
                        "the 8-bit target as it is")
              << '\n';
    return std::nullopt;
  }
  render::OutputOptions out;
  if (!(o.output == std::optional<std::string>("hdr") || hdrOption || exr)) return out;
  out = render::hdrDefaults();
  if (o.tonemap) {
    const auto t = core::fromSpelling(render::kToneMapSpellings, *o.tonemap);
    if (!t) {
      std::vector<std::string> names;
      for (const auto& sp : render::kToneMapSpellings) names.emplace_back(sp.text);
      std::cerr << "kiln capture: --tonemap '" << core::escapeText(*o.tonemap) << "' is not a tone map"
                << source::didYouMean(*o.tonemap, names) << "; tone maps: " << source::listOf(names) << '\n';
      return std::nullopt;
    }
    out.toneMap = *t;
  }
  if (o.exposure) out.exposure = *o.exposure;
  out.autoExposure = o.autoExposure;
  out.srgb = o.srgb;
  out.bloom.enabled = o.bloom || o.bloomThreshold || o.bloomIntensity;
  if (o.bloomThreshold) out.bloom.threshold = static_cast<float>(*o.bloomThreshold);
  if (o.bloomIntensity) out.bloom.intensity = static_cast<float>(*o.bloomIntensity);
  if (auto why = render::outputProblem(out)) {
    std::cerr << "kiln capture: " << *why << '\n';
    return std::nullopt;
  }
  return out;
}

}  // namespace

int runCapture(const CaptureOptions& o) {
  std::uint32_t width = 0, height = 0;
  if (!parseSize(o.size, width, height)) {
    std::cerr << "kiln capture: error[input-budget]: --size must be WxH with both in 1.." << loader::kMaxImageSide
              << " (the render limit, docs/limits.md), got '" << core::escapeText(o.size) << "'\n";
    return kExitUsage;
  }
  // The sidecar is the PNG's name with .json: an --out already ending in .json would have its
  // image overwritten by its own sidecar.
  {
    // The file name itself, so a name that is only ".json" (no stem, hence no extension) counts.
    std::string name = std::filesystem::path(o.out).filename().string();
    for (char& ch : name) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    if (name.size() >= 5 && name.compare(name.size() - 5, 5, ".json") == 0) {
      std::cerr << "kiln capture: --out '" << core::escapeText(o.out)
                << "' ends in .json, the sidecar's extension; name the image .png (the sidecar is written beside it)\n";
      return kExitUsage;
    }
  }
  const bool exr = loader::hasExrExtension(o.out);
  const std::optional<render::OutputOptions> output = outputOf(o, exr);
  if (!output) return kExitUsage;
  std::vector<double> times{o.time};
  if (o.times) {
    std::string why;
    auto range = loader::parseTimeRange(*o.times, why);
    if (!range) {
      std::cerr << "kiln capture: --times " << why << '\n';
      return kExitUsage;
    }
    times = std::move(*range);
  }
  if (!std::isfinite(o.time)) {
    std::cerr << "kiln capture: --time must be finite\n";
    return kExitUsage;
  }

  const loader::LoadResult r = loader::loadAny(o.file, readOptions(o.unchecked, true));
  if (!r.ok()) return reportFailure(r);
  reportRelaxedFindings(r);
  // Every PNG and sidecar of the run, checked against the level, its textures, each other and
  // what exists (unless --force) before anything is rendered.
  core::OutputPlan plan;
  plan.addInput(o.file, "level");
  for (const loader::Texture& t : r.textures) plan.addInput(t.image.origin, "texture " + t.image.name);
  std::vector<std::pair<std::size_t, std::size_t>> outputs;  // (image, sidecar) per time
  for (std::size_t i = 0; i < times.size(); ++i) {
    const std::filesystem::path png = o.times ? numbered(o.out, i) : std::filesystem::path(o.out);
    std::filesystem::path side = png;
    side.replace_extension(".json");
    const std::string frame = o.times ? " of frame " + std::to_string(i) : "";
    const std::size_t image = plan.addOutput(png, "capture image" + frame);
    outputs.emplace_back(image, plan.addOutput(side, "sidecar" + frame));
  }
  if (const core::Diagnostics refused = plan.check(o.force); !refused.empty())
    return reportRefusedOutputs(refused);
  core::Diagnostic error;
  auto fileBytes = core::readFile(o.file, error, 64u << 20);
  if (!fileBytes) return reportIoError(error);

  render::Camera camera =
      render::frameLevel(r.level.world, r.level.particles ? &*r.level.particles : nullptr,
                         static_cast<float>(width) / static_cast<float>(height));
  if (o.frame || o.frameAll) {
    glm::dvec3 lo, hi;
    if (!framedBounds(r, o, lo, hi)) return kExitUsage;
    camera = frameBox(r, lo, hi, static_cast<double>(width) / static_cast<double>(height));
  }
  if (o.camera) {
    std::vector<double> c;
    if (!parseNumbers(*o.camera, ',', c) || c.size() != 6) {
      std::cerr << "kiln capture: --camera must be eye_x,eye_y,eye_z,target_x,target_y,target_z\n";
      return kExitUsage;
    }
    const glm::vec3 eye(static_cast<float>(c[0]), static_cast<float>(c[1]), static_cast<float>(c[2]));
    const glm::vec3 target(static_cast<float>(c[3]), static_cast<float>(c[4]), static_cast<float>(c[5]));
    // Checked as rendered (float32): a view with no direction would be one colour, exit 0.
    if (auto d = render::checkCamera(glm::dvec3(eye), glm::dvec3(target), glm::dvec3(camera.up), "--camera")) {
      std::cerr << "kiln capture: " << core::format(*d) << '\n';
      return kExitUsage;
    }
    camera = render::lookAtLevel(r.level.world, r.level.particles ? &*r.level.particles : nullptr, eye, target);
    if (o.fov) camera.fovYDegrees = static_cast<float>(*o.fov);
    if (o.ortho) {
      camera.orthographic = true;
      camera.orthoHeight = static_cast<float>(*o.ortho);
    }
  }

  render::HeadlessOptions contextOptions;
  contextOptions.debugContext = loader::glDebugRequested(o.glDebug);
  auto ctx = render::HeadlessContext::create(contextOptions);
  if (auto* d = std::get_if<core::Diagnostic>(&ctx)) {
    std::cerr << "kiln capture: " << core::format(*d) << '\n';
    return kExitUsage;
  }
  const render::ContextInfo info = std::get<render::HeadlessContext>(ctx).info();
  if (o.verbose) {
    std::cerr << "kiln capture: OpenGL context: " << info.platformSummary() << '\n'
              << "kiln capture: GL vendor " << info.vendor << ", renderer " << info.renderer << ", version "
              << info.version << ", GLSL " << info.glslVersion << '\n';
    std::istringstream limits(render::describeGlLimits(render::loadedGlSupport()));
    for (std::string line; std::getline(limits, line);) std::cerr << "kiln capture: limit " << line << '\n';
  }
  render::RendererOptions ro;
  ro.contextPlatform = info.platformSummary();
  ro.debugOutput = loader::glDebugRequested(o.glDebug);
  ro.log = [](std::string_view m) { std::cerr << "kiln capture: " << m << '\n'; };
  render::Renderer renderer(std::move(ro));
  std::vector<core::NamedImage> textures;
  for (const loader::Texture& t : r.textures) textures.push_back(t.image);
  const core::Diagnostics prepared = renderer.prepare(r.level, textures);
  // Warnings (a material snippet that does not compile) are printed and the level is captured.
  bool invalid = false;
  for (const core::Diagnostic& d : prepared) {
    std::cerr << o.file << ": " << core::format(d) << '\n';
    invalid = invalid || d.severity == core::Severity::Error;
  }
  if (invalid) return kExitInvalid;

  render::CaptureInfo sidecar;
  sidecar.levelHash = render::levelHash(*fileBytes);
  sidecar.levelFile = o.file;
  sidecar.camera = camera;
  sidecar.width = width;
  sidecar.height = height;
  sidecar.glRenderer = info.renderer;
  sidecar.glVendor = info.vendor;
  sidecar.glPlatform = info.platformSummary();
  sidecar.kilnVersion = std::string(render::kilnVersion());
  sidecar.checksRelaxed = o.unchecked;
  for (const loader::LocatedDiagnostic& d : r.relaxedFindings) sidecar.findings.push_back(d.diagnostic);
  sidecar.events = r.level.events;
  if (output->hdr) sidecar.output = *output;
  sidecar.linearImage = exr;
  std::optional<render::RenderTarget> target;  // one for the whole sequence
  for (std::size_t i = 0; i < times.size(); ++i) {
    render::CaptureRequest req;
    req.width = width;
    req.height = height;
    req.levelTime = times[i];
    req.camera = camera;
    req.options.waitForQueries = o.stats;
    req.options.events = !o.noEvents;
    req.options.output = *output;
    auto img = render::capture(renderer, req, target);
    if (auto* d = std::get_if<core::Diagnostic>(&img)) {
      std::cerr << (o.times ? "\n" : "") << "kiln capture: " << core::format(*d) << '\n';
      return kExitUsage;
    }
    std::vector<std::uint8_t> png;  // or the EXR's bytes
    if (exr) {
      loader::FloatImage linear{width, height, {}};
      std::string why;
      if (!target->readLinear(linear.rgba) || !loader::encodeExr(linear, png, why)) {
        std::cerr << "kiln capture: " << plan.path(outputs[i].first).string() << ": "
                  << (why.empty() ? "the frame has no linear scene" : why) << '\n';
        return kExitUsage;
      }
    } else if (!loader::encodePngBytes(std::get<core::Image>(img), png, error)) {
      error.path = plan.path(outputs[i].first).string();
      return reportIoError(error);
    }
    sidecar.levelTime = times[i];
    sidecar.eventsDrawn = renderer.stats().events.drawn;
    sidecar.autoExposureEv = target->autoExposureEv();
    if (o.stats) {
      render::FrameCost cost{renderer.stats()};
      cost.timersReadZero = std::all_of(cost.stats.gpuMs.begin(), cost.stats.gpuMs.end(), [](double ms) { return ms <= 0; });
      sidecar.cost = cost;
    }
    const std::string json = render::sidecarJson(sidecar);
    // The image and its sidecar are replaced as a pair: never a new image beside an old sidecar.
    const std::pair<std::size_t, std::span<const std::uint8_t>> pair[] = {
        {outputs[i].first, png},
        {outputs[i].second, std::span(reinterpret_cast<const std::uint8_t*>(json.data()), json.size())}};
    if (!plan.writeTogether(pair, error)) return reportIoError(error);
    if (o.times) progress(i + 1, times.size());
  }
  if (!o.times)
    std::cout << "wrote " << core::escapeText(o.out) << " (" << width << "x" << height << ", t=" << o.time << ")\n";
  return kExitOk;
}


}  // namespace kiln::cli
