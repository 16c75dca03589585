// Fuzz entry: the texture resolver (core/texture_name.hpp) on arbitrary names. An accepted
// name always resolves to exactly one file directly inside the folder, named NAME.png; a
// refused one is always unsafe-texture-name at the given field path.
#include <filesystem>
#include <string>

#include "core/texture_name.hpp"
#include "fuzz_check.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  namespace fs = std::filesystem;
  const std::string name(reinterpret_cast<const char*>(data), size);
  const fs::path folder = "level/textures";
  const auto resolved = kiln::core::resolveTextureFile(folder, name, "presets.p.sprite.frames[0]");
  if (const auto* d = std::get_if<kiln::core::Diagnostic>(&resolved)) {
    KILN_FUZZ_CHECK(d->code == kiln::core::Code::UnsafeTextureName);
    KILN_FUZZ_CHECK(d->path == "presets.p.sprite.frames[0]");
    KILN_FUZZ_CHECK(kiln::core::textureNameProblem(name).has_value());
    return 0;
  }
  const fs::path& file = std::get<fs::path>(resolved);
  KILN_FUZZ_CHECK(name.find('\0') == std::string::npos);
  KILN_FUZZ_CHECK(file.parent_path() == folder);
  KILN_FUZZ_CHECK(file.filename().string() == name + ".png");
  const fs::path normal = file.lexically_normal();
  KILN_FUZZ_CHECK(normal.parent_path() == folder);
  const fs::path rel = normal.lexically_relative(folder);
  KILN_FUZZ_CHECK(!rel.empty() && *rel.begin() != ".." && !rel.is_absolute());
  return 0;
}
