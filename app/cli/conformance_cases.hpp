// What the verdict case builders share: the list cases are added to, the "just outside" doubles
// and the little-endian writers, so each format's cases can live in a file of their own.
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "cli/conformance.hpp"

namespace kiln::sim {
struct Events;
}
namespace kiln::world {
struct Level;
}

namespace kiln::cli::conformance::cases {

using Bytes = std::vector<std::uint8_t>;

inline constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
inline constexpr double kInf = std::numeric_limits<double>::infinity();
inline constexpr double kTiny = std::numeric_limits<double>::denorm_min();  // the least double above 0

// The next double above / below: "just outside" a closed limit.
inline double above(double v) { return std::nextafter(v, kInf); }
inline double below(double v) { return std::nextafter(v, -kInf); }

void putU16(Bytes& b, std::uint64_t at, std::uint16_t v);
void putU32(Bytes& b, std::uint64_t at, std::uint32_t v);
void putF64(Bytes& b, std::uint64_t at, double v);
// The header's payload size and crc32 made to fit the payload again, so only the intended
// defect remains.
void reseal(Bytes& b);

struct CaseList {
  Profile profile = Profile::Small;
  std::vector<VerdictCase> out;

  void add(std::string id, std::string format, std::string rule, std::string side, std::string docs,
           std::string tests, Bytes bytes, std::optional<std::string> code,
           std::optional<std::uint64_t> offset = std::nullopt) {
    out.push_back({"verdict." + id, std::move(format), std::move(rule), std::move(side), std::move(docs),
                   std::move(tests), std::move(bytes), std::move(code), offset});
  }
};

// The event rules of docs/events.md on both sides of each limit, on the base level's section.
void eventRules(CaseList& g, const sim::Events& base);
// The level rules of docs/formats/klm1.md: an emitter's sector and fit, the declared features.
void levelRules(CaseList& g, const world::Level& base);
// The entry table of a KLM1 module, written by hand: entries missing, twice, unknown, reordered.
void moduleEntries(CaseList& g, const world::Level& base);

}  // namespace kiln::cli::conformance::cases
