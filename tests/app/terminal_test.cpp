// The printable-output filter: text and valid UTF-8 pass, every other byte is escaped, a
// character split between writes is kept whole, and a long line is cut with a count.
#include "loader/terminal.hpp"

#include <catch2/catch.hpp>
#include <string>

using kiln::loader::PrintableFilter;

namespace {

// Everything the filter emits for `pieces` written one after another, then finished.
std::string through(std::initializer_list<std::string> pieces, std::size_t maxLine = 0) {
  std::string out;
  PrintableFilter f([&](std::string_view s) { out.append(s); }, maxLine);
  for (const std::string& p : pieces) f.put(p);
  f.finish();
  return out;
}

}  // namespace

TEST_CASE("finding: raw ESC, BEL and invalid UTF-8 never reach the terminal", "[terminal]") {
  CHECK(through({"plain text, fl\xC3\xA4mme \xE2\x82\xAC\n"}) == "plain text, fl\xC3\xA4mme \xE2\x82\xAC\n");
  CHECK(through({"a\x1B]0;x\x07"
                 "b\n"}) == "a\\x1b]0;x\\x07b\n");
  CHECK(through({"bad \xFF\xFE\n"}) == "bad \\xff\\xfe\n");
  CHECK(through({"\r\t\x7F\n"}) == "\\x0d\\x09\\x7f\n");
  CHECK(through({"\xC2\x9B[31m \xC2\xA0\n"}) == "\\xc2\\x9b[31m \xC2\xA0\n");  // C1 CSI vs no-break space
}

TEST_CASE("finding: a character split between two writes is passed whole, not escaped", "[terminal]") {
  CHECK(through({"fl\xC3", "\xA4mme\n"}) == "fl\xC3\xA4mme\n");
  CHECK(through({"\xF0\x9F", "\x94", "\xA5\n"}) == "\xF0\x9F\x94\xA5\n");
  // An unfinished character at the end of the stream is escaped byte by byte.
  CHECK(through({"x\xE2\x82"}) == "x\\xe2\\x82");
  // A lead byte followed by something other than a continuation is escaped at once.
  CHECK(through({"\xC3", "A\n"}) == "\\xc3A\n");
}

TEST_CASE("finding: a stderr line past the limit is cut with the count of bytes cut", "[terminal]") {
  CHECK(through({"01234567\n"}, 8) == "01234567\n");  // just inside
  CHECK(through({"012345678\n"}, 8) == "01234567 [... 1 bytes cut]\n");
  CHECK(through({"0123", "456789AB", "\nnext\n"}, 8) == "01234567 [... 4 bytes cut]\nnext\n");
  // The cut lands before a character, never inside it: 'abc' + a two-byte character at a limit of 4.
  CHECK(through({"abc\xC3\xA4\n"}, 4) == "abc [... 2 bytes cut]\n");
  // A cut line without a final newline still gets its note.
  CHECK(through({"0123456789"}, 8) == "01234567 [... 2 bytes cut]");
}
