// KWP1 codec rules, each on both sides of its boundary: round trip, determinism, limits,
// references, names, reserved bytes, versions and blends, stored bounds.
#include <catch2/catch.hpp>
#include <cmath>

#include "goldens.hpp"
#include "particles/kwp1/kwp1.hpp"
#include "particles/sample_docs.hpp"

namespace wp = kiln::particles;
namespace td = kiln::testdocs;
using kiln::core::Code;
using kiln::core::DecodeError;
using kiln::kwp1test::fieldOffset;
using kiln::kwp1test::reseal;

namespace {

// nullopt when the bytes decode; the error code otherwise.
std::optional<Code> decodeCode(const std::vector<std::uint8_t>& bytes, const wp::DecodeOptions& o = {}) {
  auto r = wp::decodeKwp1(bytes, o);
  if (auto* e = std::get_if<DecodeError>(&r)) {
    UNSCOPED_INFO("decode: " << kiln::core::format(*e));
    return e->code;
  }
  return std::nullopt;
}

std::optional<Code> roundTripCode(const wp::Document& d) {
  return decodeCode(wp::encodeKwp1(d));
}

// "p7", "e12": built by appending, since GCC 12 at -O3 warns (-Wrestrict) on "x" + string.
std::string numbered(char stem, std::size_t i) {
  std::string s(1, stem);
  s += std::to_string(i);
  return s;
}

// A valid document with n emitters of the minimal kind, each using its own small preset.
wp::Document manyEmitters(std::size_t presets, std::size_t emitters) {
  wp::Document d;
  for (std::size_t i = 0; i < presets; ++i) d.presets.push_back(td::smokePreset(numbered('p', i), 4));
  for (std::size_t i = 0; i < emitters; ++i) {
    wp::Emitter e;
    e.name = numbered('e', i);
    e.preset = static_cast<std::uint32_t>(i % presets);
    e.bursts = {{0, 1}};
    d.emitters.push_back(e);
  }
  td::fillBounds(d);
  return d;
}

}  // namespace

TEST_CASE("sample documents round-trip exactly and encode deterministically", "[codec]") {
  for (const auto& doc : {td::sampleDocumentV1(), td::sampleDocumentV2(), td::minimalDocument()}) {
    const auto bytes = wp::encodeKwp1(doc);
    CHECK(wp::encodeKwp1(doc) == bytes);
    auto r = wp::decodeKwp1(bytes);
    REQUIRE(std::holds_alternative<wp::Document>(r));
    CHECK(std::get<wp::Document>(r) == doc);
    CHECK_FALSE(wp::scanKwp1(bytes).has_value());
  }
}

TEST_CASE("float64 values survive bit for bit including ones float32 cannot hold", "[codec]") {
  auto d = td::sampleDocumentV1();
  d.emitters[0].position.x = 0.1 + 1e-12;  // not a float32
  d.emitters[0].position.y = std::nextafter(3.0, 4.0);
  d.emitters[0].seed = 0xffffffffu;
  td::fillBounds(d);
  auto r = wp::decodeKwp1(wp::encodeKwp1(d));
  REQUIRE(std::holds_alternative<wp::Document>(r));
  CHECK(std::get<wp::Document>(r) == d);
}

TEST_CASE("version 1 rejects alpha and premultiplied and version 2 accepts the same preset",
          "[codec][version]") {
  for (auto blend : {wp::Blend::Alpha, wp::Blend::Premultiplied}) {
    auto d = td::sampleDocumentV1();
    d.presets[1].sprite.blend = blend;
    CHECK(roundTripCode(d) == Code::BlendForVersion);
    d.version = wp::AlphaVersion;
    CHECK(roundTripCode(d) == std::nullopt);
  }
  auto d = td::sampleDocumentV1();
  d.version = wp::AlphaVersion;  // additive and cutout stay valid in version 2
  CHECK(roundTripCode(d) == std::nullopt);
}

TEST_CASE("array counts at the limit are accepted and one past is count-over-limit", "[codec][limits]") {
  SECTION("curve keys 4 / 5") {
    auto d = td::sampleDocumentV1();
    d.presets[0].size = {{0, 0.1}, {0.25, 0.2}, {0.5, 0.3}, {1, 0.4}};
    td::fillBounds(d);  // a larger billboard widens the bounds
    CHECK(roundTripCode(d) == std::nullopt);
    d.presets[0].size = {{0, 0.1}, {0.2, 0.2}, {0.4, 0.3}, {0.6, 0.3}, {1, 0.4}};
    CHECK(roundTripCode(d) == Code::CountOverLimit);
  }
  SECTION("frames 16 / 17") {
    auto d = td::sampleDocumentV1();
    d.presets[0].sprite.frames.assign(16, "ember");
    CHECK(roundTripCode(d) == std::nullopt);
    d.presets[0].sprite.frames.push_back("ember");
    CHECK(roundTripCode(d) == Code::CountOverLimit);
  }
  SECTION("bursts 16 / 17") {
    auto d = td::sampleDocumentV1();
    d.presets[0].capacity = 4096;
    d.emitters[0].bursts.assign(16, {0.5, 1});
    td::fillBounds(d);
    CHECK(roundTripCode(d) == std::nullopt);
    d.emitters[0].bursts.push_back({0.5, 1});
    CHECK(roundTripCode(d) == Code::CountOverLimit);
  }
  SECTION("presets 64 / 65") {
    CHECK(roundTripCode(manyEmitters(64, 64)) == std::nullopt);
    CHECK(roundTripCode(manyEmitters(65, 65)) == Code::CountOverLimit);
  }
  SECTION("emitters 256 / 257") {
    CHECK(roundTripCode(manyEmitters(64, 256)) == std::nullopt);
    CHECK(roundTripCode(manyEmitters(64, 257)) == Code::CountOverLimit);
  }
}

TEST_CASE("a count is checked against the bytes left: exactly enough passes that check", "[codec][limits]") {
  // minimalDocument's single emitter; the fewest bytes an emitter can take is 139 (schema).
  const auto base = wp::encodeKwp1(td::minimalDocument());
  const auto countAt = fieldOffset(base, "emitters.count");
  const std::size_t left = base.size() - countAt - 4;
  REQUIRE(left < 2 * 139);
  auto withRoom = [&](std::size_t room) {
    auto b = base;
    kiln::kwp1test::patchU32(b, countAt, 2);
    b.resize(countAt + 4 + room, 0);
    reseal(b);
    return decodeCode(b);
  };
  CHECK(withRoom(2 * 139 - 1) == Code::CountPastEnd);
  // With room for two minimal emitters the count is plausible; the zero bytes then fail as a
  // zero-length name of the second emitter.
  CHECK(withRoom(2 * 139) == Code::BadName);
}

TEST_CASE("references: the last index is accepted and one past is rejected", "[codec][references]") {
  auto d = td::sampleDocumentV1();
  d.emitters[0].preset = 1;  // the smoke preset (64 slots) still fits 20 births
  td::fillBounds(d);
  CHECK(roundTripCode(d) == std::nullopt);
  d.emitters[0].preset = 2;
  CHECK(roundTripCode(d) == Code::BadReference);

  auto s = td::sampleDocumentV1();
  s.emitters[0].sector = 1023;
  CHECK(roundTripCode(s) == std::nullopt);
  s.emitters[0].sector = 1024;
  CHECK(roundTripCode(s) == Code::BadReference);
}

TEST_CASE("names: 1..64 bytes of UTF-8 without control characters", "[codec][names]") {
  auto withName = [](std::string name) {
    auto d = td::sampleDocumentV1();
    d.emitters[0].name = std::move(name);
    return roundTripCode(d);
  };
  CHECK(withName(std::string(64, 'a')) == std::nullopt);
  CHECK(withName(std::string(65, 'a')) == Code::BadName);
  CHECK(withName("x") == std::nullopt);
  CHECK(withName("") == Code::BadName);
  CHECK(withName("caf\xc3\xa9") == std::nullopt);           // é, 2 bytes
  CHECK(withName("fire\xf0\x9f\x94\xa5") == std::nullopt);  // U+1F525, 4 bytes
  CHECK(withName("nb\xc2\xa0sp") == std::nullopt);          // U+00A0, first after C1
  CHECK(withName("\xc0\xaf") == Code::BadName);             // overlong '/'
  CHECK(withName("\xed\xa0\x80") == Code::BadName);         // surrogate U+D800
  CHECK(withName("\xf4\x8f\xbf\xbf") == std::nullopt);      // U+10FFFF
  CHECK(withName("\xf4\x90\x80\x80") == Code::BadName);     // U+110000
  CHECK(withName("cut\xe2\x82") == Code::BadName);          // sequence cut short
  CHECK(withName("a\x1f") == Code::BadName);                // C0 control
  CHECK(withName("a ~") == std::nullopt);                   // space and ~ are printable
  CHECK(withName("a\x7f") == Code::BadName);                // DEL
  CHECK(withName("a\xc2\x85") == Code::BadName);            // U+0085, C1 control
  CHECK(withName("a\xc2\x9f") == Code::BadName);            // U+009F, last C1
}

TEST_CASE("enumerations: the last defined value is accepted and the next rejected", "[codec][enums]") {
  const auto base = wp::encodeKwp1(td::sampleDocumentV2());
  auto withByte = [&](const std::string& path, std::uint8_t v) {
    auto b = base;
    b[fieldOffset(base, path)] = v;
    reseal(b);
    return wp::scanKwp1(b);
  };
  for (auto [path, last] : {std::pair<std::string, std::uint8_t>{"presets.embers.spawn.shape", 1},
                            {"presets.embers.sprite.flipbook", 1},
                            {"presets.embers.sprite.facing", 1},
                            {"presets.embers.sprite.blend", 3},
                            {"emitters.brazier_left.mode", 1}}) {
    INFO(path);
    CHECK_FALSE(withByte(path, last).has_value());
    auto e = withByte(path, static_cast<std::uint8_t>(last + 1));
    REQUIRE(e.has_value());
    CHECK(e->code == Code::UnknownEnum);
    CHECK(e->path == path);
    CHECK(e->offset == fieldOffset(base, path));
  }
}

TEST_CASE("each reserved byte must be zero", "[codec][reserved]") {
  const auto base = wp::encodeKwp1(td::sampleDocumentV1());
  const auto at = fieldOffset(base, "emitters.chimney.reserved");
  for (std::size_t i = 0; i < 3; ++i) {
    auto b = base;
    b[at + i] = 0x80;
    reseal(b);
    auto e = wp::scanKwp1(b);
    REQUIRE(e.has_value());
    CHECK(e->code == Code::ReservedNonZero);
    CHECK(e->offset == at + i);
  }
}

TEST_CASE("every float is finite: the largest double passes and infinity does not", "[codec][finite]") {
  const auto base = wp::encodeKwp1(td::sampleDocumentV1());
  const auto at = fieldOffset(base, "presets.smoke.acceleration.y");
  auto with = [&](double v) {
    auto b = base;
    kiln::kwp1test::patchF64(b, at, v);
    reseal(b);
    return wp::scanKwp1(b);
  };
  CHECK_FALSE(with(std::numeric_limits<double>::max()).has_value());
  CHECK_FALSE(with(-std::numeric_limits<double>::denorm_min()).has_value());
  for (double bad : {std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity(),
                     std::numeric_limits<double>::quiet_NaN()}) {
    auto e = with(bad);
    REQUIRE(e.has_value());
    CHECK(e->code == Code::NotFinite);
    CHECK(e->path == "presets.smoke.acceleration.y");
    CHECK(e->offset == at);
  }
}

TEST_CASE("stored bounds must equal the recomputed ones bit for bit", "[codec][bounds]") {
  auto d = td::sampleDocumentV2();
  CHECK(roundTripCode(d) == std::nullopt);
  for (int face = 0; face < 6; ++face) {
    auto forged = d;
    auto& b = forged.emitters[2].bounds;
    double& v = face < 3 ? b.min[face] : b.max[face - 3];
    v = std::nextafter(v, face < 3 ? -INFINITY : INFINITY);  // one ulp looser is still forged
    auto r = wp::decodeKwp1(wp::encodeKwp1(forged));
    REQUIRE(std::holds_alternative<DecodeError>(r));
    const auto& e = std::get<DecodeError>(r);
    CHECK(e.code == Code::ForgedBounds);
    CHECK(e.path == wp::emitterPath(forged.emitters[2], 2) + ".bounds");
    CHECK(e.offset == fieldOffset(wp::encodeKwp1(forged), "emitters.torch.bounds.min.x"));
    wp::DecodeOptions relaxed;
    relaxed.checkStoredBounds = false;
    CHECK(decodeCode(wp::encodeKwp1(forged), relaxed) == std::nullopt);
  }
}

TEST_CASE("a scan error names the field and its byte offset", "[codec]") {
  auto b = wp::encodeKwp1(td::sampleDocumentV1());
  const auto at = fieldOffset(b, "emitters.chimney.bursts[0].time");
  kiln::kwp1test::patchF64(b, at, std::numeric_limits<double>::quiet_NaN());
  reseal(b);
  auto r = wp::decodeKwp1(b);
  REQUIRE(std::holds_alternative<DecodeError>(r));
  const auto& e = std::get<DecodeError>(r);
  CHECK(e.code == Code::NotFinite);
  CHECK(e.offset == at);
  CHECK(e.path == "emitters.chimney.bursts[0].time");
}

TEST_CASE("a validation failure carries the diagnostic's path and its record's offset", "[codec]") {
  auto d = td::sampleDocumentV1();
  d.emitters[1].yaw = 200;
  const auto b = wp::encodeKwp1(d);
  auto r = wp::decodeKwp1(b);
  REQUIRE(std::holds_alternative<DecodeError>(r));
  const auto& e = std::get<DecodeError>(r);
  CHECK(e.code == Code::YawRange);
  CHECK(e.path.rfind(wp::emitterPath(d.emitters[1], 1), 0) == 0);
  CHECK(e.offset == fieldOffset(b, "emitters.chimney.name"));
}

TEST_CASE("every truncation of a valid file is rejected without a crash", "[codec]") {
  const auto base = wp::encodeKwp1(td::sampleDocumentV1());
  for (std::size_t n = 0; n < base.size(); ++n) {
    std::vector<std::uint8_t> cut(base.begin(), base.begin() + static_cast<std::ptrdiff_t>(n));
    auto code = decodeCode(cut);
    REQUIRE(code.has_value());
    CHECK(*code == Code::Truncated);
    if (n >= 16) {  // with the header re-sealed the cut lands inside a field or a count
      reseal(cut);
      auto sealed = decodeCode(cut);
      REQUIRE(sealed.has_value());
      CHECK((*sealed == Code::Truncated || *sealed == Code::CountPastEnd));
    }
  }
}
