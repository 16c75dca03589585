// Capture file names: kiln-view writes LABEL-NNNN_…, and kiln report pairs two labels' captures
// by what follows the label, so both read the prefix through this one rule.
#pragma once

#include <string_view>

namespace kiln::loader {

// Where the `-` in front of a capture's number is: the first `-` followed by at least four
// digits and then `_` or `.` ("before-tune-0001_braziers_t…png" gives 11); npos when there is
// none. The label is the name before it, the pairing key the name after it.
std::size_t captureNumberDash(std::string_view name);

}  // namespace kiln::loader
