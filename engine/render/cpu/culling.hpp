// Emitter culling on the CPU, per frame, in double (GL-free): an emitter is skipped when its
// stored conservative bounds lie outside the view frustum, or when nothing of it can be alive at
// the frame's level time (before its first birth; after a once emitter's last particle died).
// Both tests are conservative — they only skip emitters the GPU would draw nothing of — so a
// frame looks the same, to the bit, with culling on or off.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include <glm/glm.hpp>

#include "particles/model.hpp"
#include "render/cpu/camera.hpp"

namespace kiln::render {

// The six planes of a view frustum, a·x + b·y + c·z + d ≥ 0 inside (from projection × view).
struct Frustum {
  std::array<glm::dvec4, 6> planes{};
};
Frustum frustumOf(const Camera& camera, double aspect);

// True when the box lies entirely on the outside of one plane, by more than a margin that
// covers the GPU's float32 transform (so a box the GPU could still touch is never culled).
bool boxOutside(const Frustum& f, const particles::Bounds& box);

// When an emitter can have anything alive: from its first birth (delay + first scheduled birth)
// to, for a once emitter, its last birth plus the longest lifetime; a cycling emitter never ends.
struct AliveWindow {
  double start = 0;
  double end = 0;
  bool endless = false;
};
AliveWindow aliveWindow(const particles::Preset& preset, const particles::Emitter& emitter,
                        const std::vector<float>& schedule);
// Whether level time t falls outside the window by more than the float32 rounding of the GPU's
// clock arithmetic (a margin of 1 ms plus 1e-6 of |t|).
bool idleAt(const AliveWindow& w, double t);

enum class CullReason : std::uint8_t { Drawn, Frustum, Schedule };

}  // namespace kiln::render
