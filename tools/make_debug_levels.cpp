// kiln-make-debug-levels: derives the bounds-workflow debug set from a valid compiled level.
//
//   kiln-make-debug-levels GOOD.klm OUT_DIR
//
// writes, each differing from GOOD.klm in one way only (docs/samples.md):
//   forged_bounds.klm   the first emitter's stored bounds top lowered by 0.5, low enough that
//                       real particles rise through it (everything else, both crc32 headers
//                       included, is byte-valid) → forged-bounds
//   outside_sector.klm  the first emitter moved to 0.1 inside the middle of its sector's first
//                       wall, its stored bounds recomputed honestly, written without the
//                       sector-fit check the compiler would run → outside-sector
// The set is re-encoded through the KLM1/KWP1 encoders rather than patched by offset, so the
// headers stay right whatever the layout; the good module's own round trip is checked first, so
// the files really differ from it only where intended.
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <string>
#include <variant>
#include <vector>

#include "core/diagnostic.hpp"
#include "core/file.hpp"
#include "particles/bounds.hpp"
#include "world/level.hpp"

namespace {

using kiln::core::Code;
namespace fs = std::filesystem;
namespace klm = kiln::world;

int fail(const std::string& what) {
  std::fprintf(stderr, "kiln-make-debug-levels: %s\n", what.c_str());
  return 2;
}

// Bytes that differ between two equally long files (files of different length count as all).
std::size_t differingBytes(const std::vector<std::uint8_t>& a, const std::vector<std::uint8_t>& b) {
  if (a.size() != b.size()) return std::max(a.size(), b.size());
  std::size_t n = 0;
  for (std::size_t i = 0; i < a.size(); ++i) n += a[i] != b[i];
  return n;
}

// The module must fail to decode with exactly `expected`, or the debug file teaches nothing.
bool raises(const std::vector<std::uint8_t>& bytes, Code expected, const char* file) {
  const auto decoded = klm::decodeKlm1(bytes);
  if (const auto* err = std::get_if<kiln::core::DecodeError>(&decoded)) {
    if (err->code == expected) return true;
    std::fprintf(stderr, "kiln-make-debug-levels: %s raises %s, expected %s\n", file,
                 std::string(kiln::core::codeName(err->code)).c_str(),
                 std::string(kiln::core::codeName(expected)).c_str());
    return false;
  }
  std::fprintf(stderr, "kiln-make-debug-levels: %s decodes cleanly, expected %s\n", file,
               std::string(kiln::core::codeName(expected)).c_str());
  return false;
}

// A point 0.1 inside the midpoint of the sector's first wall (edge 0 → 1); counter-clockwise
// walls put the interior on the left of each edge.
kiln::particles::Vec3 besideFirstWall(const klm::Sector& s, double z) {
  const klm::Vec2 a = s.walls[0], b = s.walls[1];
  const double dx = b.x - a.x, dy = b.y - a.y;
  const double len = std::sqrt(dx * dx + dy * dy);
  return {(a.x + b.x) / 2 - dy / len * 0.1, (a.y + b.y) / 2 + dx / len * 0.1, z};
}

bool write(const fs::path& path, const std::vector<std::uint8_t>& bytes) {
  std::string error;
  if (kiln::core::writeFile(path, bytes, error)) return true;
  fail(error);
  return false;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) return fail("usage: kiln-make-debug-levels GOOD.klm OUT_DIR");
  const fs::path goodPath = argv[1], outDir = argv[2];

  std::string error;
  const auto good = kiln::core::readFile(goodPath, error);
  if (!good) return fail(error);
  auto decoded = klm::decodeKlm1(*good);
  if (const auto* err = std::get_if<kiln::core::DecodeError>(&decoded))
    return fail(goodPath.string() + " is not a valid level: " + kiln::core::format(*err));
  const klm::Level level = std::get<klm::Level>(std::move(decoded));
  if (!level.particles || level.particles->emitters.empty())
    return fail(goodPath.string() + " has no emitters to forge");
  if (klm::encodeKlm1(level) != *good)
    return fail(goodPath.string() + " is not in canonical encoding; the debug set would differ from it in "
                "more than one way");

  std::error_code ec;
  fs::create_directories(outDir, ec);
  if (ec) return fail("cannot create " + outDir.string() + ": " + ec.message());

  // forged_bounds: a bound that clips the envelope's top, the kind of hand edit or stale
  // compiler output that makes a renderer cull particles that are still visible.
  klm::Level forged = level;
  forged.particles->emitters[0].bounds.max.z -= 0.5;
  const std::vector<std::uint8_t> forgedBytes = klm::encodeKlm1(forged);
  // One float of the bound plus the KWP1 and KLM1 crc32 fields: at most 8 + 4 + 4 bytes.
  if (differingBytes(forgedBytes, *good) > 16) return fail("forged_bounds.klm differs in more than the bound");
  if (!raises(forgedBytes, Code::ForgedBounds, "forged_bounds.klm")) return 1;

  // outside_sector: honest bounds, but the emitter stands against a wall so its envelope
  // crosses it — what the compiler's sector-fit check would have refused.
  klm::Level outside = level;
  auto& doc = *outside.particles;
  auto& e = doc.emitters[0];
  if (e.sector >= outside.world.sectors.size()) return fail("the first emitter's sector does not exist");
  e.position = besideFirstWall(outside.world.sectors[e.sector], e.position.z);
  e.bounds = kiln::particles::conservativeEmitterBounds(doc.presets.at(e.preset), e);
  const std::vector<std::uint8_t> outsideBytes = klm::encodeKlm1(outside);
  if (!raises(outsideBytes, Code::OutsideSector, "outside_sector.klm")) return 1;

  if (!write(outDir / "forged_bounds.klm", forgedBytes) || !write(outDir / "outside_sector.klm", outsideBytes))
    return 2;
  std::printf("wrote %s and %s (forged: %zu bytes differ from %s)\n", (outDir / "forged_bounds.klm").string().c_str(),
              (outDir / "outside_sector.klm").string().c_str(), differingBytes(forgedBytes, *good),
              goodPath.filename().string().c_str());
  return 0;
}
