// Preset tuning: sessions, validation, application and span-preserving YAML saves.
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>

#include "panels/tuning_model.hpp"
#include "particles/bounds.hpp"
#include "particles/schedule.hpp"
#include "particles/validate.hpp"
#include "world/fit.hpp"

namespace kiln::viewer::tuning {

void Session::start(const particles::Document& doc, std::uint32_t presetIndex) {
  preset = presetIndex;
  saved = committed = working = doc.presets.at(presetIndex);
  undoStack.clear();
  redoStack.clear();
  diagnostics.clear();
}

void Session::commit() {
  if (working == committed) return;
  undoStack.push_back(committed);
  redoStack.clear();
  committed = working;
}

bool Session::undo() {
  if (undoStack.empty()) return false;
  redoStack.push_back(committed);
  committed = working = undoStack.back();
  undoStack.pop_back();
  return true;
}

bool Session::redo() {
  if (redoStack.empty()) return false;
  undoStack.push_back(committed);
  committed = working = redoStack.back();
  redoStack.pop_back();
  return true;
}

core::Diagnostics validateEdit(const particles::Document& doc, const world::World& world, std::uint32_t preset,
                               const particles::Preset& edited) {
  core::Diagnostics out = particles::validatePresetForVersion(edited, doc.version);
  const std::string prefix = particles::presetPath(edited, preset);
  for (auto& d : out)
    if (!d.path.starts_with("presets")) d.path = prefix + (d.path.empty() ? "" : "." + d.path);
  if (!out.empty()) return out;  // bounds of an invalid preset mean nothing
  particles::Document trial = doc;
  applyEdit(trial, preset, edited);
  for (std::size_t i = 0; i < trial.emitters.size(); ++i) {
    if (trial.emitters[i].preset != preset) continue;
    if (auto shortfall = particles::capacityShortfall(edited, trial.emitters[i]))
      out.push_back({core::Code::CapacityTooSmall, prefix + ".capacity", *shortfall});
  }
  for (auto& d : world::validateForWorld(world, trial)) {
    // Only the emitters this preset moved can have started to leave their sectors.
    for (std::size_t i = 0; i < trial.emitters.size(); ++i)
      if (trial.emitters[i].preset == preset && d.path.starts_with(particles::emitterPath(trial.emitters[i], i) + ".")) {
        out.push_back(d);
        break;
      }
  }
  return out;
}

void applyEdit(particles::Document& doc, std::uint32_t preset, const particles::Preset& edited) {
  doc.presets.at(preset) = edited;
  for (auto& e : doc.emitters)
    if (e.preset == preset) e.bounds = particles::conservativeEmitterBounds(edited, e);
}

bool setField(particles::Preset& p, std::string_view f, double v) {
  if (f == "capacity") return v >= 0 && v <= 1e9 ? (p.capacity = static_cast<std::uint32_t>(v), true) : false;
  if (f == "lifetime.min") return p.lifetime.min = v, true;
  if (f == "lifetime.max") return p.lifetime.max = v, true;
  if (f == "drag") return p.drag = v, true;
  if (f == "sprite.fps") return p.sprite.fps = v, true;
  // size[K].value, size[K].age, color[K].alpha
  unsigned k = 0;
  char rest[16] = {};
  const std::string s(f);
  if (std::sscanf(s.c_str(), "size[%u].%15s", &k, rest) == 2 && k < p.size.size()) {
    if (std::string_view(rest) == "value") return p.size[k].value = v, true;
    if (std::string_view(rest) == "age") return p.size[k].age = v, true;
  }
  if (std::sscanf(s.c_str(), "color[%u].%15s", &k, rest) == 2 && k < p.color.size() && std::string_view(rest) == "alpha")
    return p.color[k].rgba[3] = v, true;
  return false;
}

std::string formatNumber(double v) {
  char buf[64];
  auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
  return ec == std::errc{} ? std::string(buf, end) : std::string("0");
}

std::vector<ScalarEdit> changedScalars(const particles::Preset& a, const particles::Preset& b) {
  std::vector<ScalarEdit> out;
  const std::vector<std::string> base{"presets", a.name};
  auto num = [&](std::vector<std::string> rel, double x, double y) {
    if (x == y) return;
    std::vector<std::string> p = base;
    p.insert(p.end(), rel.begin(), rel.end());
    out.push_back({p, formatNumber(y)});
  };
  auto vec = [&](std::vector<std::string> rel, const particles::Vec3& x, const particles::Vec3& y) {
    for (int i = 0; i < 3; ++i) {
      auto r = rel;
      r.push_back("[" + std::to_string(i) + "]");
      num(r, x[i], y[i]);
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
  for (std::size_t k = 0; k < std::min(a.size.size(), b.size.size()); ++k) {
    const std::string i = "[" + std::to_string(k) + "]";
    num({"size", i, "age"}, a.size[k].age, b.size[k].age);
    num({"size", i, "value"}, a.size[k].value, b.size[k].value);
  }
  for (std::size_t k = 0; k < std::min(a.color.size(), b.color.size()); ++k) {
    const std::string i = "[" + std::to_string(k) + "]";
    num({"color", i, "age"}, a.color[k].age, b.color[k].age);
    for (std::size_t c = 0; c < 4; ++c)
      num({"color", i, "rgba", "[" + std::to_string(c) + "]"}, a.color[k].rgba[c], b.color[k].rgba[c]);
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

}  // namespace

std::optional<std::string> replaceScalars(std::string_view yaml, const std::vector<ScalarEdit>& edits, std::string& error) {
  struct Span {
    std::size_t begin, end;
    const std::string* text;
  };
  std::vector<Span> spans;
  try {
    const YAML::Node root = YAML::Load(std::string(yaml));
    for (const auto& e : edits) {
      // Node assignment in yaml-cpp writes through to the document; reset() rebinds instead,
      // and lookups go through a const node so a missing key is never inserted.
      YAML::Node n;
      n.reset(root);
      std::string where;
      for (const auto& key : e.path) {
        where += (where.empty() || key.front() == '[' ? "" : ".") + key;
        if (!n.IsDefined() || n.IsNull()) break;
        const YAML::Node& cn = n;
        YAML::Node child(YAML::NodeType::Undefined);
        if (key.front() == '[') {
          const std::size_t i = std::stoul(key.substr(1));
          if (cn.IsSequence() && i < cn.size()) child.reset(cn[i]);
        } else if (cn.IsMap() && cn[key]) {
          child.reset(cn[key]);
        }
        n.reset(child);
      }
      if (!n.IsDefined() || !n.IsScalar()) {
        error = where + " is not written in the source; add it there by hand";
        return std::nullopt;
      }
      const auto pos = static_cast<std::size_t>(n.Mark().pos);
      spans.push_back({pos, scalarEnd(yaml, pos), &e.text});
    }
  } catch (const YAML::Exception& ex) {
    // yaml-cpp reports by exception; it stops here as a value.
    error = std::string("the source no longer parses: ") + ex.what();
    return std::nullopt;
  }
  // Rewrite from the end so earlier offsets stay valid.
  std::sort(spans.begin(), spans.end(), [](const Span& a, const Span& b) { return a.begin > b.begin; });
  std::string out(yaml);
  for (const auto& s : spans) out.replace(s.begin, s.end - s.begin, *s.text);
  return out;
}

}  // namespace kiln::viewer::tuning
