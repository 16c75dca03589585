// core::textProblem: the 16- and 8-bytes-at-a-time ASCII skips must accept and reject exactly what the
// scalar-by-scalar rule does, and report a defect at the same byte.
#include <catch2/catch.hpp>

#include <string>

#include "core/names.hpp"

using namespace kiln::core;

namespace {

// The rule written out one byte at a time for single-byte text: printable ASCII passes, C0 and
// DEL are control characters, bytes of 0x80 and above are not UTF-8 on their own.
std::optional<std::string> singleByteReference(const std::string& s) {
  for (std::size_t i = 0; i < s.size(); ++i) {
    const auto b = static_cast<unsigned char>(s[i]);
    if (b >= 0x80) return "name is not valid UTF-8 at byte " + std::to_string(i);
    if (b < 0x20 || b == 0x7F) return "name contains a control character at byte " + std::to_string(i);
  }
  return std::nullopt;
}

}  // namespace

TEST_CASE("textProblem: every byte value at every position of a 1..40-byte name", "[names]") {
  // 40 bytes: two 16-byte blocks, one 8-byte word and a scalar tail.
  for (std::size_t length = 1; length <= 40; ++length)
    for (std::size_t at = 0; at < length; ++at)
      for (int b = 0; b < 256; ++b) {
        std::string s(length, 'a');
        s[at] = static_cast<char>(b);
        INFO("length " << length << ", byte " << at << " = " << b);
        REQUIRE(textProblem(s) == singleByteReference(s));
      }
}

TEST_CASE("textProblem: the edges of printable ASCII in a long name", "[names]") {
  std::string s(64, 'x');
  s[40] = 0x20;  // space: the lowest printable byte
  s[41] = 0x7E;  // '~': the highest
  CHECK_FALSE(textProblem(s).has_value());
  s[41] = 0x7F;
  CHECK(textProblem(s) == std::optional<std::string>("name contains a control character at byte 41"));
  s[41] = 0x1F;
  CHECK(textProblem(s) == std::optional<std::string>("name contains a control character at byte 41"));
}

TEST_CASE("textProblem: multi-byte UTF-8 after and inside the ASCII run", "[names]") {
  // U+00E9 (é), U+20AC (€), U+1F525 (fire): accepted wherever they start.
  for (const std::string tail : {"\xC3\xA9", "\xE2\x82\xAC", "\xF0\x9F\x94\xA5"})
    for (std::size_t prefix = 0; prefix <= 17; ++prefix) {
      const std::string s = std::string(prefix, 'k') + tail + "end";
      INFO("prefix " << prefix);
      CHECK_FALSE(textProblem(s).has_value());
    }
  // U+0085 (NEL, a C1 control) and a lone continuation byte, just past an 8-byte word.
  CHECK(textProblem(std::string(8, 'k') + "\xC2\x85") ==
        std::optional<std::string>("name contains a control character at byte 8"));
  CHECK(textProblem(std::string(9, 'k') + "\x80") == std::optional<std::string>("name is not valid UTF-8 at byte 9"));
  // An overlong encoding of '/' (0xC0 0xAF) and a surrogate (U+D800) are not UTF-8.
  CHECK(textProblem(std::string(16, 'k') + "\xC0\xAF") == std::optional<std::string>("name is not valid UTF-8 at byte 16"));
  CHECK(textProblem(std::string(3, 'k') + "\xED\xA0\x80") == std::optional<std::string>("name is not valid UTF-8 at byte 3"));
}
