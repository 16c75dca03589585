#version 460 core
// Particle billboards by vertex pulling: instance → (emitter, slot) → analytic state → quad.
#include "particle_common.glsl"
#include "frame.glsl"

// Live-particle counter for inspectors (written only when options.x != 0).
layout(std430, binding = kCountersBinding) buffer Counters { uint liveParticles; };

out vec2 vUv;
flat out vec4 vColor;
flat out uint vBlend;

const vec2 kCorners[4] = vec2[4](vec2(-1.0, -1.0), vec2(1.0, -1.0), vec2(-1.0, 1.0), vec2(1.0, 1.0));

void main() {
  uint entry = instances[gl_BaseInstance + gl_InstanceID];
  uint emitterIndex = instanceEmitter(entry), slot = instanceSlot(entry);
  SlotState s = deadSlot();
  if ((clocks[emitterIndex].clock.w & kClockVisible) != 0u) s = evaluateSlot(emitterIndex, slot);
  if (!s.alive) {
    // Dead slots collapse to one point outside the clip volume: no fragments.
    gl_Position = vec4(2.0, 2.0, 2.0, 1.0);
    vUv = vec2(0.0);
    vColor = vec4(0.0);
    vBlend = 0u;
    return;
  }
  if (options.x != 0u && gl_VertexID == 0) atomicAdd(liveParticles, 1u);
  PresetData p = presets[emitters[emitterIndex].info.x];
  vec2 corner = kCorners[gl_VertexID & 3];
  float r = radians(s.rotation);
  vec2 rc = vec2(cos(r) * corner.x - sin(r) * corner.y, sin(r) * corner.x + cos(r) * corner.y);
  vec3 right = cameraRight.xyz, up = cameraUp.xyz;
  if (p.sprite.z == 1u) {
    // Upright: the quad stands on world Z and turns about it to face the camera.
    up = vec3(0.0, 0.0, 1.0);
    vec3 horizontal = vec3(cameraRight.xy, 0.0);
    right = dot(horizontal, horizontal) > 1e-12 ? normalize(horizontal) : vec3(1.0, 0.0, 0.0);
  }
  vec3 world = s.position + (rc.x * right + rc.y * up) * (0.5 * s.size);
  gl_Position = viewProjection * vec4(world, 1.0);
  vec4 rect = frameRects[p.counts.z + s.frame];
  // Corner (−1, +1) is the image's top-left texel row (images are stored top row first).
  vUv = mix(rect.xy, rect.zw, vec2(corner.x * 0.5 + 0.5, 0.5 - corner.y * 0.5));
  vColor = s.color;
  vBlend = p.sprite.w;
}
