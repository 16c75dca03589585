// Event scenes the sim tests share: seed 002's three sample recipes and helpers to compile.
#pragma once

#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "sim/scene.hpp"
#include "sim/system.hpp"

namespace simtest {

using namespace kiln::sim;

inline const std::vector<std::string> kTextures{"spark", "dust"};

inline Recipe ember() {
  Recipe r;
  r.name = "ember";
  r.count = 1, r.speed = 0.9, r.spread = 0.35, r.lifetime = 1.6, r.size = 0.07;
  r.gravity = 1.4, r.drag = 0.9, r.color = {5.0, 1.1, 0.12}, r.fade = 1.5, r.glows = true;
  return r;
}
inline Recipe pickup() {
  Recipe r;
  r.name = "pickup";
  r.count = 48, r.speed = 4.5, r.spread = 2.2, r.lifetime = 0.9, r.size = 0.12;
  r.gravity = -7, r.drag = 1.8, r.color = {0.5, 5.0, 2.2}, r.glows = true;
  return r;
}
inline Recipe dust() {
  Recipe r;
  r.name = "dust";
  r.count = 14, r.speed = 0.6, r.spread = 1.4, r.lifetime = 0.9, r.size = 0.35, r.growth = 1.8;
  r.gravity = -1, r.drag = 3, r.color = {0.5, 0.46, 0.40}, r.opacity = 0.45, r.fade = 2;
  r.sprite = EventSprite{"dust", BlendMode::Normal, TextureAlpha::Alpha, 0.0};
  return r;
}

// A valid section: three recipes, one moving emitter, two script events.
inline Events sampleEvents() {
  Events e;
  e.capacity = 1024;
  e.recipes = {ember(), pickup(), dust()};
  EventEmitter lantern;
  lantern.name = "lantern_embers", lantern.recipe = "ember", lantern.rate = 12, lantern.seedBase = 1000;
  lantern.position = {2, 3, 1.2};
  lantern.path = {{0, {2, 3, 1.2}}, {4, {6, 3, 1.2}}};
  e.emitters = {lantern};
  e.script = {{2.0, "pickup", {4, 3, 1.6}, 120}, {2.5, "dust", {1, 1, 0.05}, 150}};
  return e;
}

// The largest section the limits allow: every count at its limit, every name 64 bytes, a sky, a
// depth_override, every sprite with a material and a palette (1,065,867 bytes as KEV1).
inline Events largestEvents() {
  const std::string n64(64, 'n');
  auto name = [&](std::size_t i) {
    std::string s = std::to_string(i);
    return s + n64.substr(s.size());
  };
  Events e;
  e.capacity = 65536;
  e.matterLightMode = MatterLightMode::Sky;
  e.skyRadiance = {0.1, 0.1, 0.1};
  e.matterLight = skyMatterLight(e.skyRadiance, e.sunIrradiance);
  for (std::size_t i = 0; i < kMaxMaterials; ++i) e.materials.push_back({name(i), std::string(kMaxMaterialBytes, ' '), ""});
  for (std::size_t i = 0; i < kMaxRecipes; ++i) {
    Recipe r = dust();
    r.name = name(i);
    r.depthOverride = i;
    r.sprite = EventSprite{n64, BlendMode::Palette, TextureAlpha::Alpha, 0.0, name(i % kMaxMaterials), name(i)};
    e.recipes.push_back(r);
  }
  for (std::size_t i = 0; i < kMaxEmitters; ++i) {
    EventEmitter m{name(i), name(0), 1.0, static_cast<std::uint32_t>(i), {0, 0, 0}, {}};
    for (std::size_t k = 0; k < kMaxPathKeys; ++k) m.path.push_back({static_cast<double>(k), {0, 0, 0}});
    e.emitters.push_back(m);
  }
  e.script.assign(kMaxScriptEvents, ScriptEvent{1.0, name(0), {0, 0, 0}, 1});
  return e;
}

inline Scene compiled(const Events& e) {
  const EventsCompileResult r = compileEvents(e, kTextures);
  REQUIRE(r.scene.has_value());
  return *r.scene;
}

}  // namespace simtest
