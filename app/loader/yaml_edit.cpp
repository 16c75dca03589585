// Lossless YAML source edits (see yaml_edit.hpp). The batch is first checked against aliases
// (an edit through one must be made on every path to the node), then applied one edit at a time,
// each rewriting one span the scanner (yaml_scan.hpp) found in a fresh scan of the text so far,
// and finally checked twice: the bytes outside the edited spans are the input's, and the text
// reads back as the original document with the edits applied (yaml_verify.hpp).
#include "loader/yaml_edit.hpp"

#include <algorithm>
#include <charconv>
#include <climits>
#include <map>
#include <set>
#include <variant>

#include "loader/yaml_place.hpp"
#include "loader/yaml_scan.hpp"
#include "loader/yaml_verify.hpp"

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

// Two edits that do the same thing to the node their first `ka` / `kb` entries reach.
bool sameEdit(const ScalarEdit& a, std::size_t ka, const ScalarEdit& b, std::size_t kb) {
  auto rel = [](const ScalarEdit& e, std::size_t k) {
    return e.wholeDepth ? static_cast<long>(e.wholeDepth) - static_cast<long>(k) : LONG_MIN;
  };
  return std::equal(a.path.begin() + static_cast<std::ptrdiff_t>(ka), a.path.end(),
                    b.path.begin() + static_cast<std::ptrdiff_t>(kb), b.path.end()) &&
         a.text == b.text && a.items == b.items && a.keepItems == b.keepItems && a.wholeText == b.wholeText &&
         rel(a, ka) == rel(b, kb);
}

// The batch rewritten to the nodes' definitions (duplicates through aliases merged), or the
// refusal of an edit that would also change a path the batch leaves alone.
std::variant<std::vector<ScalarEdit>, core::Diagnostic> throughAliases(const Document& d,
                                                                       const std::vector<ScalarEdit>& edits) {
  if (!d.hasAliases) return edits;
  std::vector<yaml_place::Walk> walks;
  std::set<std::uint32_t> targets;
  for (const ScalarEdit& e : edits) {
    walks.push_back(yaml_place::walk(d, e.path));
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
    if (std::find(out.begin(), out.end(), c) == out.end()) out.push_back(std::move(c));
  }
  return out;
}

// Where the text differs from the input: regions in input and output coordinates, so the
// bytes between them can be compared with the input's at the end.
class Changes {
 public:
  void splice(std::size_t b, std::size_t e, std::size_t length) {
    const long shift = static_cast<long>(length) - static_cast<long>(e - b);
    auto moved = [&](std::size_t p) { return static_cast<std::size_t>(static_cast<long>(p) + shift); };
    Region m{position(b, true), position(e, false), b, e};
    std::vector<Region> next;
    for (const Region& r : regions_) {
      if (r.outE < b) {
        next.push_back(r);
      } else if (r.outB > e) {
        next.push_back({r.inB, r.inE, moved(r.outB), moved(r.outE)});
      } else {
        m = {std::min(m.inB, r.inB), std::max(m.inE, r.inE), std::min(m.outB, r.outB),
             std::max(m.outE, r.outE)};
      }
    }
    m.outE = moved(m.outE);
    next.push_back(m);
    std::sort(next.begin(), next.end(), [](const Region& x, const Region& y) { return x.outB < y.outB; });
    regions_ = std::move(next);
  }
  bool unchangedOutside(std::string_view in, std::string_view out) const {
    std::size_t i = 0, o = 0;
    for (const Region& r : regions_) {
      if (r.inB < i || r.outB < o || r.inB - i != r.outB - o ||
          in.substr(i, r.inB - i) != out.substr(o, r.outB - o))
        return false;
      i = r.inE, o = r.outE;
    }
    return in.size() - i == out.size() - o && in.substr(i) == out.substr(o);
  }

 private:
  struct Region {
    std::size_t inB, inE, outB, outE;
  };
  // The input position of output position p; inside a region, that region's start or end.
  std::size_t position(std::size_t p, bool start) const {
    long offset = 0;
    for (const Region& r : regions_) {
      if (p > r.outB && p < r.outE) return start ? r.inB : r.inE;
      if (r.outE <= p) offset = static_cast<long>(r.inE) - static_cast<long>(r.outE);
    }
    return static_cast<std::size_t>(static_cast<long>(p) + offset);
  }
  std::vector<Region> regions_;
};

core::Diagnostic refused(std::string path, std::string message) {
  return {core::Code::EditNotLossless, std::move(path), std::move(message)};
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
  auto plan = throughAliases(std::get<Document>(scanned), edits);
  if (auto* d = std::get_if<core::Diagnostic>(&plan)) return fail(std::move(*d));
  std::string text(yaml);
  Changes changes;
  bool first = true;
  for (const ScalarEdit& e : std::get<std::vector<ScalarEdit>>(plan)) {
    // Each edit against a fresh scan, so an insertion is seen by the next edit (two fields of
    // one omitted map land in one map, not two).
    if (!first) scanned = yaml_scan::scan(text);
    first = false;
    if (auto* d = std::get_if<core::Diagnostic>(&scanned))
      return fail(
          refused(yaml_place::dotted(e.path), "an earlier edit left the source unreadable: " + d->message));
    auto placed = yaml_place::place(text, std::get<Document>(scanned), e);
    if (auto* d = std::get_if<core::Diagnostic>(&placed)) return fail(std::move(*d));
    const auto& s = std::get<yaml_place::Splice>(placed);
    if (s.begin == s.end && s.text.empty()) continue;
    text.replace(s.begin, s.end - s.begin, s.text);
    changes.splice(s.begin, s.end, s.text.size());
  }
  // The self-check: nothing outside the edited spans moved, and the text means what was asked.
  if (!changes.unchangedOutside(yaml, text))
    return fail(refused("", "the edit would change bytes outside the edited values; edit the YAML by hand"));
  std::string why;
  auto want = yaml_verify::read(yaml, why);
  if (!want) return fail(refused("", "the source cannot be checked: " + why));
  for (const ScalarEdit& e : edits)
    if (!yaml_verify::apply(*want, e, why))
      return fail(refused(yaml_place::dotted(e.path), "the edit cannot be checked: " + why));
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
