// Slot picking: which particle is under a pixel (CPU evaluator + ray/billboard test), and the
// lane of a slot across cycles. GL-free.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "logic/camera.hpp"
#include "particles/evaluate.hpp"

namespace kiln::viewer {

struct PickHit {
  std::uint32_t emitter = 0;
  particles::ParticleState state;
  double distance = 0;  // along the ray
};

// The nearest billboard the ray passes through, testing each particle's rotated square in its
// facing plane (camera-facing: the view plane; upright: vertical, turned toward the camera).
// `muted[e]` non-zero skips emitter e. Emitters are searched on up to `threads` cores (0: all);
// the hit is the same as one search in emitter and slot order (the nearer one, the earlier on a tie).
std::optional<PickHit> pickParticle(const particles::Document& doc, const std::vector<std::vector<float>>& schedules,
                                    double levelTime, const Ray& ray, const ViewCamera& camera,
                                    const std::vector<std::uint8_t>& muted = {}, unsigned threads = 0);

// One life of a slot: the cycle, when it was born and when it dies (level time).
struct SlotLife {
  std::int64_t cycle = 0;
  std::uint32_t birth = 0;
  double birthTime = 0;
  double deathTime = 0;
};

// The lives slot `slot` of emitter `emitter` holds whose span meets [t0, t1], in time order
// (at most `limit`). A once emitter's slot has one life; a cycling one a life every G cycles.
std::vector<SlotLife> slotLanes(const particles::Document& doc, std::uint32_t emitter, const std::vector<float>& schedule,
                                std::uint32_t slot, double t0, double t1, std::size_t limit = 64);

}  // namespace kiln::viewer
