// A steady viewer frame — the Viewport with its live count and overlay, its ImGui copy, then the
// Top view — asks the driver nothing that waits for the GPU: no buffer, texture or pixel read,
// no glFinish, no state query (glGet*), no fence waited on, and a query's result read only once
// the query said it is available. The test swaps glad's function pointers for counting ones
// (every Kiln GL call goes through them), so it sees each call the renderer makes.
#include <glad/gl.h>

#include <deque>
#include <map>

#include "gl_fixture.hpp"
#include "particles/evaluate.hpp"
#include "particles/sample_docs.hpp"
#include "render/renderer.hpp"
#include "render_fixture.hpp"

namespace {

using namespace kiln;

struct Calls {
  int stateQueries = 0;   // glGetIntegerv, glGetFloatv, glGetBooleanv, glGetString(i)
  int reads = 0;          // glGetNamedBufferSubData, glGetTextureImage, glReadPixels
  int finishes = 0;       // glFinish
  int fenceWaits = 0;     // glClientWaitSync with a timeout or a flush
  int results = 0;        // glGetQueryObjectui64v of a result
  int uncheckedResults = 0;  // ... of a query not seen available first
};
Calls gCalls;
std::map<GLuint, bool> gAvailable;

// State sets within one drawFrame: each call keyed by what it sets, with the value it sets; a
// call that sets what the frame already set is redundant.
struct StateSets {
  int calls = 0, redundant = 0;
  std::map<std::pair<int, GLuint>, std::uint64_t> known;
  void set(int what, GLuint slot, std::uint64_t value) {
    ++calls;
    const auto [it, fresh] = known.try_emplace({what, slot}, value);
    if (!fresh && it->second == value) ++redundant;
    it->second = value;
  }
};
StateSets gState;
enum StateKind { kCapability, kDepthMask, kColorMask, kProgram, kVertexArray, kTexture, kBlendFunc };

PFNGLGETINTEGERVPROC realGetIntegerv;
PFNGLGETFLOATVPROC realGetFloatv;
PFNGLGETBOOLEANVPROC realGetBooleanv;
PFNGLGETSTRINGPROC realGetString;
PFNGLGETSTRINGIPROC realGetStringi;
PFNGLGETNAMEDBUFFERSUBDATAPROC realGetNamedBufferSubData;
PFNGLGETTEXTUREIMAGEPROC realGetTextureImage;
PFNGLREADPIXELSPROC realReadPixels;
PFNGLFINISHPROC realFinish;
PFNGLCLIENTWAITSYNCPROC realClientWaitSync;
PFNGLGETQUERYOBJECTUIVPROC realGetQueryObjectuiv;
PFNGLGETQUERYOBJECTUI64VPROC realGetQueryObjectui64v;
PFNGLENABLEPROC realEnable;
PFNGLDISABLEPROC realDisable;
PFNGLDEPTHMASKPROC realDepthMask;
PFNGLCOLORMASKPROC realColorMask;
PFNGLUSEPROGRAMPROC realUseProgram;
PFNGLBINDVERTEXARRAYPROC realBindVertexArray;
PFNGLBINDTEXTUREUNITPROC realBindTextureUnit;
PFNGLBLENDFUNCSEPARATEPROC realBlendFuncSeparate;

void GLAPIENTRY enable(GLenum cap) { gState.set(kCapability, cap, 1), realEnable(cap); }
void GLAPIENTRY disable(GLenum cap) { gState.set(kCapability, cap, 0), realDisable(cap); }
void GLAPIENTRY depthMask(GLboolean on) { gState.set(kDepthMask, 0, on), realDepthMask(on); }
void GLAPIENTRY colorMask(GLboolean r, GLboolean g, GLboolean b, GLboolean a) {
  gState.set(kColorMask, 0, r | g << 1 | b << 2 | a << 3), realColorMask(r, g, b, a);
}
void GLAPIENTRY useProgram(GLuint p) { gState.set(kProgram, 0, p), realUseProgram(p); }
void GLAPIENTRY bindVertexArray(GLuint a) { gState.set(kVertexArray, 0, a), realBindVertexArray(a); }
void GLAPIENTRY bindTextureUnit(GLuint unit, GLuint t) { gState.set(kTexture, unit, t), realBindTextureUnit(unit, t); }
void GLAPIENTRY blendFuncSeparate(GLenum a, GLenum b, GLenum c, GLenum d) {
  gState.set(kBlendFunc, 0, std::uint64_t{a} << 48 ^ std::uint64_t{b} << 32 ^ std::uint64_t{c} << 16 ^ d);
  realBlendFuncSeparate(a, b, c, d);
}

void GLAPIENTRY getIntegerv(GLenum p, GLint* v) { ++gCalls.stateQueries, realGetIntegerv(p, v); }
void GLAPIENTRY getFloatv(GLenum p, GLfloat* v) { ++gCalls.stateQueries, realGetFloatv(p, v); }
void GLAPIENTRY getBooleanv(GLenum p, GLboolean* v) { ++gCalls.stateQueries, realGetBooleanv(p, v); }
const GLubyte* GLAPIENTRY getString(GLenum n) { return ++gCalls.stateQueries, realGetString(n); }
const GLubyte* GLAPIENTRY getStringi(GLenum n, GLuint i) { return ++gCalls.stateQueries, realGetStringi(n, i); }
void GLAPIENTRY getNamedBufferSubData(GLuint b, GLintptr o, GLsizeiptr n, void* d) {
  ++gCalls.reads, realGetNamedBufferSubData(b, o, n, d);
}
void GLAPIENTRY getTextureImage(GLuint t, GLint l, GLenum f, GLenum ty, GLsizei n, void* d) {
  ++gCalls.reads, realGetTextureImage(t, l, f, ty, n, d);
}
void GLAPIENTRY readPixels(GLint x, GLint y, GLsizei w, GLsizei h, GLenum f, GLenum t, void* d) {
  ++gCalls.reads, realReadPixels(x, y, w, h, f, t, d);
}
void GLAPIENTRY finish() { ++gCalls.finishes, realFinish(); }
GLenum GLAPIENTRY clientWaitSync(GLsync s, GLbitfield flags, GLuint64 timeout) {
  if (flags != 0 || timeout != 0) ++gCalls.fenceWaits;
  return realClientWaitSync(s, flags, timeout);
}
void GLAPIENTRY getQueryObjectuiv(GLuint id, GLenum p, GLuint* v) {
  realGetQueryObjectuiv(id, p, v);
  if (p == GL_QUERY_RESULT_AVAILABLE) gAvailable[id] = *v != 0;
  else ++gCalls.results, gCalls.uncheckedResults += !gAvailable[id];
}
// Per query object: issued and not yet read. Issuing it again before its result was read
// throws that result away (what a two-set ring did when the GPU ran behind).
std::map<GLuint, bool> gUnread;
int gReissuedUnread = 0;
PFNGLBEGINQUERYPROC realBeginQuery;
void GLAPIENTRY beginQuery(GLenum target, GLuint id) {
  gReissuedUnread += gUnread[id];
  gUnread[id] = true;
  realBeginQuery(target, id);
}

void GLAPIENTRY getQueryObjectui64v(GLuint id, GLenum p, GLuint64* v) {
  realGetQueryObjectui64v(id, p, v);
  ++gCalls.results;
  gCalls.uncheckedResults += !gAvailable[id];
  gAvailable[id] = false;  // a result is read once; the query is issued again later
  gUnread[id] = false;
}

// One glad pointer pointed at its counting function for a scope; `real` keeps the driver's.
template <class F>
struct Hook {
  Hook(F& glad, F counting, F& realOut) : slot(glad), real(glad) {
    realOut = glad;
    glad = counting;
  }
  ~Hook() { slot = real; }
  Hook(const Hook&) = delete;
  Hook& operator=(const Hook&) = delete;
  F& slot;
  F real;
};

// Tracks state sets from construction to destruction, then restores the real functions.
struct TrackingState {
  TrackingState() { gState = {}; }
  Hook<PFNGLENABLEPROC> a{glad_glEnable, enable, realEnable};
  Hook<PFNGLDISABLEPROC> b{glad_glDisable, disable, realDisable};
  Hook<PFNGLDEPTHMASKPROC> c{glad_glDepthMask, depthMask, realDepthMask};
  Hook<PFNGLCOLORMASKPROC> d{glad_glColorMask, colorMask, realColorMask};
  Hook<PFNGLUSEPROGRAMPROC> e{glad_glUseProgram, useProgram, realUseProgram};
  Hook<PFNGLBINDVERTEXARRAYPROC> f{glad_glBindVertexArray, bindVertexArray, realBindVertexArray};
  Hook<PFNGLBINDTEXTUREUNITPROC> g{glad_glBindTextureUnit, bindTextureUnit, realBindTextureUnit};
  Hook<PFNGLBLENDFUNCSEPARATEPROC> h{glad_glBlendFuncSeparate, blendFuncSeparate, realBlendFuncSeparate};
};

// Counts from construction to destruction, then restores the real functions.
struct CountingGl {
  CountingGl() {
    gCalls = {};
    gAvailable.clear();
    gUnread.clear();
    gReissuedUnread = 0;
  }
  Hook<PFNGLGETINTEGERVPROC> a{glad_glGetIntegerv, getIntegerv, realGetIntegerv};
  Hook<PFNGLGETFLOATVPROC> b{glad_glGetFloatv, getFloatv, realGetFloatv};
  Hook<PFNGLGETBOOLEANVPROC> c{glad_glGetBooleanv, getBooleanv, realGetBooleanv};
  Hook<PFNGLGETSTRINGPROC> d{glad_glGetString, getString, realGetString};
  Hook<PFNGLGETSTRINGIPROC> e{glad_glGetStringi, getStringi, realGetStringi};
  Hook<PFNGLGETNAMEDBUFFERSUBDATAPROC> f{glad_glGetNamedBufferSubData, getNamedBufferSubData,
                                         realGetNamedBufferSubData};
  Hook<PFNGLGETTEXTUREIMAGEPROC> g{glad_glGetTextureImage, getTextureImage, realGetTextureImage};
  Hook<PFNGLREADPIXELSPROC> h{glad_glReadPixels, readPixels, realReadPixels};
  Hook<PFNGLFINISHPROC> i{glad_glFinish, finish, realFinish};
  Hook<PFNGLCLIENTWAITSYNCPROC> j{glad_glClientWaitSync, clientWaitSync, realClientWaitSync};
  Hook<PFNGLGETQUERYOBJECTUIVPROC> k{glad_glGetQueryObjectuiv, getQueryObjectuiv, realGetQueryObjectuiv};
  Hook<PFNGLGETQUERYOBJECTUI64VPROC> l{glad_glGetQueryObjectui64v, getQueryObjectui64v, realGetQueryObjectui64v};
  Hook<PFNGLBEGINQUERYPROC> m{glad_glBeginQuery, beginQuery, realBeginQuery};
};

}  // namespace

TEST_CASE("a steady two-view viewer frame makes no readback, state query or fence wait", "[gl][renderer]") {
  test::glContext();
  const particles::Document doc = testdocs::sampleDocumentV2();
  render::Renderer r;
  REQUIRE(r.prepare(test::roomWorld(), &doc, test::texturesFor(doc)).empty());
  render::RenderTarget viewport(96, 54), top(48, 48);
  render::FrameOptions main;
  main.countLiveParticles = true;
  render::FrameOptions topView;
  topView.cull = false;
  const std::vector<render::DebugVertex> lines{{0, 0, 0, 1, 0, 0, 1}, {1, 1, 1, 1, 0, 0, 1}};
  std::uint32_t live = 0;
  // A window's swap keeps the CPU at most two frames ahead of the GPU (SwapBuffers blocks
  // there); headless, the test paces itself the same way, with its own fences and waits, which
  // go to the driver directly and are not counted. Without it a GPU-bound loop on a driver that
  // runs behind (zink) would have Kiln's query ring wait instead, as it must.
  std::deque<GLsync> inFlight;
  const auto pace = [&] {
    inFlight.push_back(glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0));
    if (inFlight.size() <= 2) return;
    const PFNGLCLIENTWAITSYNCPROC wait = realClientWaitSync ? realClientWaitSync : glad_glClientWaitSync;
    wait(inFlight.front(), GL_SYNC_FLUSH_COMMANDS_BIT, 10'000'000'000);
    glDeleteSync(inFlight.front());
    inFlight.pop_front();
  };
  const auto frame = [&](double t) {
    r.drawFrame(t, test::roomCamera(), main, viewport);
    live = std::max(live, r.stats().liveParticles);
    r.drawLines(lines, {}, test::roomCamera(), viewport);
    (void)viewport.topDownTexture();
    r.drawFrame(t, test::roomCamera(), topView, top);
    (void)top.topDownTexture();
    pace();
  };
  for (int i = 0; i < 4; ++i) frame(0.5 + i / 60.0);  // warm-up: queries, copies, buffers exist
  {
    CountingGl counting;
    for (int i = 0; i < 30; ++i) frame(1.0 + i / 60.0);
    CHECK(gCalls.stateQueries == 0);
    CHECK(gCalls.reads == 0);
    CHECK(gCalls.finishes == 0);
    CHECK(gCalls.fenceWaits == 0);
    CHECK(gCalls.uncheckedResults == 0);
  }
  CHECK(live > 0);  // the live count still arrives, a frame or a few late
  for (GLsync f : inFlight) glDeleteSync(f);
  // The counters see what they count: a capture-style frame that waits reads its results
  // without asking first, and reading pixels is a read.
  {
    CountingGl counting;
    render::FrameOptions waited = main;
    waited.waitForQueries = true;
    r.drawFrame(2.0, test::roomCamera(), waited, viewport);
    core::Image image;
    viewport.readPixels(image);
    GLint bound = 0;
    glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &bound);
    CHECK(gCalls.uncheckedResults > 0);
    CHECK(gCalls.fenceWaits > 0);
    CHECK(gCalls.reads == 1);
    CHECK(gCalls.stateQueries == 1);
  }
}

// Every pass asks for its whole state, and a cache sends GL only what changed: within a frame no
// call sets a capability, mask, program, vertex array, texture unit or blend function to what
// the frame already set. (Between frames the caller draws its UI, so each frame starts unknown.)
TEST_CASE("a frame sets no GL state twice to the same value", "[gl][renderer]") {
  test::glContext();
  const particles::Document doc = testdocs::sampleDocumentV2();
  render::Renderer r;
  REQUIRE(r.prepare(test::roomWorld(), &doc, test::texturesFor(doc)).empty());
  render::RenderTarget target(96, 54);
  for (const bool debugViews : {false, true}) {
    INFO("debug views " << debugViews);
    render::FrameOptions o;
    o.debug.storedBounds = o.debug.sectorPlanes = debugViews;
    r.drawFrame(0.9, test::roomCamera(), o, target);  // warm-up
    int calls = 0, redundant = 0;
    for (int i = 0; i < 10; ++i) {
      TrackingState tracking;
      r.drawFrame(1.0 + i / 60.0, test::roomCamera(), o, target);
      calls += gState.calls;
      redundant += gState.redundant;
    }
    CHECK(calls > 0);
    CHECK(redundant == 0);
  }
  // The tracker sees a redundant set when one happens.
  {
    TrackingState tracking;
    glDepthMask(GL_TRUE);
    glDepthMask(GL_TRUE);
    CHECK(gState.redundant == 1);
  }
}

// The queries of one view form a ring: however far the GPU runs behind, no query is issued again
// before its result was read, and every result says which frame it was measured in. Frames are
// drawn back to back with no glFinish, so on a driver that queues work (zink) the results arrive
// frames late; the live count must still be the one of the frame it names.
TEST_CASE("without glFinish the live count and timings arrive within a few frames, each naming its frame",
          "[gl][renderer][queries]") {
  test::glContext();
  const particles::Document doc = testdocs::sampleDocumentV2();
  render::Renderer r;
  REQUIRE(r.prepare(test::roomWorld(), &doc, test::texturesFor(doc)).empty());
  render::RenderTarget target(96, 54);
  render::FrameOptions o;
  o.countLiveParticles = true;
  // Level time per frame: each frame shows another time, so a count names its frame by value.
  const auto timeOf = [](std::uint64_t frame) { return 0.2 + 0.173 * static_cast<double>(frame); };
  const auto cpuAlive = [&](double t) {
    std::size_t n = 0;
    for (std::size_t e = 0; e < doc.emitters.size(); ++e) n += particles::evaluateEmitter(doc, e, t).size();
    return n;
  };
  // The first frame makes the view's queries (the statistics ones with an empty begin and end
  // each, gl_objects.hpp), which the tracker below would take for a result never read.
  r.drawFrame(timeOf(1), test::roomCamera(), o, target);
  CountingGl counting;
  std::uint64_t firstLive = 0, firstTimings = 0, worstAge = 0;
  int livesChecked = 0;
  for (std::uint64_t frame = 2; frame <= 40; ++frame) {
    r.drawFrame(timeOf(frame), test::roomCamera(), o, target);
    const render::FrameStats& s = r.stats();
    REQUIRE(s.frame == frame);
    if (s.liveParticlesFrame != 0) {
      if (firstLive == 0) firstLive = frame;
      INFO("frame " << frame << " shows the count of frame " << s.liveParticlesFrame);
      REQUIRE(s.liveParticlesFrame < frame);
      CHECK(s.liveParticles == cpuAlive(timeOf(s.liveParticlesFrame)));
      ++livesChecked;
      worstAge = std::max(worstAge, render::framesAgo(frame, s.liveParticlesFrame));
    }
    if (s.timingsFrame != 0 && firstTimings == 0) firstTimings = frame;
  }
  // A GPU-bound loop: where the GPU falls a whole ring behind, a frame waits for the set it must
  // reuse (and reads it without asking, having waited) rather than issue it over unread results.
  INFO(gCalls.fenceWaits << " frames waited for a set to come free");
  CHECK(gReissuedUnread == 0);
  CHECK(gCalls.finishes == 0);
  if (gCalls.fenceWaits == 0) CHECK(gCalls.uncheckedResults == 0);  // unasked only after a wait
  // A ring of kQuerySets: a result is at most that many frames old when it arrives.
  CHECK(firstLive != 0);
  CHECK(firstLive <= render::kQuerySets + 1);
  CHECK(firstTimings != 0);
  CHECK(firstTimings <= render::kQuerySets + 1);
  CHECK(worstAge <= render::kQuerySets);
  CHECK(livesChecked > 30);
  // The tracker sees a query issued twice without a read.
  GLuint q = 0;
  glCreateQueries(GL_TIME_ELAPSED, 1, &q);
  for (int i = 0; i < 2; ++i) {
    glBeginQuery(GL_TIME_ELAPSED, q);
    glEndQuery(GL_TIME_ELAPSED);
  }
  CHECK(gReissuedUnread == 1);
  glDeleteQueries(1, &q);
}

// What the panels append to a figure: nothing for this frame's or the previous frame's, the
// count of frames otherwise.
TEST_CASE("a late result is marked with the frames since it was measured", "[gl][renderer][queries]") {
  CHECK(render::lateResultNote(10, 10).empty());
  CHECK(render::lateResultNote(10, 9).empty());
  CHECK(render::lateResultNote(10, 7) == " (3 frames ago)");
  CHECK(render::lateResultNote(10, 0).empty());  // nothing measured yet
  CHECK(render::framesAgo(10, 7) == 3);
}
