// Span-preserving YAML text edits (see yaml_edit.hpp).
#include "loader/yaml_edit.hpp"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <charconv>
#include <optional>

namespace kiln::loader {

std::string formatNumber(double v) {
  char buf[64];
  auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
  return ec == std::errc{} ? std::string(buf, end) : std::string("0");
}

std::string flowSequence(const std::vector<std::string>& xs) {
  std::string s = "[";
  for (std::size_t i = 0; i < xs.size(); ++i) s += (i ? ", " : "") + xs[i];
  return s + "]";
}

std::string flowMap(const ScalarEdit::Item& item) {
  std::string s = "{";
  for (std::size_t i = 0; i < item.size(); ++i) s += (i ? ", " : "") + item[i].first + ": " + item[i].second;
  return s + "}";
}

namespace {

std::string flowItems(const std::vector<ScalarEdit::Item>& items) {
  std::vector<std::string> xs;
  for (const auto& i : items) xs.push_back(flowMap(i));
  return flowSequence(xs);
}


// End of the scalar that starts at `pos`: a quoted scalar ends at its closing quote, a plain
// one before a flow indicator, a comment or the end of the line (trailing blanks excluded).
std::size_t scalarEnd(std::string_view t, std::size_t pos) {
  if (pos < t.size() && (t[pos] == '"' || t[pos] == '\'')) {
    const char q = t[pos];
    for (std::size_t i = pos + 1; i < t.size(); ++i) {
      if (q == '"' && t[i] == '\\') ++i;
      else if (t[i] == q) return i + 1;
    }
    return t.size();
  }
  std::size_t i = pos;
  while (i < t.size() && t[i] != '\n' && t[i] != ',' && t[i] != ']' && t[i] != '}' &&
         !(t[i] == '#' && i > pos && (t[i - 1] == ' ' || t[i - 1] == '\t')))
    ++i;
  while (i > pos && (t[i - 1] == ' ' || t[i - 1] == '\t' || t[i - 1] == '\r')) --i;
  return i;
}

// Just past the bracket that closes the flow collection opening at `pos` (quotes skipped).
std::size_t flowEnd(std::string_view t, std::size_t pos) {
  int depth = 0;
  for (std::size_t i = pos; i < t.size(); ++i) {
    const char c = t[i];
    if (c == '"' || c == '\'') {
      i = scalarEnd(t, i) - 1;
    } else if (c == '[' || c == '{') {
      ++depth;
    } else if ((c == ']' || c == '}') && --depth == 0) {
      return i + 1;
    }
  }
  return t.size();
}

std::size_t lineStart(std::string_view t, std::size_t pos) {
  const std::size_t nl = pos == 0 ? std::string_view::npos : t.rfind('\n', pos - 1);
  return nl == std::string_view::npos ? 0 : nl + 1;
}

// The end (just past its last character, before the newline) of the last line of a block node
// whose first line holds `pos` and whose entries start at `column`: following lines belong to
// it while indented deeper, or at `column` when `dashOnly` is false or they start with '-'.
// Blank and comment-only lines belong only when more of the node follows them, so a comment
// after the node stays outside its span.
std::size_t blockEnd(std::string_view t, std::size_t pos, std::size_t column, bool dashOnly) {
  std::size_t end = t.find('\n', pos);
  if (end == std::string_view::npos) return t.size();
  for (std::size_t ls = end + 1; ls < t.size();) {
    std::size_t le = t.find('\n', ls);
    if (le == std::string_view::npos) le = t.size();
    const std::string_view line = t.substr(ls, le - ls);
    const std::size_t indent = line.find_first_not_of(" \t\r");
    const bool blank = indent == std::string_view::npos || line[indent] == '#';
    if (!blank) {
      const bool inside = indent > column || (indent == column && (!dashOnly || line[indent] == '-'));
      if (!inside) break;
      end = le;
    }
    ls = le + 1;
  }
  return end;
}

// The source text of item i of `seq` when it is a flow map (kept as written), else nullopt.
std::optional<std::string> itemAsWritten(std::string_view t, const YAML::Node& seq, std::size_t i) {
  if (i >= seq.size()) return std::nullopt;
  const auto p = static_cast<std::size_t>(seq[i].Mark().pos);
  if (p >= t.size() || t[p] != '{') return std::nullopt;
  return std::string(t.substr(p, flowEnd(t, p) - p));
}

std::string renderSequence(std::string_view t, const YAML::Node& seq, const std::vector<ScalarEdit::Item>& items,
                           std::size_t keep, std::size_t& begin, std::size_t& end) {
  auto item = [&](std::size_t i) {
    if (i < keep)
      if (auto own = itemAsWritten(t, seq, i)) return *own;
    return flowMap(items[i]);
  };
  begin = static_cast<std::size_t>(seq.Mark().pos);
  if (t[begin] == '[') {
    end = flowEnd(t, begin);
    std::vector<std::string> xs;
    for (std::size_t i = 0; i < items.size(); ++i) xs.push_back(item(i));
    return flowSequence(xs);
  }
  const std::size_t column = begin - lineStart(t, begin);
  end = blockEnd(t, begin, column, true);
  // Keep the source's item style: `- {age: 0, value: 1}` or a block map under each dash.
  bool flowMaps = true;
  if (seq.size() > 0) {
    const auto p = static_cast<std::size_t>(seq[0].Mark().pos);
    flowMaps = p < t.size() && t[p] == '{';
  }
  std::string out;
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i) out += "\n" + std::string(column, ' ');
    if (flowMaps) {
      out += "- " + item(i);
      continue;
    }
    for (std::size_t f = 0; f < items[i].size(); ++f)
      out += (f ? "\n" + std::string(column + 2, ' ') : std::string("- ")) + items[i][f].first + ": " + items[i][f].second;
  }
  return out;
}

// Text that inserts `key: value` into the map `parent`; sets `at` to where it goes.
std::string insertIntoMap(std::string_view t, const YAML::Node& parent, const std::string& key, const std::string& value,
                          std::size_t& at) {
  const auto pos = static_cast<std::size_t>(parent.Mark().pos);
  if (pos < t.size() && t[pos] == '{') {
    const std::size_t close = flowEnd(t, pos) - 1;
    at = close;
    while (at > pos + 1 && (t[at - 1] == ' ' || t[at - 1] == '\t')) --at;
    return (parent.size() > 0 ? ", " : "") + key + ": " + value;
  }
  // A block map: its keys share the column of its first key.
  const auto first = static_cast<std::size_t>(parent.begin()->first.Mark().pos);
  const std::size_t column = first - lineStart(t, first);
  at = blockEnd(t, first, column, false);
  const std::string line = std::string(column, ' ') + key + ": " + value;
  if (at >= t.size()) return (t.empty() || t.back() == '\n' ? "" : "\n") + line + "\n";
  ++at;  // after the newline that ends the map's last line
  return line + "\n";
}

struct Walk {
  YAML::Node node;        // the deepest node found
  std::size_t found = 0;  // how many path entries were found
};

Walk walk(const YAML::Node& root, const std::vector<std::string>& path, std::size_t depth) {
  Walk w;
  w.node.reset(root);
  for (; w.found < depth; ++w.found) {
    // Lookups go through a const node so a missing key is never inserted, and reset() rebinds
    // (assignment in yaml-cpp writes through to the document).
    const YAML::Node& cn = w.node;
    const std::string& key = path[w.found];
    YAML::Node child(YAML::NodeType::Undefined);
    if (key.front() == '[') {
      const std::size_t i = std::stoul(key.substr(1));
      if (cn.IsSequence() && i < cn.size()) child.reset(cn[i]);
    } else if (cn.IsMap() && cn[key]) {
      child.reset(cn[key]);
    }
    if (!child.IsDefined()) break;
    w.node.reset(child);
  }
  return w;
}

std::string dotted(const std::vector<std::string>& path, std::size_t n) {
  std::string s;
  for (std::size_t i = 0; i < n && i < path.size(); ++i) s += (s.empty() || path[i].front() == '[' ? "" : ".") + path[i];
  return s;
}

// Applies one edit to `text`; false with `error` when it cannot be placed.
bool applyOne(std::string& text, const ScalarEdit& e, std::string& error) {
  const YAML::Node root = YAML::Load(text);
  const Walk w = walk(root, e.path, e.path.size());
  std::size_t begin = 0, end = 0;
  std::string replacement;
  if (w.found == e.path.size()) {
    if (e.items && w.node.IsSequence()) {
      replacement = renderSequence(text, w.node, *e.items, e.keepItems, begin, end);
    } else if (!e.items && w.node.IsScalar()) {
      begin = static_cast<std::size_t>(w.node.Mark().pos);
      end = scalarEnd(text, begin);
      replacement = e.text;
    } else {
      error = dotted(e.path, e.path.size()) + " is written in the source as something else; edit it by hand";
      return false;
    }
  } else {
    // Missing: insert the whole enclosing vector or curve when the gap lies inside it, else the
    // field itself, wrapping any missing parent maps in flow style.
    const bool whole = e.wholeDepth > 0 && w.found < e.wholeDepth;
    const std::size_t depth = whole ? e.wholeDepth : e.path.size();
    std::string value = whole ? e.wholeText : e.items ? flowItems(*e.items) : e.text;
    for (std::size_t i = depth; i-- > w.found + 1;) {
      if (e.path[i].front() == '[') break;
      value = "{" + e.path[i] + ": " + value + "}";
    }
    const bool throughItem = std::any_of(e.path.begin() + static_cast<std::ptrdiff_t>(w.found),
                                         e.path.begin() + static_cast<std::ptrdiff_t>(depth),
                                         [](const std::string& k) { return k.front() == '['; });
    if (throughItem || !w.node.IsMap()) {
      error = dotted(e.path, w.found + 1) + " is not written in the source; add it there by hand";
      return false;
    }
    replacement = insertIntoMap(text, w.node, e.path[w.found], value, begin);
    end = begin;
  }
  text.replace(begin, end - begin, replacement);
  return true;
}

}  // namespace

std::optional<std::string> replaceScalars(std::string_view yaml, const std::vector<ScalarEdit>& edits, std::string& error) {
  std::string out(yaml);
  try {
    // One edit at a time against a fresh parse, so an insertion is seen by the next edit (two
    // fields of one omitted map land in a single map, not two).
    for (const auto& e : edits)
      if (!applyOne(out, e, error)) return std::nullopt;
  } catch (const YAML::Exception& ex) {
    // yaml-cpp reports by exception; it stops here as a value.
    error = std::string("the source no longer parses: ") + ex.what();
    return std::nullopt;
  }
  return out;
}

}  // namespace kiln::loader
