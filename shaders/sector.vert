#version 460 core
// Sector surfaces: floor, ceiling and wall triangles built on the CPU (render/cpu/sector_mesh.hpp).
// Everything that is constant over a triangle (its normal, hence its shade and its grid plane)
// is worked out here once per vertex, not once per fragment.

#include "frame.glsl"

layout(location = 0) in vec3 aPosition;
layout(location = 1) in vec3 aNormal;
layout(location = 2) in vec3 aAlbedo;
layout(location = 3) in vec3 aAmbient;

// World position in the surface's own plane (floor: xy, walls: yz or xz).
layout(location = kVaryingSectorGrid) out vec2 vGrid;
// Ambient + one fixed directional light + a weak fill.
layout(location = kVaryingSectorShade) flat out vec3 vShade;

void main() {
  vec3 n = normalize(aNormal);
  vec3 light = normalize(vec3(0.45, 0.3, 0.85));
  float diffuse = max(dot(n, light), 0.0);
  // Walls facing away from the light still differ by orientation through a weak fill term.
  float fill = 0.5 + 0.5 * dot(n, normalize(vec3(-0.6, 0.8, 0.0)));
  vShade = aAlbedo * (aAmbient + vec3(0.55 * diffuse + 0.2 * fill + 0.1));
  vec3 a = abs(n);
  vGrid = a.z >= a.x && a.z >= a.y ? aPosition.xy : (a.x >= a.y ? aPosition.yz : aPosition.xz);
  gl_Position = viewProjection * vec4(aPosition, 1.0);
}
