// The one name rule of every Kiln format and source: 1..maxBytes bytes of well-formed UTF-8
// without control characters (C0, DEL, C1). Presets, emitters, textures, sectors all use it.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace kiln::core {

// Why `text` is not well-formed UTF-8 free of control characters, or nullopt when it is.
// Says nothing about length: the caller's limit is checked by nameProblem.
std::optional<std::string> textProblem(std::string_view text);

// Why `name` is not a valid name of at most maxBytes bytes, or nullopt when it is.
std::optional<std::string> nameProblem(std::string_view name, std::size_t maxBytes);

}  // namespace kiln::core
