// The one schema-driven walker of Kiln's binary codecs: a format describes each record once, as
// a function template over a walker W, and the same description scans, decodes, encodes, dumps
// its layout and measures its own minimum size (how to use it: docs/formats/README.md).
#pragma once

#include <array>
#include <cmath>
#include <cstring>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "core/bytes.hpp"
#include "core/diagnostic.hpp"

namespace kiln::core::walk {

// How wide a count or length prefix is on disk. Small limits get one byte so a malformed count
// can never ask for more than 255 elements before its limit check.
enum class Width : std::uint8_t { U8 = 1, U16 = 2, U32 = 4 };

inline constexpr std::uint64_t widthMax(Width w) {
  return w == Width::U8 ? 0xffu : w == Width::U16 ? 0xffffu : 0xffffffffu;
}

// A length-prefixed text field: its prefix, its byte limits, and its content rule (nullopt when
// the bytes are acceptable, else why not). The length is checked before the content. Names are
// never empty; a text that may be (a shader snippet) sets minBytes 0.
struct TextRule {
  Width length;
  std::size_t maxBytes;
  std::optional<std::string> (*problem)(std::string_view);
  std::size_t minBytes = 1;
};

// A u32 byte size followed by that many opaque bytes (an embedded file). Decoding leaves a view
// into the input and the file offset of its first byte.
struct Blob {
  std::span<const std::uint8_t> data;
  std::uint64_t offset = 0;
};

// One field of a file: its byte range and its path (the layout dump of inspectors and docs).
struct FieldSpan {
  std::uint64_t offset = 0;
  std::uint32_t width = 0;
  std::string path;
};

// How a Reader spells error and layout paths.
struct PathStyle {
  // Elements of top-level arrays are named by their "name" field once read ("emitters.torch.yaw"
  // rather than "emitters[1].yaw").
  bool nameLabels = false;
  // A count has its own segment ("presets.count") rather than the array's path ("presets").
  bool countSegment = false;
};

// The walker interface every schema function may call (W is Reader, Writer or MinSize):
//   version()                          the document version the walk is for
//   enter(field) / leave()             a nested group of fields
//   u32(field, v), f64(field, v)       fixed-size numbers (f64 must be finite)
//   enumeration(field, v, max)         a u8 holding 0..max
//   reference(field, v, limit[, none]) a u32 index below limit (or the sentinel `none`)
//   optionalReference(field, v, n)     a u8: 0 none, else 1 + an index below n
//   text(field, s, rule)               a length-prefixed text; returns its characters
//   reserved(field, n)                 n zero bytes
//   count(field, size, width, limit, minElementBytes) then each(field, vector, n, fn)
//   blob(field, b)                     a u32 size and that many bytes
//   offset()                           where the next field starts
// array(w, ...) below is count + each with the minimum derived from the element's schema.
// A null field adds no path segment ("portals[1]", "frames[0]").

// The fewest bytes a record can occupy (every array empty, every text one byte): the proof that
// a declared count fits in the bytes left, derived from the schema itself.
class MinSize {
 public:
  explicit MinSize(std::uint16_t version) : version_(version) {}
  std::uint16_t version() const { return version_; }
  std::uint64_t offset() const { return bytes; }
  void enter(const char*) {}
  void leave() {}
  void u32(const char*, std::uint32_t) { bytes += 4; }
  void f64(const char*, double) { bytes += 8; }
  template <class E>
  void enumeration(const char*, E, E) {
    bytes += 1;
  }
  void reference(const char*, std::uint32_t, std::uint32_t, std::optional<std::uint32_t> = {}) { bytes += 4; }
  void optionalReference(const char*, std::uint8_t, std::uint32_t) { bytes += 1; }
  template <class S>
  std::string_view text(const char*, const S&, const TextRule& rule) {
    bytes += static_cast<std::size_t>(rule.length) + rule.minBytes;
    return {};
  }
  void reserved(const char*, std::size_t n) { bytes += n; }
  std::uint32_t count(const char*, std::size_t, Width width, std::size_t, std::uint64_t) {
    bytes += static_cast<std::size_t>(width);
    return 0;
  }
  template <class T, class Fn>
  void each(const char*, const std::vector<T>&, std::uint32_t, Fn&&) {}
  void blob(const char*, const Blob&) { bytes += 4; }
  std::size_t bytes = 0;

 private:
  std::uint16_t version_;
};

// The minimum size of one T as `fn` (a schema function) lays it out in w's version.
template <class T, class W, class Fn>
std::size_t minElementSize(const W& w, Fn& fn) {
  MinSize m(w.version());
  const T scratch{};
  fn(m, scratch);
  return m.bytes;
}

// A counted array: the count (checked against `limit` and, when reading, against the bytes
// its shortest elements need), then each element as `fn` lays it out. Returns the count.
template <class W, class V, class Fn>
std::uint32_t array(W& w, const char* field, V& v, Width width, std::size_t limit, Fn&& fn) {
  using T = typename std::remove_cvref_t<V>::value_type;
  const std::uint32_t n = w.count(field, v.size(), width, limit, minElementSize<T>(w, fn));
  w.each(field, v, n, fn);
  return n;
}

// Writes fields in schema order, little-endian, nothing optional, so one model has exactly one
// encoding. Encoding does not validate: values that do not fit their width are cut to it so the
// output stays parseable, and the decoder then rejects them.
class Writer {
 public:
  explicit Writer(std::uint16_t version) : version_(version) {}
  std::uint16_t version() const { return version_; }
  std::uint64_t offset() const { return w_.bytes().size(); }
  void enter(const char*) {}
  void leave() {}
  void u32(const char*, std::uint32_t v) { w_.u32(v); }
  void f64(const char*, double v) { w_.f64(v); }
  template <class E>
  void enumeration(const char*, E v, E) {
    w_.u8(static_cast<std::uint8_t>(v));
  }
  void reference(const char*, std::uint32_t v, std::uint32_t, std::optional<std::uint32_t> = {}) {
    w_.u32(v);
  }
  void optionalReference(const char*, std::uint8_t v, std::uint32_t) { w_.u8(v); }
  template <class S>
  std::string_view text(const char*, const S& v, const TextRule& rule) {
    const std::string_view s = std::string_view(v).substr(0, widthMax(rule.length));
    prefix(rule.length, s.size());
    w_.raw(s);
    return s;
  }
  void reserved(const char*, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) w_.u8(0);
  }
  // An element count that does not fit its width is written wrapped, and each() then writes
  // only the elements it covers, keeping the bytes self-consistent.
  std::uint32_t count(const char*, std::size_t size, Width width, std::size_t, std::uint64_t) {
    const auto n = static_cast<std::uint32_t>(size & widthMax(width));
    prefix(width, n);
    return n;
  }
  template <class T, class Fn>
  void each(const char*, const std::vector<T>& v, std::uint32_t n, Fn&& fn) {
    for (std::uint32_t i = 0; i < n && i < v.size(); ++i) fn(*this, v[i]);
  }
  void blob(const char*, const Blob& b) {
    w_.u32(static_cast<std::uint32_t>(b.data.size()));
    w_.raw(b.data);
  }

  const std::vector<std::uint8_t>& bytes() const { return w_.bytes(); }

 private:
  void prefix(Width width, std::uint64_t n) {
    if (width == Width::U8)
      w_.u8(static_cast<std::uint8_t>(n));
    else if (width == Width::U16)
      w_.u16(static_cast<std::uint16_t>(n));
    else
      w_.u32(static_cast<std::uint32_t>(n));
  }

  core::ByteWriter w_;
  std::uint16_t version_;
};

// Reads fields in schema order, checking each on sight; the first defect stops the walk (later
// calls do nothing) and is kept as a DecodeError with its byte offset and field path. With
// Materialize = false (the scan) nothing is stored and arrays iterate over one scratch element,
// so nothing is allocated from a declared count; with true (the decode) arrays are sized once
// their count is proven against the limit and the bytes left.
template <bool Materialize>
class Reader {
 public:
  Reader(std::span<const std::uint8_t> payload, std::uint64_t baseOffset, std::uint16_t version,
         PathStyle style = {})
      : r_(payload, baseOffset), version_(version), style_(style) {}

  // When set, every field read is appended (the layout dump for inspectors and fixtures).
  std::vector<FieldSpan>* trace = nullptr;

  std::uint16_t version() const { return version_; }
  std::uint64_t offset() const { return r_.offset(); }
  bool ok() const { return ok_; }
  const core::DecodeError& error() const { return error_; }
  const core::ByteReader& bytes() const { return r_; }

  // Start and end offsets of each element of the top-level arrays (decode only).
  struct TopLevel {
    std::string_view field;
    std::vector<std::uint64_t> start, end;
  };
  const std::vector<TopLevel>& topLevel() const { return top_; }

  void enter(const char* field) { push(field, -1); }
  void leave() { --depth_; }

  void u32(const char* field, std::uint32_t& v) {
    const std::uint64_t at = r_.offset();
    if (ok_ && !r_.u32(v)) truncated(field, 4);
    record(field, at, 4);
  }

  void f64(const char* field, double& v) {
    const std::uint64_t at = r_.offset();
    if (!ok_) return;
    if (!r_.f64(v)) return truncated(field, 8);
    if (!std::isfinite(v)) [[unlikely]]
      return notFinite(at, field, v);
    record(field, at, 8);
  }

  template <class E>
  void enumeration(const char* field, E& v, E max) {
    const std::uint64_t at = r_.offset();
    std::uint8_t raw = 0;
    if (!ok_) return;
    if (!r_.u8(raw)) return truncated(field, 1);
    if (raw > static_cast<std::uint8_t>(max))
      return fail(core::Code::UnknownEnum, at, field,
                  "value " + std::to_string(raw) + " is not defined (0.." +
                      std::to_string(static_cast<unsigned>(max)) + ")");
    v = static_cast<E>(raw);
    record(field, at, 1);
  }

  void reference(const char* field, std::uint32_t& v, std::uint32_t limit,
                 std::optional<std::uint32_t> none = {}) {
    const std::uint64_t at = r_.offset();
    if (!ok_) return;
    if (!r_.u32(v)) return truncated(field, 4);
    if (v >= limit && v != none)
      return fail(core::Code::BadReference, at, field,
                  "index " + std::to_string(v) + " is out of range (" + std::to_string(limit) + " entries)");
    record(field, at, 4);
  }

  // A u8 that is 0 (no entry) or 1 + the index of an entry among `entries`.
  void optionalReference(const char* field, std::uint8_t& v, std::uint32_t entries) {
    const std::uint64_t at = r_.offset();
    if (!ok_) return;
    if (!r_.u8(v)) return truncated(field, 1);
    if (v > entries)
      return fail(core::Code::BadReference, at, field,
                  "value " + std::to_string(v) + " names entry " + std::to_string(v - 1) + " (0 is none, k is entry k-1), " +
                      std::to_string(entries) + " entries");
    record(field, at, 1);
  }

  // Returns a view of the characters in the input (empty after a defect); only decoding
  // stores them, so a scanned text costs no allocation.
  // S is std::string or a core::InlineText (anything assignable from a string_view).
  template <class S>
  std::string_view text(const char* field, S& v, const TextRule& rule) {
    const std::uint64_t at = r_.offset();
    if (!ok_) return {};
    std::uint64_t length = 0;
    std::span<const std::uint8_t> raw;
    if (!prefix(rule.length, length)) {
      truncated(field, static_cast<std::size_t>(rule.length));
    } else if (length < rule.minBytes || length > rule.maxBytes) {
      fail(core::Code::BadName, at, field,
           "length " + std::to_string(length) + " is outside " + std::to_string(rule.minBytes) + ".." +
               std::to_string(rule.maxBytes));
    } else if (!r_.view(length, raw)) {
      truncated(field, static_cast<std::size_t>(length));
    }
    if (!ok_) return {};
    const std::string_view chars(reinterpret_cast<const char*>(raw.data()), raw.size());
    // A defect in the characters is reported where they start, after the length prefix.
    if (auto why = rule.problem(chars)) {
      fail(core::Code::BadName, r_.offset() - length, field, std::move(*why));
      return {};
    }
    if constexpr (Materialize) v = chars;
    // The view points into the input, so labelling an element by its name costs nothing.
    if (style_.nameLabels && depth_ == 1 && stack_[0].index >= 0 && field && std::strcmp(field, "name") == 0)
      stack_[0].label = chars;
    record(field, at, static_cast<std::uint32_t>(rule.length) + static_cast<std::uint32_t>(length));
    return chars;
  }

  void reserved(const char* field, std::size_t n) {
    const std::uint64_t at = r_.offset();
    if (!ok_) return;
    for (std::size_t i = 0; i < n; ++i) {
      std::uint8_t b = 0;
      if (!r_.u8(b)) return truncated(field, n);
      if (b != 0)
        return fail(core::Code::ReservedNonZero, at + i, field,
                    "reserved byte " + std::to_string(i) + " is " + std::to_string(b) + ", must be 0");
    }
    record(field, at, static_cast<std::uint32_t>(n));
  }

  std::uint32_t count(const char* field, std::size_t, Width width, std::size_t limit,
                      std::uint64_t minElementBytes) {
    if (!ok_) return 0;
    const std::uint64_t at = r_.offset();
    const char* segment = style_.countSegment ? "count" : nullptr;
    push(field, -1);
    std::uint64_t n = 0;
    if (!prefix(width, n)) truncated(segment, static_cast<std::size_t>(width));
    if (ok_ && n > limit)
      fail(core::Code::CountOverLimit, at, segment,
           "count " + std::to_string(n) + " exceeds the limit of " + std::to_string(limit));
    // 64-bit product: a u32 count times a record size cannot overflow it.
    const std::uint64_t need = n * minElementBytes;
    if (ok_ && need > r_.remaining())
      fail(core::Code::CountPastEnd, at, segment,
           "count " + std::to_string(n) + " needs at least " + std::to_string(need) + " bytes, " +
               std::to_string(r_.remaining()) + " remain");
    record(segment, at, static_cast<std::uint32_t>(width));
    --depth_;
    return ok_ ? static_cast<std::uint32_t>(n) : 0;
  }

  template <class T, class Fn>
  void each(const char* field, std::vector<T>& v, std::uint32_t n, Fn&& fn) {
    if (!ok_) return;
    // Offsets are kept only when decoding: scanning allocates nothing sized by a count.
    TopLevel* top = nullptr;
    if constexpr (Materialize) {
      if (depth_ == 0) {
        top = &top_.emplace_back(TopLevel{field, {}, {}});
        top->start.reserve(n);
        top->end.reserve(n);
      }
      v.resize(n);
    }
    T scratch{};
    for (std::uint32_t i = 0; i < n && ok_; ++i) {
      if (top) top->start.push_back(r_.offset());
      push(field, i);
      if constexpr (Materialize) {
        fn(*this, v[i]);
      } else {
        fn(*this, scratch);
      }
      --depth_;
      if (top) top->end.push_back(r_.offset());
    }
  }

  void blob(const char* field, Blob& b) {
    const std::uint64_t at = r_.offset();
    if (!ok_) return;
    std::uint32_t size = 0;
    if (!r_.u32(size)) return truncated(field, 4);
    const std::uint64_t dataAt = r_.offset();
    std::span<const std::uint8_t> data;
    if (!r_.view(size, data))
      return fail(
          core::Code::Truncated, at, field,
          "declares " + std::to_string(size) + " bytes but " + std::to_string(r_.remaining()) + " remain");
    if constexpr (Materialize) b = Blob{data, dataAt};
    record(field, at, 4);
  }

  // The current path plus `field`, e.g. "presets.embers.color[1].rgba[3]" ("presets[2]..."
  // while the element's name is not yet read or is itself the defect).
  std::string path(const char* field) const {
    std::string s;
    for (std::size_t i = 0; i < depth_ && i < stack_.size(); ++i)
      append(s, stack_[i].field, stack_[i].index, stack_[i].label);
    append(s, field, -1, {});
    return s;
  }

  // Stops the walk with this error (the first one wins). Out of line: every read's happy path
  // stays a few instructions.
  [[gnu::noinline, gnu::cold]] void fail(core::Code code, std::uint64_t at, const char* field, std::string message) {
    if (!ok_) return;
    ok_ = false;
    error_ = core::DecodeError{code, at, path(field), std::move(message)};
  }

 private:
  struct Segment {
    const char* field = nullptr;
    std::int64_t index = -1;
    std::string_view label;  // the element's name, once read
  };

  static void append(std::string& s, const char* field, std::int64_t index, std::string_view label) {
    if (field) {
      if (!s.empty()) s += '.';
      s += field;
    }
    if (!label.empty()) {
      s += '.';
      s += label;
    } else if (index >= 0) {
      s += '[';
      s += std::to_string(index);
      s += ']';
    }
  }

  bool prefix(Width width, std::uint64_t& n) {
    bool read = false;
    if (width == Width::U8) {
      std::uint8_t v = 0;
      read = r_.u8(v);
      n = v;
    } else if (width == Width::U16) {
      std::uint16_t v = 0;
      read = r_.u16(v);
      n = v;
    } else {
      std::uint32_t v = 0;
      read = r_.u32(v);
      n = v;
    }
    return read;
  }

  void push(const char* field, std::int64_t index) {
    // Schemas nest a few levels deep; overflowing is a programmer error in a schema.
    stack_[depth_ < stack_.size() ? depth_ : stack_.size() - 1] = Segment{field, index, {}};
    ++depth_;
  }

  [[gnu::noinline, gnu::cold]] void notFinite(std::uint64_t at, const char* field, double v) {
    fail(core::Code::NotFinite, at, field, "the number is " + std::to_string(v));
  }

  [[gnu::noinline, gnu::cold]] void truncated(const char* field, std::size_t need) {
    fail(core::Code::Truncated, r_.offset(), field,
         "needs " + std::to_string(need) + " bytes, " + std::to_string(r_.remaining()) + " remain");
  }

  void record(const char* field, std::uint64_t at, std::uint32_t width) {
    if (trace) [[unlikely]] traceField(field, at, width);
  }
  [[gnu::noinline]] void traceField(const char* field, std::uint64_t at, std::uint32_t width) {
    if (ok_) trace->push_back(FieldSpan{at, width, path(field)});
  }

  core::ByteReader r_;
  std::uint16_t version_;
  PathStyle style_;
  bool ok_ = true;
  core::DecodeError error_;
  std::array<Segment, 8> stack_{};
  std::size_t depth_ = 0;
  std::vector<TopLevel> top_;
};

}  // namespace kiln::core::walk
