// The worked example in docs/formats/kwp1.md is the golden valid-minimal.kwp, field by field;
// KILN_UPDATE_GOLDENS=1 rewrites a stale block from the golden (and fails until rerun).
#include <bit>
#include <catch2/catch.hpp>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>

#include "core/file.hpp"
#include "particles/kwp1/kwp1.hpp"

namespace wp = kiln::particles;

namespace {

const std::string kBegin = "<!-- kwp1-example-begin -->\n";
const std::string kEnd = "<!-- kwp1-example-end -->\n";

std::string valueText(const std::vector<std::uint8_t>& b, const wp::FieldSpan& s) {
  char buf[64];
  const std::uint8_t* p = b.data() + s.offset;
  const bool frame = s.path.ends_with("]") && s.path.find("frames[") != std::string::npos;
  const bool text = s.path == "header.magic" || s.path.ends_with("name") || frame;
  if (text) {
    const std::size_t skip = s.path == "header.magic" ? 0 : 1;
    std::string quoted(1, '"');
    quoted.append(p + skip, p + s.width);
    quoted += '"';
    return quoted;
  }
  if (s.width == 8) {
    double d;
    std::memcpy(&d, p, 8);
    std::snprintf(buf, sizeof buf, "%.17g", d);
  } else if (s.width == 4) {
    std::uint32_t u;
    std::memcpy(&u, p, 4);
    std::snprintf(buf, sizeof buf, s.path == "header.payload_crc32" ? "0x%08x" : "%u", u);
  } else if (s.width == 2) {
    std::snprintf(buf, sizeof buf, "%u", static_cast<unsigned>(p[0] | p[1] << 8));
  } else if (s.path.ends_with("reserved")) {
    return "0";
  } else {
    std::snprintf(buf, sizeof buf, "%u", static_cast<unsigned>(p[0]));
  }
  return buf;
}

// One line per field: offset, bytes (at most 8 per line), field = value.
std::string exampleBlock(const std::vector<std::uint8_t>& b) {
  auto layout = wp::layoutKwp1(b);
  REQUIRE(std::holds_alternative<std::vector<wp::FieldSpan>>(layout));
  std::string out = "```text\n";
  for (const auto& s : std::get<std::vector<wp::FieldSpan>>(layout)) {
    std::string hex;
    for (std::uint32_t i = 0; i < s.width; ++i) {
      char h[4];
      std::snprintf(h, sizeof h, "%02x ", b[s.offset + i]);
      hex += h;
    }
    char line[256];
    std::snprintf(line, sizeof line, "%04llx  %-24s %s = %s\n", static_cast<unsigned long long>(s.offset),
                  hex.c_str(), s.path.c_str(), valueText(b, s).c_str());
    out += line;
  }
  return out + "```\n";
}

}  // namespace

TEST_CASE("the worked example in docs/formats/kwp1.md is the golden file", "[golden][spec]") {
  std::string error;
  const auto golden = kiln::core::readFile(std::string(KILN_TEST_DATA) + "/kwp1/valid-minimal.kwp", error);
  INFO(error);
  REQUIRE(golden);
  const std::string docPath = std::string(KILN_SOURCE_DIR) + "/docs/formats/kwp1.md";
  std::stringstream ss;
  ss << std::ifstream(docPath).rdbuf();
  std::string doc = ss.str();
  const auto begin = doc.find(kBegin);
  const auto end = doc.find(kEnd);
  REQUIRE(begin != std::string::npos);
  REQUIRE(end != std::string::npos);
  const std::string expected = exampleBlock(*golden);
  const bool same = doc.substr(begin + kBegin.size(), end - begin - kBegin.size()) == expected;
  // An update rewrites a stale block and still fails; the rerun passes.
  const bool update = std::getenv("KILN_UPDATE_GOLDENS") != nullptr;
  if (!same && update) {
    doc.replace(begin + kBegin.size(), end - begin - kBegin.size(), expected);
    std::ofstream(docPath) << doc;
  }
  INFO((update ? "the block was rewritten; review it and rerun" : "regenerate with KILN_UPDATE_GOLDENS=1 test_kwp1"));
  CHECK(same);
}
