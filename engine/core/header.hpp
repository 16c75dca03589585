// The common bounded binary header (version 1) that opens every Kiln binary:
//   magic[4] | u16 header_version = 1 | u16 document_version | u32 payload_size | u32 payload_crc32
// little-endian, 16 bytes; the file is exactly 16 + payload_size bytes.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string_view>
#include <variant>
#include <vector>

#include "core/diagnostic.hpp"

namespace kiln::core {

inline constexpr std::size_t kHeaderSize = 16;
inline constexpr std::uint16_t kHeaderVersion = 1;

struct Header {
  std::array<char, 4> magic{};
  std::uint16_t headerVersion = kHeaderVersion;
  std::uint16_t documentVersion = 0;
  std::uint32_t payloadSize = 0;
  std::uint32_t payloadCrc32 = 0;
};

// What a format expects of its header.
struct HeaderRules {
  std::string_view magic;             // exactly 4 characters
  std::uint16_t minDocumentVersion = 1;
  std::uint16_t maxDocumentVersion = 1;
  std::uint64_t maxFileBytes = 1u << 20;
};

// A checked header plus the payload it covers.
struct Framed {
  Header header;
  std::span<const std::uint8_t> payload;
};

// Checks, in this order: file size ≥ 16 (truncated), magic, header version, document version,
// file bound (too-large), exact size (truncated / trailing-bytes), crc32. Reads nothing past
// the header until the size is proven.
std::variant<Framed, DecodeError> readHeader(std::span<const std::uint8_t> file, const HeaderRules& rules);

// Header-only peek for inspectors: no size or checksum check.
std::variant<Header, DecodeError> peekHeader(std::span<const std::uint8_t> file);

// Prepends a header (computing size and crc32) to a payload.
std::vector<std::uint8_t> frame(std::string_view magic, std::uint16_t documentVersion,
                                std::span<const std::uint8_t> payload);

// CRC-32 of bytes, the same value as zlib's crc32 (core/crc32.cpp).
std::uint32_t crc32(std::span<const std::uint8_t> bytes);

}  // namespace kiln::core
