// Node spans of a YAML document (see yaml_scan.hpp). yaml-cpp's events give each node's kind,
// anchor and start; the rules below find its end: a plain scalar stops at a comment, a ': ', a
// flow indicator inside a flow collection or the line's end; a quoted one at its closing quote
// ('' and \" escaped); a flow collection at the bracket found after its last child, skipping
// only blanks, line breaks, comments and separators (so a quote inside a comment is a comment);
// a block collection ends where its last child does, whatever the indentation of the lines in
// between. Every plain scalar's text is compared with the value yaml-cpp read, so a node this
// scanner cannot place exactly is marked unsure instead of being guessed.
#include "loader/yaml_scan.hpp"

#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/yaml.h>

#include <map>
#include <sstream>

namespace kiln::loader::yaml_scan {

std::size_t lineEnd(std::string_view t, std::size_t pos) {
  const std::size_t nl = t.find('\n', pos);
  if (nl == std::string_view::npos) return t.size();
  return nl > pos && t[nl - 1] == '\r' ? nl - 1 : nl;
}

std::size_t nextLine(std::string_view t, std::size_t pos) {
  const std::size_t e = lineEnd(t, pos);
  if (e >= t.size()) return t.size();
  return t[e] == '\r' ? e + 2 : e + 1;
}

std::size_t lineStart(std::string_view t, std::size_t pos) {
  if (pos == 0) return 0;
  const std::size_t nl = t.rfind('\n', pos - 1);
  return nl == std::string_view::npos ? 0 : nl + 1;
}

std::size_t columnOf(std::string_view t, std::size_t pos) {
  const std::size_t start = lineStart(t, pos);
  // A byte order mark takes no column.
  const std::size_t bom = start == 0 && t.starts_with("\xEF\xBB\xBF") && pos >= 3 ? 3 : 0;
  return pos - start - bom;
}

std::string_view breakOf(std::string_view t, std::size_t pos) {
  std::size_t e = lineEnd(t, pos);
  if (e >= t.size()) {
    // The last line has no break: the one before it, if any.
    const std::size_t start = lineStart(t, pos);
    if (start == 0) return "\n";
    e = start - 1;
    if (e > 0 && t[e - 1] == '\r') --e;
  }
  return t[e] == '\r' ? "\r\n" : "\n";
}

namespace {

using Kind = Node::Kind;
using Style = Node::Style;

// Nesting deeper than any level source needs is refused before the recursion below runs.
constexpr std::size_t kMaxDepth = 200;

bool blank(char c) {
  return c == ' ' || c == '\t';
}
bool lineBreak(char c) {
  return c == '\n' || c == '\r';
}
bool flowIndicator(char c) {
  return c == ',' || c == '[' || c == ']' || c == '{' || c == '}';
}

// Collects the first document's nodes in document order, each child listed under its parent.
class Builder : public YAML::EventHandler {
 public:
  Builder(std::vector<Node>& nodes, std::size_t bom) : nodes_(nodes), bom_(bom) {}
  int documents = 0;
  bool tooDeep = false;

  void OnDocumentStart(const YAML::Mark&) override { ++documents; }
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark& m, YAML::anchor_t a) override { add(Kind::Null, m, a); }
  void OnAlias(const YAML::Mark& m, YAML::anchor_t a) override {
    const std::uint32_t i = add(Kind::Alias, m, 0);
    if (i != kNoNode) {
      const auto it = anchors_.find(a);
      nodes_[i].target = it == anchors_.end() ? kNoNode : it->second;
    }
  }
  void OnScalar(const YAML::Mark& m, const std::string&, YAML::anchor_t a,
                const std::string& value) override {
    const std::uint32_t i = add(Kind::Scalar, m, a);
    if (i != kNoNode) nodes_[i].value = value;
  }
  void OnSequenceStart(const YAML::Mark& m, const std::string&, YAML::anchor_t a,
                       YAML::EmitterStyle::value) override {
    open(add(Kind::Sequence, m, a));
  }
  void OnSequenceEnd() override { close(); }
  void OnMapStart(const YAML::Mark& m, const std::string&, YAML::anchor_t a,
                  YAML::EmitterStyle::value) override {
    open(add(Kind::Map, m, a));
  }
  void OnMapEnd() override { close(); }
  void OnAnchor(const YAML::Mark&, const std::string& name) override { pendingAnchor_ = name; }

 private:
  std::uint32_t add(Kind kind, const YAML::Mark& m, YAML::anchor_t anchor) {
    if (documents > 1) return kNoNode;  // the caller refuses a second document
    Node n;
    n.kind = kind;
    n.unsure = "a node the scanner did not reach";  // cleared when it is placed
    n.mark = static_cast<std::size_t>(m.pos < 0 ? 0 : m.pos) + bom_;
    if (anchor != 0) n.anchor = pendingAnchor_;
    pendingAnchor_.clear();
    const auto i = static_cast<std::uint32_t>(nodes_.size());
    if (!stack_.empty()) nodes_[stack_.back()].children.push_back(i);
    nodes_.push_back(std::move(n));
    if (anchor != 0) anchors_[anchor] = i;
    return i;
  }
  void open(std::uint32_t i) {
    if (i == kNoNode) return;
    stack_.push_back(i);
    if (stack_.size() > kMaxDepth) tooDeep = true;
  }
  void close() {
    if (!stack_.empty() && documents <= 1) stack_.pop_back();
  }

  std::vector<Node>& nodes_;
  std::size_t bom_;
  std::vector<std::uint32_t> stack_;
  std::map<YAML::anchor_t, std::uint32_t> anchors_;
  std::string pendingAnchor_;
};

bool isNullWord(std::string_view w) {
  return w == "~" || w == "null" || w == "Null" || w == "NULL";
}

class Placer {
 public:
  Placer(std::string_view t, std::vector<Node>& n) : t_(t), n_(n) {}

  void place(std::uint32_t i, bool flow, long parentIndent, std::size_t introEnd) {
    Node& x = n_[i];
    x.unsure.clear();
    x.introEnd = introEnd;
    switch (x.kind) {
      case Kind::Null:
        return placeNull(x, flow, parentIndent);
      case Kind::Alias:
        return placeAlias(x);
      case Kind::Scalar:
        return placeScalar(x, flow, parentIndent);
      case Kind::Sequence:
      case Kind::Map:
        x.begin = contentStart(x, flow);
        if (at(x.begin) == '[' || at(x.begin) == '{') return placeFlow(x, parentIndent);
        if (flow) return unsure(x, "a map written without braces inside a flow collection");
        return x.kind == Kind::Map ? placeBlockMap(x) : placeBlockSequence(x);
    }
  }

 private:
  char at(std::size_t p) const { return p < t_.size() ? t_[p] : '\0'; }

  static void unsure(Node& x, std::string why) {
    if (x.unsure.empty()) x.unsure = std::move(why);
  }
  void inherit(Node& parent, std::uint32_t child) {
    if (!n_[child].sure()) unsure(parent, n_[child].unsure);
  }

  // Skips blanks, line breaks, comments and any of `extra`.
  std::size_t skipTrivia(std::size_t p, std::string_view extra = {}) const {
    while (p < t_.size()) {
      const char c = t_[p];
      if (blank(c) || lineBreak(c) || extra.find(c) != std::string_view::npos)
        ++p;
      else if (c == '#')
        p = lineEnd(t_, p);
      else
        break;
    }
    return p;
  }
  std::size_t skipBlanks(std::size_t p) const {
    while (p < t_.size() && blank(t_[p])) ++p;
    return p;
  }
  // Just past the anchor and tag tokens at p (none: p itself).
  std::size_t skipProperties(std::size_t p, bool flow) const {
    for (std::size_t q = p; at(q) == '&' || at(q) == '!'; q = skipBlanks(p)) {
      if (at(q) == '!' && at(q + 1) == '<') {
        const std::size_t gt = t_.find('>', q);
        p = gt == std::string_view::npos ? t_.size() : gt + 1;
      } else {
        p = q + 1;
        while (p < t_.size() && !blank(t_[p]) && !lineBreak(t_[p]) && !(flow && flowIndicator(t_[p]))) ++p;
      }
    }
    return p;
  }
  bool hasProperties(const Node& x) const { return at(x.mark) == '&' || at(x.mark) == '!'; }
  std::size_t contentStart(const Node& x, bool flow) const {
    return hasProperties(x) ? skipTrivia(skipProperties(x.mark, flow)) : x.mark;
  }
  // The end of a word starting at p (a null word, an alias name).
  std::size_t wordEnd(std::size_t p, bool flow) const {
    while (p < t_.size() && !blank(t_[p]) && !lineBreak(t_[p]) && !(flow && flowIndicator(t_[p]))) ++p;
    return p;
  }

  void placeNull(Node& x, bool flow, long parentIndent) {
    x.style = Style::Empty;
    const bool sameLine = x.introEnd != kNoPos && x.introEnd <= x.mark &&
                          t_.substr(x.introEnd, x.mark - x.introEnd).find('\n') == std::string_view::npos;
    std::size_t p = x.mark;
    const bool props = !x.anchor.empty() || ((flow || sameLine) && at(p) == '!');
    if (props) {
      x.begin = x.end = skipProperties(p, flow);  // `key: &a` alone: the anchor stays inside the entry
      p = skipBlanks(x.end);
    } else {
      x.begin = x.end = x.introEnd == kNoPos ? x.mark : x.introEnd;
    }
    const std::size_t w = wordEnd(p, flow);
    const bool word = isNullWord(t_.substr(p, w - p));
    if (!flow && !sameLine && !props) {
      // In block context yaml-cpp marks an empty value at the token after it.
      if (word && static_cast<long>(columnOf(t_, p)) > parentIndent)
        unsure(x, "a null value written on a line of its own");
      return;
    }
    if (word) {
      x.style = Style::Written;
      x.begin = p;
      x.end = w;
    }
  }

  void placeAlias(Node& x) {
    x.begin = x.mark;
    const std::string name = x.target == kNoNode ? std::string() : n_[x.target].anchor;
    x.end = x.mark + 1 + name.size();
    if (at(x.mark) != '*' || name.empty() || t_.substr(x.mark + 1, name.size()) != name)
      unsure(x, "an alias that is not where yaml-cpp read it");
  }

  void placeScalar(Node& x, bool flow, long parentIndent) {
    const std::size_t p = contentStart(x, flow);
    x.begin = p;
    const char c = at(p);
    if (c == '\'' || c == '"') {
      x.style = c == '"' ? Style::Double : Style::Single;
      std::size_t i = p + 1;
      for (; i < t_.size(); ++i) {
        if (c == '"' && t_[i] == '\\')
          ++i;
        else if (c == '\'' && t_[i] == '\'' && at(i + 1) == '\'')
          ++i;
        else if (t_[i] == c)
          break;
      }
      if (i >= t_.size()) return unsure(x, "a quoted scalar without its closing quote");
      x.end = i + 1;
      const std::string_view inner = t_.substr(p + 1, i - p - 1);
      if (inner.find_first_of("\r\n\\") != std::string_view::npos)
        return;  // folded or escaped: the quotes bound it
      std::string read(inner);
      if (c == '\'')
        for (std::size_t q = read.find("''"); q != std::string::npos; q = read.find("''", q + 1))
          read.erase(q, 1);
      if (read != x.value) unsure(x, "a quoted scalar that is not where yaml-cpp read it");
      return;
    }
    if ((c == '|' || c == '>') && !flow) return placeBlockScalar(x, parentIndent);
    x.style = Style::Plain;
    std::size_t i = p;
    for (; i < t_.size(); ++i) {
      const char d = t_[i];
      if (lineBreak(d) || (d == '#' && i > p && blank(t_[i - 1]))) break;
      if (flow && flowIndicator(d)) break;
      const char next = at(i + 1);
      if (d == ':' && (next == '\0' || blank(next) || lineBreak(next) || (flow && flowIndicator(next))))
        break;
    }
    while (i > p && blank(t_[i - 1])) --i;
    x.end = i;
    if (t_.substr(p, i - p) != x.value)
      unsure(x, "a plain scalar that goes on over more than one line, or is not where yaml-cpp read it");
  }

  // A literal (|) or folded (>) scalar: the header, then every line indented at least as deep
  // as its first non-blank line (and deeper than the parent), up to its last non-blank line.
  void placeBlockScalar(Node& x, long parentIndent) {
    x.style = at(x.begin) == '|' ? Style::Literal : Style::Folded;
    std::size_t h = x.begin + 1;
    while (at(h) == '+' || at(h) == '-' || (at(h) >= '0' && at(h) <= '9')) {
      if (at(h) != '+' && at(h) != '-') return unsure(x, "a block scalar with an explicit indentation");
      ++h;
    }
    x.end = h;
    long content = -1;
    for (std::size_t ls = nextLine(t_, h); ls < t_.size(); ls = nextLine(t_, ls)) {
      const std::size_t le = lineEnd(t_, ls);
      std::size_t q = ls;
      while (q < le && t_[q] == ' ') ++q;
      if (skipBlanks(q) == le) continue;
      const auto indent = static_cast<long>(q - ls);
      if (content < 0) {
        if (indent <= parentIndent) break;
        content = indent;
      }
      if (indent < content) break;
      x.end = le;
    }
  }

  // The nodes never move while they are placed, so `x` stays valid across the recursion.
  void placeFlow(Node& x, long parentIndent) {
    x.style = Style::Flow;
    const char open = at(x.begin);
    if ((x.kind == Kind::Map) != (open == '{'))
      return unsure(x, "a collection that is not where yaml-cpp read it");
    const bool map = x.kind == Kind::Map;
    std::size_t cursor = x.begin + 1;
    for (std::size_t k = 0; k < x.children.size(); ++k) {
      const std::uint32_t c = x.children[k];
      if (map) {
        place(c, true, parentIndent, kNoPos);
        const std::size_t q = skipTrivia(n_[c].end);
        const std::uint32_t v = x.children[++k];
        place(v, true, parentIndent, at(q) == ':' ? q + 1 : n_[c].end);
        inherit(x, c);
        inherit(x, v);
        cursor = n_[v].end;
      } else {
        place(c, true, parentIndent, cursor);
        inherit(x, c);
        cursor = n_[c].end;
      }
    }
    if (!x.sure()) return;
    const std::size_t q = skipTrivia(cursor, ",:?");
    if (at(q) != (map ? '}' : ']'))
      return unsure(x, "a flow collection whose closing bracket is not where expected");
    x.end = q + 1;
  }

  void placeBlockSequence(Node& x) {
    x.style = Style::Block;
    x.column = columnOf(t_, x.begin);
    std::size_t cursor = x.begin;
    for (const std::uint32_t c : x.children) {
      // After an item this scanner could not place, the next dash is found from its item.
      std::size_t dash = cursor;
      if (x.sure()) {
        dash = skipTrivia(cursor);
      } else {
        for (dash = n_[c].mark; dash > 0 && blank(t_[dash - 1]);) --dash;
        if (dash == 0 || n_[c].kind == Kind::Null) return;
        --dash;
      }
      const char after = at(dash + 1);
      if (at(dash) != '-' || !(after == '\0' || blank(after) || lineBreak(after)) ||
          (dash != x.begin && columnOf(t_, dash) != x.column))
        return unsure(x, "a sequence item whose '-' is not where expected");
      x.dashes.push_back(dash);
      place(c, false, static_cast<long>(x.column), dash + 1);
      inherit(x, c);
      cursor = n_[c].end;
    }
    x.end = cursor;
  }

  void placeBlockMap(Node& x) {
    x.style = Style::Block;
    x.column = columnOf(t_, x.begin);
    std::size_t cursor = x.begin;
    for (std::size_t k = 0; k + 1 < x.children.size(); k += 2) {
      const std::uint32_t key = x.children[k], value = x.children[k + 1];
      if (n_[key].kind != Kind::Scalar || at(n_[key].mark) == '?' || (x.sure() && n_[key].mark < cursor))
        return unsure(x, "a key that is not a plain or quoted scalar");
      place(key, false, static_cast<long>(x.column), kNoPos);
      const std::size_t colon = skipBlanks(n_[key].end);
      if (at(colon) != ':') return unsure(x, "a key whose ':' is not where expected");
      place(value, false, static_cast<long>(x.column), colon + 1);
      inherit(x, key);
      inherit(x, value);
      cursor = n_[value].end;
    }
    x.end = cursor;
  }

  std::string_view t_;
  std::vector<Node>& n_;
};

}  // namespace

std::variant<Document, core::Diagnostic> scan(std::string_view text) {
  auto refuse = [](std::string message) {
    return core::Diagnostic{core::Code::EditNotLossless, "", std::move(message)};
  };
  if (text.find('\0') != std::string_view::npos || text.starts_with("\xFE\xFF") ||
      text.starts_with("\xFF\xFE"))
    return refuse("the source is not UTF-8 text");
  Document doc;
  if (text.starts_with("\xEF\xBB\xBF")) doc.bom = 3;  // yaml-cpp's marks count from after it
  Builder builder(doc.nodes, doc.bom);
  try {
    std::istringstream in{std::string(text)};
    YAML::Parser parser(in);
    while (parser.HandleNextDocument(builder)) {
    }
  } catch (const YAML::Exception& e) {
    // yaml-cpp reports by exception; it stops here as a value.
    return core::Diagnostic{core::Code::YamlSyntax, "",
                            "the source no longer parses (line " + std::to_string(e.mark.line + 1) +
                                ", column " + std::to_string(e.mark.column + 1) + "): " + e.msg};
  }
  if (builder.documents > 1) return refuse("the source holds more than one YAML document");
  if (builder.tooDeep)
    return refuse("the source is nested more than " + std::to_string(kMaxDepth) + " levels deep");
  if (doc.nodes.empty()) doc.nodes.push_back(Node{});
  for (const Node& n : doc.nodes)
    if (n.kind == Node::Kind::Alias) doc.hasAliases = true;
  Placer(text, doc.nodes).place(0, false, -1, kNoPos);
  return doc;
}

}  // namespace kiln::loader::yaml_scan
