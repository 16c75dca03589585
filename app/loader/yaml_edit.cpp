// Lossless YAML source edits (see yaml_edit.hpp). The batch is first checked against aliases
// (an edit through one must be made on every path to the node), then applied one edit at a time,
// each rewriting one span the scanner (yaml_scan.hpp) found in a fresh scan of the text so far:
// values, new map entries and key removals first (map keys do not move), then each list's item
// edits from its last item to its first so the source's indices stay valid. Finally it is
// checked twice (yaml_verify.hpp): every byte of the source outside the spans the edits asked to
// change (each edit placed alone on the source) is still there in order, and the text reads
// back as the original document with the edits applied.
#include "core/float.hpp"
#include "loader/yaml_edit.hpp"

#include <algorithm>
#include <charconv>
#include <map>
#include <optional>
#include <set>
#include <variant>

#include "loader/yaml_place.hpp"
#include "loader/yaml_scan.hpp"
#include "loader/yaml_verify.hpp"

namespace kiln::loader {

// A value the edits keep at its float32's shortest decimal (core::shortestF32) is written as that
// text; any other as the shortest text of the float64 (it must read back as itself).
std::string formatNumber(double v) {
  char buf[64];
  auto [end, ec] = core::shortestF32(v) == v ? std::to_chars(buf, buf + sizeof buf, static_cast<float>(v))
                                             : std::to_chars(buf, buf + sizeof buf, v);
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

ScalarEdit insertItem(std::vector<std::string> path, std::size_t at, ScalarEdit::Item item, std::size_t wholeDepth,
                      std::string wholeText) {
  ScalarEdit e;
  e.path = std::move(path);
  e.op = ScalarEdit::Op::InsertItem;
  e.at = at;
  e.item = std::move(item);
  e.wholeDepth = wholeDepth;
  e.wholeText = std::move(wholeText);
  return e;
}

ScalarEdit removeItem(std::vector<std::string> path, std::size_t at, std::size_t wholeDepth, std::string wholeText) {
  ScalarEdit e;
  e.path = std::move(path);
  e.op = ScalarEdit::Op::RemoveItem;
  e.at = at;
  e.wholeDepth = wholeDepth;
  e.wholeText = std::move(wholeText);
  return e;
}

ScalarEdit removeKey(std::vector<std::string> path) {
  ScalarEdit e;
  e.path = std::move(path);
  e.op = ScalarEdit::Op::RemoveKey;
  return e;
}

ItemAlignment alignItems(std::size_t n, std::size_t m, const std::function<double(std::size_t, std::size_t)>& unlike) {
  ItemAlignment out;
  // Equal items at both ends line up by themselves; the middle is an edit distance where a
  // removal or an insertion costs 1 and keeping an item costs twice its share of changed fields
  // (just under 2, so an item edited throughout is still kept rather than written anew).
  std::size_t head = 0, tail = 0;
  while (head < n && head < m && unlike(head, head) == 0) ++head;
  while (tail < n - head && tail < m - head && unlike(n - 1 - tail, m - 1 - tail) == 0) ++tail;
  const std::size_t rows = n - head - tail, cols = m - head - tail;
  auto keepCost = [&](std::size_t i, std::size_t j) {
    const double u = std::clamp(unlike(head + i, head + j), 0.0, 1.0);
    return u == 0 ? 0.0 : 2 * u - 1e-3;
  };
  enum Step : unsigned char { Keep, Remove, Insert };
  std::vector<Step> steps;
  if (rows * cols > (1u << 20)) {
    // Too many to weigh against each other: item by item, the rest removed or inserted.
    for (std::size_t k = 0; k < std::min(rows, cols); ++k) steps.push_back(Keep);
    for (std::size_t k = cols; k < rows; ++k) steps.push_back(Remove);
    for (std::size_t k = rows; k < cols; ++k) steps.push_back(Insert);
  } else {
    std::vector<double> cost((rows + 1) * (cols + 1), 0);
    auto c = [&](std::size_t i, std::size_t j) -> double& { return cost[i * (cols + 1) + j]; };
    for (std::size_t i = rows + 1; i-- > 0;)
      for (std::size_t j = cols + 1; j-- > 0;) {
        if (i == rows && j == cols) continue;
        double best = 1e300;
        if (i < rows && j < cols) best = keepCost(i, j) + c(i + 1, j + 1);
        if (i < rows) best = std::min(best, 1 + c(i + 1, j));
        if (j < cols) best = std::min(best, 1 + c(i, j + 1));
        c(i, j) = best;
      }
    for (std::size_t i = 0, j = 0; i < rows || j < cols;) {
      if (i < rows && j < cols && keepCost(i, j) + c(i + 1, j + 1) == c(i, j)) {
        steps.push_back(Keep), ++i, ++j;
      } else if (i < rows && 1 + c(i + 1, j) == c(i, j)) {
        steps.push_back(Remove), ++i;
      } else {
        steps.push_back(Insert), ++j;
      }
    }
  }
  std::size_t i = 0, j = 0;
  for (; i < head; ++i, ++j) out.kept.emplace_back(i, j);
  for (const Step s : steps) {
    if (s == Keep) out.kept.emplace_back(i++, j++);
    if (s == Remove) out.removed.push_back(i++);
    if (s == Insert) out.inserted.emplace_back(j++, i);
  }
  for (; i < n; ++i, ++j) out.kept.emplace_back(i, j);
  return out;
}

namespace {

using yaml_place::Path;
using yaml_scan::Document;
using yaml_scan::kNoNode;
using yaml_scan::Node;

// Every path that reaches each of a set of nodes, aliases followed, with the last alias on the
// way. The walk is budgeted: aliases can name exponentially many paths in a few bytes.
class Reaches {
 public:
  struct Reach {
    Path path;
    std::uint32_t alias = kNoNode;  // the alias node passed last (kNoNode: none, the definition)
    std::size_t aliasDepth = 0;     // path entries leading to that alias
  };
  Reaches(const Document& d, const std::set<std::uint32_t>& targets) : d_(d), targets_(targets) {
    Path path;
    visit(0, path, kNoNode, 0);
  }
  bool over = false;
  std::map<std::uint32_t, std::vector<Reach>> found;

 private:
  static constexpr std::size_t kBudget = 200000, kMaxDepth = 256;
  void visit(std::uint32_t i, Path& path, std::uint32_t alias, std::size_t aliasDepth) {
    if (over || ++visits_ > kBudget || path.size() > kMaxDepth) {
      over = true;
      return;
    }
    if (d_.nodes[i].kind == Node::Kind::Alias) {
      if (d_.nodes[i].target == kNoNode) return;
      alias = i;
      aliasDepth = path.size();
      i = d_.nodes[i].target;
    }
    if (targets_.count(i)) found[i].push_back({path, alias, aliasDepth});
    const Node& n = d_.nodes[i];
    if (n.kind == Node::Kind::Sequence) {
      for (std::size_t k = 0; k < n.children.size(); ++k) {
        path.push_back("[" + std::to_string(k) + "]");
        visit(n.children[k], path, alias, aliasDepth);
        path.pop_back();
      }
    } else if (n.kind == Node::Kind::Map) {
      for (std::size_t k = 0; k + 1 < n.children.size(); k += 2) {
        const Node& key = d_.nodes[yaml_place::follow(d_, n.children[k])];
        if (key.kind != Node::Kind::Scalar) continue;
        path.push_back(key.value);
        visit(n.children[k + 1], path, alias, aliasDepth);
        path.pop_back();
      }
    }
  }
  const Document& d_;
  const std::set<std::uint32_t>& targets_;
  std::size_t visits_ = 0;
};

// The path of every node written outside an alias, by climbing to the root.
class Definitions {
 public:
  explicit Definitions(const Document& d) : parent_(d.nodes.size(), kNoNode), label_(d.nodes.size()) {
    for (std::uint32_t i = 0; i < d.nodes.size(); ++i) {
      const Node& n = d.nodes[i];
      for (std::size_t k = 0; k < n.children.size(); ++k) {
        const std::uint32_t c = n.children[k];
        if (n.kind == Node::Kind::Sequence) {
          parent_[c] = i, label_[c] = "[" + std::to_string(k) + "]";
        } else if (k % 2 == 1) {
          parent_[c] = i, label_[c] = d.nodes[n.children[k - 1]].value;
        }
      }
    }
  }
  Path of(std::uint32_t i) const {
    Path p;
    for (; i != kNoNode && parent_[i] != kNoNode; i = parent_[i]) p.push_back(label_[i]);
    std::reverse(p.begin(), p.end());
    return p;
  }

 private:
  std::vector<std::uint32_t> parent_;
  std::vector<std::string> label_;
};

Path joined(const Path& head, const Path& tail, std::size_t from) {
  Path p = head;
  p.insert(p.end(), tail.begin() + static_cast<std::ptrdiff_t>(from), tail.end());
  return p;
}

// What an edit writes where its path leaves the source, if that is below the node its first k
// entries reach: its whole node's depth below that node and its text.
std::pair<std::size_t, std::string> wholeBelow(const ScalarEdit& e, std::size_t k) {
  if (e.wholeDepth <= k) return {0, {}};
  return {e.wholeDepth - k, e.wholeText};
}

// Two edits that do the same thing to the node their first `ka` / `kb` entries reach.
bool sameEdit(const ScalarEdit& a, std::size_t ka, const ScalarEdit& b, std::size_t kb) {
  return std::equal(a.path.begin() + static_cast<std::ptrdiff_t>(ka), a.path.end(),
                    b.path.begin() + static_cast<std::ptrdiff_t>(kb), b.path.end()) &&
         a.text == b.text && a.op == b.op && a.at == b.at && a.item == b.item &&
         wholeBelow(a, ka) == wholeBelow(b, kb);
}

// The batch rewritten to the nodes' definitions (duplicates through aliases merged), or the
// refusal of an edit that would also change a path the batch leaves alone.
std::variant<std::vector<ScalarEdit>, core::Diagnostic> throughAliases(const Document& d,
                                                                       const std::vector<ScalarEdit>& edits) {
  if (!d.hasAliases) return edits;
  std::vector<yaml_place::Walk> walks;
  std::set<std::uint32_t> targets;
  for (const ScalarEdit& e : edits) {
    // A key removal changes the map that holds the key: every path to that map must remove it.
    // (Its value may be an alias; removing the key leaves the alias's target alone.)
    const bool key = e.op == ScalarEdit::Op::RemoveKey;
    walks.push_back(yaml_place::walk(d, key ? Path(e.path.begin(), e.path.end() - 1) : e.path));
    targets.insert(walks.back().node);
  }
  const Reaches reaches(d, targets);
  if (reaches.over)
    return core::Diagnostic{
        core::Code::EditNotLossless, edits.empty() ? "" : yaml_place::dotted(edits[0].path),
        "the source's aliases repeat its nodes too often to check what an edit would change; "
        "edit the YAML by hand"};
  const Definitions definitions(d);
  auto anchorOf = [&](std::uint32_t alias) { return d.nodes[d.nodes[alias].target].anchor; };
  std::vector<ScalarEdit> out;
  std::vector<std::vector<Path>> from;  // the batch's paths each of `out` stands for
  for (std::size_t i = 0; i < edits.size(); ++i) {
    const ScalarEdit& e = edits[i];
    const std::size_t k = walks[i].found;
    const auto& all = reaches.found.at(walks[i].node);
    const Path prefix(e.path.begin(), e.path.begin() + static_cast<std::ptrdiff_t>(k));
    const auto own = std::find_if(all.begin(), all.end(), [&](const auto& r) { return r.path == prefix; });
    for (const auto& r : all) {
      const Path want = joined(r.path, e.path, k);
      const bool edited = std::any_of(edits.begin(), edits.end(), [&](const ScalarEdit& f) {
        return f.path == want && sameEdit(e, k, f, r.path.size());
      });
      if (edited) continue;
      std::string why;
      if (own != all.end() && own->alias != kNoNode) {
        why = "written through the alias *" + anchorOf(own->alias) + " (defined at " +
              yaml_place::dotted(definitions.of(d.nodes[own->alias].target)) + ")";
      } else {
        const Path at(r.path.begin(), r.path.begin() + static_cast<std::ptrdiff_t>(r.aliasDepth));
        why = "also reached through the alias *" + anchorOf(r.alias) + " at " + yaml_place::dotted(at);
      }
      return core::Diagnostic{
          core::Code::EditNotLossless, yaml_place::dotted(e.path),
          why + "; editing it would change " + yaml_place::dotted(want) + " too — edit the YAML by hand"};
    }
    const Path definition = definitions.of(walks[i].node);
    ScalarEdit c = e;
    c.path = joined(definition, e.path, k);
    // wholeDepth counts entries from the root: it moves with the prefix (below it, it is unused).
    if (c.wholeDepth) c.wholeDepth = c.wholeDepth > k ? c.wholeDepth - k + definition.size() : 0;
    if (!c.wholeDepth) c.wholeText.clear();
    // The same edit through another path is made once; two insertions on one path are two items.
    std::size_t j = 0;
    while (j < out.size() && !(out[j] == c && (c.op != ScalarEdit::Op::InsertItem ||
                                               std::find(from[j].begin(), from[j].end(), e.path) == from[j].end())))
      ++j;
    if (j == out.size()) {
      out.push_back(std::move(c));
      from.emplace_back();
    }
    from[j].push_back(e.path);
  }
  return out;
}

core::Diagnostic refused(std::string path, std::string message) {
  return {core::Code::EditNotLossless, std::move(path), std::move(message)};
}

// The batch in the order it is applied, each item edit's `at` counting the items the list has
// by then: values, new entries and key removals first (as given), then each list's item edits, inner lists
// first — its insertions from the last index to the first, then its removals likewise, each
// index moved past the insertions in front of it. `clear` marks a list whose every item goes.
struct Step {
  ScalarEdit edit;
  bool clear = false;
};

struct Plan {
  std::vector<Step> steps;
  std::vector<yaml_verify::Span> asked;  // what each edit, placed alone on the source, changes
};

std::variant<Plan, core::Diagnostic> planned(std::string_view yaml, const Document& d,
                                             const std::vector<ScalarEdit>& edits) {
  Plan plan;
  auto ask = [&](const std::variant<yaml_place::Splice, core::Diagnostic>& placed) -> std::optional<core::Diagnostic> {
    if (auto* why = std::get_if<core::Diagnostic>(&placed)) return *why;
    const auto& s = std::get<yaml_place::Splice>(placed);
    plan.asked.push_back({s.begin, s.end});
    return std::nullopt;
  };
  std::vector<Path> wholes, lists;
  std::vector<const ScalarEdit*> items;
  for (const ScalarEdit& e : edits) {
    if (e.wholeDepth > yaml_place::walk(d, e.path).found) {
      // The node the source omits is written whole, once, by the first edit that needs it.
      Path whole(e.path.begin(), e.path.begin() + static_cast<std::ptrdiff_t>(e.wholeDepth));
      if (std::find(wholes.begin(), wholes.end(), whole) != wholes.end()) continue;
      wholes.push_back(whole);
      ScalarEdit set;
      set.path = std::move(whole);
      set.text = e.wholeText;
      if (auto why = ask(yaml_place::place(yaml, d, set))) return *why;
      plan.steps.push_back({std::move(set)});
    } else if (e.op == ScalarEdit::Op::Set || e.op == ScalarEdit::Op::RemoveKey) {
      if (auto why = ask(yaml_place::place(yaml, d, e))) return *why;
      plan.steps.push_back({e});
    } else {
      items.push_back(&e);
      if (std::find(lists.begin(), lists.end(), e.path) == lists.end()) lists.push_back(e.path);
    }
  }
  // A block map whose every key the batch removes becomes `{}` after its key: that is asked too.
  std::set<std::uint32_t> emptied;
  for (const ScalarEdit& e : edits) {
    if (e.op != ScalarEdit::Op::RemoveKey || e.path.empty()) continue;
    const yaml_place::Walk w = yaml_place::walk(d, Path(e.path.begin(), e.path.end() - 1));
    const Node& m = d.nodes[w.node];
    if (w.found + 1 != e.path.size() || m.kind != Node::Kind::Map || m.style != Node::Style::Block ||
        m.introEnd == yaml_scan::kNoPos || !emptied.insert(w.node).second)
      continue;
    std::set<std::string> keys;
    for (std::size_t c = 0; c + 1 < m.children.size(); c += 2) keys.insert(d.nodes[yaml_place::follow(d, m.children[c])].value);
    for (const ScalarEdit& f : edits)
      if (f.op == ScalarEdit::Op::RemoveKey && f.path.size() == e.path.size() &&
          std::equal(e.path.begin(), e.path.end() - 1, f.path.begin()))
        keys.erase(f.path.back());
    if (keys.empty()) plan.asked.push_back({m.introEnd, m.introEnd});
  }
  std::stable_sort(lists.begin(), lists.end(), [](const Path& a, const Path& b) { return a.size() > b.size(); });
  for (const Path& list : lists) {
    std::vector<const ScalarEdit*> inserts;
    std::set<std::size_t> removes;
    for (const ScalarEdit* e : items) {
      if (e->path != list) continue;
      if (e->op == ScalarEdit::Op::InsertItem) inserts.push_back(e);
      else removes.insert(e->at);
    }
    const yaml_place::Walk w = yaml_place::walk(d, list);
    const bool found = w.found == list.size() && d.nodes[w.node].kind == Node::Kind::Sequence;
    if (found && inserts.empty() && !removes.empty() && removes.size() == d.nodes[w.node].children.size() &&
        *removes.rbegin() + 1 == removes.size()) {
      if (auto why = ask(yaml_place::emptySequence(yaml, d, list))) return *why;
      ScalarEdit clear;
      clear.path = list;
      plan.steps.push_back({std::move(clear), true});
      continue;
    }
    for (const ScalarEdit* e : inserts)
      if (auto why = ask(yaml_place::place(yaml, d, *e))) return *why;
    for (const std::size_t at : removes)
      if (auto why = ask(yaml_place::place(yaml, d, removeItem(list, at)))) return *why;
    // Later insertions at one index go in first, so they end up after the earlier ones.
    std::stable_sort(inserts.begin(), inserts.end(), [](auto* a, auto* b) { return a->at > b->at; });
    std::vector<const ScalarEdit*> order;
    for (std::size_t k = 0; k < inserts.size();) {
      std::size_t end = k;
      while (end < inserts.size() && inserts[end]->at == inserts[k]->at) ++end;
      for (std::size_t q = end; q-- > k;) order.push_back(inserts[q]);
      k = end;
    }
    for (const ScalarEdit* e : order) plan.steps.push_back({*e});
    for (auto it = removes.rbegin(); it != removes.rend(); ++it) {
      const auto before = static_cast<std::size_t>(
          std::count_if(inserts.begin(), inserts.end(), [&](const ScalarEdit* e) { return e->at <= *it; }));
      plan.steps.push_back({removeItem(list, *it + before)});
    }
  }
  return plan;
}

}  // namespace

std::optional<std::string> applySourceEdits(std::string_view yaml, const std::vector<ScalarEdit>& edits,
                                            core::Diagnostic& refusal) {
  auto fail = [&](core::Diagnostic d) -> std::optional<std::string> {
    refusal = std::move(d);
    return std::nullopt;
  };
  auto scanned = yaml_scan::scan(yaml);
  if (auto* d = std::get_if<core::Diagnostic>(&scanned)) return fail(std::move(*d));
  // A key removal whose key the source lacks is done already (and asks for no bytes).
  std::vector<ScalarEdit> present;
  for (const ScalarEdit& e : edits)
    if (e.op != ScalarEdit::Op::RemoveKey || e.path.empty() || e.path.back().starts_with("[") ||
        yaml_place::walk(std::get<Document>(scanned), e.path).found == e.path.size())
      present.push_back(e);
  auto rewritten = throughAliases(std::get<Document>(scanned), present);
  if (auto* d = std::get_if<core::Diagnostic>(&rewritten)) return fail(std::move(*d));
  auto plan = planned(yaml, std::get<Document>(scanned), std::get<std::vector<ScalarEdit>>(rewritten));
  if (auto* d = std::get_if<core::Diagnostic>(&plan)) return fail(std::move(*d));
  std::string text(yaml);
  bool first = true;
  for (const Step& step : std::get<Plan>(plan).steps) {
    const ScalarEdit& e = step.edit;
    // Each edit against a fresh scan, so an insertion is seen by the next edit (two fields of
    // one omitted map land in one map, not two).
    if (!first) scanned = yaml_scan::scan(text);
    first = false;
    if (auto* d = std::get_if<core::Diagnostic>(&scanned))
      return fail(
          refused(yaml_place::dotted(e.path), "an earlier edit left the source unreadable: " + d->message));
    const Document& doc = std::get<Document>(scanned);
    auto placed = step.clear ? yaml_place::emptySequence(text, doc, e.path) : yaml_place::place(text, doc, e);
    if (auto* d = std::get_if<core::Diagnostic>(&placed)) return fail(std::move(*d));
    const auto& s = std::get<yaml_place::Splice>(placed);
    if (s.begin == s.end && s.text.empty()) continue;
    text.replace(s.begin, s.end - s.begin, s.text);
  }
  // The self-check: nothing outside what the edits asked to change went, and the text means
  // what was asked.
  if (const auto lost = yaml_verify::lostBytes(yaml, text, std::get<Plan>(plan).asked))
    return fail(refused("", "the edit would change bytes outside the edited values (" + *lost +
                                " of the source); edit the YAML by hand"));
  std::string why;
  auto want = yaml_verify::read(yaml, why);
  if (!want) return fail(refused("", "the source cannot be checked: " + why));
  if (!yaml_verify::apply(*want, edits, why)) return fail(refused("", "the edit cannot be checked: " + why));
  const auto got = yaml_verify::read(text, why);
  if (!got)
    return fail(
        refused("", "the edit would leave the source unreadable (" + why + "); edit the YAML by hand"));
  if (auto diff = yaml_verify::difference(*want, *got))
    return fail(refused(
        "", "the edited source would not read back as intended (" + *diff + "); edit the YAML by hand"));
  return text;
}

}  // namespace kiln::loader
