// The golden KWS1 and KLM1 fixtures (tests/data/kws1/, tests/data/klm1/): valid files built
// from models, and malformed ones each one edit away from a valid file.
// Regenerate: KILN_UPDATE_GOLDENS=1 test_world "[golden]"
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/diagnostic.hpp"
#include "world/world.hpp"

namespace kiln::worldtest {

struct Golden {
  std::string file;  // relative to tests/data, e.g. "kws1/invalid-nan-vertex.kws"
  std::vector<std::uint8_t> bytes;
  bool valid = false;
  core::Code code{};          // expected decode code when invalid
  std::uint64_t offset = 0;   // expected error offset when invalid (computed by hand from the layout)
  std::string why;            // the one edit made to the valid base
};

std::vector<Golden> kws1Goldens();
std::vector<Golden> klm1Goldens();

// The sectors the sample particle documents fit in (hall and an eastern corridor).
world::World levelWorld(std::uint16_t version);

void patchU16(std::vector<std::uint8_t>& file, std::uint64_t at, std::uint16_t v);
void patchU32(std::vector<std::uint8_t>& file, std::uint64_t at, std::uint32_t v);
void patchF64(std::vector<std::uint8_t>& file, std::uint64_t at, double v);
// Recomputes the header's payload size and crc32 so only the intended defect remains.
void reseal(std::vector<std::uint8_t>& file);

}  // namespace kiln::worldtest
