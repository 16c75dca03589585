// The name rule shared by presets, emitters and texture names: 1..64 bytes of valid UTF-8
// without control characters.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace kiln::particles {

// Why `name` is not a valid name, or nullopt when it is.
std::optional<std::string> nameProblem(std::string_view name);

}  // namespace kiln::particles
