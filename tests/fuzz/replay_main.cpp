// A standalone driver for the fuzz entry points in builds without libFuzzer (GCC, CTest):
// replays every corpus file, then runs N deterministic random mutations of them.
//   replay_kwp1_decode [--mutations N] [--seed S] DIR_OR_FILE...
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {

// xorshift64*: deterministic across platforms, so a failing mutation number reproduces.
struct Rng {
  std::uint64_t s;
  std::uint64_t next() {
    s ^= s >> 12;
    s ^= s << 25;
    s ^= s >> 27;
    return s * 0x2545F4914F6CDD1Dull;
  }
  std::size_t below(std::size_t n) { return n == 0 ? 0 : static_cast<std::size_t>(next() % n); }
};

std::vector<std::uint8_t> readAll(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// One random edit of the kinds that find decoder bugs: bit flips, boundary bytes, counts
// and floats overwritten, bytes inserted or removed, the file cut.
void mutate(std::vector<std::uint8_t>& b, Rng& rng) {
  static const std::uint8_t kInteresting[] = {0, 1, 2, 3, 4, 5, 16, 17, 63, 64, 65, 127, 128, 255};
  switch (rng.below(7)) {
    case 0:
      if (!b.empty()) b[rng.below(b.size())] ^= static_cast<std::uint8_t>(1u << rng.below(8));
      break;
    case 1:
      if (!b.empty()) b[rng.below(b.size())] = kInteresting[rng.below(sizeof kInteresting)];
      break;
    case 2:
      if (!b.empty()) b[rng.below(b.size())] = static_cast<std::uint8_t>(rng.next());
      break;
    case 3:  // a u32 or f64 overwritten with an extreme value
      if (b.size() >= 8) {
        const std::size_t at = rng.below(b.size() - 7);
        const std::uint64_t v[] = {
            0, ~0ull, 0x7ff0000000000000ull, 0x7ff8000000000000ull, 0xffffffffull, 0x80000000ull, rng.next()};
        const std::uint64_t x = v[rng.below(std::size(v))];
        const std::size_t width = rng.below(2) ? 8 : 4;
        for (std::size_t i = 0; i < width; ++i) b[at + i] = static_cast<std::uint8_t>(x >> (8 * i));
      }
      break;
    case 4:
      b.insert(b.begin() + static_cast<std::ptrdiff_t>(rng.below(b.size() + 1)),
               static_cast<std::uint8_t>(rng.next()));
      break;
    case 5:
      if (!b.empty()) b.erase(b.begin() + static_cast<std::ptrdiff_t>(rng.below(b.size())));
      break;
    default:
      b.resize(rng.below(b.size() + 1));
      break;
  }
}

}  // namespace

int main(int argc, char** argv) {
  std::uint64_t mutations = 0;
  std::uint64_t seed = 1;
  std::vector<std::vector<std::uint8_t>> corpus;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--mutations" && i + 1 < argc) {
      mutations = std::strtoull(argv[++i], nullptr, 10);
    } else if (arg == "--seed" && i + 1 < argc) {
      seed = std::strtoull(argv[++i], nullptr, 10);
    } else if (std::filesystem::is_directory(arg)) {
      for (const auto& e : std::filesystem::directory_iterator(arg))
        if (e.is_regular_file()) corpus.push_back(readAll(e.path()));
    } else if (std::filesystem::is_regular_file(arg)) {
      corpus.push_back(readAll(arg));
    } else {
      std::fprintf(stderr, "usage: %s [--mutations N] [--seed S] DIR_OR_FILE...\n", argv[0]);
      return 2;
    }
  }
  if (corpus.empty()) {
    std::fprintf(stderr, "no corpus files\n");
    return 2;
  }
  const auto start = std::chrono::steady_clock::now();
  for (const auto& c : corpus) LLVMFuzzerTestOneInput(c.data(), c.size());
  Rng rng{seed * 0x9E3779B97F4A7C15ull + 1};
  for (std::uint64_t m = 0; m < mutations; ++m) {
    auto b = corpus[rng.below(corpus.size())];
    const std::size_t edits = 1 + rng.below(4);
    for (std::size_t k = 0; k < edits; ++k) mutate(b, rng);
    LLVMFuzzerTestOneInput(b.data(), b.size());
  }
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("%zu corpus files, %llu mutations (seed %llu) in %.2f s: no failures\n", corpus.size(),
              static_cast<unsigned long long>(mutations), static_cast<unsigned long long>(seed), s);
  return 0;
}
