// Byte spans of a YAML document's nodes, for edits that rewrite only one value's text: yaml-cpp
// says what the nodes are and where each starts; this scanner finds where each one's text ends.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "core/diagnostic.hpp"

namespace kiln::loader::yaml_scan {

inline constexpr std::uint32_t kNoNode = UINT32_MAX;
inline constexpr std::size_t kNoPos = static_cast<std::size_t>(-1);

struct Node {
  enum class Kind : std::uint8_t { Null, Scalar, Sequence, Map, Alias };
  // Empty: a null with no text (`key:`); Written: `~` or `null`.
  enum class Style : std::uint8_t { Empty, Written, Plain, Single, Double, Literal, Folded, Flow, Block };
  Kind kind = Kind::Null;
  Style style = Style::Empty;
  // Where yaml-cpp puts the node: at its anchor or tag when it has one (file bytes, BOM counted).
  std::size_t mark = 0;
  // The value's own text [begin, end): after any anchor and tag; before any comment or trailing
  // blank. An empty null is the empty span just past its ':' or '-' (or its anchor).
  std::size_t begin = 0, end = 0;
  // Just past the ':' or '-' that introduces the node (kNoPos for the root, keys, flow items).
  std::size_t introEnd = kNoPos;
  // A block collection: the column of its keys or dashes.
  std::size_t column = 0;
  std::string anchor;                   // the name after '&', empty without one
  std::string value;                    // a scalar's value as yaml-cpp read it
  std::vector<std::uint32_t> children;  // a map: key, value, key, value …; a sequence: items
  std::vector<std::size_t> dashes;      // a block sequence: each item's '-'
  std::uint32_t target = kNoNode;       // an alias: the anchored node it repeats
  // Why this node's span (or a descendant's) is not known exactly; empty when it is. Edits
  // that need such a span are refused rather than guessed.
  std::string unsure;
  bool sure() const { return unsure.empty(); }
};

struct Document {
  std::vector<Node> nodes;  // nodes[0] is the root
  std::size_t bom = 0;  // 3 when the file opens with a UTF-8 byte order mark
  bool hasAliases = false;
};

// The nodes of the one document in `text` with their spans; a yaml-syntax diagnostic when it
// does not parse, edit-not-lossless when it holds more than one document or is not UTF-8 text.
std::variant<Document, core::Diagnostic> scan(std::string_view text);

// Text helpers shared with the editor. A line break is "\n" or "\r\n".
std::size_t lineEnd(std::string_view t, std::size_t pos);    // the break at or after pos (or t.size())
std::size_t nextLine(std::string_view t, std::size_t pos);   // just past that break
std::size_t lineStart(std::string_view t, std::size_t pos);  // the first byte of pos's line
std::size_t columnOf(std::string_view t, std::size_t pos);  // a byte order mark takes no column
// The line break ending pos's line; on a last line without one, the previous line's; "\n" in a
// text of one line. A line inserted after pos's line takes it, so no line's ending changes.
std::string_view breakOf(std::string_view t, std::size_t pos);

}  // namespace kiln::loader::yaml_scan
