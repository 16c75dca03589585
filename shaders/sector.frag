#version 460 core
// Sector shading: ambient + one fixed directional light (walls of different orientation read
// apart) and a 1-unit scale grid so sizes read at a glance.

in vec3 vWorld;
flat in vec3 vNormal;
flat in vec3 vAlbedo;
flat in vec3 vAmbient;
layout(location = 0) uniform uint showGrid;
layout(location = 0) out vec4 outColor;

// Distance-to-line coverage of the integer lines of one coordinate pair, antialiased by the
// screen-space derivative.
float gridLines(vec2 coord) {
  vec2 w = max(fwidth(coord), vec2(1e-6));
  vec2 d = abs(fract(coord - 0.5) - 0.5) / w;
  return 1.0 - clamp(min(d.x, d.y), 0.0, 1.0);
}

void main() {
  vec3 n = normalize(vNormal);
  vec3 light = normalize(vec3(0.45, 0.3, 0.85));
  float diffuse = max(dot(n, light), 0.0);
  // Walls facing away from the light still differ by orientation through a weak fill term.
  float fill = 0.5 + 0.5 * dot(n, normalize(vec3(-0.6, 0.8, 0.0)));
  vec3 shade = vAlbedo * (vAmbient + vec3(0.55 * diffuse + 0.2 * fill + 0.1));
  if (showGrid != 0u) {
    vec3 a = abs(n);
    vec2 coord = a.z >= a.x && a.z >= a.y ? vWorld.xy : (a.x >= a.y ? vWorld.yz : vWorld.xz);
    shade = mix(shade, shade * 0.55, gridLines(coord));
  }
  outColor = vec4(shade, 1.0);
}
