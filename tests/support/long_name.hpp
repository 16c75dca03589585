// Names at the byte limit for tests, benchmarks and fuzz seeds.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace kiln::testsupport {

// Exactly `bytes` bytes: PREFIX, the index in decimal and '_', padded with 'x'.
inline std::string longName(std::string_view prefix, std::size_t index, std::size_t bytes) {
  std::string s = std::string(prefix) + std::to_string(index) + "_";
  s.resize(bytes, 'x');
  return s;
}

}  // namespace kiln::testsupport
