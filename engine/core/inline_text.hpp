// A short text kept inside its owner: up to N bytes live in the object itself, so a document of
// a thousand names is not a thousand heap blocks. A longer text (only an invalid document has
// one, and validation reports its length) is kept whole on the heap, so nothing is ever cut.
// It reads like a std::string_view and converts to std::string where one is wanted.
#pragma once

#include <array>
#include <compare>
#include <cstddef>
#include <cstring>
#include <memory>
#include <ostream>
#include <string>
#include <string_view>

namespace kiln::core {

template <std::size_t N>
class InlineText {
  static_assert(N > 0 && N < 256, "the inline size is kept in one byte");

 public:
  InlineText() noexcept { inline_[0] = '\0'; }
  InlineText(std::string_view s) { assign(s); }  // NOLINT: implicit, like std::string
  InlineText(const std::string& s) { assign(s); }
  InlineText(const char* s) { assign(std::string_view(s)); }
  InlineText(const InlineText& other) { assign(other.view()); }
  InlineText(InlineText&& other) noexcept { take(other); }
  InlineText& operator=(const InlineText& other) {
    if (this != &other) assign(other.view());
    return *this;
  }
  InlineText& operator=(InlineText&& other) noexcept {
    if (this != &other) take(other);
    return *this;
  }
  InlineText& operator=(std::string_view s) {
    assign(s);
    return *this;
  }
  InlineText& operator=(const std::string& s) { return *this = std::string_view(s); }
  InlineText& operator=(const char* s) { return *this = std::string_view(s); }

  std::string_view view() const noexcept { return heap_ ? std::string_view(*heap_) : std::string_view(inline_.data(), size_); }
  operator std::string_view() const noexcept { return view(); }
  operator std::string() const { return std::string(view()); }

  const char* data() const noexcept { return heap_ ? heap_->data() : inline_.data(); }
  const char* c_str() const noexcept { return data(); }
  std::size_t size() const noexcept { return heap_ ? heap_->size() : size_; }
  bool empty() const noexcept { return size() == 0; }
  int compare(std::string_view other) const noexcept { return view().compare(other); }

  friend bool operator==(const InlineText& a, const InlineText& b) noexcept { return a.view() == b.view(); }
  friend bool operator==(const InlineText& a, std::string_view b) noexcept { return a.view() == b; }
  friend bool operator==(const InlineText& a, const std::string& b) noexcept { return a.view() == b; }
  friend bool operator==(const InlineText& a, const char* b) noexcept { return a.view() == b; }
  friend std::strong_ordering operator<=>(const InlineText& a, const InlineText& b) noexcept {
    return a.view() <=> b.view();
  }

  friend std::string operator+(std::string a, const InlineText& b) { return a.append(b.view()); }
  friend std::string operator+(const InlineText& a, std::string_view b) { return std::string(a.view()).append(b); }
  friend std::string operator+(const InlineText& a, const std::string& b) { return std::string(a.view()).append(b); }
  friend std::string operator+(const InlineText& a, const char* b) { return std::string(a.view()).append(b); }
  friend std::string operator+(const char* a, const InlineText& b) { return std::string(a).append(b.view()); }
  friend std::string& operator+=(std::string& a, const InlineText& b) { return a.append(b.view()); }
  friend std::ostream& operator<<(std::ostream& os, const InlineText& t) { return os << t.view(); }

 private:
  void assign(std::string_view s) {
    if (s.size() <= N) {
      // memmove: s may view this very text.
      std::memmove(inline_.data(), s.data(), s.size());
      inline_[s.size()] = '\0';
      size_ = static_cast<std::uint8_t>(s.size());
      heap_.reset();
    } else {
      heap_ = std::make_unique<std::string>(s);
      size_ = 0;
      inline_[0] = '\0';
    }
  }
  void take(InlineText& other) noexcept {
    // Only the bytes in use (and the terminator): the rest of the buffer is never written.
    std::memcpy(inline_.data(), other.inline_.data(), std::size_t{other.size_} + 1);
    size_ = other.size_;
    heap_ = std::move(other.heap_);
    other.size_ = 0;
    other.inline_[0] = '\0';
  }

  std::array<char, N + 1> inline_;
  std::uint8_t size_ = 0;
  std::unique_ptr<std::string> heap_;
};

}  // namespace kiln::core

template <std::size_t N>
struct std::hash<kiln::core::InlineText<N>> {
  std::size_t operator()(const kiln::core::InlineText<N>& t) const noexcept { return std::hash<std::string_view>{}(t.view()); }
};
