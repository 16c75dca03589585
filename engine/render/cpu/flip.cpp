// LDR-ꟻLIP (see flip.hpp): the colour pipeline (sRGB → linear RGB → XYZ → YCxCz, contrast
// sensitivity filters, back to linear RGB → CIELab → Hunt → HyAB, compressed) and the feature
// pipeline (edges and points of the achromatic channel), combined per pixel as
// colour^(1 − feature). Written from the paper's description, section 4 and 5.
#include "render/cpu/flip.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <numbers>

#include "core/assert.hpp"
#include "particles/evaluate_all.hpp"

namespace kiln::render {

namespace {

using std::numbers::pi;

// The paper's constants (section 4.1, 4.2, 5.1).
constexpr float kQc = 0.7f;   // exponent of the HyAB distance
constexpr float kPc = 0.4f;   // fraction of cmax where the compression's knee sits
constexpr float kPt = 0.95f;  // error the knee maps to
constexpr double kW = 0.082;  // peak-to-trough width of the edge detector, degrees
constexpr float kQf = 0.5f;   // exponent of the feature difference

// The contrast sensitivity of each YCxCz channel as a sum of two Gaussians in the spatial
// domain, a1·√(π/b1)·exp(−π²x²/b1) + a2·√(π/b2)·exp(−π²x²/b2), x in degrees (paper, eq. 2 and
// table 1). b2 of the achromatic and red-green channels only keeps the formula defined: a2 is 0.
struct Csf {
  double a1, b1, a2, b2;
};
constexpr Csf kCsfA{1.0, 0.0047, 0.0, 1e-5};
constexpr Csf kCsfRG{1.0, 0.0053, 0.0, 1e-5};
constexpr Csf kCsfBY{34.1, 0.04, 13.5, 0.025};

// Linear sRGB (D65) → CIE XYZ, and its inverse computed from it so that a round trip is exact
// up to float rounding and the white point is what linear (1,1,1) maps to.
using Mat3 = std::array<std::array<double, 3>, 3>;
constexpr Mat3 kRgbToXyz{{{0.4124564, 0.3575761, 0.1804375},
                          {0.2126729, 0.7151522, 0.0721750},
                          {0.0193339, 0.1191920, 0.9503041}}};

constexpr Mat3 inverse(const Mat3& m) {
  const double det = m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) -
                     m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0]) +
                     m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
  Mat3 r{};
  r[0][0] = (m[1][1] * m[2][2] - m[1][2] * m[2][1]) / det;
  r[0][1] = (m[0][2] * m[2][1] - m[0][1] * m[2][2]) / det;
  r[0][2] = (m[0][1] * m[1][2] - m[0][2] * m[1][1]) / det;
  r[1][0] = (m[1][2] * m[2][0] - m[1][0] * m[2][2]) / det;
  r[1][1] = (m[0][0] * m[2][2] - m[0][2] * m[2][0]) / det;
  r[1][2] = (m[0][2] * m[1][0] - m[0][0] * m[1][2]) / det;
  r[2][0] = (m[1][0] * m[2][1] - m[1][1] * m[2][0]) / det;
  r[2][1] = (m[0][1] * m[2][0] - m[0][0] * m[2][1]) / det;
  r[2][2] = (m[0][0] * m[1][1] - m[0][1] * m[1][0]) / det;
  return r;
}
constexpr Mat3 kXyzToRgb = inverse(kRgbToXyz);

struct Vec3 {
  float x, y, z;
};

constexpr Vec3 mul(const Mat3& m, Vec3 v) {
  return {static_cast<float>(m[0][0] * v.x + m[0][1] * v.y + m[0][2] * v.z),
          static_cast<float>(m[1][0] * v.x + m[1][1] * v.y + m[1][2] * v.z),
          static_cast<float>(m[2][0] * v.x + m[2][1] * v.y + m[2][2] * v.z)};
}

constexpr Vec3 kWhite = mul(kRgbToXyz, {1.0f, 1.0f, 1.0f});

// CIELab of XYZ (D65 white). The paper's code takes |XYZ| first; filtered colours are clamped to
// linear RGB 0..1 before this, so XYZ is never negative here anyway.
Vec3 xyzToLab(Vec3 xyz) {
  constexpr float delta = 6.0f / 29.0f;
  const auto f = [](float t) {
    return t > delta * delta * delta ? std::cbrt(t) : t / (3.0f * delta * delta) + 4.0f / 29.0f;
  };
  const float fx = f(std::fabs(xyz.x) / kWhite.x), fy = f(std::fabs(xyz.y) / kWhite.y),
              fz = f(std::fabs(xyz.z) / kWhite.z);
  return {116.0f * fy - 16.0f, 500.0f * (fx - fy), 200.0f * (fy - fz)};
}

// Hunt effect: chroma is seen weaker at low luminance, so a and b scale with L/100.
Vec3 hunt(Vec3 lab) {
  return {lab.x, 0.01f * lab.x * lab.y, 0.01f * lab.x * lab.z};
}

// HyAB: city-block distance in L plus Euclidean distance in (a, b).
// (std::hypot's care for overflow costs more than the whole distance; Lab values are < 1000.)
float hyab(Vec3 p, Vec3 q) {
  const float da = p.y - q.y, db = p.z - q.z;
  return std::fabs(p.x - q.x) + std::sqrt(da * da + db * db);
}

// The largest colour distance the compression expects: Hunt-adjusted green against blue.
float maxColorDistance() {
  const Vec3 green = hunt(xyzToLab(mul(kRgbToXyz, {0, 1, 0})));
  const Vec3 blue = hunt(xyzToLab(mul(kRgbToXyz, {0, 0, 1})));
  return std::pow(hyab(green, blue), kQc);
}

// A filtered pixel in YCxCz back to linear RGB clamped to the displayable range, then to
// Hunt-adjusted CIELab.
Vec3 filteredToHuntLab(float yy, float cx, float cz) {
  const float y = (yy + 16.0f) / 116.0f;
  const Vec3 xyz{(y + cx / 500.0f) * kWhite.x, y * kWhite.y, (y - cz / 200.0f) * kWhite.z};
  Vec3 rgb = mul(kXyzToRgb, xyz);
  rgb = {std::clamp(rgb.x, 0.0f, 1.0f), std::clamp(rgb.y, 0.0f, 1.0f), std::clamp(rgb.z, 0.0f, 1.0f)};
  return hunt(xyzToLab(mul(kRgbToXyz, rgb)));
}

// ---- separable filters ----------------------------------------------------------------------

// A 1-D kernel of odd length 2·radius + 1, weights in float for the inner loops.
using Kernel = std::vector<float>;

// One Gaussian term of a CSF: the 2-D term a·√(π/b)·g(x)·g(y) factors into a normalised 1-D
// kernel (applied along x, then y) and the term's share of the 2-D kernel's total weight.
struct CsfTerm {
  Kernel kernel;
  double share = 0;
};

struct CsfFilter {
  std::vector<CsfTerm> terms;  // terms with a = 0 are left out
};

CsfFilter csfFilter(const Csf& csf, int radius, double ppd) {
  const double dx = 1.0 / ppd;
  CsfFilter filter;
  std::array<double, 2> totals{};
  std::array<std::vector<double>, 2> raw;
  const std::array<std::pair<double, double>, 2> ab{{{csf.a1, csf.b1}, {csf.a2, csf.b2}}};
  double all = 0;
  for (std::size_t t = 0; t < 2; ++t) {
    for (int i = -radius; i <= radius; ++i) {
      const double x = i * dx;
      raw[t].push_back(std::exp(-pi * pi * x * x / ab[t].second));
      totals[t] += raw[t].back();
    }
    // The 2-D term sums to a·√(π/b)·(Σg)²; the whole kernel is normalised to sum 1.
    all += ab[t].first * std::sqrt(pi / ab[t].second) * totals[t] * totals[t];
  }
  for (std::size_t t = 0; t < 2; ++t) {
    if (ab[t].first == 0) continue;
    CsfTerm term;
    term.share = ab[t].first * std::sqrt(pi / ab[t].second) * totals[t] * totals[t] / all;
    for (const double g : raw[t]) term.kernel.push_back(static_cast<float>(g / totals[t]));
    filter.terms.push_back(std::move(term));
  }
  return filter;
}

// The feature detectors (paper, section 5.1): the first (edges) and second (points) derivative
// of a Gaussian of σ = w/2 degrees along one axis, times the Gaussian along the other. Positive
// weights are scaled to sum to 1 and negative ones to −1; that scaling factors through the
// separable form, so the 2-D filters are derivative(x)·smooth(y) and smooth(x)·derivative(y).
struct FeatureKernels {
  Kernel smooth, edge, point;
};

FeatureKernels featureKernels(int radius, double ppd) {
  const double sd = 0.5 * kW * ppd;
  std::vector<double> g, edge, point;
  double gSum = 0, edgePos = 0, edgeNeg = 0, pointPos = 0, pointNeg = 0;
  for (int i = -radius; i <= radius; ++i) {
    const double x = i;
    g.push_back(std::exp(-x * x / (2 * sd * sd)));
    edge.push_back(-x * g.back());
    point.push_back((x * x / (sd * sd) - 1) * g.back());
    gSum += g.back();
    (edge.back() > 0 ? edgePos : edgeNeg) += std::fabs(edge.back());
    (point.back() > 0 ? pointPos : pointNeg) += std::fabs(point.back());
  }
  FeatureKernels k;
  for (std::size_t i = 0; i < g.size(); ++i) {
    k.smooth.push_back(static_cast<float>(g[i] / gSum));
    k.edge.push_back(static_cast<float>(edge[i] / (edge[i] > 0 ? edgePos : edgeNeg)));
    k.point.push_back(static_cast<float>(point[i] / (point[i] > 0 ? pointPos : pointNeg)));
  }
  return k;
}

// out[x] = Σ_j kernel[j] · rows[j][x]: both passes of every separable filter. Eight outputs at a
// time in an explicit vector type (the build turns GCC's auto-vectorizer off, see
// cmake/KilnOptions.cmake; explicit vectors are untouched by that and this code stores no bounds).
using Lanes = float __attribute__((vector_size(32)));
constexpr int kLanes = 8;

// On x86-64 GCC and Clang also build an AVX2 copy and pick one when the program loads
// (target_clones): the same arithmetic in the same order, in wider registers.
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define KILN_FLIP_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define KILN_FLIP_CLONES
#endif

KILN_FLIP_CLONES void weightedSum(const float* const* rows, const Kernel& kernel, float* out, int width) {
  const std::size_t taps = kernel.size();
  int x = 0;
  for (; x + kLanes <= width; x += kLanes) {
    Lanes acc{};
    for (std::size_t j = 0; j < taps; ++j) {
      Lanes v;
      std::memcpy(&v, rows[j] + x, sizeof v);
      acc += kernel[j] * v;
    }
    std::memcpy(out + x, &acc, sizeof acc);
  }
  for (; x < width; ++x) {
    float acc = 0;
    for (std::size_t j = 0; j < taps; ++j) acc += kernel[j] * rows[j][x];
    out[x] = acc;
  }
}

// Pixels outside the image repeat the nearest edge pixel (clamp to edge), as the paper's code does.
struct RowFilter {
  std::vector<float> padded;
  std::vector<const float*> rows;

  void horizontal(const float* in, int width, const Kernel& kernel, float* out) {
    const int r = static_cast<int>(kernel.size() / 2);
    padded.resize(static_cast<std::size_t>(width + 2 * r));
    for (int i = 0; i < width + 2 * r; ++i)
      padded[static_cast<std::size_t>(i)] = in[std::clamp(i - r, 0, width - 1)];
    rows.resize(kernel.size());
    for (std::size_t j = 0; j < kernel.size(); ++j) rows[j] = padded.data() + j;
    weightedSum(rows.data(), kernel, out, width);
  }

  void vertical(const std::vector<float>& plane, int width, int height, int y, const Kernel& kernel,
                float* out) {
    const int r = static_cast<int>(kernel.size() / 2);
    rows.resize(kernel.size());
    for (int j = 0; j <= 2 * r; ++j)
      rows[static_cast<std::size_t>(j)] =
          plane.data() +
          static_cast<std::size_t>(std::clamp(y + j - r, 0, height - 1)) * static_cast<std::size_t>(width);
    weightedSum(rows.data(), kernel, out, width);
  }
};

// ---- the two images' planes -----------------------------------------------------------------

// One image after the horizontal pass of every filter: the CSF terms of Y, Cx, Cz (in the order
// of their filters' terms) and the achromatic channel smoothed, edge- and point-filtered along x.
struct HorizontalPlanes {
  std::vector<std::vector<float>> colour;
  std::vector<float> smooth, edge, point;
};

struct Filters {
  std::array<CsfFilter, 3> csf;  // Y, Cx, Cz
  FeatureKernels features;
};

float srgbToLinear(std::uint8_t c) {
  const double v = c / 255.0;
  return static_cast<float>(v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4));
}

constexpr std::size_t kRowsPerTask = 16;

// `linearAt(i)`: pixel i's linear RGB in [0, 1] (rows top to bottom).
template <class LinearAt>
HorizontalPlanes horizontalPass(std::uint32_t width, std::uint32_t height, const Filters& f, const LinearAt& linearAt) {
  const int w = static_cast<int>(width), h = static_cast<int>(height);
  const std::size_t n = std::size_t{width} * height;
  HorizontalPlanes out;
  for (const CsfFilter& c : f.csf)
    for (std::size_t t = 0; t < c.terms.size(); ++t) out.colour.emplace_back(n);
  out.smooth.resize(n);
  out.edge.resize(n);
  out.point.resize(n);
  const std::size_t tasks = (height + kRowsPerTask - 1) / kRowsPerTask;
  particles::parallelFor(tasks, 0, [&](std::size_t task) {
    RowFilter filter;
    std::array<std::vector<float>, 4> channel;  // Y, Cx, Cz of YCxCz, and luminance Y/Yn
    for (auto& c : channel) c.resize(width);
    const int y1 = std::min(h, static_cast<int>((task + 1) * kRowsPerTask));
    for (int y = static_cast<int>(task * kRowsPerTask); y < y1; ++y) {
      const std::size_t row = static_cast<std::size_t>(y) * width;
      for (int x = 0; x < w; ++x) {
        const Vec3 xyz = mul(kRgbToXyz, linearAt(row + static_cast<std::size_t>(x)));
        const float lx = xyz.x / kWhite.x, ly = xyz.y / kWhite.y, lz = xyz.z / kWhite.z;
        const auto i = static_cast<std::size_t>(x);
        channel[0][i] = 116.0f * ly - 16.0f;
        channel[1][i] = 500.0f * (lx - ly);
        channel[2][i] = 200.0f * (ly - lz);
        channel[3][i] = ly;
      }
      std::size_t plane = 0;
      for (std::size_t c = 0; c < 3; ++c)
        for (const CsfTerm& term : f.csf[c].terms)
          filter.horizontal(channel[c].data(), w, term.kernel, out.colour[plane++].data() + row);
      filter.horizontal(channel[3].data(), w, f.features.smooth, out.smooth.data() + row);
      filter.horizontal(channel[3].data(), w, f.features.edge, out.edge.data() + row);
      filter.horizontal(channel[3].data(), w, f.features.point, out.point.data() + row);
    }
  });
  return out;
}

// One row of one image after the vertical pass: Hunt-adjusted Lab of the filtered colour, and the
// edge and point magnitudes.
struct FilteredRow {
  std::vector<float> sum, scratch;
  std::vector<Vec3> lab;
  std::vector<float> edge, point;
  std::array<std::vector<float>, 3> ycxcz;
  std::array<std::vector<float>, 4> features;  // edge x, edge y, point x, point y
};

void verticalPass(const HorizontalPlanes& planes, const Filters& f, int w, int h, int y, RowFilter& filter,
                  FilteredRow& row) {
  const auto width = static_cast<std::size_t>(w);
  row.scratch.resize(width);
  std::size_t plane = 0;
  for (std::size_t c = 0; c < 3; ++c) {
    row.ycxcz[c].assign(width, 0.0f);
    for (const CsfTerm& term : f.csf[c].terms) {
      filter.vertical(planes.colour[plane++], w, h, y, term.kernel, row.scratch.data());
      const auto share = static_cast<float>(term.share);
      for (std::size_t x = 0; x < width; ++x) row.ycxcz[c][x] += share * row.scratch[x];
    }
  }
  const FeatureKernels& k = f.features;
  for (auto& v : row.features) v.resize(width);
  filter.vertical(planes.edge, w, h, y, k.smooth, row.features[0].data());
  filter.vertical(planes.smooth, w, h, y, k.edge, row.features[1].data());
  filter.vertical(planes.point, w, h, y, k.smooth, row.features[2].data());
  filter.vertical(planes.smooth, w, h, y, k.point, row.features[3].data());
  row.lab.resize(width);
  row.edge.resize(width);
  row.point.resize(width);
  for (std::size_t x = 0; x < width; ++x) {
    row.lab[x] = filteredToHuntLab(row.ycxcz[0][x], row.ycxcz[1][x], row.ycxcz[2][x]);
    const float ex = row.features[0][x], ey = row.features[1][x], px = row.features[2][x],
                py = row.features[3][x];
    row.edge[x] = std::sqrt(ex * ex + ey * ey);
    row.point[x] = std::sqrt(px * px + py * py);
  }
}

// Weighted p-quantile of values already sorted ascending (see FlipStatistics).
double weightedQuantile(const std::vector<float>& sorted, double total, double before, double p) {
  double sum = before;
  for (const float v : sorted) {
    sum += v;
    if (sum >= p * total) return v;
  }
  return sorted.empty() ? 0.0 : sorted.back();
}

}  // namespace

double pixelsPerDegree(double viewingDistance, double monitorWidth, double monitorPixels) {
  return viewingDistance * (monitorPixels / monitorWidth) * (pi / 180.0);
}

FlipStatistics flipStatistics(std::span<const float> error) {
  FlipStatistics s;
  if (error.empty()) return s;
  // A fine histogram by value finds the bucket each quantile falls in; only that bucket's values
  // are sorted, so the quantiles are exact without sorting the whole map.
  constexpr std::size_t kBuckets = 1 << 14;
  std::vector<double> bucketSum(kBuckets, 0.0);
  const auto bucketOf = [](float v) {
    return std::min(kBuckets - 1, static_cast<std::size_t>(std::clamp(v, 0.0f, 1.0f) * kBuckets));
  };
  double total = 0;
  float max = 0;
  for (const float v : error) {
    bucketSum[bucketOf(v)] += v;
    total += v;
    max = std::max(max, v);
  }
  s.mean = total / static_cast<double>(error.size());
  s.max = max;
  if (total <= 0) return s;
  const auto quantile = [&](double p) {
    double before = 0;
    std::size_t b = 0;
    while (b + 1 < kBuckets && before + bucketSum[b] < p * total) before += bucketSum[b++];
    std::vector<float> values;
    for (const float v : error)
      if (bucketOf(v) == b) values.push_back(v);
    std::sort(values.begin(), values.end());
    return weightedQuantile(values, total, before, p);
  };
  s.q1 = quantile(0.25);
  s.median = quantile(0.5);
  s.q3 = quantile(0.75);
  return s;
}

namespace {

// The LDR-ꟻLIP map of two images given as linear RGB in [0, 1] by accessors (see horizontalPass),
// into r.error (r's width, height and ppd set).
template <class RefAt, class TestAt>
void flipMap(FlipResult& r, const RefAt& referenceAt, const TestAt& testAt) {
  const double ppd = r.ppd;
  const std::size_t n = std::size_t{r.width} * r.height;
  // Every CSF kernel spans 3 standard deviations of the widest Gaussian of the three (paper's code).
  const double widest = std::max({kCsfA.b1, kCsfA.b2, kCsfRG.b1, kCsfRG.b2, kCsfBY.b1, kCsfBY.b2});
  const int csfRadius = static_cast<int>(std::ceil(3.0 * std::sqrt(widest / (2.0 * pi * pi)) * ppd));
  const int featureRadius = static_cast<int>(std::ceil(3.0 * 0.5 * kW * ppd));
  Filters f;
  f.csf = {csfFilter(kCsfA, csfRadius, ppd), csfFilter(kCsfRG, csfRadius, ppd),
           csfFilter(kCsfBY, csfRadius, ppd)};
  f.features = featureKernels(featureRadius, ppd);
  const HorizontalPlanes ref = horizontalPass(r.width, r.height, f, referenceAt);
  const HorizontalPlanes tst = horizontalPass(r.width, r.height, f, testAt);

  const float cmax = maxColorDistance();
  const float knee = kPc * cmax;
  const int w = static_cast<int>(r.width), h = static_cast<int>(r.height);
  r.error.resize(n);
  const std::size_t tasks = (r.height + kRowsPerTask - 1) / kRowsPerTask;
  particles::parallelFor(tasks, 0, [&](std::size_t task) {
    RowFilter filter;
    FilteredRow a, b;
    const int y1 = std::min(h, static_cast<int>((task + 1) * kRowsPerTask));
    for (int y = static_cast<int>(task * kRowsPerTask); y < y1; ++y) {
      verticalPass(ref, f, w, h, y, filter, a);
      verticalPass(tst, f, w, h, y, filter, b);
      float* out = r.error.data() + static_cast<std::size_t>(y) * r.width;
      for (std::size_t x = 0; x < r.width; ++x) {
        // Colour: HyAB^qc, then the paper's compression: [0, pc·cmax] onto [0, pt] linearly,
        // the rest onto (pt, 1]. A distance past cmax (none of sRGB's is) would clamp to 1.
        const float distance = std::pow(hyab(a.lab[x], b.lab[x]), kQc);
        const float colour = distance < knee
                                 ? distance * (kPt / knee)
                                 : std::min(1.0f, kPt + (distance - knee) / (cmax - knee) * (1 - kPt));
        // Features: the larger of the edge and point differences, scaled into 0..1 by 1/√2
        // (each magnitude is at most √2) and raised to qf.
        const float featureDiff =
            std::max(std::fabs(a.edge[x] - b.edge[x]), std::fabs(a.point[x] - b.point[x]));
        static_assert(kQf == 0.5f, "the feature exponent is taken as a square root");
        const float feature = std::sqrt(std::min(1.0f, featureDiff / std::numbers::sqrt2_v<float>));
        out[x] = colour == 0.0f ? 0.0f : std::pow(colour, 1.0f - feature);
      }
    }
  });
}

// HDR-ꟻLIP's tone map: Narkowicz's ACES fit with the paper's pre-exposure of 0.6 taken out, as
// the rational a·x² + b·x + c over d·x² + e·x + f (the exposure range is solved on it).
constexpr std::array<double, 6> kFlipAces{0.6 * 0.6 * 2.51, 0.6 * 0.03, 0.0, 0.6 * 0.6 * 2.43, 0.6 * 0.59, 0.14};

}  // namespace

FlipResult flip(const core::Image& reference, const core::Image& test, double ppd) {
  KILN_ASSERT(std::isfinite(ppd) && ppd > 0);
  FlipResult r;
  const std::size_t n = std::size_t{reference.width} * reference.height;
  if (reference.width != test.width || reference.height != test.height || reference.rgba.size() != n * 4 ||
      test.rgba.size() != n * 4)
    return r;
  r.sameSize = true;
  r.width = reference.width;
  r.height = reference.height;
  r.ppd = ppd;
  if (n == 0) return r;
  std::array<float, 256> linear{};
  for (std::size_t i = 0; i < 256; ++i) linear[i] = srgbToLinear(static_cast<std::uint8_t>(i));
  const auto at = [&](const core::Image& image) {
    return [&image, &linear](std::size_t i) -> Vec3 {
      const std::uint8_t* p = &image.rgba[i * 4];  // alpha ignored
      return {linear[p[0]], linear[p[1]], linear[p[2]]};
    };
  };
  flipMap(r, at(reference), at(test));
  r.stats = flipStatistics(r.error);
  return r;
}

float flipToneMap(float x) {
  const double v = std::max(0.0f, x);
  const auto& k = kFlipAces;
  return static_cast<float>(std::clamp((k[0] * v * v + k[1] * v + k[2]) / (k[3] * v * v + k[4] * v + k[5]), 0.0, 1.0));
}

FlipExposures hdrFlipExposures(double medianLuminance, double maxLuminance) {
  FlipExposures e;
  // Where the tone map reaches 0.85: (a − t·d)x² + (b − t·e)x + (c − t·f) = 0, its larger root.
  const auto& k = kFlipAces;
  constexpr double t = 0.85;
  const double a = k[0] - t * k[3], b = k[1] - t * k[4], c = k[2] - t * k[5];
  const double half = -0.5 * b / a;
  const double xMax = half + std::sqrt(half * half - c / a);
  // A black reference (or one mostly black) has no median to aim at: both luminances are held at
  // or above 2^-20 below the peak (and a small absolute floor), so the range stays finite.
  const double peak = std::max(maxLuminance, 1e-6);
  const double median = std::clamp(medianLuminance, peak * std::ldexp(1.0, -kHdrFlipMaxExposures), peak);
  e.start = std::log2(xMax / peak);
  e.stop = std::log2(xMax / median);
  e.count = std::max(2, static_cast<int>(std::ceil(e.stop - e.start)));
  return e;
}

HdrFlipResult hdrFlip(std::uint32_t width, std::uint32_t height, std::span<const float> reference,
                      std::span<const float> test, double ppd) {
  KILN_ASSERT(std::isfinite(ppd) && ppd > 0);
  HdrFlipResult out;
  FlipResult& r = out.flip;
  const std::size_t n = std::size_t{width} * height;
  if (reference.size() != n * 4 || test.size() != n * 4) return out;
  r.sameSize = true;
  r.width = width;
  r.height = height;
  r.ppd = ppd;
  if (n == 0) return out;
  // The reference's luminance (linear sRGB's Y, negatives and non-finite values as 0).
  std::vector<float> luminance(n);
  const auto clean = [](float v) { return std::isfinite(v) ? std::max(0.0f, v) : 0.0f; };
  for (std::size_t i = 0; i < n; ++i)
    luminance[i] = static_cast<float>(kRgbToXyz[1][0] * clean(reference[i * 4]) +
                                      kRgbToXyz[1][1] * clean(reference[i * 4 + 1]) +
                                      kRgbToXyz[1][2] * clean(reference[i * 4 + 2]));
  const float maxY = *std::max_element(luminance.begin(), luminance.end());
  std::nth_element(luminance.begin(), luminance.begin() + static_cast<std::ptrdiff_t>(n / 2), luminance.end());
  double median = luminance[n / 2];
  if (n % 2 == 0) {  // the mean of the two middle values
    const float below = *std::max_element(luminance.begin(), luminance.begin() + static_cast<std::ptrdiff_t>(n / 2));
    median = 0.5 * (median + below);
  }
  out.exposures = hdrFlipExposures(median, maxY);
  const FlipExposures& e = out.exposures;
  const double delta = (e.stop - e.start) / (e.count - 1);
  // Each exposure: both images scaled by 2^exposure and tone mapped, then LDR-ꟻLIP on those
  // (already linear) values; the map keeps each pixel's largest error and the exposure it came at.
  std::vector<float> largest(n, 0.0f);
  out.exposureOfMax.assign(n, static_cast<float>(e.start));
  for (int k = 0; k < e.count; ++k) {
    const double exposure = e.start + k * delta;
    const auto scale = static_cast<float>(std::exp2(exposure));
    const auto at = [&](std::span<const float> image) {
      return [image, scale, &clean](std::size_t i) -> Vec3 {
        return {flipToneMap(scale * clean(image[i * 4])), flipToneMap(scale * clean(image[i * 4 + 1])),
                flipToneMap(scale * clean(image[i * 4 + 2]))};
      };
    };
    flipMap(r, at(reference), at(test));
    for (std::size_t i = 0; i < n; ++i)
      if (r.error[i] > largest[i]) largest[i] = r.error[i], out.exposureOfMax[i] = static_cast<float>(exposure);
  }
  r.error = std::move(largest);
  r.stats = flipStatistics(r.error);
  return out;
}

}  // namespace kiln::render
