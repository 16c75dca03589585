// One edit's splice (see yaml_place.hpp): a scalar's value span, a new map entry after the
// map's last one (a line at its key column, or before a flow map's brace), a new sequence item
// between its neighbours written as they are, or an item's or a map entry's own bytes taken out.
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

bool isBlank(char c) {
  return c == ' ' || c == '\t';
}

bool allBlank(std::string_view t, std::size_t from, std::size_t to) {
  return std::all_of(t.begin() + static_cast<std::ptrdiff_t>(from), t.begin() + static_cast<std::ptrdiff_t>(to),
                     isBlank);
}

std::size_t skipBlanks(std::string_view t, std::size_t p) {
  while (p < t.size() && isBlank(t[p])) ++p;
  return p;
}

// True when [from, to) holds only blanks and a comment (what may follow a value on its line).
bool onlyComment(std::string_view t, std::size_t from, std::size_t to) {
  from = skipBlanks(t, from);
  return from >= to || t[from] == '#';
}

// The first byte of pos's line that is text (past a byte order mark on the first line).
std::size_t lineHead(std::string_view t, const Document& d, std::size_t pos) {
  const std::size_t s = yaml_scan::lineStart(t, pos);
  return s == 0 ? std::min(d.bom, pos) : s;
}

// The break a line inserted in front of pos's line takes: that of the line before it (or, on
// the first line, its own).
std::string breakBefore(std::string_view t, std::size_t pos) {
  const std::size_t s = yaml_scan::lineStart(t, pos);
  if (s == 0) return std::string(yaml_scan::breakOf(t, pos));
  return s >= 2 && t[s - 2] == '\r' ? "\r\n" : "\n";
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
  if (e.op != ScalarEdit::Op::Set)
    return refused(p, w.found + 1, "not written in the source; add it there by hand");
  // The field under any missing parent maps, written in flow style.
  std::string value = e.text;
  const Node& m = d.nodes[w.node];
  if (std::any_of(p.begin() + static_cast<std::ptrdiff_t>(w.found), p.end(), isItem) || m.kind != Kind::Map)
    return refused(p, w.found + 1, "not written in the source; add it there by hand");
  for (std::size_t i = p.size(); i-- > w.found + 1;) value = "{" + p[i] + ": " + value + "}";
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
  return Splice{at, at, std::string(yaml_scan::breakOf(t, at)) + spaces(m.column) + entry};
}

// The checks every item edit shares: a sequence whose items' places are known, `at` in range.
std::optional<core::Diagnostic> itemsKnown(const Node& s, const ScalarEdit& e, std::size_t limit) {
  const Path& p = e.path;
  if (s.kind != Kind::Sequence) return refused(p, p.size(), "written in the source as something else; edit it by hand");
  if (!s.sure()) return refused(p, p.size(), "cannot tell where its items are: " + s.unsure + "; edit it by hand");
  if (e.at > limit)
    return refused(p, p.size(),
                   "an edit of item " + std::to_string(e.at) + ", but the source has " +
                       std::to_string(s.children.size()) + " items");
  return std::nullopt;
}

// How a block sequence writes its items, from item `model`: a block map under each dash (at the
// same offset from it) where its items are block maps, else a flow map after `- `.
std::string blockItem(std::string_view t, const Document& d, const Node& s, std::size_t model,
                      const ScalarEdit::Item& item, std::string_view brk) {
  const std::size_t dash = s.dashes[model];
  const Node& first = d.nodes[s.children[model]];
  const Node& shape = d.nodes[follow(d, s.children[model])];
  const bool blockMaps = shape.kind == Kind::Map && shape.style == Style::Block;
  std::size_t offset = 2;
  if (blockMaps && shape.column > s.column) offset = shape.column - s.column;
  if (!blockMaps && first.mark > dash + 1 && yaml_scan::lineStart(t, first.mark) == yaml_scan::lineStart(t, dash))
    offset = first.mark - dash;
  std::string text = spaces(s.column) + "-" + spaces(offset - 1);
  if (!blockMaps || item.empty()) return text + flowMap(item);
  for (std::size_t f = 0; f < item.size(); ++f)
    text += (f ? std::string(brk) + spaces(s.column + offset) : "") + item[f].first + ": " + item[f].second;
  return text;
}

std::variant<Splice, core::Diagnostic> insertItem(std::string_view t, const Document& d, const Node& s,
                                                  const ScalarEdit& e) {
  const std::size_t n = s.children.size(), at = e.at;
  if (auto why = itemsKnown(s, e, n)) return *why;
  auto item = [&](std::size_t k) -> const Node& { return d.nodes[s.children[k]]; };
  auto apart = [&](std::size_t a, std::size_t b) { return yaml_scan::lineStart(t, a) != yaml_scan::lineStart(t, b); };
  if (s.style == Style::Flow) {
    const std::string text = flowMap(e.item);
    if (n == 0) return Splice{s.begin + 1, s.begin + 1, text};
    // One item a line where the neighbours are written so, else ", " between them.
    if (at == n) {
      const std::size_t last = item(n - 1).mark, before = n >= 2 ? item(n - 2).mark : s.begin;
      const std::size_t end = item(n - 1).end;
      const std::string sep = apart(last, before)
                                  ? "," + std::string(yaml_scan::breakOf(t, end)) + spaces(yaml_scan::columnOf(t, last))
                                  : ", ";
      return Splice{end, end, sep + text};
    }
    const std::size_t here = item(at).mark;
    const std::size_t other = at > 0 ? item(at - 1).mark : n >= 2 ? item(1).mark : s.begin;
    const std::string sep = apart(here, other) ? "," + breakBefore(t, here) + spaces(yaml_scan::columnOf(t, here)) : ", ";
    return Splice{here, here, text + sep};
  }
  if (n == 0) return refused(e.path, e.path.size(), "cannot tell where its items go; edit it by hand");
  // A block sequence: new `- ` lines after the line the item before ends on, so a comment line
  // above the next item stays with it; the first item's lines go in front of its dash.
  if (at > 0) {
    const std::size_t end = item(at - 1).end, line = yaml_scan::lineEnd(t, end);
    if (!onlyComment(t, end, line)) return refused(e.path, e.path.size(), "cannot tell where its items end; edit it by hand");
    const std::string brk(yaml_scan::breakOf(t, line));
    return Splice{line, line, brk + blockItem(t, d, s, at - 1, e.item, brk)};
  }
  const std::size_t dash = s.dashes[0], head = lineHead(t, d, dash);
  if (!allBlank(t, head, dash))
    return refused(e.path, e.path.size(), "its first item does not start a line; edit it by hand");
  const std::string brk = breakBefore(t, dash);
  return Splice{head, head, blockItem(t, d, s, 0, e.item, brk) + brk};
}

// Blanks and exactly one comma: the separator of two items on one line.
bool oneSeparator(std::string_view t, std::size_t from, std::size_t to) {
  int commas = 0;
  for (std::size_t p = from; p < to; ++p) {
    if (t[p] == ',')
      ++commas;
    else if (!isBlank(t[p]))
      return false;
  }
  return commas == 1;
}

// Where a collection's entry is written: a sequence item's node, or a map entry from its key to
// the end of its value.
struct Entry {
  std::size_t mark = 0, end = 0;
};

// One entry of a flow collection taken out with only its own bytes (`what`: "item" or "entry").
std::variant<Splice, core::Diagnostic> flowRemove(std::string_view t, const Document& d, const std::vector<Entry>& items,
                                                  std::size_t at, const Path& path, std::size_t depth,
                                                  const std::string& what) {
  const std::size_t n = items.size();
  const std::size_t mark = items[at].mark, end = items[at].end;
  // Written one entry a line: the entry's line, its comma and comment with it.
  const std::size_t head = lineHead(t, d, mark);
  if (allBlank(t, head, mark)) {
    std::size_t p = skipBlanks(t, end);
    const bool comma = p < t.size() && t[p] == ',';
    if (comma) p = skipBlanks(t, p + 1);
    const bool lineDone = p >= t.size() || t[p] == '\n' || t[p] == '\r' || t[p] == '#';
    const std::size_t line = yaml_scan::lineEnd(t, end);
    if (lineDone && line < t.size() && comma) return Splice{head, yaml_scan::nextLine(t, end), ""};
    if (at + 1 == n && !comma && at > 0) {
      // The last entry: the comma in front of it (the previous entry's) goes too; what lies
      // between (that entry's comment, the line break) stays.
      std::size_t c = items[at - 1].end;
      while (c < head && t[c] != ',') c = t[c] == '#' ? yaml_scan::lineEnd(t, c) : c + 1;
      if (c < head && t[c] == ',') {
        const std::size_t to = lineDone && line < t.size() ? yaml_scan::nextLine(t, end) : end;
        return Splice{c, to, std::string(t.substr(c + 1, head - c - 1))};
      }
    }
  }
  // On a line with others: the entry and the separator before it, else the one after it.
  if (at > 0 && oneSeparator(t, items[at - 1].end, mark)) return Splice{items[at - 1].end, end, ""};
  if (at + 1 < n && oneSeparator(t, end, items[at + 1].mark)) return Splice{mark, items[at + 1].mark, ""};
  return refused(path, depth, "cannot tell which separator goes with this " + what + "; edit it by hand");
}

std::variant<Splice, core::Diagnostic> removeItem(std::string_view t, const Document& d, const Node& s,
                                                  const ScalarEdit& e) {
  const std::size_t n = s.children.size(), at = e.at;
  if (auto why = itemsKnown(s, e, n == 0 ? 0 : n - 1)) return *why;
  if (n == 0) return refused(e.path, e.path.size(), "the source has no items to remove");
  if (n == 1) return emptySequence(t, d, e.path);
  auto item = [&](std::size_t k) -> const Node& { return d.nodes[s.children[k]]; };
  if (s.style != Style::Flow) {
    // The item's lines: from its dash's line to the break after the line it ends on, with the
    // comment there. Comment lines before its dash belong to what comes next.
    const std::size_t end = item(at).end;
    const std::size_t dash = s.dashes[at], head = lineHead(t, d, dash), line = yaml_scan::lineEnd(t, end);
    if (!allBlank(t, head, dash) || !onlyComment(t, end, line))
      return refused(e.path, e.path.size(), "cannot tell which lines are this item's; edit it by hand");
    if (line < t.size()) return Splice{head, yaml_scan::nextLine(t, end), ""};
    // The item ends the file without a line break: the break in front of it goes instead, so
    // the file still ends without one.
    std::size_t brk = head - 1;
    if (brk > 0 && t[brk - 1] == '\r') --brk;
    return Splice{brk, t.size(), ""};
  }
  std::vector<Entry> items;
  for (std::size_t k = 0; k < n; ++k) items.push_back({item(k).mark, item(k).end});
  return flowRemove(t, d, items, at, e.path, e.path.size(), "item");
}

// Marks `i` and every node written inside it (an alias's target is not inside it).
void markInside(const Document& d, std::uint32_t i, std::vector<bool>& inside) {
  inside[i] = true;
  for (const std::uint32_t c : d.nodes[i].children) markInside(d, c, inside);
}

std::variant<Splice, core::Diagnostic> removeKey(std::string_view t, const Document& d, const ScalarEdit& e) {
  const Path& p = e.path;
  if (p.empty() || isItem(p.back()))
    return refused(p, p.size(), "a key removal that names a sequence item; edit it by hand");
  const Walk w = walk(d, Path(p.begin(), p.end() - 1));
  // A key whose map the source lacks, or that its map lacks, is already absent.
  if (w.found + 1 < p.size() || d.nodes[w.node].kind != Kind::Map) return Splice{};
  const Node& m = d.nodes[w.node];
  std::size_t at = m.children.size();
  for (std::size_t c = 0; c + 1 < m.children.size(); c += 2) {
    const Node& k = d.nodes[follow(d, m.children[c])];
    if (k.kind == Kind::Scalar && k.value == p.back()) at = c;
  }
  if (at == m.children.size()) return Splice{};
  const std::uint32_t keyNode = m.children[at], valueNode = m.children[at + 1];
  const Node &key = d.nodes[keyNode], &value = d.nodes[valueNode];
  // An anchor inside the entry that an alias outside it repeats would leave that alias dangling.
  std::vector<bool> inside(d.nodes.size(), false);
  markInside(d, keyNode, inside);
  markInside(d, valueNode, inside);
  for (std::uint32_t i = 0; i < d.nodes.size(); ++i) {
    const Node& a = d.nodes[i];
    if (a.kind != Kind::Alias || inside[i] || a.target == kNoNode || !inside[a.target]) continue;
    const auto line = std::count(t.begin(), t.begin() + static_cast<std::ptrdiff_t>(std::min(a.mark, t.size())), '\n') + 1;
    return refused(p, p.size(),
                   "holds the anchor &" + d.nodes[a.target].anchor + " that the alias *" + d.nodes[a.target].anchor +
                       " on line " + std::to_string(line) +
                       " repeats; removing it would leave that alias with nothing to repeat — edit the YAML by hand");
  }
  const std::size_t entries = m.children.size() / 2;
  if (m.style == Style::Flow) {
    if (!m.sure()) return refused(p, p.size() - 1, "cannot tell where this map's entries are: " + m.unsure + "; edit it by hand");
    if (entries == 1) {
      // The only entry: `{}` is left (a trailing comma goes with it).
      std::size_t end = value.end;
      const std::size_t q = skipBlanks(t, end);
      if (q < t.size() && t[q] == ',') end = q + 1;
      return Splice{key.mark, end, ""};
    }
    std::vector<Entry> items;
    for (std::size_t c = 0; c + 1 < m.children.size(); c += 2)
      items.push_back({d.nodes[m.children[c]].mark, d.nodes[m.children[c + 1]].end});
    return flowRemove(t, d, items, at / 2, p, p.size(), "entry");
  }
  if (!key.sure() || !value.sure())
    return refused(p, p.size(),
                   "cannot tell where this entry ends: " + (key.sure() ? value.unsure : key.unsure) + "; edit it by hand");
  // The entry's lines: from its key's line to the break after the line its value ends on, with
  // the comment there. Comment lines before and after it belong to its neighbours.
  const std::size_t head = lineHead(t, d, key.mark), line = yaml_scan::lineEnd(t, value.end);
  if (!allBlank(t, head, key.mark))
    return refused(p, p.size(), "shares its line with a sequence's '-' or another entry; edit it by hand");
  if (!onlyComment(t, value.end, line))
    return refused(p, p.size(), "cannot tell which lines are this entry's; edit it by hand");
  std::size_t from = head, to = yaml_scan::nextLine(t, value.end);
  if (line >= t.size() && head > 0) {
    // The entry ends the file without a line break: the break in front of it goes instead, so
    // the file still ends without one.
    from = head - 1;
    if (from > 0 && t[from - 1] == '\r') --from;
    to = t.size();
  }
  if (entries > 1) return Splice{from, to, ""};
  // The map's only entry: `{}` after the map's key (its comment and the lines up to the entry
  // kept), or the key would hold nothing instead of an empty map.
  if (m.introEnd == kNoPos || m.mark != m.begin)
    return refused(p, p.size(), "the only entry of a map that cannot be left empty here; edit it by hand");
  const std::size_t keyLine = yaml_scan::lineEnd(t, m.introEnd);
  if (!onlyComment(t, m.introEnd, keyLine) || from < keyLine)
    return refused(p, p.size(), "the only entry of a map that cannot be left empty here; edit it by hand");
  return Splice{m.introEnd, to, " {}" + std::string(t.substr(m.introEnd, from - m.introEnd))};
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
  if (e.op == ScalarEdit::Op::RemoveKey) return removeKey(t, d, e);
  const Walk w = walk(d, e.path);
  if (w.found < e.path.size()) return insert(t, d, w, e);
  const Node& n = d.nodes[w.node];
  switch (e.op) {
    case ScalarEdit::Op::InsertItem:
      return insertItem(t, d, n, e);
    case ScalarEdit::Op::RemoveItem:
      return removeItem(t, d, n, e);
    case ScalarEdit::Op::Set:
    case ScalarEdit::Op::RemoveKey:
      break;
  }
  return scalar(n, e);
}

std::variant<Splice, core::Diagnostic> emptySequence(std::string_view t, const Document& d, const Path& p) {
  const Walk w = walk(d, p);
  if (p.empty() || w.found < p.size()) return refused(p, w.found + 1, "not written in the source");
  const Node& s = d.nodes[w.node];
  ScalarEdit e;
  e.path = p;
  if (auto why = itemsKnown(s, e, 0)) return *why;
  const std::size_t n = s.children.size();
  if (n == 0) return Splice{};
  const Node &first = d.nodes[s.children[0]], &last = d.nodes[s.children[n - 1]];
  if (s.style == Style::Flow) return Splice{first.mark, last.end, ""};
  // The sequence becomes `[]` after its key, keeping a comment there.
  if (s.introEnd == kNoPos || s.mark != s.begin) return refused(p, p.size(), "cannot empty this sequence; edit it by hand");
  const std::size_t keyLine = yaml_scan::lineEnd(t, s.introEnd), lastLine = yaml_scan::lineEnd(t, last.end);
  if (!onlyComment(t, s.introEnd, keyLine) || !onlyComment(t, last.end, lastLine))
    return refused(p, p.size(), "cannot empty this sequence; edit it by hand");
  return Splice{s.introEnd, lastLine, " []" + std::string(t.substr(s.introEnd, keyLine - s.introEnd))};
}

}  // namespace kiln::loader::yaml_place
