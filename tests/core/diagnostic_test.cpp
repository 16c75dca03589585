// The code table: names are unique, round-trip, and diagnostics format as the CLI prints them.
#include <catch2/catch.hpp>

#include <set>

#include "core/diagnostic.hpp"

using namespace kiln::core;

TEST_CASE("every code has a unique kebab-case name that round-trips", "[codes]") {
  std::set<std::string_view> seen;
  for (Code c : allCodes()) {
    const auto n = codeName(c);
    CHECK(seen.insert(n).second);
    CHECK(codeFromName(n) == c);
    CHECK(!codeMeaning(c).empty());
    for (char ch : n) CHECK(((ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch == '-'));
  }
  CHECK(!codeFromName("no-such-code").has_value());
}

TEST_CASE("diagnostics format as error[CODE]: PATH: message", "[codes]") {
  CHECK(format(Diagnostic{Code::CurveOrder, "presets.embers.size[2].age", "ages repeat"}) ==
        "error[curve-order]: presets.embers.size[2].age: ages repeat");
  CHECK(format(DecodeError{Code::BadMagic, 0, "header.magic", "nope"}) ==
        "error[bad-magic]: header.magic: nope (at byte 0)");
}
