// The tuning panel's numbers, read from the KWP1 preset schema (the codec's one field list), and
// what derives from them: setting a field by name and the YAML edits a save writes.
#include <algorithm>
#include <cmath>
#include <string_view>

#include "loader/yaml_edit.hpp"
#include "panels/logic/tuning_model.hpp"
#include "particles/kwp1/schema.hpp"

namespace kiln::viewer::tuning {
namespace {

// A schema walker that records every number with its source path. The schema names vector
// components x, y, z and colour channels rgba[c]; the source writes both as list items, so
// they become "[i]" entries. Names, enumerations and frame lists are not numbers to tune.
class NumberCollector {
 public:
  explicit NumberCollector(std::vector<NumberField>& out) : out_(out) {}
  void enter(const char* field) {
    marks_.push_back(path_.size());
    append(field);
  }
  void leave() {
    path_.resize(marks_.back());
    marks_.pop_back();
  }
  void f64(const char* field, double& v) { add(field, &v, nullptr); }
  void u32(const char* field, std::uint32_t& v) { add(field, nullptr, &v); }
  template <class E>
  void enumeration(const char*, E&, E) {}
  void reference(const char*, std::uint32_t&, std::uint32_t) {}
  template <class S>
  std::string_view text(const char*, S&, const core::walk::TextRule&) {
    return {};
  }
  void reserved(const char*, std::size_t) {}
  std::uint16_t version() const { return particles::Version; }
  std::uint32_t count(const char*, std::size_t size, core::walk::Width, std::size_t, std::uint64_t) {
    return static_cast<std::uint32_t>(size);
  }
  template <class T, class Fn>
  void each(const char* field, std::vector<T>& items, std::uint32_t, Fn&& fn) {
    const std::size_t mark = path_.size();
    append(field);
    const std::size_t outer = curveDepth_;
    curveDepth_ = path_.size();
    for (std::size_t i = 0; i < items.size(); ++i) {
      path_.push_back("[" + std::to_string(i) + "]");
      fn(*this, items[i]);
      path_.pop_back();
    }
    curveDepth_ = outer;
    path_.resize(mark);
  }

 private:
  void append(std::string_view field) {
    while (!field.empty()) {
      const std::size_t dot = field.find('.');
      std::string_view piece = field.substr(0, dot);
      if (const std::size_t bracket = piece.find('['); bracket != std::string_view::npos && bracket > 0) {
        path_.emplace_back(piece.substr(0, bracket));
        piece.remove_prefix(bracket);
      }
      path_.emplace_back(piece);
      field = dot == std::string_view::npos ? std::string_view{} : field.substr(dot + 1);
    }
  }
  void add(const char* field, double* f, std::uint32_t* u) {
    const std::string_view name(field);
    NumberField n;
    n.path = path_;
    std::size_t vectorDepth = 0;
    if (name == "x" || name == "y" || name == "z") {
      vectorDepth = path_.size();
      n.path.push_back("[" + std::to_string(name[0] - 'x') + "]");
    } else {
      const std::size_t mark = path_.size();
      append(name);
      n.path.assign(path_.begin(), path_.end());
      path_.resize(mark);
      if (n.path.back().front() == '[') vectorDepth = n.path.size() - 1;  // rgba[c]
    }
    // An omitted curve is written whole; otherwise an omitted vector is.
    n.curveDepth = curveDepth_;
    n.wholeDepth = curveDepth_ ? curveDepth_ : vectorDepth;
    n.f64 = f;
    n.u32 = u;
    out_.push_back(std::move(n));
  }

  std::vector<NumberField>& out_;
  std::vector<std::string> path_;
  std::vector<std::size_t> marks_;
  std::size_t curveDepth_ = 0;
};

bool startsWith(const std::vector<std::string>& path, const std::vector<std::string>& prefix) {
  return path.size() >= prefix.size() && std::equal(prefix.begin(), prefix.end(), path.begin());
}

// The flow text of the node at `prefix`: a number, a list of "[i]" children, or a map.
std::string nodeText(const std::vector<NumberField>& fields, const std::vector<std::string>& prefix);

loader::ScalarEdit::Item mapEntries(const std::vector<NumberField>& fields, const std::vector<std::string>& prefix) {
  loader::ScalarEdit::Item entries;
  for (const NumberField& f : fields) {
    if (!startsWith(f.path, prefix) || f.path.size() == prefix.size()) continue;
    const std::string& key = f.path[prefix.size()];
    if (!entries.empty() && entries.back().first == key) continue;
    auto child = prefix;
    child.push_back(key);
    entries.emplace_back(key, nodeText(fields, child));
  }
  return entries;
}

std::string nodeText(const std::vector<NumberField>& fields, const std::vector<std::string>& prefix) {
  for (const NumberField& f : fields)
    if (f.path == prefix) return loader::formatNumber(f.value());
  const loader::ScalarEdit::Item entries = mapEntries(fields, prefix);
  if (!entries.empty() && entries.front().first.front() == '[') {
    std::vector<std::string> items;
    for (const auto& e : entries) items.push_back(e.second);
    return loader::flowSequence(items);
  }
  return loader::flowMap(entries);
}

// The keys of the curve at `curve`, each as its numbers in schema order.
std::vector<std::vector<const NumberField*>> keysOf(const std::vector<NumberField>& fields,
                                                    const std::vector<std::string>& curve) {
  std::vector<std::vector<const NumberField*>> keys;
  const std::string* key = nullptr;
  for (const NumberField& f : fields) {
    if (f.path.size() <= curve.size() || !startsWith(f.path, curve)) continue;
    if (!key || *key != f.path[curve.size()]) keys.emplace_back();
    key = &f.path[curve.size()];
    keys.back().push_back(&f);
  }
  return keys;
}

std::string dotted(const std::vector<std::string>& path) {
  std::string s;
  for (const std::string& p : path) s += (s.empty() || p.front() == '[' ? "" : ".") + p;
  return s;
}

}  // namespace

double NumberField::value() const { return f64 ? *f64 : static_cast<double>(*u32); }

std::string NumberField::name() const { return dotted(path); }

std::vector<NumberField> numberFields(particles::Preset& p) {
  std::vector<NumberField> out;
  NumberCollector collector(out);
  particles::kwp1::presetFields(collector, p);
  return out;
}

bool setField(particles::Preset& p, std::string_view f, double v) {
  // Key counts: VALUE is the key index (insert after it, or remove it), so a script walks the
  // same rules as the panel's buttons.
  const bool whole = v >= 0 && v == std::floor(v) && v < 16;
  const auto at = whole ? static_cast<std::size_t>(v) : std::size_t(99);
  if (f == "size.insert") return insertKey(p.size, at);
  if (f == "size.remove") return removeKey(p.size, at);
  if (f == "color.insert") return insertKey(p.color, at);
  if (f == "color.remove") return removeKey(p.color, at);
  // Colour channels also go by name, as the panel labels them: color[K].red is color[K].rgba[0].
  std::string name(f);
  static constexpr std::string_view kChannels[4] = {".red", ".green", ".blue", ".alpha"};
  for (std::size_t c = 0; c < 4; ++c)
    if (name.starts_with("color[") && name.ends_with(kChannels[c]))
      name = name.substr(0, name.size() - kChannels[c].size()) + ".rgba[" + std::to_string(c) + "]";
  for (NumberField& n : numberFields(p)) {
    if (n.name() != name) continue;
    if (n.f64) return *n.f64 = v, true;
    // Counts are whole and non-negative; larger than any limit is still refused by validation.
    if (!(v >= 0 && v <= 1e9)) return false;
    *n.u32 = static_cast<std::uint32_t>(v);
    return true;
  }
  return false;
}

std::vector<loader::ScalarEdit> changedScalars(const particles::Preset& before, const particles::Preset& after) {
  particles::Preset a = before, b = after;
  const std::vector<NumberField> fa = numberFields(a), fb = numberFields(b);
  const std::vector<std::string> base{"presets", before.name};
  auto full = [&](const std::vector<std::string>& rel) {
    std::vector<std::string> p = base;
    p.insert(p.end(), rel.begin(), rel.end());
    return p;
  };
  std::vector<loader::ScalarEdit> out;
  std::vector<std::vector<std::string>> curves;  // the curves already written
  for (const NumberField& nb : fb) {
    const std::vector<std::string> whole(nb.path.begin(), nb.path.begin() + static_cast<std::ptrdiff_t>(nb.wholeDepth));
    const std::size_t wholeDepth = nb.wholeDepth ? base.size() + nb.wholeDepth : 0;
    const std::string wholeText = nb.wholeDepth ? nodeText(fb, whole) : std::string();
    if (nb.curveDepth) {
      const std::vector<std::string> curve(nb.path.begin(), nb.path.begin() + static_cast<std::ptrdiff_t>(nb.curveDepth));
      if (std::find(curves.begin(), curves.end(), curve) != curves.end()) continue;
      curves.push_back(curve);
      // The keys line up by value: a key removed or inserted is one item edit, a key kept where
      // it was written keeps its text, and a kept key's changed numbers are edited one by one.
      const auto keysA = keysOf(fa, curve), keysB = keysOf(fb, curve);
      const auto lined = loader::alignItems(keysA.size(), keysB.size(), [&](std::size_t i, std::size_t j) {
        std::size_t differ = 0;
        for (std::size_t f = 0; f < keysB[j].size(); ++f) differ += keysA[i][f]->value() != keysB[j][f]->value();
        return static_cast<double>(differ) / static_cast<double>(std::max<std::size_t>(1, keysB[j].size()));
      });
      for (const std::size_t i : lined.removed) out.push_back(loader::removeItem(full(curve), i, wholeDepth, wholeText));
      for (const auto& [j, at] : lined.inserted) {
        auto key = curve;
        key.push_back(keysB[j].front()->path[curve.size()]);
        out.push_back(loader::insertItem(full(curve), at, mapEntries(fb, key), wholeDepth, wholeText));
      }
      for (const auto& [i, j] : lined.kept)
        for (std::size_t f = 0; f < keysB[j].size(); ++f) {
          const NumberField& field = *keysB[j][f];
          if (keysA[i][f]->value() == field.value()) continue;
          auto path = curve;
          path.push_back("[" + std::to_string(i) + "]");
          path.insert(path.end(), field.path.begin() + static_cast<std::ptrdiff_t>(curve.size() + 1), field.path.end());
          out.push_back({full(path), loader::formatNumber(field.value()), wholeDepth, wholeText});
        }
      continue;
    }
    const auto na = std::find_if(fa.begin(), fa.end(), [&](const NumberField& x) { return x.path == nb.path; });
    if (na != fa.end() && na->value() == nb.value()) continue;
    out.push_back({full(nb.path), loader::formatNumber(nb.value()), wholeDepth, wholeText});
  }
  // The sprite's words: flipbook, facing, blend, and each frame's texture name (the frame count
  // stays as authored; a field the source omits is added to its map).
  auto word = [&](std::vector<std::string> rel, std::string_view text) { out.push_back({full(rel), std::string(text)}); };
  const particles::Sprite &sa = before.sprite, &sb = after.sprite;
  if (sa.flipbook != sb.flipbook) word({"sprite", "flipbook"}, particles::name(sb.flipbook));
  if (sa.facing != sb.facing) word({"sprite", "facing"}, particles::name(sb.facing));
  if (sa.blend != sb.blend) word({"sprite", "blend"}, particles::name(sb.blend));
  if (sa.frames.size() == sb.frames.size())
    for (std::size_t i = 0; i < sb.frames.size(); ++i)
      if (sa.frames[i] != sb.frames[i]) word({"sprite", "frames", "[" + std::to_string(i) + "]"}, sb.frames[i]);
  return out;
}

}  // namespace kiln::viewer::tuning
