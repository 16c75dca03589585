// The reading walker over the KWP1 schema: in scan mode it proves a payload well-formed
// without materializing arrays; in decode mode the same walk fills a Document.
#pragma once

#include <array>
#include <cmath>
#include <string>
#include <string_view>
#include <vector>

#include "core/bytes.hpp"
#include "core/diagnostic.hpp"
#include "particles/kwp1/kwp1.hpp"
#include "particles/kwp1/schema.hpp"
#include "particles/names.hpp"

namespace kiln::particles::kwp1 {

template <bool Materialize>
class Reader {
 public:
  Reader(std::span<const std::uint8_t> payload, std::uint64_t baseOffset) : r_(payload, baseOffset) {}

  // When set, every field read is appended (the layout dump for inspectors and fixtures).
  std::vector<FieldSpan>* trace = nullptr;

  bool ok() const { return ok_; }
  const core::DecodeError& error() const { return error_; }
  const core::ByteReader& bytes() const { return r_; }

  // Start and end offsets of each element of the top-level arrays ("presets", "emitters").
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
    if (!std::isfinite(v))
      return fail(core::Code::NotFinite, at, field, "the number is " + std::to_string(v));
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

  void reference(const char* field, std::uint32_t& v, std::uint32_t limit) {
    const std::uint64_t at = r_.offset();
    if (!ok_) return;
    if (!r_.u32(v)) return truncated(field, 4);
    if (v >= limit)
      return fail(core::Code::BadReference, at, field,
                  "index " + std::to_string(v) + " is out of range (" + std::to_string(limit) + " entries)");
    record(field, at, 4);
  }

  void name(const char* field, std::string& v) {
    const std::uint64_t at = r_.offset();
    std::uint8_t length = 0;
    std::span<const std::uint8_t> text;
    if (!ok_) return;
    if (!r_.u8(length)) return truncated(field, 1);
    if (length == 0 || length > kMaxNameBytes)
      return fail(
          core::Code::BadName, at, field,
          "name length " + std::to_string(length) + " is outside 1.." + std::to_string(kMaxNameBytes));
    if (!r_.view(length, text)) return truncated(field, 1u + length);
    // The same name rule validation applies (particles/names.hpp); it allocates only to
    // describe a defect.
    const std::string_view chars(reinterpret_cast<const char*>(text.data()), text.size());
    if (auto why = nameProblem(chars)) return fail(core::Code::BadName, at, field, std::move(*why));
    // Scanning stores nothing, so a name costs no allocation before the file is proven.
    if constexpr (Materialize) v.assign(text.begin(), text.end());
    // Like validation, paths name presets and emitters once their name is known
    // ("emitters.brazier_left.yaw"); the view points into the file, so naming costs nothing.
    if (depth_ == 1 && stack_[0].index >= 0 && field && std::string_view(field) == "name")
      stack_[0].label = chars;
    record(field, at, 1u + length);
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

  template <class T, class Fn>
  std::uint32_t array(const char* field, std::vector<T>& v, CountWidth width, std::size_t limit, Fn&& fn) {
    if (!ok_) return 0;
    const std::uint64_t at = r_.offset();
    std::uint32_t count = 0;
    push(field, -1);
    if (width == CountWidth::U8) {
      std::uint8_t c = 0;
      if (!r_.u8(c)) truncated("count", 1);
      count = c;
    } else if (!r_.u32(count)) {
      truncated("count", 4);
    }
    if (ok_ && count > limit)
      fail(core::Code::CountOverLimit, at, "count",
           "count " + std::to_string(count) + " exceeds the limit of " + std::to_string(limit));
    // 64-bit product: a u32 count times a record size cannot overflow it.
    const std::uint64_t need = static_cast<std::uint64_t>(count) * minElementSize<T>(fn);
    if (ok_ && need > r_.remaining())
      fail(core::Code::CountPastEnd, at, "count",
           "count " + std::to_string(count) + " needs at least " + std::to_string(need) + " bytes, " +
               std::to_string(r_.remaining()) + " remain");
    record("count", at, static_cast<std::uint32_t>(width));
    --depth_;
    if (!ok_) return 0;

    // Offsets are kept only when decoding: scanning allocates nothing sized by a count.
    TopLevel* top = nullptr;
    if constexpr (Materialize) {
      if (depth_ == 0) top = &top_.emplace_back(TopLevel{field, {}, {}});
    }
    if constexpr (Materialize) v.resize(count);
    T scratch{};
    for (std::uint32_t i = 0; i < count && ok_; ++i) {
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
    return count;
  }

  // The current path plus `field`, e.g. "presets.embers.color[1].rgba[3]" ("presets[2]..."
  // while the preset's name is not yet read or is itself the defect).
  std::string path(const char* field) const {
    std::string s;
    for (std::size_t i = 0; i < depth_ && i < stack_.size(); ++i)
      append(s, stack_[i].field, stack_[i].index, stack_[i].label);
    append(s, field, -1, {});
    return s;
  }

  void fail(core::Code code, std::uint64_t at, const char* field, std::string message) {
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

  void push(const char* field, std::int64_t index) {
    // The schema nests at most five deep; overflowing is a programmer error in schema.hpp.
    stack_[depth_ < stack_.size() ? depth_ : stack_.size() - 1] = Segment{field, index, {}};
    ++depth_;
  }

  void truncated(const char* field, std::size_t need) {
    fail(core::Code::Truncated, r_.offset(), field,
         "needs " + std::to_string(need) + " bytes, " + std::to_string(r_.remaining()) + " remain");
  }

  void record(const char* field, std::uint64_t at, std::uint32_t width) {
    if (trace && ok_) trace->push_back(FieldSpan{at, width, path(field)});
  }

  core::ByteReader r_;
  bool ok_ = true;
  core::DecodeError error_;
  std::array<Segment, 8> stack_{};
  std::size_t depth_ = 0;
  std::vector<TopLevel> top_;
};

}  // namespace kiln::particles::kwp1
