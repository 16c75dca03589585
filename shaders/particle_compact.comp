#version 460 core
// After particle_state.comp: each workgroup takes one indirect draw command again and lists its
// run's live instances — in slot order, so the draw order is the one the run always had — at
// the front of the run's place in the draw list, each lane counting the live bits before its
// own. The command's index count becomes six per live particle. Dead slots cost no quad.
#include "frame.glsl"
#include "particle_draw.glsl"

layout(local_size_x = 256) in;

layout(std430, binding = kLiveBitsBinding) readonly buffer LiveBits { uint liveBits[]; };
layout(std430, binding = kDrawListBinding) writeonly buffer DrawList { uint drawList[]; };
// Only `count` is written, and no lane reads it: the run is read from baseVertex and
// baseInstance, so lanes need no barrier.
layout(std430, binding = kCommandsBinding) buffer Commands { DrawCommand commands[]; };
layout(std430, binding = kCountersBinding) buffer Counters { uint liveParticles; };

// Live instances in [from, to).
uint liveBetween(uint from, uint to) {
  uint n = 0u;
  while (from < to) {
    const uint word = from >> 5u, bit = from & 31u;
    const uint span = min(32u - bit, to - from);
    const uint mask = span == 32u ? 0xffffffffu : ((1u << span) - 1u) << bit;
    n += uint(bitCount(liveBits[word] & mask));
    from += span;
  }
  return n;
}

void main() {
  const uint command = gl_WorkGroupID.x;
  const uint base = uint(commands[command].baseVertex) >> 2u;
  const uint count = commands[command].baseInstance;
  for (uint i = gl_LocalInvocationID.x; i < count; i += 256u) {
    const uint at = base + i;
    if ((liveBits[at >> 5u] & (1u << (at & 31u))) != 0u) drawList[base + liveBetween(base, at)] = at;
  }
  if (gl_LocalInvocationID.x == 0u) {
    const uint live = liveBetween(base, base + count);
    commands[command].count = 6u * live;
    if (options.x != 0u) atomicAdd(liveParticles, live);
  }
}
