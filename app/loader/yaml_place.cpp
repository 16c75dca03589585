// One edit's splice (see yaml_place.hpp): a scalar's value span, a new map entry after the
// map's last one (a line at its key column, or before a flow map's brace), or a sequence's items
// after the ones kept, written as the sequence writes its items.
#include "loader/yaml_place.hpp"

#include <algorithm>
#include <charconv>
#include <optional>

namespace kiln::loader::yaml_place {

using yaml_scan::Document;
using yaml_scan::kNoNode;
using yaml_scan::kNoPos;
using yaml_scan::Node;
using Kind = Node::Kind;
using Style = Node::Style;

namespace {

bool isItem(const std::string& key) {
  return !key.empty() && key.front() == '[';
}

std::optional<std::size_t> itemIndex(const std::string& key) {
  std::size_t i = 0;
  if (key.size() < 3 || key.back() != ']') return std::nullopt;
  const auto [end, ec] = std::from_chars(key.data() + 1, key.data() + key.size() - 1, i);
  if (ec != std::errc{} || end != key.data() + key.size() - 1) return std::nullopt;
  return i;
}

std::uint32_t childOf(const Document& d, std::uint32_t i, const std::string& key) {
  const Node& n = d.nodes[i];
  if (isItem(key)) {
    const auto k = itemIndex(key);
    return n.kind == Kind::Sequence && k && *k < n.children.size() ? follow(d, n.children[*k]) : kNoNode;
  }
  if (n.kind != Kind::Map) return kNoNode;
  for (std::size_t c = 0; c + 1 < n.children.size(); c += 2) {
    const Node& k = d.nodes[follow(d, n.children[c])];
    if (k.kind == Kind::Scalar && k.value == key) return follow(d, n.children[c + 1]);
  }
  return kNoNode;
}

core::Diagnostic refused(const Path& path, std::size_t n, std::string message) {
  return {core::Code::EditNotLossless, dotted(path, n), std::move(message)};
}

bool isNumber(std::string_view s) {
  double v = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  return !s.empty() && ec == std::errc{} && end == s.data() + s.size();
}

std::string quoted(std::string_view s, char q) {
  std::string out(1, q);
  for (const char c : s) {
    if (q == '\'' && c == '\'') out += '\'';
    if (q == '"' && (c == '"' || c == '\\')) out += '\\';
    out += c;
  }
  return out + q;
}

std::string spaces(std::size_t n) {
  return std::string(n, ' ');
}

// True when [from, to) holds only blanks and a comment (what may follow a value on its line).
bool onlyComment(std::string_view t, std::size_t from, std::size_t to) {
  while (from < to && (t[from] == ' ' || t[from] == '\t')) ++from;
  return from == to || t[from] == '#';
}

std::string flowItems(const std::vector<ScalarEdit::Item>& items) {
  std::vector<std::string> xs;
  for (const auto& i : items) xs.push_back(flowMap(i));
  return flowSequence(xs);
}

std::variant<Splice, core::Diagnostic> scalar(const Node& n, const ScalarEdit& e) {
  const Path& p = e.path;
  if (n.kind == Kind::Scalar && (n.style == Style::Literal || n.style == Style::Folded))
    return refused(p, p.size(), "written as a block scalar (| or >); edit it by hand");
  if (n.kind != Kind::Scalar && !(n.kind == Kind::Null && n.style == Style::Written))
    return refused(p, p.size(), "written in the source as something else; edit it by hand");
  if (!n.sure())
    return refused(p, p.size(), "its text cannot be located exactly: " + n.unsure + "; edit it by hand");
  // A word keeps its quotes; a number is written plain (quoted, it would be text).
  std::string text = e.text;
  if ((n.style == Style::Single || n.style == Style::Double) && !isNumber(text))
    text = quoted(text, n.style == Style::Single ? '\'' : '"');
  return Splice{n.begin, n.end, std::move(text)};
}

std::variant<Splice, core::Diagnostic> insert(std::string_view t, const Document& d, const Walk& w,
                                              const ScalarEdit& e) {
  const Path& p = e.path;
  // The whole enclosing vector or curve when the gap lies inside it, else the field itself,
  // under any missing parent maps written in flow style.
  const bool whole = e.wholeDepth > 0 && w.found < e.wholeDepth;
  const std::size_t depth = whole ? e.wholeDepth : p.size();
  std::string value = whole ? e.wholeText : e.items ? flowItems(*e.items) : e.text;
  const Node& m = d.nodes[w.node];
  const bool throughItem = std::any_of(p.begin() + static_cast<std::ptrdiff_t>(w.found),
                                       p.begin() + static_cast<std::ptrdiff_t>(depth), isItem);
  if (throughItem || m.kind != Kind::Map)
    return refused(p, w.found + 1, "not written in the source; add it there by hand");
  for (std::size_t i = depth; i-- > w.found + 1;) value = "{" + p[i] + ": " + value + "}";
  if (!m.sure())
    return refused(p, w.found,
                   "cannot tell where this map ends: " + m.unsure + "; add " + p[w.found] + " by hand");
  const std::string entry = p[w.found] + ": " + value;
  if (m.style == Style::Flow) {
    // After the last entry (a value left empty, `{a: }`, keeps a blank after its ':').
    const std::size_t at = m.children.empty() ? m.begin + 1 : d.nodes[m.children.back()].end;
    const std::string sep = m.children.empty() ? "" : t[at - 1] == ':' ? " , " : ", ";
    return Splice{at, at, sep + entry};
  }
  // A block map: a new line at its key column, after the line its last entry ends on.
  const std::size_t at = yaml_scan::lineEnd(t, m.end);
  if (!onlyComment(t, m.end, at))
    return refused(p, w.found, "cannot tell where this map ends; add " + p[w.found] + " by hand");
  return Splice{at, at, d.eol + spaces(m.column) + entry};
}

std::variant<Splice, core::Diagnostic> items(std::string_view t, const Document& d, const Node& s,
                                             const ScalarEdit& e) {
  const Path& p = e.path;
  if (s.kind != Kind::Sequence)
    return refused(p, p.size(), "written in the source as something else; edit it by hand");
  if (!s.sure())
    return refused(p, p.size(), "cannot tell where its items end: " + s.unsure + "; edit it by hand");
  const std::size_t keep = e.keepItems, old = s.children.size();
  if (keep > old || keep > e.items->size())
    return refused(
        p, p.size(),
        "an edit keeping " + std::to_string(keep) + " items, but the source has " + std::to_string(old));
  const std::vector<ScalarEdit::Item> fresh(e.items->begin() + static_cast<std::ptrdiff_t>(keep),
                                            e.items->end());
  auto item = [&](std::size_t k) -> const Node& { return d.nodes[s.children[k]]; };
  if (keep == old && fresh.empty()) return Splice{};
  if (s.style == Style::Flow) {
    // One item a line when the source writes its last two so; else ", " between them.
    std::string sep = ", ";
    if (old >= 1) {
      const std::size_t last = item(old - 1).mark, before = old >= 2 ? item(old - 2).mark : s.begin;
      if (yaml_scan::lineStart(t, last) != yaml_scan::lineStart(t, before))
        sep = "," + d.eol + spaces(yaml_scan::columnOf(t, last));
    }
    std::string text;
    for (std::size_t i = 0; i < fresh.size(); ++i) text += (i ? sep : "") + flowMap(fresh[i]);
    if (keep < old) {
      if (!fresh.empty()) return Splice{item(keep).mark, item(old - 1).end, text};
      return Splice{keep == 0 ? item(0).mark : item(keep - 1).end, item(old - 1).end, ""};
    }
    if (old == 0) return Splice{s.begin + 1, s.begin + 1, text};
    return Splice{item(old - 1).end, item(old - 1).end, sep + text};
  }
  if (old == 0) return refused(p, p.size(), "cannot tell where its items go; edit it by hand");
  // A block sequence: `- ` lines at the dashes' column, each item a block map where the source's
  // items are block maps (under the same offset from the dash), else a flow map.
  const std::size_t model = keep > 0 ? keep - 1 : 0, dash = s.dashes[model];
  const Node& shape = d.nodes[follow(d, s.children[model])];
  const bool blockMaps = shape.kind == Kind::Map && shape.style == Style::Block;
  std::size_t offset = 2;
  if (blockMaps && shape.column > s.column) offset = shape.column - s.column;
  if (!blockMaps && item(model).mark > dash + 1 &&
      yaml_scan::lineStart(t, item(model).mark) == yaml_scan::lineStart(t, dash))
    offset = item(model).mark - dash;
  const std::string indent = spaces(s.column);
  std::string text;
  for (std::size_t i = 0; i < fresh.size(); ++i) {
    if (i) text += d.eol + indent;
    text += "-" + spaces(offset - 1);
    if (!blockMaps || fresh[i].empty()) {
      text += flowMap(fresh[i]);
      continue;
    }
    for (std::size_t f = 0; f < fresh[i].size(); ++f)
      text += (f ? d.eol + spaces(s.column + offset) : "") + fresh[i][f].first + ": " + fresh[i][f].second;
  }
  const std::size_t lastLine = yaml_scan::lineEnd(t, item(old - 1).end);
  if (keep < old) {
    if (!fresh.empty()) return Splice{s.dashes[keep], lastLine, text};
    if (keep > 0) return Splice{yaml_scan::lineEnd(t, item(keep - 1).end), lastLine, ""};
    // Every item goes: the sequence becomes `[]` after its key, keeping a comment there.
    if (s.introEnd == kNoPos || s.mark != s.begin)
      return refused(p, p.size(), "cannot empty this sequence; edit it by hand");
    const std::size_t keyLine = yaml_scan::lineEnd(t, s.introEnd);
    if (!onlyComment(t, s.introEnd, keyLine))
      return refused(p, p.size(), "cannot empty this sequence; edit it by hand");
    return Splice{s.introEnd, lastLine, " []" + std::string(t.substr(s.introEnd, keyLine - s.introEnd))};
  }
  return Splice{lastLine, lastLine, d.eol + indent + text};
}

}  // namespace

std::string dotted(const Path& path, std::size_t n) {
  std::string s;
  for (std::size_t i = 0; i < n && i < path.size(); ++i)
    s += (s.empty() || isItem(path[i]) ? "" : ".") + path[i];
  return s;
}

std::uint32_t follow(const Document& d, std::uint32_t i) {
  while (d.nodes[i].kind == Kind::Alias && d.nodes[i].target != kNoNode) i = d.nodes[i].target;
  return i;
}

Walk walk(const Document& d, const Path& path) {
  Walk w;
  w.node = follow(d, 0);
  for (; w.found < path.size(); ++w.found) {
    const std::uint32_t c = childOf(d, w.node, path[w.found]);
    if (c == kNoNode) break;
    w.node = c;
  }
  return w;
}

std::variant<Splice, core::Diagnostic> place(std::string_view t, const Document& d, const ScalarEdit& e) {
  if (e.path.empty()) return refused(e.path, 0, "an edit of the whole document; edit it by hand");
  const Walk w = walk(d, e.path);
  if (w.found < e.path.size()) return insert(t, d, w, e);
  const Node& n = d.nodes[w.node];
  return e.items ? items(t, d, n, e) : scalar(n, e);
}

}  // namespace kiln::loader::yaml_place
