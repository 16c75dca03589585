// core::InlineText, the type of every preset, emitter and frame name: inline up to its size,
// whole on the heap beyond it, and string-like in every use the model makes of a name.
#include <catch2/catch.hpp>

#include <set>
#include <string>
#include <unordered_set>
#include <utility>

#include "core/inline_text.hpp"
#include "support/counting_allocator.hpp"

using Text = kiln::core::InlineText<8>;

TEST_CASE("inline text keeps its bytes exactly on both sides of the inline size", "[core][inline_text]") {
  const Text full("12345678");  // exactly 8: inline
  CHECK(full.size() == 8);
  CHECK(full.view() == "12345678");
  CHECK(std::string(full.c_str()) == "12345678");  // NUL-terminated
  const Text longer("123456789");  // 9: kept whole, not cut
  CHECK(longer.size() == 9);
  CHECK(longer.view() == "123456789");
  CHECK(std::string(longer.c_str()) == "123456789");
  const Text empty;
  CHECK(empty.empty());
  CHECK(empty.c_str()[0] == '\0');
  // Bytes that are not characters survive too (validation, not storage, judges them).
  const std::string odd("a\0b\xff", 4);
  CHECK(Text(odd).view() == odd);
}

#if KILN_COUNTING_ALLOCATOR
TEST_CASE("inline text allocates nothing up to its size and once beyond it", "[core][inline_text][alloc]") {
  const std::string eight(8, 'x'), nine(9, 'x');
  CHECK(kiln::testing::measureAllocations([&] { Text t(eight); }).allocations == 0);
  CHECK(kiln::testing::measureAllocations([&] { Text t(nine); }).allocations >= 1);
}
#endif

TEST_CASE("inline text copies, moves and assigns like a string", "[core][inline_text]") {
  for (const std::string& s : {std::string("short"), std::string("a much longer text")}) {
    Text a(s);
    Text copy = a;
    CHECK(copy == a);
    Text moved = std::move(a);
    CHECK(moved.view() == s);
    CHECK(a.empty());  // NOLINT: a moved-from text is empty, and usable
    a = "again";
    CHECK(a == "again");
    Text b;
    b = moved;
    CHECK(b.view() == s);
    b = std::move(moved);
    CHECK(b.view() == s);
    // Self-assignment, and assignment from a view of itself, keep the text.
    Text& same = b;
    b = same;
    CHECK(b.view() == s);
    b = b.view().substr(1);
    CHECK(b.view() == s.substr(1));
  }
  Text t("long enough to be on the heap");
  t = "tiny";  // back inline
  CHECK(t.view() == "tiny");
  t = std::string(40, 'z');
  CHECK(t.size() == 40);
}

TEST_CASE("inline text compares, orders, joins and hashes as its characters", "[core][inline_text]") {
  const Text a("alpha"), b("beta"), longer("alphabet soup");
  CHECK(a == "alpha");
  CHECK(a == std::string("alpha"));
  CHECK(a == std::string_view("alpha"));
  CHECK("alpha" == a);
  CHECK(a != b);
  CHECK(a < b);
  CHECK(a < longer);  // a prefix orders first, across the inline size
  CHECK(a.compare("alpha") == 0);
  CHECK("emitters." + a == "emitters.alpha");
  CHECK(a + ".yaw" == "alpha.yaw");
  CHECK(std::string("[") + longer + "]" == "[alphabet soup]");
  std::string s = "x";
  s += a;
  CHECK(s == "xalpha");
  const std::string converted = a;
  CHECK(converted == "alpha");
  const std::set<Text> ordered{b, a, longer};
  CHECK(ordered.begin()->view() == "alpha");
  const std::unordered_set<Text> hashed{a, Text("alpha"), b};
  CHECK(hashed.size() == 2);
}

TEST_CASE("a 64-byte name takes an 80-byte slot (docs/limits.md)", "[core][inline_text]") {
  // 64 bytes, the terminator, the length, and the pointer for a longer text.
  CHECK(sizeof(kiln::core::InlineText<64>) == 80);
}
