// The CPU reference evaluator over a whole document, on every core: emitters are independent,
// so each worker takes the next emitter until none is left and writes only that emitter's
// result. Results are identical, bit for bit, to evaluating the emitters one after another.
#pragma once

#include <cstddef>
#include <functional>
#include <vector>

#include "particles/evaluate.hpp"

namespace kiln::particles {

// Runs fn(i) once for every i in [0, count) on up to `threads` threads (0: one per hardware
// thread; never more threads than items). fn must only write state owned by index i.
void parallelFor(std::size_t count, unsigned threads, const std::function<void(std::size_t)>& fn);

// evaluateEmitter for every emitter at `levelTime`, in emitter order.
std::vector<std::vector<ParticleState>> evaluateDocument(const Document& doc, double levelTime, unsigned threads = 0);

}  // namespace kiln::particles
