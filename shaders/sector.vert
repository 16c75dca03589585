#version 460 core
// Sector surfaces: floor, ceiling and wall triangles built on the CPU (render/sector_mesh.hpp).

#include "frame.glsl"

layout(location = 0) in vec3 aPosition;
layout(location = 1) in vec3 aNormal;
layout(location = 2) in vec3 aAlbedo;
layout(location = 3) in vec3 aAmbient;

out vec3 vWorld;
flat out vec3 vNormal;
flat out vec3 vAlbedo;
flat out vec3 vAmbient;

void main() {
  vWorld = aPosition;
  vNormal = aNormal;
  vAlbedo = aAlbedo;
  vAmbient = aAmbient;
  gl_Position = viewProjection * vec4(aPosition, 1.0);
}
