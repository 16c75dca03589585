#version 460 core
// One evaluation per slot per frame. Each workgroup takes one indirect draw command (one
// emitter's run of instances, as culling left it), evaluates every slot of the run once, stores
// the live ones' state where the quads read it, and lists the live instances — in slot order,
// so the draw order is the one the run always had — at the front of the run's place in the draw
// list; the command's instance count becomes how many are alive. Dead slots cost no quad.
#include "particle_common.glsl"
#include "frame.glsl"

layout(local_size_x = 256) in;

struct ParticleStateData {
  vec4 positionSize;   // world centre, edge length
  vec4 color;
  vec4 rotationFrame;  // x: rotation (degrees), y: frame index (uint bits)
};
layout(std430, binding = kStatesBinding) writeonly buffer States { ParticleStateData states[]; };
layout(std430, binding = kDrawListBinding) writeonly buffer DrawList { uint drawList[]; };
struct DrawCommand {
  uint count, instanceCount, first, baseInstance;
};
layout(std430, binding = kCommandsBinding) buffer Commands { DrawCommand commands[]; };
layout(std430, binding = kCountersBinding) buffer Counters { uint liveParticles; };

shared uint prefix[256];

void main() {
  const uint lane = gl_LocalInvocationID.x;
  const uint command = gl_WorkGroupID.x;
  // Read once by every lane before anything is written back: the loop bounds stay uniform.
  const uint base = commands[command].baseInstance;
  const uint count = commands[command].instanceCount;
  uint written = 0u;
  for (uint chunk = 0u; chunk < count; chunk += 256u) {
    const uint i = chunk + lane;
    bool alive = false;
    if (i < count) {
      const uint entry = instances[base + i];
      const uint emitterIndex = instanceEmitter(entry);
      if ((clocks[emitterIndex].clock.w & kClockVisible) != 0u) {
        SlotState s = evaluateSlot(emitterIndex, instanceSlot(entry));
        alive = s.alive;
        if (alive) {
          states[base + i].positionSize = vec4(s.position, s.size);
          states[base + i].color = s.color;
          states[base + i].rotationFrame = vec4(s.rotation, uintBitsToFloat(s.frame), 0.0, 0.0);
        }
      }
    }
    // Inclusive prefix sum of the live flags across the chunk (Hillis–Steele).
    prefix[lane] = alive ? 1u : 0u;
    barrier();
    for (uint offset = 1u; offset < 256u; offset <<= 1u) {
      const uint add = lane >= offset ? prefix[lane - offset] : 0u;
      barrier();
      prefix[lane] += add;
      barrier();
    }
    if (alive) drawList[base + written + prefix[lane] - 1u] = base + i;
    written += prefix[255];
    barrier();
  }
  if (lane == 0u) {
    commands[command].instanceCount = written;
    if (options.x != 0u) atomicAdd(liveParticles, written);
  }
}
