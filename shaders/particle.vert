#version 460 core
// Particle billboards by vertex pulling: live instance → its state (evaluated once this frame by
// particle_state.comp) → quad.
#include "particle_common.glsl"
#include "frame.glsl"
#include "particle_draw.glsl"

// What particle_state.comp stored for each live slot this frame, and the live instances in draw
// order (particle_compact.comp): the quad evaluates nothing itself.
layout(std430, binding = kStatesBinding) readonly buffer States { ParticleStateData states[]; };
layout(std430, binding = kDrawListBinding) readonly buffer DrawList { uint drawList[]; };

out vec2 vUv;
flat out vec4 vColor;
flat out uint vBlend;

const vec2 kCorners[4] = vec2[4](vec2(-1.0, -1.0), vec2(1.0, -1.0), vec2(-1.0, 1.0), vec2(1.0, 1.0));

void main() {
  // Indexed quads offset by baseVertex = 4 · (the run's first instance): vertex v is corner
  // v mod 4 of the particle at draw-list entry v / 4.
  const uint index = drawList[uint(gl_VertexID) >> 2];
  const uint emitterIndex = instanceEmitter(instances[index]);
  const ParticleStateData state = states[index];
  SlotState s;
  s.position = state.positionSize.xyz;
  s.size = state.positionSize.w;
  s.color = state.color;
  s.rotation = state.rotationFrame.x;
  s.frame = floatBitsToUint(state.rotationFrame.y);
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
