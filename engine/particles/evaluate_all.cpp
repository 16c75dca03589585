// Whole-document evaluation on every core (see evaluate_all.hpp).
#include "particles/evaluate_all.hpp"

#include <algorithm>
#include <atomic>
#include <thread>

namespace kiln::particles {

void parallelFor(std::size_t count, unsigned threads, const std::function<void(std::size_t)>& fn) {
  if (threads == 0) threads = std::max(1u, std::thread::hardware_concurrency());
  threads = static_cast<unsigned>(std::min<std::size_t>(threads, count));
  if (threads <= 1) {
    for (std::size_t i = 0; i < count; ++i) fn(i);
    return;
  }
  std::atomic<std::size_t> next{0};
  auto work = [&] {
    for (std::size_t i = next++; i < count; i = next++) fn(i);
  };
  std::vector<std::thread> pool;
  pool.reserve(threads - 1);
  for (unsigned t = 1; t < threads; ++t) pool.emplace_back(work);
  work();  // this thread is a worker too
  for (auto& t : pool) t.join();
}

std::vector<std::vector<ParticleState>> evaluateDocument(const Document& doc, double levelTime, unsigned threads) {
  std::vector<std::vector<ParticleState>> out(doc.emitters.size());
  parallelFor(doc.emitters.size(), threads, [&](std::size_t e) { out[e] = evaluateEmitter(doc, e, levelTime); });
  return out;
}

}  // namespace kiln::particles
