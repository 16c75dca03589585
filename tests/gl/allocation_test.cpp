// Steady-state frames allocate nothing: global operator new is replaced in this test
// executable with a counting one that counts per thread, and each test reads the count of the
// thread it draws on. A frame is Kiln's work on the calling thread; the driver's own threads
// (llvmpipe's rasterizer threads, lavapipe compiling pipelines under zink) allocate for the
// driver, and C allocations are not counted at all.
#include <array>
#include <thread>
#include <cstddef>
#include <cstdlib>
#include <new>

#include "gl_fixture.hpp"
#include "particles/sample_docs.hpp"
#include "render/renderer.hpp"
#include "render_fixture.hpp"

namespace {
// Constant-initialised, so reading it inside operator new needs no thread-local constructor.
thread_local std::uint64_t tAllocations = 0;

// Every replaceable form is replaced, so memory never crosses between this allocator and the
// runtime's (a sanitizer reports such a mismatch).
void* countedAlloc(std::size_t n, std::size_t align) noexcept {
  ++tAllocations;
  if (n == 0) n = 1;
  if (align <= alignof(std::max_align_t)) return std::malloc(n);
  return std::aligned_alloc(align, (n + align - 1) / align * align);
}
void* countedOrThrow(std::size_t n, std::size_t align) {
  if (void* p = countedAlloc(n, align)) return p;
  throw std::bad_alloc();
}
}  // namespace

// Every replacement new below takes its memory from malloc (countedAlloc), so std::free is the
// matching release. GCC 12 at -O1 inlines the standard make_unique into this file and then
// warns about free on "new'd" memory (-Wmismatched-new-delete), not knowing new is replaced.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
#endif
void* operator new(std::size_t n) { return countedOrThrow(n, 0); }
void* operator new[](std::size_t n) { return countedOrThrow(n, 0); }
void* operator new(std::size_t n, std::align_val_t a) { return countedOrThrow(n, static_cast<std::size_t>(a)); }
void* operator new[](std::size_t n, std::align_val_t a) { return countedOrThrow(n, static_cast<std::size_t>(a)); }
void* operator new(std::size_t n, const std::nothrow_t&) noexcept { return countedAlloc(n, 0); }
void* operator new[](std::size_t n, const std::nothrow_t&) noexcept { return countedAlloc(n, 0); }
void* operator new(std::size_t n, std::align_val_t a, const std::nothrow_t&) noexcept {
  return countedAlloc(n, static_cast<std::size_t>(a));
}
void* operator new[](std::size_t n, std::align_val_t a, const std::nothrow_t&) noexcept {
  return countedAlloc(n, static_cast<std::size_t>(a));
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
void operator delete(void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete(void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete(void* p, std::align_val_t, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p, std::align_val_t, const std::nothrow_t&) noexcept { std::free(p); }

TEST_CASE("1,000 steady-state frames make zero heap allocations", "[gl][allocation]") {
  using namespace kiln;
  test::glContext();
  const particles::Document doc = testdocs::sampleDocumentV2();
  render::Renderer renderer;
  REQUIRE(renderer.prepare(test::roomWorld(), &doc, test::texturesFor(doc)).empty());
  render::RenderTarget target(32, 32);
  render::Camera camera;
  const std::vector<std::uint8_t> muted{0, 1, 0};
  render::FrameOptions options;
  options.emitterMuted = muted;
  options.debug.storedBounds = true;
  options.debug.sectorPlanes = true;
  for (int i = 0; i < 10; ++i) renderer.drawFrame(0.5 + i / 60.0, camera, options, target);  // warm-up

  const std::uint64_t before = tAllocations;
  std::uint32_t drawCalls = 0;
  for (int i = 0; i < 1000; ++i) {
    renderer.drawFrame(1.0 + i / 60.0, camera, options, target);
    drawCalls += renderer.stats().drawCalls;
  }
  const std::uint64_t during = tAllocations - before;
  CHECK(during == 0);
  CHECK(drawCalls >= 1000 * 4u);  // the frames really drew: sectors + 3 particle draws + lines
  // The counter works: an allocation between two reads is seen, one on another thread is not.
  const std::uint64_t probe = tAllocations;
  void* raw = ::operator new(16);  // an explicit call, which the compiler may not elide
  CHECK(tAllocations == probe + 1);
  ::operator delete(raw);
  std::uint64_t elsewhere = 0;
  std::thread other([&elsewhere] {
    void* p = ::operator new(16);
    elsewhere = tAllocations;
    ::operator delete(p);
  });
  other.join();
  CHECK(elsewhere >= 1);  // counted on its own thread
  // Here at most the std::thread's own state (one allocation): counting every thread's
  // allocations together would see the other thread's too.
  CHECK(tAllocations - (probe + 1) <= 1);
}

TEST_CASE("steady-state overlay, overdraw palette and ImGui view copies make zero heap allocations",
          "[gl][allocation]") {
  using namespace kiln;
  test::glContext();
  const particles::Document doc = testdocs::sampleDocumentV1();
  render::Renderer renderer;
  REQUIRE(renderer.prepare(test::roomWorld(), &doc, test::texturesFor(doc)).empty());
  render::RenderTarget target(32, 32);
  render::Camera camera;
  render::FrameOptions options;
  options.debug.overdraw = true;
  std::vector<render::DebugVertex> lines, points;
  for (int i = 0; i < 300; ++i) {
    const float f = static_cast<float>(i);
    lines.push_back({f, 0, 0, 1, 0, 0, 1});
    lines.push_back({f, 5, 1, 1, 0, 0, 1});
    points.push_back({0, f, 0, 0, 1, 0, 1});
  }
  const auto frame = [&](double t) {
    renderer.drawFrame(t, camera, options, target);
    renderer.drawLines(lines, points, camera, target);
    return target.topDownTexture().value();
  };
  for (int i = 0; i < 10; ++i) frame(0.5 + i / 60.0);  // warm-up: buffers and the display copy exist

  const std::uint64_t before = tAllocations;
  std::uint64_t handles = 0;
  for (int i = 0; i < 500; ++i) handles |= frame(1.0 + i / 60.0);
  CHECK(tAllocations - before == 0);
  CHECK(handles != 0);
}

TEST_CASE("1,000 frames with event particles live make zero heap allocations", "[gl][allocation][events]") {
  using namespace kiln;
  test::glContext();
  const particles::Document doc = testdocs::sampleDocumentV2();
  const auto textures = test::texturesFor(doc);
  render::Renderer renderer;
  REQUIRE(renderer.prepare(test::roomWorld(), &doc, textures).empty());
  sim::Events events;
  events.capacity = 2000;
  events.maxSprites = 1500;  // below the live count: the batcher drops every frame too
  sim::Recipe spark;
  spark.name = "spark";
  spark.count = 200;
  spark.speed = 2;
  spark.spread = 1;
  spark.lifetime = 3;
  spark.size = 0.1;
  spark.color = {5, 1, 0.2};
  spark.glows = true;
  spark.sprite = sim::EventSprite{textures[0].name, sim::BlendMode::Additive, sim::TextureAlpha::Brightness, 0.1};
  sim::Recipe dust;
  dust.name = "dust";
  dust.count = 1;
  dust.lifetime = 2;
  dust.size = 0.3;
  dust.color = {0.5, 0.5, 0.5};
  events.recipes = {spark, dust};
  sim::EventEmitter stream;
  stream.name = "stream";
  stream.recipe = "dust";
  stream.rate = 300;
  stream.position = {0, 0, 1};
  events.emitters = {stream};
  for (int i = 0; i < 20; ++i) events.script.push_back({0.5 * i, "spark", {0, 0, 1}, static_cast<std::uint32_t>(i)});
  REQUIRE(renderer.prepareEvents(&events, textures).empty());
  render::RenderTarget target(32, 32);
  render::Camera camera;
  camera.target = {0, 0, 1};
  render::FrameOptions options;
  for (int i = 0; i < 10; ++i) renderer.drawFrame(0.5 + i / 60.0, camera, options, target);  // warm-up

  const std::uint64_t before = tAllocations;
  std::uint64_t live = 0, eventDraws = 0, dropped = 0;
  for (int i = 0; i < 1000; ++i) {
    // Forward at 60 Hz, with a scrub back to the start every 250 frames (re-simulation).
    renderer.drawFrame(1.0 + (i % 250) / 60.0, camera, options, target);
    live += renderer.stats().events.live;
    dropped += renderer.stats().events.droppedThisFrame;
    eventDraws += renderer.stats().passDrawCalls[static_cast<std::size_t>(render::Pass::SceneTransparency)];
  }
  CHECK(tAllocations - before == 0);
  CHECK(live / 1000 > 300);  // particles really were live every frame
  CHECK(eventDraws >= 1000);
  CHECK(dropped > 0);
}

TEST_CASE("edits in place make zero heap allocations after the first", "[gl][allocation][edit]") {
  using namespace kiln;
  test::glContext();
  const particles::Document doc = testdocs::sampleDocumentV2();
  render::Renderer renderer;
  REQUIRE(renderer.prepare(test::roomWorld(), &doc, test::texturesFor(doc)).empty());
  render::RenderTarget target(32, 32);
  render::Camera camera;
  render::FrameOptions options;
  options.debug.storedBounds = true;
  // Two edited documents to alternate between (made before counting: the caller's edit is not
  // the renderer's): the chimney's preset (smoke) and the chimney itself, each two ways. The
  // lifetimes change its G (2 and 3) and the rates its births, so every block is rewritten.
  std::array<particles::Document, 2> presetEdits{doc, doc}, emitterEdits{doc, doc};
  presetEdits[0].presets[1].lifetime.max = 3.9;
  presetEdits[1].presets[1].lifetime.max = 4.4;
  presetEdits[1].presets[1].size.back().value = 0.9;
  emitterEdits[0].emitters[1].rate = 6;
  emitterEdits[1].emitters[1].rate = 10;
  emitterEdits[1].emitters[1].bursts.push_back({0.5, 3});
  for (auto* edits : {&presetEdits, &emitterEdits})
    for (auto& d : *edits)
      for (auto& e : d.emitters) e.bounds = particles::conservativeEmitterBounds(d.presets[e.preset], e);
  // The first of each kind may grow the renderer's copy (a burst more than it held).
  REQUIRE(renderer.updatePreset(presetEdits[1], 1) == render::EditUpload::InPlace);
  REQUIRE(renderer.updateEmitter(emitterEdits[1], 1) == render::EditUpload::InPlace);
  renderer.drawFrame(1.0, camera, options, target);

  const std::uint64_t before = tAllocations;
  int inPlace = 0;
  for (int i = 0; i < 100; ++i) {
    inPlace += renderer.updatePreset(presetEdits[i % 2], 1) == render::EditUpload::InPlace;
    inPlace += renderer.updateEmitter(emitterEdits[i % 2], 1) == render::EditUpload::InPlace;
    renderer.drawFrame(1.0 + i / 60.0, camera, options, target);
  }
  CHECK(tAllocations - before == 0);
  CHECK(inPlace == 200);
}
