// Saving a tuned preset into its YAML source: text edits located with yaml-cpp marks, so only
// the edited nodes' text changes and comments, quoting and layout elsewhere survive.
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <charconv>

#include "panels/tuning_model.hpp"

namespace kiln::viewer::tuning {

std::string formatNumber(double v) {
  char buf[64];
  auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
  return ec == std::errc{} ? std::string(buf, end) : std::string("0");
}

namespace {

std::string flowList(const std::vector<std::string>& xs) {
  std::string s = "[";
  for (std::size_t i = 0; i < xs.size(); ++i) s += (i ? ", " : "") + xs[i];
  return s + "]";
}

std::string flowItem(const ScalarEdit::Item& item) {
  std::string s = "{";
  for (std::size_t i = 0; i < item.size(); ++i) s += (i ? ", " : "") + item[i].first + ": " + item[i].second;
  return s + "}";
}

std::string flowItems(const std::vector<ScalarEdit::Item>& items) {
  std::vector<std::string> xs;
  for (const auto& i : items) xs.push_back(flowItem(i));
  return flowList(xs);
}

std::vector<ScalarEdit::Item> sizeItems(const std::vector<particles::SizeKey>& keys) {
  std::vector<ScalarEdit::Item> out;
  for (const auto& k : keys) out.push_back({{"age", formatNumber(k.age)}, {"value", formatNumber(k.value)}});
  return out;
}

std::vector<ScalarEdit::Item> colorItems(const std::vector<particles::ColorKey>& keys) {
  std::vector<ScalarEdit::Item> out;
  for (const auto& k : keys) {
    std::vector<std::string> c;
    for (double x : k.rgba) c.push_back(formatNumber(x));
    out.push_back({{"age", formatNumber(k.age)}, {"rgba", flowList(c)}});
  }
  return out;
}

}  // namespace

std::vector<ScalarEdit> changedScalars(const particles::Preset& a, const particles::Preset& b) {
  std::vector<ScalarEdit> out;
  const std::vector<std::string> base{"presets", a.name};
  auto path = [&](const std::vector<std::string>& rel) {
    std::vector<std::string> p = base;
    p.insert(p.end(), rel.begin(), rel.end());
    return p;
  };
  // `whole`: how many entries of `rel` name the enclosing vector or curve, and its full text.
  auto num = [&](const std::vector<std::string>& rel, double x, double y, std::size_t whole = 0, std::string wholeText = {}) {
    if (x == y) return;
    ScalarEdit e{path(rel), formatNumber(y), std::nullopt, whole ? base.size() + whole : 0, std::move(wholeText)};
    out.push_back(std::move(e));
  };
  auto vec = [&](std::vector<std::string> rel, const particles::Vec3& x, const particles::Vec3& y) {
    const std::string whole = flowList({formatNumber(y.x), formatNumber(y.y), formatNumber(y.z)});
    const std::size_t depth = rel.size();
    for (int i = 0; i < 3; ++i) {
      auto r = rel;
      r.push_back("[" + std::to_string(i) + "]");
      num(r, x[i], y[i], depth, whole);
    }
  };
  num({"capacity"}, a.capacity, b.capacity);
  vec({"spawn", "half_extents"}, a.spawnHalfExtents, b.spawnHalfExtents);
  vec({"velocity", "min"}, a.velocity.min, b.velocity.min);
  vec({"velocity", "max"}, a.velocity.max, b.velocity.max);
  num({"lifetime", "min"}, a.lifetime.min, b.lifetime.min);
  num({"lifetime", "max"}, a.lifetime.max, b.lifetime.max);
  vec({"acceleration"}, a.acceleration, b.acceleration);
  num({"drag"}, a.drag, b.drag);
  num({"rotation", "angle", "min"}, a.rotationAngle.min, b.rotationAngle.min);
  num({"rotation", "angle", "max"}, a.rotationAngle.max, b.rotationAngle.max);
  num({"rotation", "speed", "min"}, a.rotationSpeed.min, b.rotationSpeed.min);
  num({"rotation", "speed", "max"}, a.rotationSpeed.max, b.rotationSpeed.max);
  if (a.size.size() != b.size.size()) {
    out.push_back({path({"size"}), {}, sizeItems(b.size), 0, {}});
  } else {
    const std::string whole = flowItems(sizeItems(b.size));
    for (std::size_t k = 0; k < a.size.size(); ++k) {
      const std::string i = "[" + std::to_string(k) + "]";
      num({"size", i, "age"}, a.size[k].age, b.size[k].age, 1, whole);
      num({"size", i, "value"}, a.size[k].value, b.size[k].value, 1, whole);
    }
  }
  if (a.color.size() != b.color.size()) {
    out.push_back({path({"color"}), {}, colorItems(b.color), 0, {}});
  } else {
    const std::string whole = flowItems(colorItems(b.color));
    for (std::size_t k = 0; k < a.color.size(); ++k) {
      const std::string i = "[" + std::to_string(k) + "]";
      num({"color", i, "age"}, a.color[k].age, b.color[k].age, 1, whole);
      for (std::size_t c = 0; c < 4; ++c)
        num({"color", i, "rgba", "[" + std::to_string(c) + "]"}, a.color[k].rgba[c], b.color[k].rgba[c], 1, whole);
    }
  }
  num({"sprite", "fps"}, a.sprite.fps, b.sprite.fps);
  return out;
}

namespace {

// End of the scalar that starts at `pos`: a quoted scalar ends at its closing quote, a plain
// one before a flow indicator, a comment or the end of the line (trailing blanks excluded).
std::size_t scalarEnd(std::string_view t, std::size_t pos) {
  if (pos < t.size() && (t[pos] == '"' || t[pos] == '\'')) {
    const char q = t[pos];
    for (std::size_t i = pos + 1; i < t.size(); ++i) {
      if (q == '"' && t[i] == '\\') ++i;
      else if (t[i] == q) return i + 1;
    }
    return t.size();
  }
  std::size_t i = pos;
  while (i < t.size() && t[i] != '\n' && t[i] != ',' && t[i] != ']' && t[i] != '}' &&
         !(t[i] == '#' && i > pos && (t[i - 1] == ' ' || t[i - 1] == '\t')))
    ++i;
  while (i > pos && (t[i - 1] == ' ' || t[i - 1] == '\t' || t[i - 1] == '\r')) --i;
  return i;
}

// Just past the bracket that closes the flow collection opening at `pos` (quotes skipped).
std::size_t flowEnd(std::string_view t, std::size_t pos) {
  int depth = 0;
  for (std::size_t i = pos; i < t.size(); ++i) {
    const char c = t[i];
    if (c == '"' || c == '\'') {
      i = scalarEnd(t, i) - 1;
    } else if (c == '[' || c == '{') {
      ++depth;
    } else if ((c == ']' || c == '}') && --depth == 0) {
      return i + 1;
    }
  }
  return t.size();
}

std::size_t lineStart(std::string_view t, std::size_t pos) {
  const std::size_t nl = pos == 0 ? std::string_view::npos : t.rfind('\n', pos - 1);
  return nl == std::string_view::npos ? 0 : nl + 1;
}

// The end (just past its last character, before the newline) of the last line of a block node
// whose first line holds `pos` and whose entries start at `column`: following lines belong to
// it while indented deeper, or at `column` when `dashOnly` is false or they start with '-'.
// Blank and comment-only lines belong only when more of the node follows them, so a comment
// after the node stays outside its span.
std::size_t blockEnd(std::string_view t, std::size_t pos, std::size_t column, bool dashOnly) {
  std::size_t end = t.find('\n', pos);
  if (end == std::string_view::npos) return t.size();
  for (std::size_t ls = end + 1; ls < t.size();) {
    std::size_t le = t.find('\n', ls);
    if (le == std::string_view::npos) le = t.size();
    const std::string_view line = t.substr(ls, le - ls);
    const std::size_t indent = line.find_first_not_of(" \t\r");
    const bool blank = indent == std::string_view::npos || line[indent] == '#';
    if (!blank) {
      const bool inside = indent > column || (indent == column && (!dashOnly || line[indent] == '-'));
      if (!inside) break;
      end = le;
    }
    ls = le + 1;
  }
  return end;
}

std::string renderSequence(std::string_view t, const YAML::Node& seq, const std::vector<ScalarEdit::Item>& items,
                           std::size_t& begin, std::size_t& end) {
  begin = static_cast<std::size_t>(seq.Mark().pos);
  if (t[begin] == '[') {
    end = flowEnd(t, begin);
    return flowItems(items);
  }
  const std::size_t column = begin - lineStart(t, begin);
  end = blockEnd(t, begin, column, true);
  // Keep the source's item style: `- {age: 0, value: 1}` or a block map under each dash.
  bool flowMaps = true;
  if (seq.size() > 0) {
    const auto p = static_cast<std::size_t>(seq[0].Mark().pos);
    flowMaps = p < t.size() && t[p] == '{';
  }
  std::string out;
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i) out += "\n" + std::string(column, ' ');
    if (flowMaps) {
      out += "- " + flowItem(items[i]);
      continue;
    }
    for (std::size_t f = 0; f < items[i].size(); ++f)
      out += (f ? "\n" + std::string(column + 2, ' ') : std::string("- ")) + items[i][f].first + ": " + items[i][f].second;
  }
  return out;
}

// Text that inserts `key: value` into the map `parent`; sets `at` to where it goes.
std::string insertIntoMap(std::string_view t, const YAML::Node& parent, const std::string& key, const std::string& value,
                          std::size_t& at) {
  const auto pos = static_cast<std::size_t>(parent.Mark().pos);
  if (pos < t.size() && t[pos] == '{') {
    const std::size_t close = flowEnd(t, pos) - 1;
    at = close;
    while (at > pos + 1 && (t[at - 1] == ' ' || t[at - 1] == '\t')) --at;
    return (parent.size() > 0 ? ", " : "") + key + ": " + value;
  }
  // A block map: its keys share the column of its first key.
  const auto first = static_cast<std::size_t>(parent.begin()->first.Mark().pos);
  const std::size_t column = first - lineStart(t, first);
  at = blockEnd(t, first, column, false);
  const std::string line = std::string(column, ' ') + key + ": " + value;
  if (at >= t.size()) return (t.empty() || t.back() == '\n' ? "" : "\n") + line + "\n";
  ++at;  // after the newline that ends the map's last line
  return line + "\n";
}

struct Walk {
  YAML::Node node;        // the deepest node found
  std::size_t found = 0;  // how many path entries were found
};

Walk walk(const YAML::Node& root, const std::vector<std::string>& path, std::size_t depth) {
  Walk w;
  w.node.reset(root);
  for (; w.found < depth; ++w.found) {
    // Lookups go through a const node so a missing key is never inserted, and reset() rebinds
    // (assignment in yaml-cpp writes through to the document).
    const YAML::Node& cn = w.node;
    const std::string& key = path[w.found];
    YAML::Node child(YAML::NodeType::Undefined);
    if (key.front() == '[') {
      const std::size_t i = std::stoul(key.substr(1));
      if (cn.IsSequence() && i < cn.size()) child.reset(cn[i]);
    } else if (cn.IsMap() && cn[key]) {
      child.reset(cn[key]);
    }
    if (!child.IsDefined()) break;
    w.node.reset(child);
  }
  return w;
}

std::string dotted(const std::vector<std::string>& path, std::size_t n) {
  std::string s;
  for (std::size_t i = 0; i < n && i < path.size(); ++i) s += (s.empty() || path[i].front() == '[' ? "" : ".") + path[i];
  return s;
}

// Applies one edit to `text`; false with `error` when it cannot be placed.
bool applyOne(std::string& text, const ScalarEdit& e, std::string& error) {
  const YAML::Node root = YAML::Load(text);
  const Walk w = walk(root, e.path, e.path.size());
  std::size_t begin = 0, end = 0;
  std::string replacement;
  if (w.found == e.path.size()) {
    if (e.items && w.node.IsSequence()) {
      replacement = renderSequence(text, w.node, *e.items, begin, end);
    } else if (!e.items && w.node.IsScalar()) {
      begin = static_cast<std::size_t>(w.node.Mark().pos);
      end = scalarEnd(text, begin);
      replacement = e.text;
    } else {
      error = dotted(e.path, e.path.size()) + " is written in the source as something else; edit it by hand";
      return false;
    }
  } else {
    // Missing: insert the whole enclosing vector or curve when the gap lies inside it, else the
    // field itself, wrapping any missing parent maps in flow style.
    const bool whole = e.wholeDepth > 0 && w.found < e.wholeDepth;
    const std::size_t depth = whole ? e.wholeDepth : e.path.size();
    std::string value = whole ? e.wholeText : e.items ? flowItems(*e.items) : e.text;
    for (std::size_t i = depth; i-- > w.found + 1;) {
      if (e.path[i].front() == '[') break;
      value = "{" + e.path[i] + ": " + value + "}";
    }
    const bool throughItem = std::any_of(e.path.begin() + static_cast<std::ptrdiff_t>(w.found),
                                         e.path.begin() + static_cast<std::ptrdiff_t>(depth),
                                         [](const std::string& k) { return k.front() == '['; });
    if (throughItem || !w.node.IsMap()) {
      error = dotted(e.path, w.found + 1) + " is not written in the source; add it there by hand";
      return false;
    }
    replacement = insertIntoMap(text, w.node, e.path[w.found], value, begin);
    end = begin;
  }
  text.replace(begin, end - begin, replacement);
  return true;
}

}  // namespace

std::optional<std::string> replaceScalars(std::string_view yaml, const std::vector<ScalarEdit>& edits, std::string& error) {
  std::string out(yaml);
  try {
    // One edit at a time against a fresh parse, so an insertion is seen by the next edit (two
    // fields of one omitted map land in a single map, not two).
    for (const auto& e : edits)
      if (!applyOne(out, e, error)) return std::nullopt;
  } catch (const YAML::Exception& ex) {
    // yaml-cpp reports by exception; it stops here as a value.
    error = std::string("the source no longer parses: ") + ex.what();
    return std::nullopt;
  }
  return out;
}

}  // namespace kiln::viewer::tuning
