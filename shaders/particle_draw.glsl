// What the worldparticle compute passes and the quads share: the per-instance state
// particle_state.comp stores for particle.vert, and the indirect draw command both compute
// passes read (its C++ mirror is LevelGpu::IndirectCommand, engine/render/renderer_impl.hpp).
// Each shader declares the buffers with its own access. Included after #version.

struct ParticleStateData {
  vec4 positionSize;   // world centre, edge length
  vec4 color;
  vec4 rotationFrame;  // x: rotation (degrees), y: frame index (uint bits)
};

// A DrawElementsIndirectCommand: baseVertex = 4 × the run's first instance, baseInstance = its
// slot count; particle_compact.comp writes count (six indices per live particle).
struct DrawCommand {
  uint count, instanceCount, firstIndex;
  int baseVertex;
  uint baseInstance;
};
