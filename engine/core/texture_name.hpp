// The one resolver from a texture name to its file. A compiled level stores names only and its
// PNGs live at <dir>/textures/NAME.png; `kiln compile` writes them there. A name therefore must
// stay a plain file name, or a hostile level reads and writes outside that folder.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "core/diagnostic.hpp"

namespace kiln::core {

// Why `name` is not a plain texture name, or nullopt when it is. Plain: not empty, no `..`,
// no `/` or `\`, no drive prefix (`C:`), no NUL and no control byte (C0 or DEL).
std::optional<std::string> textureNameProblem(std::string_view name);

// `folder / (name + ".png")` for a plain name; otherwise an unsafe-texture-name diagnostic at
// `fieldPath`. Every reader and writer of texture files goes through this.
std::variant<std::filesystem::path, Diagnostic> resolveTextureFile(const std::filesystem::path& folder,
                                                                   std::string_view name,
                                                                   const std::string& fieldPath);

}  // namespace kiln::core
