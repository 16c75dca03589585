// The one headless GL context of a renderer benchmark: made on first use (EGL surfaceless, as
// `kiln capture` makes it), kept for the process; the benchmark exits 2 when there is none.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <variant>

#include "render/headless_context.hpp"

namespace kiln::bench {

inline render::HeadlessContext& context() {
  static std::unique_ptr<render::HeadlessContext> ctx = [] {
    auto made = render::HeadlessContext::create();
    if (auto* d = std::get_if<core::Diagnostic>(&made)) {
      std::fprintf(stderr, "no GL context: %s\n", d->message.c_str());
      std::exit(2);
    }
    return std::make_unique<render::HeadlessContext>(std::move(std::get<render::HeadlessContext>(made)));
  }();
  return *ctx;
}

}  // namespace kiln::bench
