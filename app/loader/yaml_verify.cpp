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

namespace {

// `root` with `text` at `path`: the node replaced, or, where the document lacks it, its key
// added at the end of the deepest map found, under any missing parent maps.
bool set(Tree& root, const std::vector<std::string>& path, const std::string& text, std::string& why) {
  Tree* node = &root;
  std::size_t found = 0;
  for (; found < path.size(); ++found) {
    Tree* next = child(*node, path[found]);
    if (!next) break;
    node = next;
  }
  auto v = parse(text, 1u << 16, why);
  if (!v) return false;
  if (found == path.size()) {
    *node = std::move(*v);
    return true;
  }
  if (node->kind != Tree::Kind::Map) {
    why = dotted(path, found + 1) + " has no map to go into";
    return false;
  }
  Tree inserted = std::move(*v);
  for (std::size_t i = path.size(); i-- > found;) {
    if (isItem(path[i])) {
      why = dotted(path, i + 1) + " is a sequence item the source lacks";
      return false;
    }
    if (i == found) break;
    Tree m;
    m.kind = Tree::Kind::Map;
    m.keys.push_back(path[i]);
    m.kids.push_back(std::move(inserted));
    inserted = std::move(m);
  }
  node->keys.push_back(path[found]);
  node->kids.push_back(std::move(inserted));
  return true;
}

// `root` without the map entry `path` names; a key (or map) the document lacks is already gone.
void removeKey(Tree& root, const std::vector<std::string>& path) {
  Tree* node = &root;
  for (std::size_t i = 0; i + 1 < path.size(); ++i)
    if (!(node = child(*node, path[i]))) return;
  if (path.empty() || node->kind != Tree::Kind::Map) return;
  const auto it = std::find(node->keys.begin(), node->keys.end(), path.back());
  if (it == node->keys.end()) return;
  const auto k = it - node->keys.begin();
  node->keys.erase(it);
  node->kids.erase(node->kids.begin() + k);
}

Tree* at(Tree& root, const std::vector<std::string>& path) {
  Tree* node = &root;
  for (const std::string& key : path)
    if (!(node = child(*node, key))) return nullptr;
  return node;
}

// One list's item edits at once: each new item in front of the item it names, the removed ones
// left out.
bool editItems(Tree& root, const std::vector<std::string>& path, const std::vector<const ScalarEdit*>& edits,
               std::string& why) {
  Tree* list = at(root, path);
  if (!list || list->kind != Tree::Kind::Sequence) {
    why = dotted(path, path.size()) + " is not a sequence";
    return false;
  }
  const std::size_t n = list->kids.size();
  std::vector<bool> removed(n, false);
  std::vector<std::vector<const ScalarEdit*>> before(n + 1);
  for (const ScalarEdit* e : edits) {
    const bool remove = e->op == ScalarEdit::Op::RemoveItem;
    if (e->at > n || (remove && e->at == n)) {
      why = dotted(path, path.size()) + " has no item " + std::to_string(e->at);
      return false;
    }
    if (remove)
      removed[e->at] = true;
    else
      before[e->at].push_back(e);
  }
  std::vector<Tree> kids;
  for (std::size_t k = 0; k <= n; ++k) {
    for (const ScalarEdit* e : before[k]) {
      auto v = parse(flowMap(e->item), 1u << 16, why);
      if (!v) return false;
      kids.push_back(std::move(*v));
    }
    if (k < n && !removed[k]) kids.push_back(std::move(list->kids[k]));
  }
  list->kids = std::move(kids);
  return true;
}

}  // namespace

bool apply(Tree& root, const std::vector<ScalarEdit>& edits, std::string& why) {
  // How far each path gets in the document before the batch: a gap inside an edit's whole node
  // writes that node instead, once.
  std::vector<std::size_t> found;
  for (const ScalarEdit& e : edits) {
    Tree* node = &root;
    std::size_t f = 0;
    for (; f < e.path.size() && (node = child(*node, e.path[f])); ++f) {
    }
    found.push_back(f);
  }
  std::vector<std::vector<std::string>> wholes, lists;
  std::vector<const ScalarEdit*> itemEdits;
  for (std::size_t i = 0; i < edits.size(); ++i) {
    const ScalarEdit& e = edits[i];
    if (e.wholeDepth > found[i]) {
      const std::vector<std::string> whole(e.path.begin(), e.path.begin() + static_cast<std::ptrdiff_t>(e.wholeDepth));
      if (std::find(wholes.begin(), wholes.end(), whole) != wholes.end()) continue;
      wholes.push_back(whole);
      if (!set(root, whole, e.wholeText, why)) return false;
    } else if (e.op == ScalarEdit::Op::Set) {
      if (!set(root, e.path, e.text, why)) return false;
    } else if (e.op == ScalarEdit::Op::RemoveKey) {
      removeKey(root, e.path);
    } else {
      itemEdits.push_back(&e);
      if (std::find(lists.begin(), lists.end(), e.path) == lists.end()) lists.push_back(e.path);
    }
  }
  // Inner lists first: their paths count the outer lists' items as they were.
  std::stable_sort(lists.begin(), lists.end(), [](const auto& a, const auto& b) { return a.size() > b.size(); });
  for (const auto& list : lists) {
    std::vector<const ScalarEdit*> mine;
    for (const ScalarEdit* e : itemEdits)
      if (e->path == list) mine.push_back(e);
    if (!editItems(root, list, mine, why)) return false;
  }
  return true;
}

std::optional<std::string> difference(const Tree& want, const Tree& got) {
  return differ(want, got, "");
}

}  // namespace kiln::loader::yaml_verify

namespace kiln::loader::yaml_verify {

std::optional<std::string> lostBytes(std::string_view in, std::string_view out, std::vector<Span> asked) {
  std::sort(asked.begin(), asked.end(), [](const Span& a, const Span& b) { return a.begin < b.begin; });
  std::vector<Span> kept;  // the bytes between the asked spans
  std::size_t from = 0;
  for (const Span& s : asked) {
    if (s.begin >= from) kept.push_back({from, s.begin});
    from = std::max(from, s.end);
  }
  kept.push_back({from, in.size()});
  auto line = [&](std::size_t pos) {
    const std::size_t nl = pos == 0 ? std::string_view::npos : in.rfind('\n', pos - 1);
    const std::size_t start = nl == std::string_view::npos ? 0 : nl + 1;
    std::size_t end = in.find('\n', pos);
    if (end == std::string_view::npos) end = in.size();
    std::string text(in.substr(start, end - start));
    while (!text.empty() && (text.back() == '\r' || text.back() == ' ')) text.pop_back();
    text.erase(0, std::min(text.size(), text.find_first_not_of(' ')));
    if (text.size() > 60) text = text.substr(0, 57) + "...";
    const auto number = std::count(in.begin(), in.begin() + static_cast<std::ptrdiff_t>(start), '\n') + 1;
    return "line " + std::to_string(number) + " (" + text + ")";
  };
  const Span head = kept.front(), tail = kept.back();
  const std::size_t headSize = head.end - head.begin, tailSize = kept.size() > 1 ? tail.end - tail.begin : 0;
  std::size_t i = 0;
  while (i < headSize && i < out.size() && in[i] == out[i]) ++i;
  if (i < headSize) return line(i);
  if (kept.size() == 1) return out.size() == in.size() ? std::nullopt : std::optional(line(i));
  std::size_t j = 0;
  while (j < tailSize && j < out.size() && in[in.size() - 1 - j] == out[out.size() - 1 - j]) ++j;
  if (j < tailSize) return line(in.size() - 1 - j);
  if (headSize + tailSize > out.size()) return line(tail.begin);
  // The runs in between, each found after the one before (the earliest place leaves the most
  // room for the rest); where one is missing, the longest part of it that is there says where.
  std::size_t pos = headSize;
  const std::size_t limit = out.size() - tailSize;
  auto findAt = [&](std::string_view run) {
    const std::size_t f = out.find(run, pos);
    return f != std::string_view::npos && f + run.size() <= limit ? f : std::string_view::npos;
  };
  for (std::size_t k = 1; k + 1 < kept.size(); ++k) {
    const std::string_view run = in.substr(kept[k].begin, kept[k].end - kept[k].begin);
    const std::size_t f = findAt(run);
    if (f == std::string_view::npos) {
      std::size_t lo = 0, hi = run.size();  // lo: a length found, hi: one not found
      while (hi - lo > 1) {
        const std::size_t mid = (lo + hi) / 2;
        (findAt(run.substr(0, mid)) != std::string_view::npos ? lo : hi) = mid;
      }
      return line(kept[k].begin + lo);
    }
    pos = f + run.size();
  }
  return std::nullopt;
}

}  // namespace kiln::loader::yaml_verify
