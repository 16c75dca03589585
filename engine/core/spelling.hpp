// One spelling table per enumeration: the source vocabulary's word for each value, in the order
// the values are listed to authors. Parsing (source::Walker::enumeration, with its did-you-mean),
// messages and every writer of the word (inspect, sim --json, the viewer) read the same table.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string_view>

namespace kiln::core {

template <class E>
struct Spelling {
  std::string_view text;
  E value;
};

template <class E, std::size_t N>
using SpellingTable = std::array<Spelling<E>, N>;

// The word for `v`, or "unknown" for a value the table does not hold.
template <class E, std::size_t N>
constexpr std::string_view spelled(const SpellingTable<E, N>& table, E v) {
  for (const Spelling<E>& s : table)
    if (s.value == v) return s.text;
  return "unknown";
}

// The value spelled `text`, if any.
template <class E, std::size_t N>
constexpr std::optional<E> fromSpelling(const SpellingTable<E, N>& table, std::string_view text) {
  for (const Spelling<E>& s : table)
    if (s.text == text) return s.value;
  return std::nullopt;
}

}  // namespace kiln::core
