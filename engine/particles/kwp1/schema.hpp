// The one field description of every KWP1 record; the scanner, decoder, encoder and size
// walker all run these same functions (DESIGN.md "One schema, three walks").
#pragma once

#include <cstdint>

#include "particles/model.hpp"

namespace kiln::particles::kwp1 {

// How wide an array's element count is on disk. Small limits get one byte so a malformed
// count can never ask for more than 255 elements before its limit check.
enum class CountWidth : std::uint8_t { U8 = 1, U32 = 4 };

// Emitter sector indices refer to the level's compiled world, which a .kwp file does not
// carry; no KWS1 world holds more sectors than this (world::kMaxSectors), so larger indices
// can be rejected without the world. The world layer checks the exact sector count.
inline constexpr std::uint32_t kSectorIndexLimit = 1024;

// A walker W provides: enter/leave (path segments), u32, f64, enumeration, reference, name,
// reserved and array. R is the record type, const-qualified for the encoder.

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
  w.name("name", p.name);
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
  w.array("size", p.size, CountWidth::U8, kMaxCurveKeys, [](auto& ww, auto& k) { sizeKeyFields(ww, k); });
  w.array("color", p.color, CountWidth::U8, kMaxCurveKeys, [](auto& ww, auto& k) { colorKeyFields(ww, k); });
  w.array("sprite.frames", p.sprite.frames, CountWidth::U8, kMaxFrames,
          [](auto& ww, auto& frame) { ww.name(nullptr, frame); });
}

template <class W, class B>
void burstFields(W& w, B& b) {
  w.f64("time", b.time);
  w.u32("count", b.count);
}

template <class W, class E>
void emitterFields(W& w, E& e, std::uint32_t presetCount) {
  w.name("name", e.name);
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
  w.array("bursts", e.bursts, CountWidth::U8, kMaxBursts, [](auto& ww, auto& b) { burstFields(ww, b); });
  vec3(w, "bounds.min", e.bounds.min);
  vec3(w, "bounds.max", e.bounds.max);
}

// The payload: presets first, so every emitter's preset reference can be checked on sight.
template <class W, class D>
void documentFields(W& w, D& d) {
  const std::uint32_t presetCount = w.array("presets", d.presets, CountWidth::U32, kMaxPresets,
                                            [](auto& ww, auto& p) { presetFields(ww, p); });
  w.array("emitters", d.emitters, CountWidth::U32, kMaxEmitters,
          [presetCount](auto& ww, auto& e) { emitterFields(ww, e, presetCount); });
}

// The fewest bytes one element can occupy (every array empty, every name one byte): the
// scanner's proof that a count fits in the bytes left, derived from the schema itself.
class MinSize {
 public:
  void enter(const char*) {}
  void leave() {}
  void u32(const char*, std::uint32_t) { bytes += 4; }
  void f64(const char*, double) { bytes += 8; }
  template <class E>
  void enumeration(const char*, E, E) {
    bytes += 1;
  }
  void reference(const char*, std::uint32_t, std::uint32_t) { bytes += 4; }
  void name(const char*, const std::string&) { bytes += 2; }
  void reserved(const char*, std::size_t n) { bytes += n; }
  template <class T, class Fn>
  std::uint32_t array(const char*, const std::vector<T>&, CountWidth width, std::size_t, Fn&&) {
    bytes += static_cast<std::size_t>(width);
    return 0;
  }
  std::size_t bytes = 0;
};

template <class T, class Fn>
std::size_t minElementSize(Fn& fn) {
  static const std::size_t size = [&fn] {
    MinSize m;
    const T scratch{};
    fn(m, scratch);
    return m.bytes;
  }();
  return size;
}

}  // namespace kiln::particles::kwp1
