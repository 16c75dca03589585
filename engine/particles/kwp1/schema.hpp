// The one field description of every KWP1 record; the scanner, decoder, encoder, layout dump
// and minimum-size walk all run these same functions over core/schema_walker.hpp.
#pragma once

#include <cstdint>

#include "core/names.hpp"
#include "core/schema_walker.hpp"
#include "particles/model.hpp"

namespace kiln::particles::kwp1 {

using core::walk::array;
using core::walk::Width;

// Preset, emitter and frame names: a u8 length, then the name rule (core/names.hpp).
inline constexpr core::walk::TextRule kNameRule{
    Width::U8, kMaxNameBytes, [](std::string_view s) { return core::nameProblem(s, kMaxNameBytes); }};

// The walker W is one of core::walk's (Reader, Writer, MinSize); R is the record type,
// const-qualified for the encoder.

template <class W, class V>
void vec3(W& w, const char* field, V& v) {
  w.enter(field);
  w.f64("x", v.x);
  w.f64("y", v.y);
  w.f64("z", v.z);
  w.leave();
}

template <class W, class R>
void range(W& w, const char* field, R& r) {
  w.enter(field);
  w.f64("min", r.min);
  w.f64("max", r.max);
  w.leave();
}

template <class W, class R>
void range3(W& w, const char* field, R& r) {
  w.enter(field);
  vec3(w, "min", r.min);
  vec3(w, "max", r.max);
  w.leave();
}

template <class W, class K>
void sizeKeyFields(W& w, K& k) {
  w.f64("age", k.age);
  w.f64("value", k.value);
}

template <class W, class K>
void colorKeyFields(W& w, K& k) {
  w.f64("age", k.age);
  static constexpr const char* kChannels[4] = {"rgba[0]", "rgba[1]", "rgba[2]", "rgba[3]"};
  for (int i = 0; i < 4; ++i) w.f64(kChannels[i], k.rgba[static_cast<std::size_t>(i)]);
}

template <class W, class P>
void presetFields(W& w, P& p) {
  w.text("name", p.name, kNameRule);
  w.u32("capacity", p.capacity);
  w.enumeration("spawn.shape", p.spawnShape, SpawnShape::Box);
  w.enumeration("sprite.flipbook", p.sprite.flipbook, Flipbook::Cycle);
  w.enumeration("sprite.facing", p.sprite.facing, Facing::Upright);
  // Every blend any version defines is well-formed; which ones a version allows is a
  // validation rule (blend-for-version), checked in phase 2.
  w.enumeration("sprite.blend", p.sprite.blend, Blend::Premultiplied);
  vec3(w, "spawn.half_extents", p.spawnHalfExtents);
  range3(w, "velocity", p.velocity);
  range(w, "lifetime", p.lifetime);
  vec3(w, "acceleration", p.acceleration);
  w.f64("drag", p.drag);
  range(w, "rotation.angle", p.rotationAngle);
  range(w, "rotation.speed", p.rotationSpeed);
  w.f64("sprite.fps", p.sprite.fps);
  array(w, "size", p.size, Width::U8, kMaxCurveKeys, [](auto& ww, auto& k) { sizeKeyFields(ww, k); });
  array(w, "color", p.color, Width::U8, kMaxCurveKeys, [](auto& ww, auto& k) { colorKeyFields(ww, k); });
  array(w, "sprite.frames", p.sprite.frames, Width::U8, kMaxFrames,
        [](auto& ww, auto& frame) { ww.text(nullptr, frame, kNameRule); });
}

template <class W, class B>
void burstFields(W& w, B& b) {
  w.f64("time", b.time);
  w.u32("count", b.count);
}

template <class W, class E>
void emitterFields(W& w, E& e, std::uint32_t presetCount) {
  w.text("name", e.name, kNameRule);
  w.reference("preset", e.preset, presetCount);
  w.reference("sector", e.sector, kSectorIndexLimit);
  vec3(w, "position", e.position);
  w.f64("yaw", e.yaw);
  w.f64("scale", e.scale);
  w.u32("seed", e.seed);
  w.enumeration("mode", e.mode, PlayMode::Cycle);
  w.reserved("reserved", 3);
  w.f64("rate", e.rate);
  w.f64("duration_seconds", e.duration);
  w.f64("period_seconds", e.period);
  w.f64("delay_seconds", e.delay);
  array(w, "bursts", e.bursts, Width::U8, kMaxBursts, [](auto& ww, auto& b) { burstFields(ww, b); });
  vec3(w, "bounds.min", e.bounds.min);
  vec3(w, "bounds.max", e.bounds.max);
}

// The payload: presets first, so every emitter's preset reference can be checked on sight.
template <class W, class D>
void documentFields(W& w, D& d) {
  const std::uint32_t presetCount =
      array(w, "presets", d.presets, Width::U32, kMaxPresets, [](auto& ww, auto& p) { presetFields(ww, p); });
  array(w, "emitters", d.emitters, Width::U32, kMaxEmitters,
        [presetCount](auto& ww, auto& e) { emitterFields(ww, e, presetCount); });
}

}  // namespace kiln::particles::kwp1
