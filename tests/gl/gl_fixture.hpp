// One headless GL context per test process (EGL displays are per process; contexts are cheap
// but shader compilation on llvmpipe is not, so tests share one).
#pragma once

#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>
#include <variant>

#include "render/headless_context.hpp"

namespace kiln::test {

// Where a test reads files of the source tree (shaders/) and writes scratch files: the paths this
// build was made at, or, for a test binary carried to another machine (scripts/gpu-check.sh),
// the folders KILN_TEST_SOURCE_DIR and KILN_TEST_SCRATCH_DIR name.
inline std::filesystem::path sourceDir() {
  const char* moved = std::getenv("KILN_TEST_SOURCE_DIR");
  return moved && *moved ? std::filesystem::path(moved) : std::filesystem::path(KILN_SOURCE_DIR);
}
inline std::filesystem::path scratchDir() {
  const char* moved = std::getenv("KILN_TEST_SCRATCH_DIR");
  return moved && *moved ? std::filesystem::path(moved) : std::filesystem::path(KILN_BINARY_DIR);
}

inline render::HeadlessContext& glContext() {
  static std::unique_ptr<render::HeadlessContext> ctx = [] {
    // A debug context: the renderer's debug output is then synchronous, so a test sees a
    // message as soon as the call that caused it returns.
    render::HeadlessOptions options;
    options.debugContext = true;
    auto made = render::HeadlessContext::create(options);
    if (auto* d = std::get_if<core::Diagnostic>(&made)) FAIL("no headless GL context: " << d->message);
    auto ctx = std::make_unique<render::HeadlessContext>(std::move(std::get<render::HeadlessContext>(made)));
    // A registration for a second driver (tests/gl/tests.cmake, label zink) names it, so a
    // machine where the environment does not reach that driver fails instead of testing llvmpipe
    // twice.
    if (const char* want = std::getenv("KILN_TEST_GL_RENDERER"))
      if (ctx->info().renderer.find(want) == std::string::npos)
        FAIL("the tests were to run on '" << want << "' and the context is " << ctx->info().renderer);
    return ctx;
  }();
  ctx->makeCurrent();
  return *ctx;
}

}  // namespace kiln::test
