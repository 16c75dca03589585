// kiln-texgen: writes the sample cartridge's sprite textures (assets/textures/*.png), bit-exactly.
//
// Why it looks the way it does:
// - Only +, -, *, / and sqrt (all correctly rounded in IEEE 754) feed a pixel, and the target is
//   built with -ffp-contract=off, so every build on every libm writes the same bytes; noise is an
//   integer hash on a lattice, rotations use the rational circle parametrization instead of
//   sin/cos.
// - Textures are straight alpha (the format's rule); RGB is kept meaningful where alpha is 0 so
//   filtering at silhouette edges does not bleed black into additive or premultiplied sprites.
// - Every frame is square and every frame of one flipbook has the same size (seed 000 rule).
#include <stb_image_write.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "particles/variation.hpp"

namespace {

constexpr int kSize = 64;

struct Rgba {
  double r = 0, g = 0, b = 0, a = 0;
};

double clamp01(double v) { return v < 0 ? 0 : v > 1 ? 1 : v; }
double mix(double a, double b, double t) { return a + (b - a) * t; }
double smoothstep(double e0, double e1, double x) {
  const double t = clamp01((x - e0) / (e1 - e0));
  return t * t * (3 - 2 * t);
}

// Value noise on the format's own integer hash (uint32 only, no float state).
using kiln::particles::mixHash;
double lattice(int x, int y, std::uint32_t seed) {
  const std::uint32_t h = mixHash(static_cast<std::uint32_t>(x) * 0x27d4eb2dU ^
                                 mixHash(static_cast<std::uint32_t>(y) + seed * 0x9e3779b9U));
  return static_cast<double>(h >> 8) / 16777216.0;  // 24 bits → [0,1)
}

// Value noise with a quintic fade; floor via a cast on a shifted, always-positive argument.
double valueNoise(double x, double y, std::uint32_t seed) {
  const double sx = x + 1024.0, sy = y + 1024.0;
  const int ix = static_cast<int>(sx), iy = static_cast<int>(sy);
  const double fx = sx - ix, fy = sy - iy;
  const double ux = fx * fx * fx * (fx * (fx * 6 - 15) + 10);
  const double uy = fy * fy * fy * (fy * (fy * 6 - 15) + 10);
  const double a = lattice(ix, iy, seed), b = lattice(ix + 1, iy, seed);
  const double c = lattice(ix, iy + 1, seed), d = lattice(ix + 1, iy + 1, seed);
  return mix(mix(a, b, ux), mix(c, d, ux), uy);
}
double fbm(double x, double y, std::uint32_t seed) {
  double sum = 0, amp = 0.5, norm = 0;
  for (int o = 0; o < 4; ++o) {
    sum += amp * valueNoise(x, y, seed + static_cast<std::uint32_t>(o) * 101U);
    norm += amp;
    x *= 2.03;
    y *= 2.03;
    amp *= 0.5;
  }
  return sum / norm;
}

// Point on the unit circle for parameter u (u = tan(θ/2)); exact arithmetic, no sin/cos.
std::array<double, 2> circle(double u) {
  const double d = 1 + u * u;
  return {(1 - u * u) / d, 2 * u / d};
}

using Shader = Rgba (*)(double x, double y, int frame);

// Pixel centre in [-1,1]², y up (row 0 is the top of the PNG).
bool writeImage(const std::filesystem::path& path, Shader shade, int frame) {
  std::vector<std::uint8_t> bytes(static_cast<std::size_t>(kSize) * kSize * 4);
  for (int row = 0; row < kSize; ++row) {
    for (int col = 0; col < kSize; ++col) {
      const double x = (col + 0.5) / kSize * 2 - 1;
      const double y = 1 - (row + 0.5) / kSize * 2;
      const Rgba c = shade(x, y, frame);
      const std::size_t i = (static_cast<std::size_t>(row) * kSize + col) * 4;
      const double ch[4] = {c.r, c.g, c.b, c.a};
      for (int k = 0; k < 4; ++k) {
        // Round half up on an exact 0..255 scale; clamp first so no cast sees a NaN or overflow.
        bytes[i + k] = static_cast<std::uint8_t>(static_cast<int>(clamp01(ch[k]) * 255 + 0.5));
      }
    }
  }
  if (stbi_write_png(path.string().c_str(), kSize, kSize, 4, bytes.data(), kSize * 4) == 0) {
    std::fprintf(stderr, "kiln-texgen: cannot write %s\n", path.string().c_str());
    return false;
  }
  return true;
}

// Radial falloff that reaches exactly 0 at r = 1, so no sprite shows its square edge.
double disc(double r) {
  const double t = clamp01(1 - r * r);
  return t * t;
}
double radius(double x, double y) { return std::sqrt(x * x + y * y); }

// soft: the neutral particle — white, alpha a smooth dome. Colour comes from the preset curves.
Rgba soft(double x, double y, int) { return {1, 1, 1, disc(radius(x, y) / 0.94)}; }

// ember: a hot core cooling to orange at the rim, with a faint glow halo.
Rgba ember(double x, double y, int) {
  const double r = radius(x, y) / 0.94;
  const double core = smoothstep(0.55, 0.0, r);
  const double a = clamp01(disc(r) * 0.75 + smoothstep(0.5, 0.2, r) * 0.25);
  return {1.0, mix(0.42, 0.92, core), mix(0.10, 0.62, core), a};
}

// spark: a thin streak along +y (the direction of travel for upright facing), brightest at the
// head so a cutout test keeps a crisp needle and drops the tail.
Rgba spark(double x, double y, int) {
  const double along = clamp01(1 - (y + 0.92) / 1.84);  // 0 at head (top), 1 at tail
  const double halfWidth = mix(0.22, 0.04, along);
  const double across = std::abs(x) / halfWidth;
  const double lengthFade = smoothstep(0.98, 0.9, std::abs(y)) * (1 - along * 0.8);
  const double a = clamp01(disc(std::min(across, 1.0)) * lengthFade * 1.3);
  const double heat = clamp01(1 - across) * (1 - along);
  return {1.0, mix(0.7, 1.0, heat), mix(0.25, 0.85, heat), a};
}

// A cluster of soft blobs whose union is a puff; `grow` in [0,1] spreads and swells them.
double puff(double x, double y, double grow, std::uint32_t seed) {
  constexpr int kBlobs = 7;
  double density = 0;
  for (int i = 0; i < kBlobs; ++i) {
    const double u = -1.0 + 2.0 * (i + 0.37 * lattice(i, 3, seed)) / kBlobs + grow * 0.18;
    const auto dir = circle(u * 1.4);
    const double reach = (0.22 + 0.2 * lattice(i, 7, seed)) * (0.6 + 0.4 * grow);
    const double cx = dir[0] * reach, cy = dir[1] * reach * 0.8 + 0.05 * grow;
    const double br = (0.36 + 0.14 * lattice(i, 11, seed)) * (0.7 + 0.3 * grow);
    const double dx = (x - cx) / br, dy = (y - cy) / br;
    density = std::max(density, clamp01(1 - (dx * dx + dy * dy)));
  }
  // A central body so young frames read as one puff, not a ring of blobs.
  const double rc = radius(x, y) / (0.55 + 0.25 * grow);
  density = std::max(density, clamp01(1 - rc * rc));
  return density;
}

// Top-lit shading: brighter where the puff faces up, darker underneath.
double shading(double y, double detail) { return clamp01(0.72 + 0.18 * y + 0.25 * (detail - 0.5)); }

// smoke_NN: 16 frames of one puff billowing out — it swells, its blobs drift round and its
// detail scrolls upward while it thins.
Rgba smokeFrame(double x, double y, int frame) {
  const double t = frame / 15.0;
  const double detail = fbm(x * 3.1 + 5.0, y * 3.1 - t * 1.7, 17);
  const double body = puff(x, y, t, 29);
  const double edge = smoothstep(0.97, 0.8, radius(x, y));  // keep the square border empty
  const double thin = mix(1.0, 0.55, t * t);
  const double erode = smoothstep(0.05 + 0.25 * t, 0.95, body * (0.45 + 1.1 * detail));
  const double a = clamp01(erode * thin * edge * 0.92);
  const double s = shading(y, detail);
  return {s, s, s * 0.98, a};
}

// charcoal: one static smoke frame for alpha-blended smoke; mid grey so the preset's constant
// charcoal colour decides the hue while the texture keeps the billows' light and shade.
Rgba charcoal(double x, double y, int) {
  const double detail = fbm(x * 2.7 - 3.0, y * 2.7 + 11.0, 41);
  const double body = puff(x, y, 0.55, 43);
  const double edge = smoothstep(0.97, 0.8, radius(x, y));
  const double a = clamp01(smoothstep(0.08, 0.95, body * (0.45 + 1.1 * detail)) * edge * 0.9);
  const double s = 0.55 + 0.3 * shading(y, detail);
  return {s, s * 0.98, s * 0.96, a};
}

// flame_smoke: one frame for the premultiplied flame/smoke material. RGB is a hot core fading to
// deep orange; alpha is a billowy support. Young particles (lifetime alpha 0) add the RGB as
// glow, old ones (dark RGB, alpha up) occlude as smoke — from this one texture.
Rgba flameSmoke(double x, double y, int) {
  const double detail = fbm(x * 3.3 + 7.0, y * 2.6 - 2.0, 59);
  const double body = puff(x, y * 0.9 + 0.05, 0.35, 61);
  const double edge = smoothstep(0.97, 0.8, radius(x, y));
  const double a = clamp01(smoothstep(0.06, 0.9, body * (0.45 + 1.1 * detail)) * edge);
  const double heat = clamp01(smoothstep(0.85, 0.05, radius(x * 1.1, y + 0.15)) * (0.7 + 0.6 * detail));
  return {1.0, mix(0.38, 0.95, heat), mix(0.06, 0.7, heat * heat), a};
}

// glass_table: the glass sample's palette translucency table (docs/events.md "Palette blend"),
// 256 x 256: column s is the sprite's luminance, row d the luminance behind it. Amber glass in
// twelve bands, as a palette game's table maps every pair to one of a few palette entries: the
// band is 0.55·behind + 0.8·sprite, so a shard over a dark floor is a dim amber and over a lit
// patch a bright one. The faintest columns (s < 3) have alpha 0 and leave the pixel as it was.
bool writeGlassTable(const std::filesystem::path& path) {
  constexpr int kTable = 256;
  std::vector<std::uint8_t> bytes(static_cast<std::size_t>(kTable) * kTable * 4);
  for (int d = 0; d < kTable; ++d)
    for (int s = 0; s < kTable; ++s) {
      const double band = std::floor(clamp01(0.55 * d / 255.0 + 0.8 * s / 255.0) * 12 + 0.5) / 12;
      // Warmer as it brightens: red above the band's line, blue below it (only + and ×: bit-exact).
      const double ch[4] = {band * (1.15 - 0.15 * band), 0.72 * band, 0.45 * band * band, s < 3 ? 0.0 : 1.0};
      const std::size_t i = (static_cast<std::size_t>(d) * kTable + s) * 4;
      for (int k = 0; k < 4; ++k) bytes[i + k] = static_cast<std::uint8_t>(static_cast<int>(clamp01(ch[k]) * 255 + 0.5));
    }
  if (stbi_write_png(path.string().c_str(), kTable, kTable, 4, bytes.data(), kTable * 4) == 0) {
    std::fprintf(stderr, "kiln-texgen: cannot write %s\n", path.string().c_str());
    return false;
  }
  return true;
}
}  // namespace

int main(int argc, char** argv) {
  if (argc != 2 || std::string(argv[1]) == "--help") {
    std::fprintf(stderr, "usage: kiln-texgen OUT_DIR\n  writes the sample sprite textures as PNG\n");
    return 2;
  }
  const std::filesystem::path out = argv[1];
  std::error_code ec;
  std::filesystem::create_directories(out, ec);
  if (ec) {
    std::fprintf(stderr, "kiln-texgen: cannot create %s: %s\n", out.string().c_str(), ec.message().c_str());
    return 2;
  }
  // stb's default level; pinned so a future default change cannot alter committed bytes.
  stbi_write_png_compression_level = 8;

  bool ok = writeImage(out / "soft.png", soft, 0) && writeImage(out / "ember.png", ember, 0) &&
            writeImage(out / "spark.png", spark, 0) && writeImage(out / "charcoal.png", charcoal, 0) &&
            writeImage(out / "flame_smoke.png", flameSmoke, 0) && writeGlassTable(out / "glass_table.png");
  for (int f = 0; ok && f < 16; ++f) {
    char name[32];
    std::snprintf(name, sizeof name, "smoke_%02d.png", f);
    ok = writeImage(out / name, smokeFrame, f);
  }
  return ok ? 0 : 2;
}
