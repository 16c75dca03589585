#version 460 core
// Evaluates listed slots with the shared lifecycle functions and writes the results, so tests
// compare GPU and CPU (particles::evaluateSlot) slot by slot.
#include "particle_common.glsl"

layout(local_size_x = 64) in;

struct SlotResult {
  vec4 positionSize;   // xyz, size
  vec4 color;
  vec4 rotationAge;    // rotation (degrees), age, lifetime, unused
  uvec4 state;         // alive, frame, birth, cycle
};
layout(std430, binding = kResultsBinding) writeonly buffer Results { SlotResult results[]; };
layout(location = 0) uniform uint count;

void main() {
  uint i = gl_GlobalInvocationID.x;
  if (i >= count) return;
  uint entry = instances[i];
  SlotState s = evaluateSlot(instanceEmitter(entry), instanceSlot(entry));
  results[i].positionSize = vec4(s.position, s.size);
  results[i].color = s.color;
  results[i].rotationAge = vec4(s.rotation, s.age, s.lifetime, 0.0);
  results[i].state = uvec4(s.alive ? 1u : 0u, s.frame, s.birth, s.cycle);
}
