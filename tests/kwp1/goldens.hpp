// The golden KWP1 fixtures: valid documents and one malformed file per defect, each built from
// a valid file by one edit (tests/data/kwp1/, regenerated with KILN_UPDATE_GOLDENS=1).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/diagnostic.hpp"

namespace kiln::kwp1test {

struct Golden {
  std::string file;  // e.g. "invalid-trailing-bytes.kwp"
  std::vector<std::uint8_t> bytes;
  bool valid = false;
  core::Code code{};  // expected decode code when invalid
  std::string why;    // the one edit made to the valid base
};

// Every golden, in a stable order. Building them needs the codec and bounds.
std::vector<Golden> buildGoldens();

// Helpers for one-edit fixtures: locate a field by its layout path, overwrite it, re-seal.
std::uint64_t fieldOffset(const std::vector<std::uint8_t>& file, const std::string& path);
void patchBytes(std::vector<std::uint8_t>& file, std::uint64_t at, const std::vector<std::uint8_t>& bytes);
void patchU32(std::vector<std::uint8_t>& file, std::uint64_t at, std::uint32_t v);
void patchF64(std::vector<std::uint8_t>& file, std::uint64_t at, double v);
// Recomputes the header's payload size and crc32 so only the intended defect remains.
void reseal(std::vector<std::uint8_t>& file);

}  // namespace kiln::kwp1test
