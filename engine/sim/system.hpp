// The deterministic fixed-step event particle system (seed 002): script bursts, steady
// emitters, integration and the fixed pool, written once over a math backend (seed 004:
// sim/sim_math.hpp; ParticleSystem is the float32 one). It owns no clock: the state at level
// time T is the state after ⌊T·step_hz⌋ steps from an empty pool.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "sim/budget.hpp"
#include "sim/scene.hpp"
#include "sim/sim_math.hpp"

namespace kiln::sim {

// Who threw a particle: a script event, an emitter (by index), or host code calling burst().
enum class SourceKind : std::uint8_t { Script = 0, Emitter = 1, Call = 2 };
struct Source {
  SourceKind kind = SourceKind::Call;
  std::uint32_t index = 0;
};

// What a particle was born with; fixed while it lives.
template <class M>
struct ParticleBirthT {
  std::uint64_t id = 0;  // spawn number: 0 for the first particle since T = 0
  Source source;
  std::uint32_t recipe = 0;
  std::uint32_t seed = 0;
  std::uint32_t index = 0;  // within its burst
  std::int64_t birthStep = 0;
  typename M::Vec3 origin;
  typename M::Vec3 initialVelocity;
  typename M::Scalar lifetime{};  // after variation and the 1 ms floor
  typename M::Scalar size0{};
};

// What the step changes (kept apart from the birth record so the step reads little memory).
template <class M>
struct ParticleMotionT {
  typename M::Vec3 position;
  typename M::Vec3 velocity;
  typename M::Scalar age{};
  typename M::Scalar lifetime{};
  std::uint32_t recipe = 0;
};

struct Counters {
  std::uint64_t spawned = 0;   // particles ever born (the next spawn number)
  std::uint64_t recycled = 0;  // live particles overwritten because the pool was full
};

template <class M>
class ParticleSystemT {
 public:
  using Math = M;
  using Scalar = typename M::Scalar;
  using Vec3 = typename M::Vec3;
  using ParticleBirth = ParticleBirthT<M>;
  using ParticleMotion = ParticleMotionT<M>;

  // Allocates the pool for scene.capacity once; nothing the step does allocates.
  explicit ParticleSystemT(Scene scene);

  const Scene& scene() const { return scene_; }
  // Live tuning (the viewer): values may be set to anything; seed 002's floors (count and
  // rate ≥ 0, lifetime ≥ 1 ms) and the count/rate limits are applied where values are used.
  Recipe& recipe(std::uint32_t i) { return scene_.events.recipes[i]; }
  EventEmitter& emitter(std::uint32_t i) { return scene_.events.emitters[i]; }

  double stepHz() const { return scene_.events.stepHz; }
  // 3, or 2 when the section runs in the plane z = 0 (docs/events.md "2D").
  std::uint32_t dimensions() const { return planar_ ? 2u : 3u; }
  Scalar dt() const { return dt_; }  // 1 / step_hz in the backend, what ages and positions advance by
  std::int64_t step() const { return step_; }  // steps done since T = 0

  // Steps done at level time T: ⌊T·step_hz⌋ in float64, 0 before T = 0.
  static std::int64_t stepsAt(double levelTime, double stepHz);

  void reset();  // the empty pool at T = 0
  void advance();  // one fixed step (script, emitters, integration)
  // Reach level time T; going backwards re-simulates from T = 0. A copy of the system is a
  // snapshot: advancing a copy gives the same bytes as advancing the original.
  void advanceTo(double levelTime);
  // The same, but at most `maxSteps` steps this call (at least one when T is ahead); true when
  // T is reached. Repeated calls end in the state advanceTo gives.
  bool advanceToward(double levelTime, std::int64_t maxSteps);
  // What the step that runs next costs in the budget's particle-steps (sim/budget.hpp): the
  // particles alive now, the visits, and this step's own bursts and births (simulationCost counts
  // the same with the live particles bounded from the section).
  double nextStepCost() const;
  // Reaches T spending at most `budget` particle-steps this call: steps run while their summed
  // cost stays within it. Partial: on the way (call again); StepOverBudget: the next step alone
  // costs more than `budget`, so nothing ran. Repeated calls end in the state advanceTo gives.
  enum class Progress { Reached, Partial, StepOverBudget };
  Progress advanceWithin(double levelTime, double budget);

  // Throws `count` particles of `recipe` (by default the recipe's count) at `at`, born in the step
  // that runs next. The step calls this for script events (the recipe's count) and emitters (one
  // particle a throw, the j-th with seed seed_base + j: docs/events.md); host code may too
  // (source kind Call).
  void burst(std::uint32_t recipe, Vec3 at, std::uint32_t seed, Source source,
             std::optional<std::uint32_t> count = std::nullopt);

  std::uint32_t capacity() const { return static_cast<std::uint32_t>(motion_.size()); }
  std::uint32_t liveCount() const { return live_; }
  // Live pool slots in spawn order, oldest first.
  std::span<const std::uint32_t> liveSlots() const { return {order_.data() + head_, live_}; }
  const ParticleBirth& birth(std::uint32_t slot) const { return births_[slot]; }
  const ParticleMotion& motion(std::uint32_t slot) const { return motion_[slot]; }
  Counters counters() const { return counters_; }

 private:
  void spawn(const ParticleBirth& b);
  void integrate();

  Scene scene_;
  bool planar_ = false;  // dimensions 2: z stays 0, gravity acts along y
  Scalar dt_{};
  std::int64_t step_ = 0;
  std::vector<ParticleBirth> births_;   // per slot
  std::vector<ParticleMotion> motion_;  // per slot
  // Live slots in spawn order occupy order_[head_, head_ + live_); 2·capacity entries so the
  // oldest can leave from the front and the newest join at the back without moving the rest.
  std::vector<std::uint32_t> order_;
  std::uint32_t head_ = 0;
  std::uint32_t live_ = 0;
  std::vector<std::uint32_t> freeSlots_;  // a min-heap: the lowest dead slot is reused first
  Counters counters_;
  std::vector<double> carry_;           // per emitter: the fraction of a particle carried over
  std::vector<std::uint64_t> emitted_;  // per emitter: particles thrown since T = 0
  std::vector<std::uint32_t> scriptOrder_;  // script indices by firing step, then script order
  std::vector<std::int64_t> scriptStep_;    // per script event: the step it fires in
  std::size_t scriptNext_ = 0;
  struct StepConstants {
    Scalar gravityDt;
    Scalar damping;
  };
  std::vector<StepConstants> perRecipe_;
};

extern template class ParticleSystemT<Fp32Math>;
extern template class ParticleSystemT<Fx16Math>;

// Kiln's float32 system, and the names its hosts have always used.
using ParticleSystem = ParticleSystemT<Fp32Math>;
using ParticleBirth = ParticleBirthT<Fp32Math>;
using ParticleMotion = ParticleMotionT<Fp32Math>;
// seed 004's fixed-point system.
using FixedParticleSystem = ParticleSystemT<Fx16Math>;

// Who threw it, as `kiln sim` and the viewer print it: "script:INDEX", "emitter:NAME" or "call".
std::string sourceName(const Events& events, const Source& source);

// Seed 002's floors and Kiln's limits as applied at run time (docs/events.md "Floors").
std::uint32_t effectiveCount(const Recipe& r);
double effectiveRate(const EventEmitter& e);
double effectiveLifetime(const Recipe& r);

}  // namespace kiln::sim
