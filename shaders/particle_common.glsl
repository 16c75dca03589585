// The analytic worldparticles lifecycle, shared by every particle shader. Each function mirrors
// the C++ function of the same name (engine/particles/{variation,motion,evaluate}.hpp); the
// parity test (tests/gl/parity_test.cpp) holds them together. Included after #version.
#include "shader_constants.glsl"

// --- level data, uploaded once by Renderer::prepare (std430; see render/cpu/particle_tables.hpp) ----
struct PresetData {
  vec4 spawnHalf;         // xyz half extents; w: spawn shape (0 point, 1 box)
  vec4 velocityMin;       // xyz; w: lifetime min
  vec4 velocityMax;       // xyz; w: lifetime max
  vec4 accelerationDrag;  // xyz acceleration; w drag
  vec4 rotation;          // angle min, angle max, spin min, spin max (degrees, degrees/s)
  vec4 sizeAge;
  vec4 sizeValue;
  vec4 colorAge;
  vec4 color[4];
  uvec4 sprite;           // frame count, flipbook (0 once, 1 cycle), facing (0 camera, 1 upright), blend
  uvec4 counts;           // size keys, colour keys, first frame rectangle, atlas page
  vec4 fps;               // x: frames per second
};

struct EmitterData {
  vec4 positionScale;     // xyz world position; w uniform scale
  vec4 yawPeriod;         // cos(yaw), sin(yaw), float32 period, unused
  uvec4 info;             // preset, seed, births per cycle (B), cycle groups (G)
  uvec4 slots;            // first schedule entry, play mode (0 once, 1 cycle), capacity, unused
};

// Per frame, per emitter: the only time-dependent input (DESIGN "Long sessions").
struct EmitterClockData {
  uvec4 clock;            // cycle (low 32 bits), cycle mod G, min(cycle, 2^31 - 1), flags
  vec4 phase;             // x: phase tau - cycle * period (tau for once emitters)
};

layout(std430, binding = kPresetsBinding) readonly buffer Presets { PresetData presets[]; };
layout(std430, binding = kEmittersBinding) readonly buffer Emitters { EmitterData emitters[]; };
layout(std430, binding = kScheduleBinding) readonly buffer Schedules { float schedule[]; };
layout(std430, binding = kClocksBinding) readonly buffer Clocks { EmitterClockData clocks[]; };
layout(std430, binding = kFrameRectsBinding) readonly buffer FrameRects { vec4 frameRects[]; };  // u0 v0 u1 v1
// Every drawn instance: emitter index << kSlotBits | slot, grouped by (pass, page) draw.
layout(std430, binding = kInstancesBinding) readonly buffer Instances { uint instances[]; };
uint instanceEmitter(uint entry) { return entry >> kSlotBits; }
uint instanceSlot(uint entry) { return entry & kSlotMask; }

// --- variation (variation.hpp) ---------------------------------------------------------
// particles::mixHash, operation for operation (uint32 wrap-around is intended).
uint mixHash(uint x) {
  x ^= x >> 16;
  x *= 0x7feb352du;
  x ^= x >> 15;
  x *= 0x846ca68bu;
  x ^= x >> 16;
  return x;
}

// particles::variationPrefix: the hash chain up to the stream, shared by one particle's streams.
uint variationPrefix(uint seed, uint cycle, uint birth) { return mixHash(mixHash(mixHash(seed) ^ cycle) ^ birth); }

float unitFromHash(uint h) { return float(h >> 8) * (1.0 / 16777216.0); }

// particles::variationFromPrefix: one stream's value in [0, 1).
float variationFromPrefix(uint prefix, uint stream) { return unitFromHash(mixHash(prefix ^ stream)); }

// n / d for d > 0 and n, d below 2^21, without the integer division a CPU rasterizer runs one
// lane at a time: GLSL's float division is within 2.5 ulp, so the truncated float quotient is
// at most one off, and one step each way makes it exact.
uint quotient21(uint n, uint d) {
  uint q = uint(float(n) / float(d));
  if (q * d > n) q -= 1u;
  else if ((q + 1u) * d <= n) q += 1u;
  return q;
}

// --- motion (motion.hpp) ---------------------------------------------------------------
// x: f, y: g with displacement = velocity * f + acceleration * g.
vec2 dragFactors(float drag, float age) {
  precise vec2 fg;
  if (drag == 0.0) {
    fg = vec2(age, 0.5 * age * age);
  } else {
    precise float q = drag * age;
    if (q < kDragSeriesLimit) {
      // The series (particles/motion_math.hpp, generated into shader_constants.glsl) avoids
      // the cancellation of 1 - e^-q.
      fg.x = age * dragSeriesF(q);
      fg.y = age * age * dragSeriesG(q);
    } else {
      // GLSL has no expm1; for q >= 0.5, 1 - e^-q >= 0.39, so the subtraction loses under a bit.
      fg.x = (1.0 - exp(-q)) / drag;
      fg.y = (age - fg.x) / drag;
    }
  }
  return fg;
}

vec3 displacement(vec3 velocity, vec3 acceleration, float drag, float age) {
  precise vec2 fg = dragFactors(drag, age);
  precise vec3 d = velocity * fg.x + acceleration * fg.y;
  return d;
}

// cosSin: cos and sin of the emitter yaw (computed once on the CPU in double).
vec3 rotateYaw(vec3 v, vec2 cosSin) {
  precise vec3 r = vec3(cosSin.x * v.x - cosSin.y * v.y, cosSin.y * v.x + cosSin.x * v.y, v.z);
  return r;
}

vec3 worldPosition(EmitterData e, vec3 spawn, vec3 velocity, vec3 acceleration, float drag, float age) {
  precise vec3 local = spawn + displacement(velocity, acceleration, drag, age);
  precise vec3 p = e.positionScale.xyz + e.positionScale.w * rotateYaw(local, e.yawPeriod.xy);
  return p;
}

// Piecewise-linear curves at normalized age t (clamped to [0,1]). The loops run to the
// constant 4 (kMaxCurveKeys, which validation enforces) and stop at the key count, so a
// compiler may unroll them with constant key indices.
float sampleSize(PresetData p, float t) {
  t = clamp(t, 0.0, 1.0);
  uint n = p.counts.x;
  for (uint i = 1u; i < 4u; ++i) {
    if (i >= n) break;
    if (t <= p.sizeAge[i] || i == n - 1u) {
      precise float w = (t - p.sizeAge[i - 1u]) / (p.sizeAge[i] - p.sizeAge[i - 1u]);
      precise float v = p.sizeValue[i - 1u] + (p.sizeValue[i] - p.sizeValue[i - 1u]) * clamp(w, 0.0, 1.0);
      return v;
    }
  }
  return p.sizeValue[0];
}

vec4 sampleColor(PresetData p, float t) {
  t = clamp(t, 0.0, 1.0);
  uint n = p.counts.y;
  for (uint i = 1u; i < 4u; ++i) {
    if (i >= n) break;
    if (t <= p.colorAge[i] || i == n - 1u) {
      precise float w = (t - p.colorAge[i - 1u]) / (p.colorAge[i] - p.colorAge[i - 1u]);
      precise vec4 v = p.color[i - 1u] + (p.color[i] - p.color[i - 1u]) * clamp(w, 0.0, 1.0);
      return v;
    }
  }
  return p.color[0];
}

// Once clamps to the last frame, cycle wraps; fps 0 (single frame) stays on frame 0.
uint flipbookFrame(PresetData p, float age) {
  uint n = p.sprite.x;
  if (n <= 1u || p.fps.x <= 0.0) return 0u;
  precise float x = floor(age * p.fps.x);
  if (x >= 4294967295.0) return p.sprite.y == 0u ? n - 1u : 0u;
  uint i = uint(x);
  if (p.sprite.y == 0u) return min(i, n - 1u);
  return i < 2097152u ? i - quotient21(i, n) * n : i % n;  // frame counts are at most 16
}

// --- evaluate (evaluate.hpp) -----------------------------------------------------------
struct SlotState {
  bool alive;
  uint birth;
  uint cycle;      // low 32 bits, as the hash sees it
  float age;
  float lifetime;
  vec3 spawn;
  vec3 velocity;
  vec3 position;
  float size;
  float rotation;  // degrees
  vec4 color;
  uint frame;
};

SlotState deadSlot() {
  SlotState s;
  s.alive = false;
  s.birth = 0u;
  s.cycle = 0u;
  s.age = 0.0;
  s.lifetime = 0.0;
  s.spawn = vec3(0.0);
  s.velocity = vec3(0.0);
  s.position = vec3(0.0);
  s.size = 0.0;
  s.rotation = 0.0;
  s.color = vec4(0.0);
  s.frame = 0u;
  return s;
}

// DESIGN "Cycle slots": slot (group g, birth b) shows the latest birth b of a cycle k with
// k mod G == g that has already happened; only the clock (cycle, phase) comes per frame.
// The emitter's records come loaded: a caller whose lanes all share one emitter loads them
// once, from an index every lane agrees on, instead of once per lane.
SlotState evaluateEmitterSlot(EmitterData e, EmitterClockData c, PresetData p, uint slot) {
  SlotState s = deadSlot();
  uint B = e.info.z, G = e.info.w;
  if ((c.clock.w & kClockStarted) == 0u || B == 0u || slot >= G * B) return s;
  // Slots, births and groups are at most kMaxSlotsPerEmitter (4,096) each: far below 2^21.
  uint g = quotient21(slot, B), b = slot - g * B;
  float birthOffset = schedule[e.slots.x + b];
  float phase = c.phase.x;
  uint cycle = 0u;
  precise float age;
  if (e.slots.y == 0u) {
    age = phase - birthOffset;
    if (age < 0.0) return s;
  } else {
    uint n = c.clock.y + G - g;             // (cycle - g) mod G, from below 2G
    uint delta = n - quotient21(n, G) * G;
    if (delta == 0u && birthOffset > phase) delta = G;
    if (delta > c.clock.z) return s;        // that cycle would come before the first
    cycle = c.clock.x - delta;
    age = float(delta) * e.yawPeriod.z + phase - birthOffset;
  }
  uint prefix = variationPrefix(e.info.y, cycle, b);
  precise float lifetime = p.velocityMin.w + variationFromPrefix(prefix, kLifetime) * (p.velocityMax.w - p.velocityMin.w);
  if (!(age < lifetime)) return s;

  vec3 spawn = vec3(0.0);
  if (p.spawnHalf.w != 0.0) {
    precise vec3 u = vec3(variationFromPrefix(prefix, kSpawnX), variationFromPrefix(prefix, kSpawnY),
                          variationFromPrefix(prefix, kSpawnZ));
    spawn = (2.0 * u - 1.0) * p.spawnHalf.xyz;
  }
  precise vec3 uv = vec3(variationFromPrefix(prefix, kVelocityX), variationFromPrefix(prefix, kVelocityY),
                         variationFromPrefix(prefix, kVelocityZ));
  precise vec3 velocity = p.velocityMin.xyz + uv * (p.velocityMax.xyz - p.velocityMin.xyz);
  precise float angle = p.rotation.x + variationFromPrefix(prefix, kAngle) * (p.rotation.y - p.rotation.x);
  precise float spin = p.rotation.z + variationFromPrefix(prefix, kSpin) * (p.rotation.w - p.rotation.z);

  s.alive = true;
  s.birth = b;
  s.cycle = cycle;
  s.age = age;
  s.lifetime = lifetime;
  s.spawn = spawn;
  s.velocity = velocity;
  s.position = worldPosition(e, spawn, velocity, p.accelerationDrag.xyz, p.accelerationDrag.w, age);
  precise float t = age / lifetime;
  s.size = sampleSize(p, t) * e.positionScale.w;
  s.rotation = angle + spin * age;
  s.color = sampleColor(p, t);
  s.frame = flipbookFrame(p, age);
  return s;
}

SlotState evaluateSlot(uint emitterIndex, uint slot) {
  const EmitterData e = emitters[emitterIndex];
  return evaluateEmitterSlot(e, clocks[emitterIndex], presets[e.info.x], slot);
}
