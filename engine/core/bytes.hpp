// Little-endian byte writer and bounds-checked byte reader shared by every Kiln codec.
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace kiln::core {

// Appends little-endian values to a growing buffer.
class ByteWriter {
 public:
  void u8(std::uint8_t v) { bytes_.push_back(v); }
  void u16(std::uint16_t v) { put(v); }
  void u32(std::uint32_t v) { put(v); }
  void u64(std::uint64_t v) { put(v); }
  void f32(float v) { put(std::bit_cast<std::uint32_t>(v)); }
  void f64(double v) { put(std::bit_cast<std::uint64_t>(v)); }
  void raw(std::span<const std::uint8_t> b) { bytes_.insert(bytes_.end(), b.begin(), b.end()); }
  void raw(std::string_view s) { bytes_.insert(bytes_.end(), s.begin(), s.end()); }
  // Overwrites 4 bytes at `at` (for sizes and checksums known only at the end).
  void patchU32(std::size_t at, std::uint32_t v) {
    for (int i = 0; i < 4; ++i) bytes_[at + i] = static_cast<std::uint8_t>(v >> (8 * i));
  }

  std::size_t size() const { return bytes_.size(); }
  const std::vector<std::uint8_t>& bytes() const { return bytes_; }
  std::vector<std::uint8_t> take() { return std::move(bytes_); }

 private:
  template <typename T>
  void put(T v) {
    for (std::size_t i = 0; i < sizeof(T); ++i) bytes_.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
  }
  std::vector<std::uint8_t> bytes_;
};

// Reads little-endian values from a fixed span. Every read checks the bytes left first; a
// failed read returns false, leaves the cursor where it was and writes nothing.
class ByteReader {
 public:
  explicit ByteReader(std::span<const std::uint8_t> bytes, std::uint64_t baseOffset = 0)
      : bytes_(bytes), base_(baseOffset) {}

  bool u8(std::uint8_t& v) { return get(v); }
  bool u16(std::uint16_t& v) { return get(v); }
  bool u32(std::uint32_t& v) { return get(v); }
  bool u64(std::uint64_t& v) { return get(v); }
  bool f32(float& v) {
    std::uint32_t u;
    if (!get(u)) return false;
    v = std::bit_cast<float>(u);
    return true;
  }
  bool f64(double& v) {
    std::uint64_t u;
    if (!get(u)) return false;
    v = std::bit_cast<double>(u);
    return true;
  }
  // A view of the next n bytes (no copy).
  bool view(std::size_t n, std::span<const std::uint8_t>& out) {
    if (n > remaining()) return false;
    out = bytes_.subspan(pos_, n);
    pos_ += n;
    return true;
  }
  bool skip(std::size_t n) {
    if (n > remaining()) return false;
    pos_ += n;
    return true;
  }

  std::size_t remaining() const { return bytes_.size() - pos_; }
  std::size_t position() const { return pos_; }
  // Offset of the cursor in the enclosing file (for error messages).
  std::uint64_t offset() const { return base_ + pos_; }
  bool atEnd() const { return pos_ == bytes_.size(); }

 private:
  template <typename T>
  bool get(T& v) {
    if (sizeof(T) > remaining()) return false;
    T r = 0;
    if constexpr (std::endian::native == std::endian::little) {
      std::memcpy(&r, bytes_.data() + pos_, sizeof(T));  // one load: the file's order is the host's
    } else {
      for (std::size_t i = 0; i < sizeof(T); ++i) r |= static_cast<T>(static_cast<T>(bytes_[pos_ + i]) << (8 * i));
    }
    v = r;
    pos_ += sizeof(T);
    return true;
  }
  std::span<const std::uint8_t> bytes_;
  std::size_t pos_ = 0;
  std::uint64_t base_ = 0;
};

}  // namespace kiln::core
