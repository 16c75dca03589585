// Builds a SourceNode tree from yaml-cpp nodes, keeping every mark.
#include "loader/yaml_tree.hpp"

#include <yaml-cpp/depthguard.h>
#include <yaml-cpp/yaml.h>

#include <optional>
#include <set>
#include <vector>
#include <string>

namespace kiln::loader {
namespace {

using source::Mark;
using source::SourceDiagnostic;
using source::SourceNode;

Mark markOf(const YAML::Mark& m) {
  if (m.is_null() || m.line < 0) return {};
  return {static_cast<std::uint32_t>(m.line + 1), static_cast<std::uint32_t>(m.column + 1)};
}

// Aliases let a few bytes of YAML name an exponential number of nodes. The tree is budgeted in
// bytes, not nodes, so a large honest file passes and a small bomb does not: every node costs
// one byte plus its scalar and key bytes, which a document without aliases never spends beyond
// its own length (each node needs at least one byte of text). docs/limits.md.
constexpr std::size_t kExpansionFactor = 2;
constexpr std::size_t kExpansionAllowance = 64u << 10;
// Nesting deeper than this is refused before the recursion below could exhaust the stack; the
// deepest level source field is about ten levels down.
constexpr std::size_t kMaxDepth = 64;

struct Builder {
  std::optional<SourceDiagnostic> failure;
  std::size_t spent = 0;
  std::size_t budget = 0;
  std::size_t depth = 0;

  bool charge(std::size_t bytes, const std::string& path, const YAML::Mark& mark) {
    spent += bytes;
    if (spent <= budget) return true;
    if (!failure)
      failure = SourceDiagnostic{{core::Code::InputBudget, path,
                                  "aliases expand the document past " + std::to_string(budget) +
                                      " bytes (twice its size plus 64 KiB); write the repeated part out"},
                                 markOf(mark)};
    return false;
  }

  SourceNode build(const YAML::Node& n, const std::string& path) {
    SourceNode out;
    if (failure) return out;
    if (depth >= kMaxDepth) {
      failure = SourceDiagnostic{
          {core::Code::InputBudget, path,
           "nested more than " + std::to_string(kMaxDepth) + " levels deep; no level source needs that"},
          markOf(n.Mark())};
      return out;
    }
    if (!charge(1 + (n.IsScalar() ? n.Scalar().size() : 0), path, n.Mark())) return out;
    struct Deeper {
      std::size_t& d;
      explicit Deeper(std::size_t& x) : d(++x) {}
      ~Deeper() { --d; }
    } deeper(depth);
    out.mark = markOf(n.Mark());
    switch (n.Type()) {
      case YAML::NodeType::Undefined:
      case YAML::NodeType::Null:
        out.kind = SourceNode::Kind::Null;
        break;
      case YAML::NodeType::Scalar:
        out.kind = SourceNode::Kind::Scalar;
        out.scalar = n.Scalar();
        // yaml-cpp tags quoted and block scalars "!" (non-specific); plain ones "?".
        out.plain = n.Tag() != "!";
        break;
      case YAML::NodeType::Sequence:
        out.kind = SourceNode::Kind::Sequence;
        for (std::size_t i = 0; i < n.size() && !failure; ++i)
          out.items.push_back(build(n[i], source::indexPath(path, i)));
        break;
      case YAML::NodeType::Map: {
        out.kind = SourceNode::Kind::Map;
        std::set<std::string> seen;
        for (auto it = n.begin(); it != n.end() && !failure; ++it) {
          const Mark km = markOf(it->first.Mark());
          if (!it->first.IsScalar()) {
            failure = SourceDiagnostic{{core::Code::WrongType, path, "a map key must be a plain scalar"}, km};
            break;
          }
          const std::string key = it->first.Scalar();
          if (!charge(key.size(), path, it->first.Mark())) break;
          const std::string keyPath = source::joinPath(path, key);
          if (!seen.insert(key).second) {
            failure =
                SourceDiagnostic{{core::Code::DuplicateName, keyPath, "key '" + key + "' appears twice"}, km};
            break;
          }
          out.keys.push_back(key);
          out.keyMarks.push_back(km);
          SourceNode v = build(it->second, keyPath);
          // An omitted value (`key:`) has no mark of its own; point at the key.
          if (!v.mark.known()) v.mark = km;
          out.values.push_back(std::move(v));
        }
        break;
      }
    }
    return out;
  }
};

}  // namespace

std::variant<SourceNode, SourceDiagnostic> parseYaml(std::string_view text) {
  YAML::Node root;
  try {
    // LoadAll, not Load: a second document would otherwise be dropped without a word.
    std::vector<YAML::Node> docs = YAML::LoadAll(std::string(text));
    if (docs.size() > 1)
      return SourceDiagnostic{{core::Code::YamlSyntax, "",
                               "a level source is one YAML document; a second one starts here (remove the "
                               "'---' and what follows, or merge them)"},
                              markOf(docs[1].Mark())};
    if (!docs.empty()) root = docs[0];
  } catch (const YAML::DeepRecursion& e) {
    // yaml-cpp words this "bad file"; say what is wrong instead.
    return SourceDiagnostic{{core::Code::InputBudget, "",
                             "nested deeper than the YAML reader allows (" + std::to_string(e.depth()) +
                                 " levels here); no level source needs more than " + std::to_string(kMaxDepth)},
                            markOf(e.mark)};
  } catch (const YAML::Exception& e) {
    return SourceDiagnostic{{core::Code::YamlSyntax, "", e.msg}, markOf(e.mark)};
  }
  Builder b;
  b.budget = kExpansionFactor * text.size() + kExpansionAllowance;
  SourceNode tree;
  try {
    tree = b.build(root, "");
  } catch (const YAML::Exception& e) {
    return SourceDiagnostic{{core::Code::YamlSyntax, "", e.msg}, markOf(e.mark)};
  }
  if (b.failure) return *b.failure;
  if (!tree.mark.known()) tree.mark = {1, 1};
  return tree;
}

}  // namespace kiln::loader
