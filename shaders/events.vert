#version 460 core
// Event particle billboards (the scene-transparency pass) by vertex pulling: the CPU wrote one
// EventInstance per sprite in draw order; a draw range starts at its base instance.
#include "frame.glsl"

struct EventInstance {
  vec4 positionSize;  // xyz, edge length
  vec4 color;         // render buffer colour: light_matter (premultiplied rgb, coverage), else (tint, opacity)
  vec4 uv;            // x, y (top-left), width, height
  vec4 extra;         // x: opacity, y: texture alpha mode, z: alpha test (the sprite's recipe's)
  vec4 shaderData;    // the render buffers' extra: t, age, lifetime, recipe index
};
layout(std430, binding = kEventInstancesBinding) readonly buffer EventInstances { EventInstance eventInstances[]; };

layout(location = kVaryingEventUv) out vec2 vUv;
layout(location = kVaryingEventColor) flat out vec4 vColor;
layout(location = kVaryingEventOpacity) flat out float vOpacity;
layout(location = kVaryingEventTextureAlphaMode) flat out uint vTextureAlphaMode;
layout(location = kVaryingEventAlphaTest) flat out float vAlphaTest;
layout(location = kVaryingEventShaderData) flat out vec4 vShaderData;

const vec2 kCorners[4] = vec2[4](vec2(-1.0, -1.0), vec2(1.0, -1.0), vec2(-1.0, 1.0), vec2(1.0, 1.0));

void main() {
  EventInstance e = eventInstances[gl_BaseInstance + gl_InstanceID];
  vec2 corner = kCorners[gl_VertexID & 3];
  vec3 world = e.positionSize.xyz + (corner.x * cameraRight.xyz + corner.y * cameraUp.xyz) * (0.5 * e.positionSize.w);
  gl_Position = viewProjection * vec4(world, 1.0);
  // Corner (-1, +1) is the image's top-left texel (images are stored top row first).
  vUv = e.uv.xy + e.uv.zw * vec2(corner.x * 0.5 + 0.5, 0.5 - corner.y * 0.5);
  vColor = e.color;
  vOpacity = e.extra.x;
  vTextureAlphaMode = uint(e.extra.y);
  vAlphaTest = e.extra.z;
  vShaderData = e.shaderData;
}
