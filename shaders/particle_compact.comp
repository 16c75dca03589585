#version 460 core
// After particle_state.comp: one lane per indirect draw command (one emitter's run) lists the
// run's live instances, in slot order, at the front of the run's place in the draw list, and
// sets the command's index count to six per live particle. Dead slots cost no quad.
// The lane walks its run's live bits word by word, in slot order, so no lane needs to count the
// bits before another's. Each lane reads its own command's run (baseVertex, baseInstance) and
// writes only that command's `count`: no lane waits for another.
#include "frame.glsl"
#include "particle_draw.glsl"

layout(local_size_x = 64) in;

layout(std430, binding = kLiveBitsBinding) readonly buffer LiveBits { uint liveBits[]; };
layout(std430, binding = kDrawListBinding) writeonly buffer DrawList { uint drawList[]; };
layout(std430, binding = kCommandsBinding) buffer Commands { DrawCommand commands[]; };
layout(std430, binding = kCountersBinding) buffer Counters { uint liveParticles; };
layout(location = 0) uniform uint commandCount;

void main() {
  const uint command = gl_GlobalInvocationID.x;
  if (command >= commandCount) return;
  const uint base = uint(commands[command].baseVertex) >> 2u;
  const uint end = base + commands[command].baseInstance;
  uint live = 0u;
  for (uint at = base; at < end;) {
    // The bits of [at, end) in at's word.
    const uint bit = at & 31u, span = min(32u - bit, end - at);
    uint bits = (liveBits[at >> 5u] >> bit) & (span == 32u ? 0xffffffffu : (1u << span) - 1u);
    while (bits != 0u) {
      const uint k = uint(findLSB(bits));
      drawList[base + live] = at + k;
      ++live;
      bits &= bits - 1u;
    }
    at += span;
  }
  commands[command].count = 6u * live;
  if (options.x != 0u) atomicAdd(liveParticles, live);
}
