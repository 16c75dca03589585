// One headless GL context per test process (EGL displays are per process; contexts are cheap
// but shader compilation on llvmpipe is not, so tests share one).
#pragma once

#include <catch2/catch.hpp>

#include <memory>
#include <variant>

#include "render/headless_context.hpp"

namespace kiln::test {

inline render::HeadlessContext& glContext() {
  static std::unique_ptr<render::HeadlessContext> ctx = [] {
    auto made = render::HeadlessContext::create();
    if (auto* d = std::get_if<core::Diagnostic>(&made)) FAIL("no headless GL context: " << d->message);
    return std::make_unique<render::HeadlessContext>(std::move(std::get<render::HeadlessContext>(made)));
  }();
  ctx->makeCurrent();
  return *ctx;
}

}  // namespace kiln::test
