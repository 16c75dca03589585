#version 460 core
// One evaluation per slot per frame. Each workgroup takes one indirect draw command (one
// emitter's run of instances, as culling left it), evaluates every slot of the run once, stores
// the live ones' quads (centre, rotated half-axes, colour, frame rectangle) where the vertex
// shader reads them and sets their bits in the live-bit array.
// Lanes never wait for each other; particle_compact.comp then lists the live instances.
#include "particle_common.glsl"
#include "frame.glsl"
#include "particle_draw.glsl"

// KILN_STATE_LANES: 8 on a CPU rasterizer, 64 elsewhere (Renderer's buildPrograms).
#ifndef KILN_STATE_LANES
#define KILN_STATE_LANES 64
#endif
layout(local_size_x = KILN_STATE_LANES) in;

layout(std430, binding = kStatesBinding) writeonly buffer States { ParticleStateData states[]; };
layout(std430, binding = kLiveBitsBinding) buffer LiveBits { uint liveBits[]; };  // cleared per frame
layout(std430, binding = kCommandsBinding) readonly buffer Commands { DrawCommand commands[]; };

void main() {
  const uint command = gl_WorkGroupID.x;
  const uint base = uint(commands[command].baseVertex) >> 2u;
  const uint count = commands[command].baseInstance;
  if (count == 0u) return;
  // A run is one emitter's slots 0, 1, ... in order (render/cpu/particle_tables.cpp), so the emitter,
  // its clock and its preset are the same for every lane: loaded once, from uniform indices.
  const uint emitterIndex = instanceEmitter(instances[base]);
  const EmitterClockData clock = clocks[emitterIndex];
  if ((clock.clock.w & kClockVisible) == 0u) return;
  const EmitterData emitter = emitters[emitterIndex];
  const PresetData preset = presets[emitter.info.x];
  // The billboard's plane, also the run's: the camera's right and up, or for upright sprites
  // world Z and the camera's right turned into the horizontal plane.
  vec3 right = cameraRight.xyz, up = cameraUp.xyz;
  if (preset.sprite.z == 1u) {
    up = vec3(0.0, 0.0, 1.0);
    const vec3 horizontal = vec3(cameraRight.xy, 0.0);
    right = dot(horizontal, horizontal) > 1e-12 ? normalize(horizontal) : vec3(1.0, 0.0, 0.0);
  }
  for (uint i = gl_LocalInvocationID.x; i < count; i += uint(KILN_STATE_LANES)) {
    const SlotState s = evaluateEmitterSlot(emitter, clock, preset, i);
    if (!s.alive) continue;
    // Corner (x, y) of the unrotated quad turns by the particle's rotation within the plane.
    const float r = radians(s.rotation), c = cos(r), n = sin(r), h = 0.5 * s.size;
    const uint at = base + i;
    states[at].centre = s.position;
    states[at].blend = preset.sprite.w;
    states[at].axisX = vec4((c * right + n * up) * h, 0.0);
    states[at].axisY = vec4((c * up - n * right) * h, 0.0);
    states[at].color = s.color;
    states[at].uvRect = frameRects[preset.counts.z + s.frame];
    atomicOr(liveBits[at >> 5u], 1u << (at & 31u));
  }
}
