// The byte layout of docs/formats/kwp1.md, checked at offsets worked out by hand from the
// spec (not from the encoder), plus the layout dump that inspectors and fixtures use.
#include <bit>
#include <catch2/catch.hpp>
#include <cstring>

#include "core/header.hpp"
#include "particles/kwp1/kwp1.hpp"

namespace wp = kiln::particles;

namespace {

std::uint32_t u32At(const std::vector<std::uint8_t>& b, std::size_t at) {
  return std::uint32_t{b[at]} | std::uint32_t{b[at + 1]} << 8 | std::uint32_t{b[at + 2]} << 16 |
         std::uint32_t{b[at + 3]} << 24;
}

double f64At(const std::vector<std::uint8_t>& b, std::size_t at) {
  std::uint64_t u = 0;
  for (int i = 7; i >= 0; --i) u = (u << 8) | b[at + static_cast<std::size_t>(i)];
  return std::bit_cast<double>(u);
}

// A document whose every field has a distinct value, so a swapped field shows up.
wp::Document distinctDocument() {
  wp::Document d;
  d.version = 2;
  wp::Preset p;
  p.name = "p";
  p.capacity = 0x01020304;
  p.spawnShape = wp::SpawnShape::Box;
  p.sprite.flipbook = wp::Flipbook::Cycle;
  p.sprite.facing = wp::Facing::Upright;
  p.sprite.blend = wp::Blend::Premultiplied;
  p.spawnHalfExtents = {1, 2, 3};
  p.velocity = {{4, 5, 6}, {7, 8, 9}};
  p.lifetime = {10, 11};
  p.acceleration = {12, 13, 14};
  p.drag = 15;
  p.rotationAngle = {16, 17};
  p.rotationSpeed = {18, 19};
  p.sprite.fps = 20;
  p.size = {{0, 21}, {1, 22}};
  p.color = {{0, {0.1, 0.2, 0.3, 0.4}}, {1, {0.5, 0.6, 0.7, 0.8}}};
  p.sprite.frames = {"f"};
  wp::Emitter e;
  e.name = "e";
  e.preset = 0;
  e.sector = 7;
  e.position = {31, 32, 33};
  e.yaw = 34;
  e.scale = 35;
  e.seed = 0xa1b2c3d4;
  e.mode = wp::PlayMode::Cycle;
  e.rate = 36;
  e.duration = 37;
  e.period = 38;
  e.delay = 39;
  e.bursts = {{40, 41}};
  e.bounds = {{42, 43, 44}, {45, 46, 47}};
  d.presets = {p};
  d.emitters = {e};
  return d;
}

}  // namespace

TEST_CASE("encoding puts every field at its documented offset", "[layout]") {
  const auto b = wp::encodeKwp1(distinctDocument());
  REQUIRE(b.size() == 462);  // 16 header + 4 + 287 preset + 4 + 151 emitter
  CHECK(std::memcmp(b.data(), "KWP1", 4) == 0);
  CHECK(b[4] == 1);
  CHECK(b[5] == 0);
  CHECK(b[6] == 2);
  CHECK(u32At(b, 8) == 446);
  CHECK(u32At(b, 16) == 1);  // preset count
  CHECK(b[20] == 1);
  CHECK(b[21] == 'p');
  CHECK(u32At(b, 22) == 0x01020304);
  CHECK(b[26] == 1);  // spawn shape box
  CHECK(b[27] == 1);  // flipbook cycle
  CHECK(b[28] == 1);  // facing upright
  CHECK(b[29] == 3);  // blend premultiplied
  for (int i = 0; i < 20; ++i) CHECK(f64At(b, 30 + 8 * static_cast<std::size_t>(i)) == i + 1);
  CHECK(b[190] == 2);  // size keys
  CHECK(f64At(b, 191) == 0);
  CHECK(f64At(b, 199) == 21);
  CHECK(f64At(b, 207) == 1);
  CHECK(f64At(b, 215) == 22);
  CHECK(b[223] == 2);  // colour keys
  CHECK(f64At(b, 224) == 0);
  CHECK(f64At(b, 232) == 0.1);
  CHECK(f64At(b, 256) == 0.4);
  CHECK(f64At(b, 264) == 1);
  CHECK(f64At(b, 296) == 0.8);
  CHECK(b[304] == 1);  // frames
  CHECK(b[305] == 1);
  CHECK(b[306] == 'f');
  CHECK(u32At(b, 307) == 1);  // emitter count
  CHECK(b[311] == 1);
  CHECK(b[312] == 'e');
  CHECK(u32At(b, 313) == 0);
  CHECK(u32At(b, 317) == 7);
  CHECK(f64At(b, 321) == 31);
  CHECK(f64At(b, 337) == 33);
  CHECK(f64At(b, 345) == 34);
  CHECK(f64At(b, 353) == 35);
  CHECK(u32At(b, 361) == 0xa1b2c3d4);
  CHECK(b[365] == 1);  // mode cycle
  CHECK((b[366] | b[367] | b[368]) == 0);
  CHECK(f64At(b, 369) == 36);
  CHECK(f64At(b, 377) == 37);
  CHECK(f64At(b, 385) == 38);
  CHECK(f64At(b, 393) == 39);
  CHECK(b[401] == 1);  // bursts
  CHECK(f64At(b, 402) == 40);
  CHECK(u32At(b, 410) == 41);
  for (int i = 0; i < 6; ++i) CHECK(f64At(b, 414 + 8 * static_cast<std::size_t>(i)) == 42 + i);
  CHECK(u32At(b, 12) == kiln::core::crc32(std::span(b).subspan(16)));
}

TEST_CASE("the layout dump names every byte exactly once and in order", "[layout]") {
  const auto b = wp::encodeKwp1(distinctDocument());
  auto r = wp::layoutKwp1(b);
  REQUIRE(std::holds_alternative<std::vector<wp::FieldSpan>>(r));
  const auto& spans = std::get<std::vector<wp::FieldSpan>>(r);
  std::uint64_t next = 0;
  for (const auto& s : spans) {
    INFO(s.path);
    CHECK(s.offset == next);
    next = s.offset + s.width;
  }
  CHECK(next == b.size());
  auto find = [&](const std::string& path) -> std::uint64_t {
    for (const auto& s : spans)
      if (s.path == path) return s.offset;
    return 0;
  };
  CHECK(find("presets.p.sprite.blend") == 29);
  CHECK(find("presets.p.color[1].rgba[3]") == 296);
  CHECK(find("emitters.count") == 307);
  CHECK(find("emitters.e.bursts[0].count") == 410);
  CHECK(find("emitters.e.bounds.max.z") == 454);
}

TEST_CASE("the layout dump refuses a malformed file with the scanner's error", "[layout]") {
  auto b = wp::encodeKwp1(distinctDocument());
  b[29] = 9;  // blend
  const std::span<const std::uint8_t> payload(b.data() + 16, b.size() - 16);
  const auto crc = kiln::core::crc32(payload);
  for (int i = 0; i < 4; ++i) b[12 + static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(crc >> (8 * i));
  auto r = wp::layoutKwp1(b);
  REQUIRE(std::holds_alternative<kiln::core::DecodeError>(r));
  CHECK(std::get<kiln::core::DecodeError>(r).code == kiln::core::Code::UnknownEnum);
  CHECK(std::get<kiln::core::DecodeError>(r).offset == 29);
  CHECK(std::get<kiln::core::DecodeError>(r).path == "presets.p.sprite.blend");
}
