// What the worldparticle compute passes and the quads share: the per-instance quad
// particle_state.comp stores for particle.vert, and the indirect draw command both compute
// passes read (its C++ mirror is LevelGpu::IndirectCommand, engine/render/renderer_impl.hpp).
// Each shader declares the buffers with its own access. Included after #version.

// The quad of one live particle, ready to draw: corner (x, y) in {-1, 1}^2 of the billboard
// lies at centre + x * axisX + y * axisY (rotation, facing and half the edge length applied).
struct ParticleStateData {
  vec3 centre;
  uint blend;
  vec4 axisX;   // xyz; w unused
  vec4 axisY;   // xyz; w unused
  vec4 color;
  vec4 uvRect;  // the flipbook frame's atlas rectangle: u0 v0 u1 v1
};

// A DrawElementsIndirectCommand: baseVertex = 4 * the run's first instance, baseInstance = its
// slot count; particle_compact.comp writes count (six indices per live particle).
struct DrawCommand {
  uint count, instanceCount, firstIndex;
  int baseVertex;
  uint baseInstance;
};
