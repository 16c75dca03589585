// Reading and writing the common bounded binary header.
#include "core/header.hpp"

#include <algorithm>
#include <cstdio>
#include <string>

#include "core/bytes.hpp"

namespace kiln::core {
namespace {

DecodeError fail(Code code, std::uint64_t offset, std::string path, std::string message) {
  return DecodeError{code, offset, std::move(path), std::move(message)};
}

std::string magicText(const std::array<char, 4>& m) {
  std::string s;
  for (char c : m) {
    if (c >= 0x20 && c < 0x7f) {
      s += c;
    } else {
      static const char* hex = "0123456789abcdef";
      s += "\\x";
      s += hex[(static_cast<unsigned char>(c) >> 4) & 15];
      s += hex[static_cast<unsigned char>(c) & 15];
    }
  }
  return s;
}

}  // namespace

std::variant<Header, DecodeError> peekHeader(std::span<const std::uint8_t> file) {
  if (file.size() < kHeaderSize)
    return fail(Code::Truncated, file.size(), "header",
                "file is " + std::to_string(file.size()) + " bytes, shorter than the " +
                    std::to_string(kHeaderSize) + "-byte header");
  ByteReader r(file);
  Header h;
  for (char& c : h.magic) {
    std::uint8_t b = 0;
    r.u8(b);
    c = static_cast<char>(b);
  }
  r.u16(h.headerVersion);
  r.u16(h.documentVersion);
  r.u32(h.payloadSize);
  r.u32(h.payloadCrc32);
  return h;
}

std::variant<Framed, DecodeError> readHeader(std::span<const std::uint8_t> file, const HeaderRules& rules) {
  auto peeked = peekHeader(file);
  if (auto* e = std::get_if<DecodeError>(&peeked)) return *e;
  const Header h = std::get<Header>(peeked);

  if (std::string_view(h.magic.data(), 4) != rules.magic)
    return fail(Code::BadMagic, 0, "header.magic",
                "expected magic '" + std::string(rules.magic) + "', found '" + magicText(h.magic) + "'");
  if (h.headerVersion != kHeaderVersion)
    return fail(Code::UnsupportedHeaderVersion, 4, "header.header_version",
                "header version " + std::to_string(h.headerVersion) + " is not supported (expected " +
                    std::to_string(kHeaderVersion) + ")");
  if (h.documentVersion < rules.minDocumentVersion || h.documentVersion > rules.maxDocumentVersion)
    return fail(Code::UnsupportedVersion, 6, "header.document_version",
                "document version " + std::to_string(h.documentVersion) + " is not supported (expected " +
                    std::to_string(rules.minDocumentVersion) + ".." +
                    std::to_string(rules.maxDocumentVersion) + ")");
  const std::uint64_t declared = kHeaderSize + static_cast<std::uint64_t>(h.payloadSize);
  if (declared > rules.maxFileBytes || file.size() > rules.maxFileBytes)
    return fail(Code::TooLarge, 8, "header.payload_size",
                "file of " + std::to_string(std::max<std::uint64_t>(declared, file.size())) +
                    " bytes exceeds the bound of " + std::to_string(rules.maxFileBytes) + " bytes");
  if (file.size() < declared)
    return fail(Code::Truncated, file.size(), "header.payload_size",
                "header declares a " + std::to_string(h.payloadSize) + "-byte payload but only " +
                    std::to_string(file.size() - kHeaderSize) + " bytes follow");
  if (file.size() > declared)
    return fail(Code::TrailingBytes, declared, "header.payload_size",
                std::to_string(file.size() - declared) + " bytes follow the declared " +
                    std::to_string(h.payloadSize) + "-byte payload");
  const auto payload = file.subspan(kHeaderSize, h.payloadSize);
  const std::uint32_t actual = crc32(payload);
  if (actual != h.payloadCrc32) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "payload crc32 is 0x%08x, header says 0x%08x", actual, h.payloadCrc32);
    return fail(Code::ChecksumMismatch, 12, "header.payload_crc32", buf);
  }
  return Framed{h, payload};
}

std::vector<std::uint8_t> frame(std::string_view magic, std::uint16_t documentVersion,
                                std::span<const std::uint8_t> payload) {
  ByteWriter w;
  w.raw(magic.substr(0, 4));
  w.u16(kHeaderVersion);
  w.u16(documentVersion);
  w.u32(static_cast<std::uint32_t>(payload.size()));
  w.u32(crc32(payload));
  w.raw(payload);
  return w.take();
}

}  // namespace kiln::core
