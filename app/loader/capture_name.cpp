// The LABEL- prefix of capture file names (capture_name.hpp).
#include "loader/capture_name.hpp"

namespace kiln::loader {

std::size_t captureNumberDash(std::string_view name) {
  for (std::size_t dash = name.find('-'); dash != std::string_view::npos; dash = name.find('-', dash + 1)) {
    std::size_t end = dash + 1;
    while (end < name.size() && name[end] >= '0' && name[end] <= '9') ++end;
    if (end - dash - 1 >= 4 && end < name.size() && (name[end] == '_' || name[end] == '.')) return dash;
  }
  return std::string_view::npos;
}

}  // namespace kiln::loader
