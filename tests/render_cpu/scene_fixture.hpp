// GL-free helpers shared by the renderer's tests: generated textures for every frame a
// document names, a small world around the sample emitters and the camera that looks into it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/image.hpp"
#include "particles/model.hpp"
#include "render/cpu/camera.hpp"
#include "world/world.hpp"

namespace kiln::test {

// A size×size image of one straight-alpha colour.
inline core::Image solidImage(std::uint32_t size, std::uint8_t r, std::uint8_t g, std::uint8_t b, std::uint8_t a) {
  core::Image img;
  img.width = img.height = size;
  img.rgba.reserve(std::size_t{size} * size * 4);
  for (std::uint32_t i = 0; i < size * size; ++i) img.rgba.insert(img.rgba.end(), {r, g, b, a});
  return img;
}

// Every distinct frame name of the document as an opaque 8×8 image whose colour depends on
// its position in the list (so frames are distinguishable in captures).
inline std::vector<core::NamedImage> texturesFor(const particles::Document& doc, std::uint32_t size = 8) {
  std::vector<core::NamedImage> out;
  for (const auto& p : doc.presets)
    for (const auto& name : p.sprite.frames) {
      bool seen = false;
      for (const auto& t : out) seen |= t.name == name;
      if (seen) continue;
      const auto k = static_cast<std::uint8_t>(out.size());
      out.push_back({name, "generated", solidImage(size, static_cast<std::uint8_t>(255 - 40 * k),
                                                   static_cast<std::uint8_t>(120 + 30 * k), 80, 255)});
    }
  return out;
}

// One box-shaped sector [-20,20]² × [-5, 15] that holds every sample emitter.
inline world::World roomWorld(std::uint16_t version = 3) {
  world::World w;
  w.version = version;
  world::Sector s;
  s.name = "room";
  s.walls = {{-20, -20}, {20, -20}, {20, 20}, {-20, 20}};
  s.floor = {-5, 0, 0};
  s.ceiling = {15, 0, 0};
  if (version >= 3) s.ambient = {0.2, 0.2, 0.25};
  w.sectors.push_back(s);
  return w;
}

// The camera the renderer tests share: looking into the room from its south side.
inline render::Camera roomCamera() {
  render::Camera c;
  c.eye = {2.0f, -6.0f, 3.5f};
  c.target = {2.0f, 1.0f, 1.5f};
  return c;
}

}  // namespace kiln::test
