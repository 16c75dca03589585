// A steady viewer frame — the Viewport with its live count and overlay, its ImGui copy, then the
// Top view — asks the driver nothing that waits for the GPU: no buffer, texture or pixel read,
// no glFinish, no state query (glGet*), no fence waited on, and a query's result read only once
// the query said it is available. The test swaps glad's function pointers for counting ones
// (every Kiln GL call goes through them), so it sees each call the renderer makes.
#include <glad/gl.h>

#include <map>

#include "gl_fixture.hpp"
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
void GLAPIENTRY getQueryObjectui64v(GLuint id, GLenum p, GLuint64* v) {
  realGetQueryObjectui64v(id, p, v);
  ++gCalls.results;
  gCalls.uncheckedResults += !gAvailable[id];
  gAvailable[id] = false;  // a result is read once; the query is issued again later
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
  const auto frame = [&](double t) {
    r.drawFrame(t, test::roomCamera(), main, viewport);
    live = std::max(live, r.stats().liveParticles);
    r.drawLines(lines, {}, test::roomCamera(), viewport);
    (void)viewport.topDownTexture();
    r.drawFrame(t, test::roomCamera(), topView, top);
    (void)top.topDownTexture();
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
  CHECK(live > 0);  // the live count still arrives, a frame late
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
