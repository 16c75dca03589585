// Soot (assets/levels/soot.yaml): a young particle glows ember orange, an old one is black soot,
// and its coverage thins on a 4 x 4 ordered-dither grid as it ages. `extra` is the particle's
// (t, age, lifetime, recipe index); `color` the normal blend's premultiplied output.
vec4 kilnMaterial(vec4 color, vec4 texel, vec4 extra) {
  float life = clamp(extra.y / max(extra.z, 1e-3), 0.0, 1.0);
  const float bayer[16] = float[16](0.0, 8.0, 2.0, 10.0, 12.0, 4.0, 14.0, 6.0,
                                    3.0, 11.0, 1.0, 9.0, 15.0, 7.0, 13.0, 5.0);
  ivec2 p = ivec2(gl_FragCoord.xy) & 3;
  float threshold = (bayer[p.y * 4 + p.x] + 0.5) / 16.0;
  float a = color.a * step(threshold, 1.0 - 0.85 * life);
  vec3 tint = mix(vec3(2.0, 0.7, 0.15), vec3(0.05, 0.04, 0.04), smoothstep(0.0, 0.6, life));
  return vec4(tint * texel.rgb * a, a);
}
