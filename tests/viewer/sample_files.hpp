// The viewer tests' access to the repository's samples: read a file whole, split it into lines,
// open the braziers sample as the viewer mounts it.
#pragma once

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "logic/level_session.hpp"

namespace kiln::viewer::testing {

inline const std::filesystem::path kAssets = std::filesystem::path(KILN_SOURCE_DIR) / "assets";

inline std::string readText(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}

inline std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) out.push_back(l);
  return out;
}

// assets/levels/braziers.yaml, opened and mounted with every check on.
inline MountedLevel braziers() {
  auto out = openLevel(kAssets / "levels/braziers.yaml", world::kilnCapabilities(), false);
  REQUIRE(out.level);
  return std::move(*out.level);
}

}  // namespace kiln::viewer::testing
