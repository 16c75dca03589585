#version 460 core
// One evaluation per slot per frame. Each workgroup takes one indirect draw command (one
// emitter's run of instances, as culling left it), evaluates every slot of the run once, stores
// the live ones' state where the quads read it and sets their bits in the live-bit array.
// Lanes never wait for each other; particle_compact.comp then lists the live instances.
#include "particle_common.glsl"
#include "frame.glsl"
#include "particle_draw.glsl"

layout(local_size_x = 256) in;

layout(std430, binding = kStatesBinding) writeonly buffer States { ParticleStateData states[]; };
layout(std430, binding = kLiveBitsBinding) buffer LiveBits { uint liveBits[]; };  // cleared per frame
layout(std430, binding = kCommandsBinding) readonly buffer Commands { DrawCommand commands[]; };

void main() {
  const uint command = gl_WorkGroupID.x;
  const uint base = uint(commands[command].baseVertex) >> 2u;
  const uint count = commands[command].baseInstance;
  for (uint i = gl_LocalInvocationID.x; i < count; i += 256u) {
    const uint entry = instances[base + i];
    const uint emitterIndex = instanceEmitter(entry);
    if ((clocks[emitterIndex].clock.w & kClockVisible) == 0u) continue;
    SlotState s = evaluateSlot(emitterIndex, instanceSlot(entry));
    if (!s.alive) continue;
    states[base + i].positionSize = vec4(s.position, s.size);
    states[base + i].color = s.color;
    states[base + i].rotationFrame = vec4(s.rotation, uintBitsToFloat(s.frame), 0.0, 0.0);
    atomicOr(liveBits[(base + i) >> 5u], 1u << ((base + i) & 31u));
  }
}
