// The scene-transparency pass's GPU side: the event particles' instance buffers (a ring of
// three, one refilled per frame from a staging array sized at prepare), one texture per sprite
// frame the recipes use, and the EventScene that feeds them. Internal to engine/render.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "render/cpu/event_scene.hpp"
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
  // The render buffers' `extra` (the particle's shaderData: t, age, lifetime, recipe index),
  // as written; a recipe's material snippet reads it (docs/events.md "Materials").
  std::array<float, 4> shaderData;
};
static_assert(sizeof(EventInstanceStd430) == 80, "std430 EventInstance is 80 bytes");
static_assert(offsetof(EventInstanceStd430, shaderData) == 64, "shaderData follows extra");

// The instance buffers a frame's event sprites are written into, in turn: a frame writes the one
// the GPU finished reading kEventInstanceRing frames ago (its fence says so), so the upload
// never makes the driver wait for or copy a buffer still in use.
inline constexpr std::size_t kEventInstanceRing = 3;

struct EventGpu {
  EventScene scene;
  std::array<gl::Buffer, kEventInstanceRing> instances;  // each capacity × EventInstanceStd430
  std::array<gl::Fence, kEventInstanceRing> drawn;       // placed after the draws that read each
  std::size_t current = 0;                               // the buffer this frame writes and draws
  std::vector<EventInstanceStd430> staging;  // capacity entries, refilled per frame
  std::vector<gl::Texture> textures;  // per level texture name; empty where no recipe uses it
  // Per section material: the events program with its snippet; empty where it failed to build
  // (its recipes draw with the events program).
  std::vector<gl::Program> materials;
};

}  // namespace kiln::render
