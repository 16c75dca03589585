// The intended document of an edit batch and its comparison with the written one (see
// yaml_verify.hpp). Deliberately independent of the span scanner: it never looks at bytes.
#include "loader/yaml_verify.hpp"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <charconv>

namespace kiln::loader::yaml_verify {
namespace {

constexpr std::size_t kMaxDepth = 256;

bool isItem(const std::string& key) {
  return !key.empty() && key.front() == '[';
}

struct Reader {
  std::size_t budget;
  bool over = false;

  Tree build(const YAML::Node& n, std::size_t depth) {
    Tree t;
    if (over || depth > kMaxDepth || budget == 0) {
      over = true;
      return t;
    }
    --budget;
    switch (n.Type()) {
      case YAML::NodeType::Undefined:
      case YAML::NodeType::Null:
        break;
      case YAML::NodeType::Scalar:
        t.kind = Tree::Kind::Scalar;
        t.scalar = n.Scalar();
        break;
      case YAML::NodeType::Sequence:
        t.kind = Tree::Kind::Sequence;
        for (const auto& item : n) t.kids.push_back(build(item, depth + 1));
        break;
      case YAML::NodeType::Map:
        t.kind = Tree::Kind::Map;
        for (const auto& kv : n) {
          t.keys.push_back(kv.first.IsScalar() ? kv.first.Scalar() : std::string("?"));
          t.kids.push_back(build(kv.second, depth + 1));
        }
        break;
    }
    return t;
  }
};

std::optional<Tree> parse(std::string_view text, std::size_t budget, std::string& why) {
  try {
    Reader r{budget};
    Tree t = r.build(YAML::Load(std::string(text)), 0);
    if (r.over) {
      why = "its aliases expand it too far to check";
      return std::nullopt;
    }
    return t;
  } catch (const YAML::Exception& e) {
    why = "it does not parse: " + e.msg;
    return std::nullopt;
  }
}

std::string dotted(const std::vector<std::string>& path, std::size_t n) {
  std::string s;
  for (std::size_t i = 0; i < n && i < path.size(); ++i)
    s += (s.empty() || isItem(path[i]) ? "" : ".") + path[i];
  return s;
}

Tree* child(Tree& t, const std::string& key) {
  if (isItem(key)) {
    std::size_t i = 0;
    const auto [end, ec] = std::from_chars(key.data() + 1, key.data() + key.size(), i);
    const bool ok = ec == std::errc{} && end == key.data() + key.size() - 1 && key.back() == ']';
    return ok && t.kind == Tree::Kind::Sequence && i < t.kids.size() ? &t.kids[i] : nullptr;
  }
  if (t.kind != Tree::Kind::Map) return nullptr;
  const auto it = std::find(t.keys.begin(), t.keys.end(), key);
  return it == t.keys.end() ? nullptr : &t.kids[static_cast<std::size_t>(it - t.keys.begin())];
}

std::string flowItems(const std::vector<ScalarEdit::Item>& items) {
  std::vector<std::string> xs;
  for (const auto& i : items) xs.push_back(flowMap(i));
  return flowSequence(xs);
}

std::string describe(const Tree& t) {
  switch (t.kind) {
    case Tree::Kind::Null:
      return "null";
    case Tree::Kind::Scalar:
      return "'" + t.scalar + "'";
    case Tree::Kind::Sequence:
      return "a sequence of " + std::to_string(t.kids.size());
    case Tree::Kind::Map:
      return "a map of " + std::to_string(t.kids.size());
  }
  return {};
}

std::optional<std::string> differ(const Tree& want, const Tree& got, const std::string& at) {
  const std::string where = at.empty() ? "the document" : at;
  if (want.kind != got.kind || want.scalar != got.scalar || want.kids.size() != got.kids.size())
    return where + " reads back as " + describe(got) + ", intended " + describe(want);
  for (std::size_t i = 0; i < want.kids.size(); ++i) {
    std::string next = at;
    if (want.kind == Tree::Kind::Map) {
      if (want.keys[i] != got.keys[i])
        return where + " has key '" + got.keys[i] + "' where '" + want.keys[i] + "' was intended";
      next += (at.empty() ? "" : ".") + want.keys[i];
    } else {
      next += "[" + std::to_string(i) + "]";
    }
    if (auto d = differ(want.kids[i], got.kids[i], next)) return d;
  }
  return std::nullopt;
}

}  // namespace

std::optional<Tree> read(std::string_view text, std::string& why) {
  return parse(text, 4 * text.size() + (64u << 10), why);
}

bool apply(Tree& root, const ScalarEdit& e, std::string& why) {
  Tree* node = &root;
  std::size_t found = 0;
  for (; found < e.path.size(); ++found) {
    Tree* next = child(*node, e.path[found]);
    if (!next) break;
    node = next;
  }
  auto value = [&](const std::string& text) -> std::optional<Tree> { return parse(text, 1u << 16, why); };
  if (found == e.path.size()) {
    if (!e.items) {
      auto v = value(e.text);
      if (!v) return false;
      *node = std::move(*v);
      return true;
    }
    if (node->kind != Tree::Kind::Sequence || e.keepItems > node->kids.size()) {
      why =
          dotted(e.path, found) + " is not a sequence of at least " + std::to_string(e.keepItems) + " items";
      return false;
    }
    node->kids.resize(e.keepItems);
    for (std::size_t i = e.keepItems; i < e.items->size(); ++i) {
      auto v = value(flowMap((*e.items)[i]));
      if (!v) return false;
      node->kids.push_back(std::move(*v));
    }
    return true;
  }
  // A missing node: its key goes at the end of the deepest map found, holding the whole
  // enclosing node when the gap lies inside it, else the value under any missing parent maps.
  const bool whole = e.wholeDepth > 0 && found < e.wholeDepth;
  const std::size_t depth = whole ? e.wholeDepth : e.path.size();
  auto v = value(whole ? e.wholeText : e.items ? flowItems(*e.items) : e.text);
  if (!v) return false;
  if (node->kind != Tree::Kind::Map) {
    why = dotted(e.path, found + 1) + " has no map to go into";
    return false;
  }
  Tree inserted = std::move(*v);
  for (std::size_t i = depth; i-- > found + 1;) {
    if (isItem(e.path[i])) {
      why = dotted(e.path, i + 1) + " is a sequence item the source lacks";
      return false;
    }
    Tree m;
    m.kind = Tree::Kind::Map;
    m.keys.push_back(e.path[i]);
    m.kids.push_back(std::move(inserted));
    inserted = std::move(m);
  }
  if (isItem(e.path[found])) {
    why = dotted(e.path, found + 1) + " is a sequence item the source lacks";
    return false;
  }
  node->keys.push_back(e.path[found]);
  node->kids.push_back(std::move(inserted));
  return true;
}

std::optional<std::string> difference(const Tree& want, const Tree& got) {
  return differ(want, got, "");
}

}  // namespace kiln::loader::yaml_verify
