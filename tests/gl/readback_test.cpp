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

// Counts from construction to destruction; restores the real functions.
struct CountingGl {
  CountingGl() {
    gCalls = {};
    gAvailable.clear();
    swap(glad_glGetIntegerv, realGetIntegerv, getIntegerv);
    swap(glad_glGetFloatv, realGetFloatv, getFloatv);
    swap(glad_glGetBooleanv, realGetBooleanv, getBooleanv);
    swap(glad_glGetString, realGetString, getString);
    swap(glad_glGetStringi, realGetStringi, getStringi);
    swap(glad_glGetNamedBufferSubData, realGetNamedBufferSubData, getNamedBufferSubData);
    swap(glad_glGetTextureImage, realGetTextureImage, getTextureImage);
    swap(glad_glReadPixels, realReadPixels, readPixels);
    swap(glad_glFinish, realFinish, finish);
    swap(glad_glClientWaitSync, realClientWaitSync, clientWaitSync);
    swap(glad_glGetQueryObjectuiv, realGetQueryObjectuiv, getQueryObjectuiv);
    swap(glad_glGetQueryObjectui64v, realGetQueryObjectui64v, getQueryObjectui64v);
  }
  ~CountingGl() {
    glad_glGetIntegerv = realGetIntegerv;
    glad_glGetFloatv = realGetFloatv;
    glad_glGetBooleanv = realGetBooleanv;
    glad_glGetString = realGetString;
    glad_glGetStringi = realGetStringi;
    glad_glGetNamedBufferSubData = realGetNamedBufferSubData;
    glad_glGetTextureImage = realGetTextureImage;
    glad_glReadPixels = realReadPixels;
    glad_glFinish = realFinish;
    glad_glClientWaitSync = realClientWaitSync;
    glad_glGetQueryObjectuiv = realGetQueryObjectuiv;
    glad_glGetQueryObjectui64v = realGetQueryObjectui64v;
  }
  template <class F>
  static void swap(F& glad, F& real, F counting) {
    real = glad;
    glad = counting;
  }
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
    (void)viewport.imguiTexture();
    r.drawFrame(t, test::roomCamera(), topView, top);
    (void)top.imguiTexture();
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
