// The shared schema walker on a toy format: minimum sizes, each reader rule on both sides of its
// boundary, error offsets and the two path styles.
#include <catch2/catch.hpp>

#include <limits>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/names.hpp"
#include "core/schema_walker.hpp"

using namespace kiln::core;
using walk::Width;

namespace {

// A toy record: u32 id, a u8-prefixed name of at most 4 bytes, a reference below 2 (or the
// sentinel 0xffffffff), then a u8-counted list of at most 3 f64.
struct Toy {
  std::uint32_t id = 0;
  std::string name;
  std::uint32_t link = 0;
  std::vector<double> values;
  friend bool operator==(const Toy&, const Toy&) = default;
};

constexpr walk::TextRule kToyName{Width::U8, 4, [](std::string_view s) { return nameProblem(s, 4); }};

template <class W, class T>
void toyFields(W& w, T& t) {
  w.u32("id", t.id);
  w.text("name", t.name, kToyName);
  w.reference("link", t.link, 2, 0xffffffffu);
  walk::array(w, "values", t.values, Width::U8, 3, [](auto& ww, auto& v) { ww.f64(nullptr, v); });
}

template <class W, class L>
void listFields(W& w, L& list) {
  walk::array(w, "toys", list, Width::U32, 5, [](auto& ww, auto& t) { toyFields(ww, t); });
}

std::vector<std::uint8_t> encode(const std::vector<Toy>& toys) {
  walk::Writer w(1);
  listFields(w, std::as_const(toys));
  return w.bytes();
}

// Decodes a payload that starts at file offset 16, as after a header.
std::optional<DecodeError> decode(const std::vector<std::uint8_t>& bytes, std::vector<Toy>* out = nullptr,
                                  walk::PathStyle style = {}) {
  walk::Reader<true> r(bytes, 16, 1, style);
  std::vector<Toy> toys;
  listFields(r, toys);
  if (!r.ok()) return r.error();
  if (out) *out = std::move(toys);
  return std::nullopt;
}

const Toy kToy{7, "ab", 1, {0.5, -2}};

}  // namespace

TEST_CASE("the minimum size is measured from the schema", "[walker]") {
  walk::MinSize m(1);
  const Toy t;
  toyFields(m, t);
  CHECK(m.bytes == 4 + 2 + 4 + 1);  // id, one-byte name with its length, link, empty list count
}

TEST_CASE("what the writer writes the reader reads back", "[walker]") {
  const std::vector<Toy> toys{kToy, Toy{1, "wxyz", 0xffffffffu, {}}};
  const auto bytes = encode(toys);
  CHECK(bytes.size() == 4 + (4 + 3 + 4 + 1 + 16) + (4 + 5 + 4 + 1));
  std::vector<Toy> back;
  REQUIRE_FALSE(decode(bytes, &back));
  CHECK(back == toys);
}

TEST_CASE("a count is checked against its limit and the bytes its shortest elements need", "[walker]") {
  auto withCount = [](std::uint32_t count, std::size_t room) {
    std::vector<std::uint8_t> b{static_cast<std::uint8_t>(count), 0, 0, 0};
    b.resize(4 + room, 0);
    return decode(b);
  };
  // 5 is the limit; 6 is over it whatever follows.
  CHECK(withCount(6, 100)->code == Code::CountOverLimit);
  // Two toys need at least 22 bytes: with 21 the count itself is rejected, with 22 the walk
  // goes on and meets the zero-length name of the first toy.
  const auto short21 = withCount(2, 21);
  CHECK(short21->code == Code::CountPastEnd);
  CHECK(short21->offset == 16);
  CHECK(withCount(2, 22)->code == Code::BadName);
  CHECK(withCount(5, 55)->code == Code::BadName);
}

TEST_CASE("text: the length is checked at the prefix, the characters where they start", "[walker]") {
  Toy four = kToy;
  four.name = "abcd";
  CHECK_FALSE(decode(encode({four})));
  Toy five = kToy;
  five.name = "abcde";
  const auto tooLong = decode(encode({five}));
  CHECK(tooLong->code == Code::BadName);
  CHECK(tooLong->offset == 16 + 4 + 4);  // after the count and the id
  Toy control = kToy;
  control.name = "a\x01";
  const auto bad = decode(encode({control}));
  CHECK(bad->code == Code::BadName);
  CHECK(bad->offset == 16 + 4 + 4 + 1);
}

TEST_CASE("a reference is below its limit or the sentinel", "[walker]") {
  Toy t = kToy;
  t.link = 1;
  CHECK_FALSE(decode(encode({t})));
  t.link = 2;
  CHECK(decode(encode({t}))->code == Code::BadReference);
  t.link = 0xffffffffu;
  CHECK_FALSE(decode(encode({t})));
  t.link = 0xfffffffeu;
  CHECK(decode(encode({t}))->code == Code::BadReference);
}

TEST_CASE("a non-finite number and a truncated field are rejected at their offsets", "[walker]") {
  Toy t = kToy;
  t.values = {1.0, std::numeric_limits<double>::infinity()};
  const auto inf = decode(encode({t}));
  CHECK(inf->code == Code::NotFinite);
  CHECK(inf->offset == 16 + 4 + 4 + 3 + 4 + 1 + 8);
  // Cut just before the values' count: the toy's minimum fits, its last field does not.
  auto cut = encode({kToy});
  cut.resize(4 + 4 + 3 + 4);
  const auto truncated = decode(cut);
  CHECK(truncated->code == Code::Truncated);
  CHECK(truncated->offset == 16 + cut.size());
  // One byte short of the second value: the values' count already proves too few bytes.
  auto shortValues = encode({kToy});
  shortValues.pop_back();
  CHECK(decode(shortValues)->code == Code::CountPastEnd);
}

TEST_CASE("paths: plain indices, or names and count segments", "[walker]") {
  Toy t = kToy;
  t.link = 5;
  const auto bytes = encode({t});
  CHECK(decode(bytes)->path == "toys[0].link");
  CHECK(decode(bytes, nullptr, {true, true})->path == "toys.ab.link");
  std::vector<std::uint8_t> over{9, 0, 0, 0};
  CHECK(decode(over)->path == "toys");
  CHECK(decode(over, nullptr, {true, true})->path == "toys.count");
}
