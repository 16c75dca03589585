// The generic source tree the compiler walks: maps, sequences and scalars with their
// line:col, built by a front end (app/loader builds it from YAML) so this layer parses no text.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace kiln::source {

// 1-based line and column in the source text; line 0 means "unknown".
struct Mark {
  std::uint32_t line = 0;
  std::uint32_t col = 0;
  bool known() const { return line != 0; }
  friend bool operator==(const Mark&, const Mark&) = default;
};

struct SourceNode {
  enum class Kind : std::uint8_t { Null, Scalar, Sequence, Map };

  Kind kind = Kind::Null;
  // Scalar text exactly as written (without quotes).
  std::string scalar;
  // False for quoted or block scalars: `"12"` is text, never the number 12.
  bool plain = true;
  // Map entries in document order: keys[i] introduces values[i] (keyMarks[i] is where).
  std::vector<std::string> keys;
  std::vector<Mark> keyMarks;
  std::vector<SourceNode> values;
  // Sequence items.
  std::vector<SourceNode> items;
  Mark mark;

  bool isNull() const { return kind == Kind::Null; }
  bool isScalar() const { return kind == Kind::Scalar; }
  bool isSequence() const { return kind == Kind::Sequence; }
  bool isMap() const { return kind == Kind::Map; }
  // The value under `key` in a map, or nullptr.
  const SourceNode* find(const std::string& key) const {
    for (std::size_t i = 0; i < keys.size(); ++i)
      if (keys[i] == key) return &values[i];
    return nullptr;
  }

  static SourceNode scalarNode(std::string text, Mark m = {}, bool isPlain = true) {
    SourceNode n;
    n.kind = Kind::Scalar;
    n.scalar = std::move(text);
    n.plain = isPlain;
    n.mark = m;
    return n;
  }
};


}  // namespace kiln::source
