// The vertex of a debug line or point (Renderer::drawLines). Plain data with no GL or renderer
// dependency, so GL-free code (the viewer's overlay lists) can build vertices directly.
#pragma once

namespace kiln::render {

// World-space position and straight-alpha colour; the lines program's vertex layout.
struct DebugVertex {
  float x, y, z;
  float r, g, b, a;
};

}  // namespace kiln::render
