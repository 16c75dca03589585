// Helpers for renderer tests that draw: the GL-free scene helpers plus an offscreen capture.
#pragma once

#include <catch2/catch.hpp>

#include <string>
#include <variant>
#include <vector>

#include "core/image.hpp"
#include "render/capture.hpp"
#include "render/renderer.hpp"
#include "render_cpu/scene_fixture.hpp"

namespace kiln::test {

// An offscreen capture of a prepared renderer at level time t through roomCamera().
inline core::Image shoot(render::Renderer& r, double t, std::uint32_t width, std::uint32_t height,
                         const render::FrameOptions& options = {}) {
  render::CaptureRequest req;
  req.width = width;
  req.height = height;
  req.levelTime = t;
  req.camera = roomCamera();
  req.options = options;
  auto got = render::capture(r, req);
  if (auto* d = std::get_if<core::Diagnostic>(&got)) FAIL(core::format(*d));
  return std::get<core::Image>(std::move(got));
}

}  // namespace kiln::test
