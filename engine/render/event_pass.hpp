// The scene-transparency pass's GPU side: the event particles' instance buffer (orphaned and
// refilled once per frame from a staging array sized at prepare), one texture per sprite
// frame the recipes use, and the EventScene that feeds them. Internal to engine/render.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "render/event_scene.hpp"
#include "render/gl_objects.hpp"

namespace kiln::render {

// std430 `EventInstance` (shaders/events.vert), one per drawn sprite in draw order.
struct EventInstanceStd430 {
  std::array<float, 4> positionSize;  // xyz, edge length
  std::array<float, 4> color;         // the render buffer colour: (rgb, coverage or opacity)
  std::array<float, 4> uv;            // atlas rectangle: x, y (top-left), width, height
  // x: opacity (what alpha tests and `premultiplied` read), y: texture alpha mode
  // (shaderTextureAlpha), z: alpha test threshold, w: 0 — the sprite's own recipe's, so one
  // draw serves every recipe of a draw class.
  std::array<float, 4> extra;
};
static_assert(sizeof(EventInstanceStd430) == 64, "std430 EventInstance is 64 bytes");

struct EventGpu {
  EventScene scene;
  gl::Buffer instances;  // capacity × EventInstanceStd430
  std::vector<EventInstanceStd430> staging;  // capacity entries, refilled per frame
  std::vector<gl::Texture> textures;  // per level texture name; empty where no recipe uses it
};

}  // namespace kiln::render
