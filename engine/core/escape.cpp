// escapeText: one byte-level rule shared by diagnostics and JSON output.
#include "core/escape.hpp"

#include <cstdint>

namespace kiln::core {
namespace {

// Length of the well-formed UTF-8 sequence starting at text[i] (RFC 3629: no overlongs, no
// surrogates, nothing above U+10FFFF), or 0 when the byte there does not start one.
std::size_t sequenceLength(std::string_view text, std::size_t i) {
  const auto byte = [&](std::size_t k) { return static_cast<std::uint8_t>(text[k]); };
  const std::uint8_t b0 = byte(i);
  if (b0 < 0x80) return 1;
  const std::size_t left = text.size() - i;
  const auto cont = [&](std::size_t k) { return (byte(i + k) & 0xC0) == 0x80; };
  if (b0 >= 0xC2 && b0 <= 0xDF) return left >= 2 && cont(1) ? 2 : 0;
  if (b0 >= 0xE0 && b0 <= 0xEF) {
    if (left < 3 || !cont(1) || !cont(2)) return 0;
    const std::uint8_t b1 = byte(i + 1);
    if (b0 == 0xE0 && b1 < 0xA0) return 0;   // overlong
    if (b0 == 0xED && b1 >= 0xA0) return 0;  // UTF-16 surrogate
    return 3;
  }
  if (b0 >= 0xF0 && b0 <= 0xF4) {
    if (left < 4 || !cont(1) || !cont(2) || !cont(3)) return 0;
    const std::uint8_t b1 = byte(i + 1);
    if (b0 == 0xF0 && b1 < 0x90) return 0;   // overlong
    if (b0 == 0xF4 && b1 >= 0x90) return 0;  // above U+10FFFF
    return 4;
  }
  return 0;
}

bool isControl(std::string_view text, std::size_t i, std::size_t n) {
  const auto b0 = static_cast<std::uint8_t>(text[i]);
  if (n == 1) return b0 < 0x20 || b0 == 0x7F;
  // C1 controls are U+0080..U+009F: C2 80..C2 9F.
  return n == 2 && b0 == 0xC2 && static_cast<std::uint8_t>(text[i + 1]) < 0xA0;
}

void appendHex(std::string& out, std::uint8_t b) {
  static constexpr char kDigits[] = "0123456789abcdef";
  out += "\\x";
  out += kDigits[b >> 4];
  out += kDigits[b & 0xF];
}

}  // namespace

bool isPlainText(std::string_view text) {
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t n = sequenceLength(text, i);
    if (n == 0 || isControl(text, i, n)) return false;
    i += n;
  }
  return true;
}

std::string escapeText(std::string_view text) {
  if (isPlainText(text)) return std::string(text);
  std::string out;
  out.reserve(text.size() + 16);
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t n = sequenceLength(text, i);
    if (n == 0) {
      appendHex(out, static_cast<std::uint8_t>(text[i]));
      ++i;
    } else if (isControl(text, i, n)) {
      for (std::size_t k = 0; k < n; ++k) appendHex(out, static_cast<std::uint8_t>(text[i + k]));
      i += n;
    } else {
      out.append(text.substr(i, n));
      i += n;
    }
  }
  return out;
}

std::string escapeHtml(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    if (c == '<') out += "&lt;";
    else if (c == '>') out += "&gt;";
    else if (c == '&') out += "&amp;";
    else if (c == '"') out += "&quot;";
    else out += c;
  }
  return out;
}

}  // namespace kiln::core
