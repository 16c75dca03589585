// Test helper: builds SourceNode trees in code (tests/source links no YAML parser), each node
// given a distinct made-up line so tests can check where a diagnostic points.
#pragma once

#include <initializer_list>
#include <stdexcept>
#include <string>
#include <utility>

#include "source/tree.hpp"

namespace kiln::source::test {

inline std::uint32_t& nextLine() {
  static std::uint32_t line = 1;
  return line;
}

inline SourceNode num(const std::string& text) {
  return SourceNode::scalarNode(text, {nextLine()++, 3});
}
inline SourceNode str(const std::string& text) {
  return SourceNode::scalarNode(text, {nextLine()++, 3}, false);
}
inline SourceNode null() {
  SourceNode n;
  n.mark = {nextLine()++, 3};
  return n;
}

inline SourceNode seq(std::initializer_list<SourceNode> items) {
  SourceNode n;
  n.kind = SourceNode::Kind::Sequence;
  n.items = items;
  n.mark = {nextLine()++, 1};
  return n;
}

inline SourceNode map(std::initializer_list<std::pair<std::string, SourceNode>> entries) {
  SourceNode n;
  n.kind = SourceNode::Kind::Map;
  n.mark = {nextLine()++, 1};
  for (const auto& [k, v] : entries) {
    n.keys.push_back(k);
    n.keyMarks.push_back({v.mark.line, 1});
    n.values.push_back(v);
  }
  return n;
}

inline SourceNode vec3(const char* x, const char* y, const char* z) {
  return seq({num(x), num(y), num(z)});
}

// Replaces (or adds) `key` in a map node.
inline void set(SourceNode& m, const std::string& key, SourceNode v) {
  for (std::size_t i = 0; i < m.keys.size(); ++i)
    if (m.keys[i] == key) {
      m.values[i] = std::move(v);
      return;
    }
  m.keys.push_back(key);
  m.keyMarks.push_back({v.mark.line, 1});
  m.values.push_back(std::move(v));
}

inline void erase(SourceNode& m, const std::string& key) {
  for (std::size_t i = 0; i < m.keys.size(); ++i)
    if (m.keys[i] == key) {
      m.keys.erase(m.keys.begin() + static_cast<std::ptrdiff_t>(i));
      m.keyMarks.erase(m.keyMarks.begin() + static_cast<std::ptrdiff_t>(i));
      m.values.erase(m.values.begin() + static_cast<std::ptrdiff_t>(i));
      return;
    }
}

inline SourceNode& at(SourceNode& m, const std::string& key) {
  for (std::size_t i = 0; i < m.keys.size(); ++i)
    if (m.keys[i] == key) return m.values[i];
  throw std::logic_error("no key " + key);
}

// A small valid level: one 8×6×4 room, one preset, one emitter placed by position.
inline SourceNode validLevel() {
  return map({
      {"version", num("2")},
      {"world",
       map({{"version", num("3")},
            {"sectors", seq({map({{"name", str("hall")},
                                  {"walls", seq({seq({num("0"), num("0")}), seq({num("8"), num("0")}),
                                                 seq({num("8"), num("6")}), seq({num("0"), num("6")})})},
                                  {"floor", num("0")},
                                  {"ceiling", num("4")}})})}})},
      {"textures", map({{"ember", str("textures/ember.png")}})},
      {"presets",
       map({{"embers",
             map({{"capacity", num("16")},
                  {"velocity",
                   map({{"min", vec3("-0.1", "-0.1", "0.2")}, {"max", vec3("0.1", "0.1", "0.4")}})},
                  {"lifetime", map({{"min", num("1")}, {"max", num("1.5")}})},
                  {"size", seq({map({{"age", num("0")}, {"value", num("0.1")}}),
                                map({{"age", num("1")}, {"value", num("0")}})})},
                  {"color",
                   seq({map({{"age", num("0")}, {"rgba", seq({num("1"), num("1"), num("1"), num("1")})}}),
                        map({{"age", num("1")}, {"rgba", seq({num("1"), num("0"), num("0"), num("0")})}})})},
                  {"sprite", map({{"frames", seq({str("ember")})}, {"blend", str("alpha")}})}})}})},
      {"emitters", seq({map({{"name", str("e1")},
                             {"preset", str("embers")},
                             {"position", vec3("4", "3", "1")},
                             {"seed", num("7")},
                             {"rate", num("4")},
                             {"duration_seconds", num("2")}})})},
  });
}

}  // namespace kiln::source::test
