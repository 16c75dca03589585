// The fixed step, the burst formula and the pool (docs/events.md "Clock", "Step", "Burst",
// "Pool").
#include "sim/system.hpp"

#include "core/denormals.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>
#include <limits>
#include <numbers>

#include "core/assert.hpp"
#include "sim/variation.hpp"

namespace kiln::sim {
namespace {

struct Dir {
  double x, y, z;
};

Dir cross(Dir a, Dir b) { return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x}; }
Dir normalized(Dir a) {
  const double len = std::sqrt(a.x * a.x + a.y * a.y + a.z * a.z);
  return {a.x / len, a.y / len, a.z / len};
}

// The burst frame: a = unit axis; u = normalize(Y × a), or X × a when a is within ~25° of Y;
// w = a × u. For the default +Z axis this gives u = +X, w = +Y.
struct BurstFrame {
  Dir a, u, w;
};
BurstFrame burstFrame(const Vec3& axis) {
  Dir a{axis[0], axis[1], axis[2]};
  const double len = std::sqrt(a.x * a.x + a.y * a.y + a.z * a.z);
  // Live tuning may zero the axis; +Z keeps the formula defined.
  a = len >= kMinAxisLength ? Dir{a.x / len, a.y / len, a.z / len} : Dir{0, 0, 1};
  const Dir helper = std::abs(a.y) > 0.9 ? Dir{1, 0, 0} : Dir{0, 1, 0};
  const Dir u = normalized(cross(helper, a));
  return {a, u, cross(a, u)};
}

}  // namespace

std::uint32_t effectiveCount(const Recipe& r) {
  return static_cast<std::uint32_t>(std::clamp<std::int64_t>(r.count, 0, kMaxBurstCount));
}

double effectiveRate(const EventEmitter& e) {
  // Written so NaN also lands on 0.
  return e.rate > 0 ? std::min(e.rate, kMaxRate) : 0.0;
}

double effectiveLifetime(const Recipe& r) {
  return r.lifetime >= kMinLifetime ? std::min(r.lifetime, kMaxSeconds) : kMinLifetime;
}

template <class M>
ParticleSystemT<M>::ParticleSystemT(Scene scene) : scene_(std::move(scene)), planar_(planar(scene_.events)) {
  const std::uint32_t cap = std::max<std::uint32_t>(scene_.capacity, 1);
  dt_ = M::fromDouble(1.0 / stepHz());
  births_.resize(cap);
  motion_.resize(cap);
  order_.resize(2 * static_cast<std::size_t>(cap));
  freeSlots_.reserve(cap);
  carry_.resize(scene_.events.emitters.size());
  emitted_.resize(scene_.events.emitters.size());
  perRecipe_.resize(scene_.events.recipes.size());
  const auto& script = scene_.events.script;
  scriptStep_.resize(script.size());
  scriptOrder_.resize(script.size());
  for (std::size_t i = 0; i < script.size(); ++i) {
    scriptStep_[i] = stepsAt(script[i].time, stepHz());
    scriptOrder_[i] = static_cast<std::uint32_t>(i);
  }
  std::stable_sort(scriptOrder_.begin(), scriptOrder_.end(),
                   [&](std::uint32_t a, std::uint32_t b) { return scriptStep_[a] < scriptStep_[b]; });
  reset();
}

template <class M>
std::int64_t ParticleSystemT<M>::stepsAt(double levelTime, double stepHz) {
  const double n = std::floor(levelTime * stepHz);
  // Beyond 2^62 steps (~10^8 years at 1000 Hz) is not a level time; NaN reads as 0.
  return n > 0 ? static_cast<std::int64_t>(std::min(n, 4.6e18)) : 0;
}

template <class M>
void ParticleSystemT<M>::reset() {
  step_ = 0;
  head_ = 0;
  live_ = 0;
  counters_ = {};
  // Ascending slots already form a min-heap.
  freeSlots_.resize(capacity());
  for (std::uint32_t i = 0; i < capacity(); ++i) freeSlots_[i] = i;
  std::fill(carry_.begin(), carry_.end(), 0.0);
  std::fill(emitted_.begin(), emitted_.end(), 0);
  scriptNext_ = 0;
}

template <class M>
void ParticleSystemT<M>::advanceTo(double levelTime) { advanceToward(levelTime, std::numeric_limits<std::int64_t>::max()); }

template <class M>
bool ParticleSystemT<M>::advanceToward(double levelTime, std::int64_t maxSteps) {
  const std::int64_t n = stepsAt(levelTime, stepHz());
  if (n < step_) reset();
  for (std::int64_t done = 0; step_ < n && done < std::max<std::int64_t>(maxSteps, 1); ++done) advance();
  return step_ == n;
}

template <class M>
double ParticleSystemT<M>::nextStepCost() const {
  const Events& ev = scene_.events;
  double bursts = 0, births = 0;
  for (std::size_t k = scriptNext_; k < scriptOrder_.size() && scriptStep_[scriptOrder_[k]] <= step_; ++k) {
    bursts += 1;
    births += effectiveCount(ev.recipes[scene_.scriptRecipe[scriptOrder_[k]]]);
  }
  // The same expression advance() throws by, so the count is this step's exactly.
  const double dt = 1.0 / stepHz();
  for (std::size_t e = 0; e < carry_.size(); ++e) {
    const double whole = std::floor(carry_[e] + effectiveRate(ev.emitters[e]) * dt);
    bursts += whole;
    births += whole;  // one particle a throw
  }
  // The particles alive now are the ones this step integrates (a birth's own integration is in
  // its kBirthCost).
  return static_cast<double>(live_) +
         kVisitCost * static_cast<double>(ev.emitters.size() + ev.recipes.size()) + kBurstCost * bursts +
         kBirthCost * births;
}

template <class M>
typename ParticleSystemT<M>::Progress ParticleSystemT<M>::advanceWithin(double levelTime, double budget) {
  const std::int64_t n = stepsAt(levelTime, stepHz());
  if (n < step_) reset();
  double spent = 0;
  bool ran = false;
  while (step_ < n) {
    const double cost = nextStepCost();
    if (!(spent + cost <= budget)) return ran ? Progress::Partial : Progress::StepOverBudget;
    advance();
    spent += cost;
    ran = true;
  }
  return Progress::Reached;
}

template <class M>
void ParticleSystemT<M>::spawn(const ParticleBirth& b) {
  std::uint32_t slot;
  if (!freeSlots_.empty()) {
    std::pop_heap(freeSlots_.begin(), freeSlots_.end(), std::greater<>{});
    slot = freeSlots_.back();
    freeSlots_.pop_back();
  } else {
    // Full: the oldest particle makes room. Dropping the newest would lose the burst the
    // player is looking at (seed 002).
    slot = order_[head_];
    ++head_;
    --live_;
    ++counters_.recycled;
  }
  if (head_ + live_ == order_.size()) {
    std::memmove(order_.data(), order_.data() + head_, live_ * sizeof(std::uint32_t));
    head_ = 0;
  }
  order_[head_ + live_] = slot;
  ++live_;
  births_[slot] = b;
  motion_[slot] = ParticleMotion{b.origin, b.initialVelocity, M::zero(), b.lifetime, b.recipe};
  ++counters_.spawned;
}

template <class M>
void ParticleSystemT<M>::burst(std::uint32_t recipe, Vec3 at, std::uint32_t seed, Source source,
                           std::optional<std::uint32_t> thrown) {
  KILN_ASSERT(recipe < scene_.events.recipes.size());
  const Recipe& r = scene_.events.recipes[recipe];
  const BurstFrame f = burstFrame(r.axis);
  const double lifetime = effectiveLifetime(r);
  const std::uint32_t count = thrown.value_or(effectiveCount(r));
  for (std::uint32_t i = 0; i < count; ++i) {
    const double h0 = burstDraw(seed, i, BurstStream::Angle);
    const double h1 = burstDraw(seed, i, BurstStream::Radius);
    const double h2 = burstDraw(seed, i, BurstStream::Speed);
    const double h3 = burstDraw(seed, i, BurstStream::Lifetime);
    const double h4 = burstDraw(seed, i, BurstStream::Size);
    const double theta = 2.0 * std::numbers::pi * h0;
    const double across = r.spread * std::sqrt(h1);
    const double along = r.speed * (0.75 + 0.5 * h2);
    const double c = std::cos(theta), s = std::sin(theta);
    ParticleBirth b;
    b.id = counters_.spawned;
    b.source = source;
    b.recipe = recipe;
    b.seed = seed;
    b.index = i;
    b.birthStep = step_;
    b.origin = at;
    // Float64 throughout, then one conversion into the backend per value.
    b.initialVelocity = {M::fromDouble(f.a.x * along + (f.u.x * c + f.w.x * s) * across),
                         M::fromDouble(f.a.y * along + (f.u.y * c + f.w.y * s) * across),
                         M::fromDouble(f.a.z * along + (f.u.z * c + f.w.z * s) * across)};
    // In the plane the burst is the 3D one seen from above: z of the origin and of the velocity
    // are dropped, so every z the step touches stays exactly 0.
    if (planar_) b.origin.z = b.initialVelocity.z = M::zero();
    b.lifetime = M::fromDouble(std::max(kMinLifetime, lifetime * (0.75 + 0.5 * h3)));
    b.size0 = M::fromDouble(r.size * (0.75 + 0.5 * h4));
    spawn(b);
  }
}

template <class M>
void ParticleSystemT<M>::advance() {
  // A step's cost must not depend on how small its numbers get: values below float32's normal
  // range count as zero (docs/events.md "Numbers"), so a velocity that decays under drag, or a
  // speed or size authored near 1e-39, cannot make a step tens of times slower than the budget
  // counts it.
  const core::FlushDenormals flush;
  // (1) script events whose time falls in [k·dt, (k+1)·dt), in script order.
  const auto& script = scene_.events.script;
  while (scriptNext_ < scriptOrder_.size() && scriptStep_[scriptOrder_[scriptNext_]] <= step_) {
    const std::uint32_t i = scriptOrder_[scriptNext_++];
    const sim::Vec3& p = script[i].position;
    burst(scene_.scriptRecipe[i], toVec3<M>(p), script[i].seed, {SourceKind::Script, i});
  }
  // (2) emitters in authored order, each carrying its fraction of a particle.
  const double dt = 1.0 / stepHz();
  const double now = static_cast<double>(step_) / stepHz();
  for (std::size_t e = 0; e < carry_.size(); ++e) {
    const EventEmitter& em = scene_.events.emitters[e];
    carry_[e] += effectiveRate(em) * dt;
    const double whole = std::floor(carry_[e]);
    carry_[e] -= whole;
    if (whole < 1) continue;
    const sim::Vec3 p = emitterOrigin(em, now);
    const Vec3 at = toVec3<M>(p);
    for (double j = 0; j < whole; ++j) {
      // A steady stream throws single particles: the recipe's count is for script bursts.
      burst(scene_.emitterRecipe[e], at, em.seedBase + static_cast<std::uint32_t>(emitted_[e]),
            {SourceKind::Emitter, static_cast<std::uint32_t>(e)}, 1);
      ++emitted_[e];
    }
  }
  // (3) every live particle, the new ones included.
  integrate();
  ++step_;
}

template <class M>
void ParticleSystemT<M>::integrate() {
  for (std::size_t r = 0; r < perRecipe_.size(); ++r) {
    const Recipe& x = scene_.events.recipes[r];
    perRecipe_[r] = {M::fromDouble(x.gravity) * dt_, M::max(M::zero(), M::one() - M::fromDouble(x.drag) * dt_)};
  }
  // Walk in spawn order and close up the dead, so the order stays contiguous from index 0.
  std::uint32_t* const order = order_.data();
  std::uint32_t kept = 0;
  for (std::uint32_t i = 0; i < live_; ++i) {
    const std::uint32_t slot = order[head_ + i];
    ParticleMotion& m = motion_[slot];
    m.age += dt_;
    if (m.age >= m.lifetime) {
      freeSlots_.push_back(slot);
      std::push_heap(freeSlots_.begin(), freeSlots_.end(), std::greater<>{});
      continue;
    }
    const StepConstants k = perRecipe_[m.recipe];
    // Gravity is vertical: +Z in 3D, +Y in the plane (y up, as seed 002's world).
    (planar_ ? m.velocity.y : m.velocity.z) += k.gravityDt;
    m.velocity.x *= k.damping;
    m.velocity.y *= k.damping;
    m.velocity.z *= k.damping;
    m.position.x += m.velocity.x * dt_;
    m.position.y += m.velocity.y * dt_;
    m.position.z += m.velocity.z * dt_;
    order[kept++] = slot;
  }
  head_ = 0;
  live_ = kept;
}

template class ParticleSystemT<Fp32Math>;
template class ParticleSystemT<Fx16Math>;

}  // namespace kiln::sim
