// Small valid worldparticles documents for tests (version 1 and 2, once and cycling emitters).
// Header-only so every test executable can reuse it; stored bounds come from
// conservativeEmitterBounds, so validate() accepts each document as built.
#pragma once

#include <cstdint>
#include <string>
#include <utility>

#include "particles/bounds.hpp"
#include "particles/model.hpp"

namespace kiln::testdocs {

namespace wp = kiln::particles;

// An ember-like preset: box spawn, drag, rotation, 3 size keys, 2 colour keys, 2 frames.
inline wp::Preset embersPreset(std::string name = "embers", std::uint32_t capacity = 128) {
  wp::Preset p;
  p.name = std::move(name);
  p.capacity = capacity;
  p.spawnShape = wp::SpawnShape::Box;
  p.spawnHalfExtents = {0.2, 0.2, 0.05};
  p.velocity = {{-0.2, -0.2, 0.8}, {0.2, 0.2, 1.6}};
  p.lifetime = {1.2, 2.0};
  p.acceleration = {0, 0, 0.5};
  p.drag = 0.9;
  p.rotationAngle = {0, 360};
  p.rotationSpeed = {-90, 90};
  p.size = {{0, 0.05}, {0.5, 0.08}, {1, 0.0}};
  p.color = {{0, {1, 0.6, 0.2, 1}}, {1, {1, 0.2, 0, 0}}};
  p.sprite.frames = {"ember", "ember2"};
  p.sprite.fps = 8;
  p.sprite.flipbook = wp::Flipbook::Cycle;
  p.sprite.facing = wp::Facing::Camera;
  p.sprite.blend = wp::Blend::Additive;
  return p;
}

// A smoke-like preset: point spawn, no drag, gravity-free rise, one frame, upright.
inline wp::Preset smokePreset(std::string name = "smoke", std::uint32_t capacity = 64,
                              wp::Blend blend = wp::Blend::Cutout) {
  wp::Preset p;
  p.name = std::move(name);
  p.capacity = capacity;
  p.spawnShape = wp::SpawnShape::Point;
  p.velocity = {{-0.1, -0.1, 0.3}, {0.1, 0.1, 0.6}};
  p.lifetime = {2.0, 3.0};
  p.acceleration = {0.05, 0, -0.02};
  p.drag = 0;
  p.size = {{0, 0.2}, {1, 0.6}};
  p.color = {{0, {0.2, 0.2, 0.2, 0.8}}, {1, {0.2, 0.2, 0.2, 0}}};
  p.sprite.frames = {"smoke"};
  p.sprite.fps = 0;
  p.sprite.facing = wp::Facing::Upright;
  p.sprite.blend = blend;
  return p;
}

// Fills the emitter's stored bounds from its preset.
inline void fillBounds(wp::Document& doc) {
  for (auto& e : doc.emitters) e.bounds = wp::conservativeEmitterBounds(doc.presets.at(e.preset), e);
}

// A once emitter: 12 births/s for 1 s plus a burst of 8 at 0 (20 births).
inline wp::Emitter onceEmitter(std::string name = "brazier_left", std::uint32_t preset = 0) {
  wp::Emitter e;
  e.name = std::move(name);
  e.preset = preset;
  e.position = {2, 3, 1.1};
  e.yaw = 30;
  e.scale = 1;
  e.seed = 17;
  e.rate = 12;
  e.duration = 1;
  e.bursts = {{0, 8}};
  e.mode = wp::PlayMode::Once;
  return e;
}

// A cycling emitter: 4 births/s for 1.5 s every 2 s, so lifetimes up to 3 s need 2 groups.
inline wp::Emitter cycleEmitter(std::string name = "chimney", std::uint32_t preset = 0) {
  wp::Emitter e;
  e.name = std::move(name);
  e.preset = preset;
  e.position = {5, 1, 0.5};
  e.yaw = -90;
  e.scale = 1.5;
  e.seed = 99;
  e.rate = 4;
  e.duration = 1.5;
  e.bursts = {{0.25, 2}};
  e.mode = wp::PlayMode::Cycle;
  e.period = 2;
  e.delay = 0.5;
  return e;
}

// Version 1: embers (additive) + smoke (cutout); one once emitter, one cycling emitter.
inline wp::Document sampleDocumentV1() {
  wp::Document doc;
  doc.version = wp::Version;
  doc.presets = {embersPreset(), smokePreset()};
  doc.emitters = {onceEmitter("brazier_left", 0), cycleEmitter("chimney", 1)};
  fillBounds(doc);
  return doc;
}

// Version 2: adds an alpha smoke and a premultiplied flame preset, each used by an emitter.
inline wp::Document sampleDocumentV2() {
  wp::Document doc;
  doc.version = wp::AlphaVersion;
  wp::Preset flame = embersPreset("flame", 256);
  flame.sprite.blend = wp::Blend::Premultiplied;
  doc.presets = {embersPreset(), smokePreset("smoke", 64, wp::Blend::Alpha), flame};
  doc.emitters = {onceEmitter("brazier_left", 0), cycleEmitter("chimney", 1),
                  cycleEmitter("torch", 2)};
  doc.emitters[2].position = {-1, -2, 0};
  doc.emitters[2].yaw = 180;
  doc.emitters[2].scale = 0.5;
  doc.emitters[2].seed = 4242;
  doc.emitters[2].rate = 30;
  doc.emitters[2].duration = 2;
  doc.emitters[2].bursts = {};
  doc.emitters[2].period = 2;  // max lifetime 2 s over period 2 s: 1 group of 60 births
  doc.emitters[2].delay = 0;
  fillBounds(doc);
  return doc;
}

// The smallest valid document: one preset, one once emitter with a single burst.
inline wp::Document minimalDocument() {
  wp::Document doc;
  wp::Preset p = smokePreset("puff", 4);
  doc.presets = {p};
  wp::Emitter e;
  e.name = "puff";
  e.bursts = {{0, 1}};
  doc.emitters = {e};
  fillBounds(doc);
  return doc;
}

// Every limit at its maximum: 64 presets (4 size and colour keys, 16 frames, all four blends),
// 256 cycling emitters of 16 bursts × 16 births, 256 slots each, 65,536 slots in all.
inline wp::Document maximumDocument() {
  wp::Document doc;
  doc.version = wp::AlphaVersion;
  for (int i = 0; i < 64; ++i) {
    wp::Preset p = embersPreset("preset_" + std::to_string(i), 256);
    p.size = {{0, 0.05}, {0.3, 0.08}, {0.7, 0.06}, {1, 0}};
    p.color = {{0, {1, 0.6, 0.2, 1}}, {0.2, {1, 0.5, 0.2, 1}}, {0.6, {1, 0.3, 0.1, 0.5}}, {1, {1, 0.2, 0, 0}}};
    p.sprite.frames.assign(16, "frame");
    p.lifetime = {1.0, 1.9};
    p.sprite.blend = static_cast<wp::Blend>(i % 4);
    doc.presets.push_back(p);
  }
  for (int i = 0; i < 256; ++i) {
    wp::Emitter e = cycleEmitter("emitter_" + std::to_string(i), static_cast<std::uint32_t>(i % 64));
    e.rate = 0;
    e.duration = 0;
    e.bursts.clear();
    for (int b = 0; b < 16; ++b) e.bursts.push_back({0.1 * b, 16});
    e.period = 2;
    e.delay = 0;
    e.yaw = -180 + 1.4 * i;
    e.seed = static_cast<std::uint32_t>(i * 7919);
    doc.emitters.push_back(e);
  }
  fillBounds(doc);
  return doc;
}

}  // namespace kiln::testdocs
