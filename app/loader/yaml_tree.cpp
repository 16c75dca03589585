// Builds a SourceNode tree from yaml-cpp nodes, keeping every mark.
#include "loader/yaml_tree.hpp"

#include <yaml-cpp/yaml.h>

#include <optional>
#include <set>
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

// Aliases let a few bytes of YAML name an exponential number of nodes; no level needs more.
constexpr std::size_t kMaxNodes = 1u << 18;

struct Builder {
  std::optional<SourceDiagnostic> failure;
  std::size_t nodes = 0;

  SourceNode build(const YAML::Node& n, const std::string& path) {
    SourceNode out;
    if (++nodes > kMaxNodes) {
      if (!failure)
        failure = SourceDiagnostic{
            {core::Code::YamlSyntax, path, "more than 262144 nodes (alias expansion?)"}, markOf(n.Mark())};
      return out;
    }
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
    root = YAML::Load(std::string(text));
  } catch (const YAML::Exception& e) {
    return SourceDiagnostic{{core::Code::YamlSyntax, "", e.msg}, markOf(e.mark)};
  }
  Builder b;
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
