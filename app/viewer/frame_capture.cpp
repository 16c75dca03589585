// Frame: captures (now and sets), their textures, and the A/B comparison's metrics.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <span>

#include "logic/capture_files.hpp"
#include "core/file.hpp"
#include "logic/video.hpp"
#include "frame.hpp"
#include "gpu_view.hpp"
#include "render/capture.hpp"
#include "render/cpu/flip.hpp"
#include "render/cpu/image_compare.hpp"
#include "render/cpu/magma.hpp"

namespace kiln::viewer {
namespace {

// What the capture shows beyond kiln capture's picture, for its sidecar (none when nothing).
std::optional<render::CaptureInfo::ViewOptions> viewOptionsOf(const ViewerState& s, const render::DebugViews& debug) {
  render::CaptureInfo::ViewOptions v;
  const PassControls& pc = s.view.passes;
  const particles::Document* doc = s.doc.level ? s.doc.level->particles() : nullptr;
  bool any = false;
  if (s.view.background != Background::Level) v.background = kBackgroundNames[static_cast<int>(s.view.background)], any = true;
  for (std::size_t p = 0; p < render::kParticlePassCount; ++p)
    if (pc.passMuted[p]) v.mutedPasses.emplace_back(render::passName(render::kParticlePasses[p])), any = true;
  if (pc.soloPass >= 0)
    v.soloPass = render::passName(render::kParticlePasses[static_cast<std::size_t>(pc.soloPass)]), any = true;
  for (std::size_t e = 0; doc && e < pc.emitterMuted.size() && e < doc->emitters.size(); ++e)
    if (pc.emitterMuted[e]) v.mutedEmitters.push_back(doc->emitters[e].name), any = true;
  if (doc && pc.soloEmitter >= 0 && static_cast<std::size_t>(pc.soloEmitter) < doc->emitters.size())
    v.soloEmitter = doc->emitters[static_cast<std::size_t>(pc.soloEmitter)].name, any = true;
  const std::pair<bool, const char*> views[] = {{pc.overdraw, "overdraw"},
                                                {debug.storedBounds, "stored-bounds"},
                                                {debug.recomputedBounds, "recomputed-bounds"},
                                                {debug.sectorPlanes, "sector-planes"},
                                                {!debug.grid, "no-grid"}};
  for (const auto& [on, name] : views)
    if (on) v.debugViews.emplace_back(name), any = true;
  if (!any) return std::nullopt;
  return v;
}

}  // namespace

bool Frame::captureOne(const ViewCamera& camera, const std::string& label, double levelTime, const std::string& cameraName) {
  if (!state_.doc.level || !gpu_->ready()) {
    state_.ui.status = "capture: no level on the GPU";
    return false;
  }
  std::string error;
  auto image = gpu_->capture(state_, camera, levelTime, state_.captures.width, state_.captures.height, error);
  if (!image) {
    state_.ui.status = "capture failed: " + error;
    return false;
  }
  CaptureEntry c;
  c.label = cameraName.empty() ? label : label + " " + cameraName;
  c.levelTime = levelTime;
  c.file = uniqueCapturePath(state_.captures.dir, state_.doc.level->path.stem().string(), label, levelTime,
                             state_.captures.counters, cameraName);
  std::error_code ec;
  std::filesystem::create_directories(state_.captures.dir, ec);
  core::Diagnostic ioError;
  std::vector<std::uint8_t> png;
  if (!loader::encodePngBytes(*image, png, ioError)) {
    state_.ui.status = "capture: " + core::format(ioError);
    return false;
  }
  // The sidecar `kiln capture` writes beside its PNG, with the same fields and bytes: what the
  // image shows (level and its hash, camera, time, size, renderer), so it can be traced and redone.
  const MountedLevel& level = *state_.doc.level;
  render::CaptureInfo info;
  char hash[17];
  std::snprintf(hash, sizeof hash, "%016llx", static_cast<unsigned long long>(level.loadedHash));
  info.levelHash = hash;
  info.levelFile = level.path.string();
  info.levelTime = levelTime;
  info.camera = gpu_->captureCamera(state_, camera);
  info.width = state_.captures.width;
  info.height = state_.captures.height;
  info.glRenderer = gpu_->glRenderer();
  info.glVendor = gpu_->driver().vendor;
  info.glPlatform = gpu_->driver().platform;
  info.kilnVersion = std::string(render::kilnVersion());
  info.checksRelaxed = level.relaxedBounds;
  for (const auto& d : level.load.relaxedFindings) info.findings.push_back(d.diagnostic);
  info.events = level.load.level.events;
  info.eventsDrawn = gpu_->eventSpritesDrawn();
  info.viewOptions = viewOptionsOf(state_, gpu_->debugViews());
  info.output = state_.view.output;  // the sidecar records an HDR output; an LDR one adds nothing
  info.autoExposureEv = gpu_->captureAutoExposureEv();
  const std::string json = render::sidecarJson(info);
  std::filesystem::path sidecar = c.file;
  sidecar.replace_extension(".json");
  const ViewerOutput pair[] = {{c.file, png, "capture"},
                               {sidecar, std::span(reinterpret_cast<const std::uint8_t*>(json.data()), json.size()),
                                "capture sidecar"}};
  if (!writeViewerFiles(state_.doc, pair, ioError)) {
    state_.ui.status = "capture: " + loader::format(loader::locateIoError(ioError));
    return false;
  }
  std::printf("kiln-view: captured %s\n", c.file.string().c_str());
  c.image = std::move(*image);
  state_.captures.entries.push_back(std::move(c));
  // The newest two captures become the A/B pair until the user picks others.
  state_.captures.comparison.b = static_cast<int>(state_.captures.entries.size()) - 1;
  state_.captures.comparison.a = std::max(0, state_.captures.comparison.b - 1);
  return true;
}

bool Frame::addImageFile(const std::filesystem::path& path) {
  core::Diagnostic error;
  auto entry = captureFromFile(path, error);
  if (!entry) {
    const std::string line = loader::format(loader::locateIoError(error));
    std::fprintf(stderr, "kiln-view: %s\n", line.c_str());
    state_.ui.status = line;
    return false;
  }
  state_.captures.entries.push_back(std::move(*entry));
  state_.doc.sessionInputs.push_back({path, "image in the A/B list"});
  state_.panel(Panel::Captures) = true;  // where the list is
  state_.ui.status = "added " + path.filename().string() + " to the A/B list as B";
  // The image just added becomes B, so two loads compare with each other.
  state_.captures.comparison.b = static_cast<int>(state_.captures.entries.size()) - 1;
  state_.captures.comparison.a = std::max(0, state_.captures.comparison.b - 1);
  return true;
}

bool Frame::writeList(const std::filesystem::path& list, const std::string& text, std::string& error) {
  core::Diagnostic d;
  if (writeViewerFile(state_.doc, list, std::span(reinterpret_cast<const std::uint8_t*>(text.data()), text.size()),
                      "video list", d))
    return true;
  error = core::format(d);
  return false;
}

bool Frame::writeVideo(CaptureJob& job) {
  job.video = false;
  CaptureSession& c = state_.captures;
  if (!c.ffmpegLooked) {
    const char* path = std::getenv("PATH");
    c.ffmpeg = findProgram("ffmpeg", path ? path : "");
    c.ffmpegLooked = true;
  }
  if (!c.ffmpeg) {
    state_.ui.status = "video: ffmpeg is not installed (the image sequence is written)";
    std::fprintf(stderr, "kiln-view: %s\n", state_.ui.status.c_str());
    return false;
  }
  if (job.written.empty()) return false;
  const std::string stem = job.written.front().stem().string();
  const std::filesystem::path list = c.dir / (stem + "_video.ffconcat"), out = c.dir / (stem + "_video.mp4");
  std::string error;
  const std::optional<std::string> text = concatList(job.written, job.fps, error);
  if (!text ||
      !writeList(list, *text, error) ||
      !runVideo(*c.ffmpeg, videoArguments(list, out, job.fps), error)) {
    state_.ui.status = "video: " + error;
    std::fprintf(stderr, "kiln-view: %s\n", state_.ui.status.c_str());
    return false;
  }
  state_.ui.status = "video written: " + out.string();
  std::printf("kiln-view: wrote %s (%zu frames at %g fps)\n", out.string().c_str(), job.written.size(), job.fps);
  return true;
}

void Frame::serviceCaptures() {
  if (!state_.commands.take<SaveBookmarks>().empty()) saveBookmarks();
  bool ok = true;
  // Presses of "Capture now" within one frame would capture the same image: one capture.
  if (!state_.commands.take<CaptureNow>().empty()) {
    const std::string label = state_.ui.memory.captureLabel[0] ? state_.ui.memory.captureLabel : "current";
    ok = captureOne(state_.view.camera, label, state_.view.clock.time);
  }
  for (const LoadCaptureImage& load : state_.commands.take<LoadCaptureImage>()) ok = addImageFile(load.path) && ok;
  CaptureJob& job = state_.captures.job;
  if (job.active()) {
    // One capture per frame keeps the UI (and its progress bar) alive during a long set.
    const std::size_t i = job.next++;
    const auto& cam = job.cameras[i % job.cameras.size()];
    const bool took = captureOne(cam.camera, job.label, job.times[i / job.cameras.size()], cam.name);
    if (took) job.written.push_back(state_.captures.entries.back().file);
    ok = took && ok;
    if (!job.active() && job.video) ok = writeVideo(job) && ok;
  }
  if (!ok) captureFailures_++;
  while (captureTextures_.size() < state_.captures.entries.size()) {
    captureTextures_.push_back(std::make_unique<ImageTexture>());
    captureTextures_.back()->upload(state_.captures.entries[captureTextures_.size() - 1].image);
    state_.captures.entries[captureTextures_.size() - 1].texture = captureTextures_.back()->imguiId();
  }
  Comparison& cmp = state_.captures.comparison;
  const int n = static_cast<int>(state_.captures.entries.size());
  const bool pair = cmp.a >= 0 && cmp.b >= 0 && cmp.a < n && cmp.b < n;
  if (pair && (cmp.computedA != cmp.a || cmp.computedB != cmp.b || cmp.computedGain != cmp.gain)) {
    const auto r = compareEntries(state_.captures.entries[cmp.a], state_.captures.entries[cmp.b]);
    cmp.computed = true;
    cmp.computedA = cmp.a, cmp.computedB = cmp.b;
    cmp.sameSize = r.sameSize;
    cmp.maxAbsDiff = r.maxAbsDiff;
    cmp.meanAbsDiff = r.meanAbsDiff;
    cmp.psnr = r.psnr;
    cmp.changedPixels = r.changedPixels;
    cmp.changedPercent = r.changedPercent;
    cmp.changedRect = r.changedRect;
    if (!differenceTexture_) differenceTexture_ = std::make_unique<ImageTexture>();
    // The picture at the chosen gain (the metrics above do not depend on it).
    if (r.sameSize)
      differenceTexture_->upload(ab_view::difference(state_.captures.entries[cmp.a].image,
                                                     state_.captures.entries[cmp.b].image, cmp.gain));
    cmp.computedGain = cmp.gain;
    cmp.differenceTexture = r.sameSize ? differenceTexture_->imguiId() : UiTexture{0};
    // ꟻLIP once per pair (the gain does not change it): as kiln compare --metric flip computes it.
    const core::Image& A = state_.captures.entries[cmp.a].image;
    const core::Image& B = state_.captures.entries[cmp.b].image;
    if (r.sameSize && (cmp.flipMap.size() != std::size_t{A.width} * A.height || !cmp.flipTexture || flipPair_ != std::pair(cmp.a, cmp.b))) {
      const double ppd = render::pixelsPerDegree(render::kFlipDefaultViewingDistance, render::kFlipDefaultMonitorWidth,
                                                 render::kFlipDefaultMonitorPixels);
      render::FlipResult f = render::flip(A, B, ppd);
      cmp.flipMean = f.stats.mean, cmp.flipMax = f.stats.max;
      if (!flipTexture_) flipTexture_ = std::make_unique<ImageTexture>();
      flipTexture_->upload(render::magmaImage(A.width, A.height, f.error));
      cmp.flipMap = std::move(f.error);
      cmp.flipTexture = flipTexture_->imguiId();
      flipPair_ = {cmp.a, cmp.b};
    }
    if (!r.sameSize) cmp.flipMap.clear(), cmp.flipTexture = 0;
  }
  // The metrics of the region in view, when the comparison fills the Viewport zoomed in.
  if (pair && cmp.inViewport && cmp.sameSize) {
    const core::Image& A = state_.captures.entries[cmp.a].image;
    const core::Image& B = state_.captures.entries[cmp.b].image;
    const ab_view::Region region = ab_view::visibleRegion(cmp.view, cmp.area, A.width, A.height);
    Comparison::RegionMetrics& m = cmp.regionMetrics;
    const bool same = m.a == cmp.a && m.b == cmp.b && m.region.x0 == region.x0 && m.region.x1 == region.x1 &&
                      m.region.y0 == region.y0 && m.region.y1 == region.y1;
    if (!same && !region.empty()) {
      const auto r = render::compareImages(ab_view::crop(A, region), ab_view::crop(B, region));
      m = {region, cmp.a, cmp.b, r.maxAbsDiff, r.meanAbsDiff, r.psnr, r.changedPercent};
    }
  }
}

}  // namespace kiln::viewer
