// Captures: byte-identical repeats, visible content, each pass's own contribution, and the
// PNG + sidecar path.
#include <filesystem>
#include <variant>

#include "gl_fixture.hpp"
#include "particles/sample_docs.hpp"
#include "render/capture.hpp"
#include "render/cpu/image_compare.hpp"
#include "render_fixture.hpp"

namespace {

using namespace kiln;

core::Image shoot(render::Renderer& r, double t, const render::FrameOptions& o = {}) {
  return test::shoot(r, t, 160, 90, o);
}

void save(const core::Image& img, const std::string& name) {
  const auto dir = test::scratchDir() / "gl-captures";
  std::filesystem::create_directories(dir);
  std::string error;
  CHECK(render::writePng(dir / name, img, error));
}

// The version 2 sample plus a cutout emitter, so every particle pass has something to draw.
particles::Document allPassesDocument() {
  particles::Document doc = testdocs::sampleDocumentV2();
  doc.presets.push_back(testdocs::smokePreset("leaves", 64, particles::Blend::Cutout));
  particles::Emitter e = testdocs::onceEmitter("leaf_pile", static_cast<std::uint32_t>(doc.presets.size() - 1));
  e.position = {3.5, 0.5, 0.8};
  doc.emitters.push_back(e);
  testdocs::fillBounds(doc);
  return doc;
}

struct Prepared {
  particles::Document doc = allPassesDocument();
  render::Renderer renderer;
  Prepared() {
    test::glContext();
    REQUIRE(renderer.prepare(test::roomWorld(), &doc, test::texturesFor(doc)).empty());
  }
};

}  // namespace

TEST_CASE("two captures of the same inputs are byte-identical PNGs", "[gl][capture]") {
  Prepared p;
  const core::Image a = shoot(p.renderer, 1.25);
  const core::Image b = shoot(p.renderer, 1.25);
  CHECK(render::encodePng(a) == render::encodePng(b));
  save(a, "sample_v2_t1.25.png");
  // A second renderer prepared from the same inputs gives the same bytes too.
  Prepared again;
  CHECK(render::encodePng(shoot(again.renderer, 1.25)) == render::encodePng(a));
  // A different time must give a different image, or the comparison above proves nothing.
  const core::Image c = shoot(p.renderer, 1.75);
  CHECK_FALSE(render::encodePng(a) == render::encodePng(c));
}

TEST_CASE("a capture is not blank and each pass contributes its own pixels", "[gl][capture]") {
  Prepared p;
  const core::Image all = shoot(p.renderer, 1.25);
  render::FrameOptions clearOnly;
  clearOnly.passEnabled.fill(false);
  const core::Image empty = shoot(p.renderer, 1.25, clearOnly);
  CHECK(render::compareImages(all, empty).changedPercent > 20.0);  // the room fills the view

  render::FrameOptions noSectors;
  noSectors.passEnabled[static_cast<std::size_t>(render::Pass::Sectors)] = false;
  const core::Image particlesOnly = shoot(p.renderer, 1.25, noSectors);
  for (render::Pass pass : {render::Pass::Cutout, render::Pass::Additive, render::Pass::Alpha}) {
    render::FrameOptions solo;
    solo.soloPass = pass;
    const core::Image one = shoot(p.renderer, 1.25, solo);
    INFO("pass " << render::passName(pass));
    save(one, "solo_" + std::string(render::passName(pass)) + ".png");
    CHECK(render::compareImages(one, empty).changedPixels > 0);        // it draws something
    CHECK(render::compareImages(one, particlesOnly).changedPixels > 0);  // and is not everything
  }
  render::FrameOptions soloSectors;
  soloSectors.soloPass = render::Pass::Sectors;
  const core::Image sectorsOnly = shoot(p.renderer, 1.25, soloSectors);
  CHECK(render::compareImages(sectorsOnly, all).changedPixels > 0);
}

TEST_CASE("muting every emitter leaves only the sectors", "[gl][capture]") {
  Prepared p;
  render::FrameOptions soloSectors;
  soloSectors.soloPass = render::Pass::Sectors;
  const core::Image sectorsOnly = shoot(p.renderer, 1.25, soloSectors);
  const std::vector<std::uint8_t> muted(p.doc.emitters.size(), 1);
  render::FrameOptions mute;
  mute.emitterMuted = muted;
  CHECK(render::compareImages(shoot(p.renderer, 1.25, mute), sectorsOnly).maxAbsDiff == 0);
  // Soloing one emitter differs from muting all of them (it shows that emitter).
  render::FrameOptions solo;
  solo.soloEmitter = 0;
  CHECK(render::compareImages(shoot(p.renderer, 1.25, solo), sectorsOnly).changedPixels > 0);
}

TEST_CASE("capture rejects a zero size and an unprepared renderer with gl-error", "[gl][capture]") {
  Prepared p;
  render::CaptureRequest req;
  req.width = 0;
  auto got = render::capture(p.renderer, req);
  REQUIRE(std::holds_alternative<core::Diagnostic>(got));
  CHECK(std::get<core::Diagnostic>(got).code == core::Code::GlError);
  req.width = 1;
  req.height = 1;
  CHECK(std::holds_alternative<core::Image>(render::capture(p.renderer, req)));
  render::Renderer empty;
  CHECK(std::holds_alternative<core::Diagnostic>(render::capture(empty, req)));
}

// Not run by default: writes larger captures to look at while working on the renderer.
TEST_CASE("look: write large captures of the sample", "[.look]") {
  Prepared p;
  for (double t : {0.6, 1.25, 2.5}) {
    render::CaptureRequest req;
    req.width = 640;
    req.height = 360;
    req.levelTime = t;
    req.camera = test::roomCamera();
    req.options.debug.storedBounds = true;
    req.options.debug.sectorPlanes = true;
    auto got = render::capture(p.renderer, req);
    REQUIRE(std::holds_alternative<core::Image>(got));
    save(std::get<core::Image>(got), "look_" + std::to_string(t) + ".png");
    req.options.debug = {};
    req.options.debug.overdraw = true;
    got = render::capture(p.renderer, req);
    REQUIRE(std::holds_alternative<core::Image>(got));
    save(std::get<core::Image>(got), "look_overdraw_" + std::to_string(t) + ".png");
  }
}
