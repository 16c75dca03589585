// The writing walker over the KWP1 schema: fields in schema order, little-endian, nothing
// optional, so one document has exactly one encoding.
#pragma once

#include <string>
#include <vector>

#include "core/bytes.hpp"
#include "particles/kwp1/schema.hpp"

namespace kiln::particles::kwp1 {

class Writer {
 public:
  void enter(const char*) {}
  void leave() {}
  void u32(const char*, std::uint32_t v) { w_.u32(v); }
  void f64(const char*, double v) { w_.f64(v); }
  template <class E>
  void enumeration(const char*, E v, E) {
    w_.u8(static_cast<std::uint8_t>(v));
  }
  void reference(const char*, std::uint32_t v, std::uint32_t) { w_.u32(v); }
  // Encoding does not validate: an over-long name is cut at the length byte's range so the
  // output stays parseable, and the decoder then rejects it as a bad name.
  void name(const char*, const std::string& v) {
    const std::size_t n = v.size() < 255 ? v.size() : 255;
    w_.u8(static_cast<std::uint8_t>(n));
    w_.raw(std::string_view(v).substr(0, n));
  }
  void reserved(const char*, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) w_.u8(0);
  }
  template <class T, class Fn>
  std::uint32_t array(const char*, const std::vector<T>& v, CountWidth width, std::size_t, Fn&& fn) {
    const auto count = static_cast<std::uint32_t>(v.size());
    if (width == CountWidth::U8) {
      w_.u8(static_cast<std::uint8_t>(count));
    } else {
      w_.u32(count);
    }
    // An element count that does not fit its width is written as the wrapped count and the
    // elements it covers, keeping the bytes self-consistent; the document was invalid anyway.
    const std::uint32_t written = width == CountWidth::U8 ? (count & 0xffu) : count;
    for (std::uint32_t i = 0; i < written; ++i) fn(*this, v[i]);
    return count;
  }

  core::ByteWriter& bytes() { return w_; }

 private:
  core::ByteWriter w_;
};

}  // namespace kiln::particles::kwp1
