#version 460 core
// Particle billboards by vertex pulling: live instance -> its quad (evaluated and laid out once
// this frame by particle_state.comp) -> one corner.
#include "frame.glsl"
#include "particle_draw.glsl"

// What particle_state.comp stored for each live slot this frame, and the live instances in draw
// order (particle_compact.comp): a corner is two multiply-adds and the projection.
layout(std430, binding = kStatesBinding) readonly buffer States { ParticleStateData states[]; };
layout(std430, binding = kDrawListBinding) readonly buffer DrawList { uint drawList[]; };

layout(location = kVaryingParticleUv) out vec2 vUv;
layout(location = kVaryingParticleColor) flat out vec4 vColor;
layout(location = kVaryingParticleBlend) flat out uint vBlend;

const vec2 kCorners[4] = vec2[4](vec2(-1.0, -1.0), vec2(1.0, -1.0), vec2(-1.0, 1.0), vec2(1.0, 1.0));

void main() {
  // Indexed quads offset by baseVertex = 4 * (the run's first instance): vertex v is corner
  // v mod 4 of the particle at draw-list entry v / 4.
  const ParticleStateData q = states[drawList[uint(gl_VertexID) >> 2]];
  const vec2 corner = kCorners[gl_VertexID & 3];
  const vec3 world = q.centre + corner.x * q.axisX.xyz + corner.y * q.axisY.xyz;
  gl_Position = viewProjection * vec4(world, 1.0);
  // Corner (-1, +1) is the image's top-left texel row (images are stored top row first).
  vUv = mix(q.uvRect.xy, q.uvRect.zw, vec2(corner.x * 0.5 + 0.5, 0.5 - corner.y * 0.5));
  vColor = q.color;
  vBlend = q.blend;
}
