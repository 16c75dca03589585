// The presets, emitters and textures parts of the source vocabulary.
#include <algorithm>
#include <limits>

#include "core/names.hpp"
#include "core/texture_name.hpp"
#include "sim/model.hpp"
#include "source/compile.hpp"
#include "source/parts.hpp"

namespace kiln::source::detail {
namespace {

using core::Code;
using namespace kiln::particles;

constexpr std::int64_t kU32Max = std::numeric_limits<std::uint32_t>::max();
// A texture is named by preset frames and event sprite frames alike, so its name obeys the
// stricter of their two name rules (both core::nameProblem, today both 64 bytes).
constexpr std::size_t kMaxTextureNameBytes = std::min(kMaxNameBytes, sim::kMaxEventNameBytes);

std::vector<std::string> namesOf(const NameIndex& index) {
  std::vector<std::string> out;
  for (const auto& [name, i] : index) out.push_back(name);
  return out;
}

bool allItems(const SourceNode& seq, bool (*pred)(const SourceNode&)) {
  if (seq.items.empty()) return false;
  for (const SourceNode& item : seq.items)
    if (!pred(item)) return false;
  return true;
}
bool isNumberList(const SourceNode& n) { return n.isSequence() && allItems(n, isNumber); }

// A curve written as bare values where keys are expected (`size: 0.5`, `size: [0.5, 0]`,
// `color: [1, 1, 1, 1]`, `color: [[1, 1, 1, 1], [1, 0, 0, 0]]`) is one mistake, reported
// once with the keys to write; false when the curve has no such shape.
bool bareCurve(Walker& w, const SourceNode& curve, const std::string& path, std::string_view valueKey) {
  const std::string key(valueKey);
  const bool colour = valueKey == "rgba";
  std::string first, last, found;
  if (!colour && isNumber(curve)) {
    first = last = curve.scalar;
    found = "a number";
  } else if (!colour && isNumberList(curve)) {
    first = flowText(curve.items.front());
    last = flowText(curve.items.back());
    found = "a list of numbers";
  } else if (colour && isNumberList(curve) && curve.items.size() == 4) {
    first = last = flowText(curve);
    found = "one RGBA colour";
  } else if (colour && curve.isSequence() && allItems(curve, isNumberList)) {
    first = flowText(curve.items.front());
    last = flowText(curve.items.back());
    found = "a list of RGBA colours";
  } else {
    return false;
  }
  const std::string unit = colour ? "[r, g, b, a]" : "N";
  w.error(Code::WrongType, path,
          "expected keys [{age: 0, " + key + ": " + unit + "}, …, {age: 1, " + key + ": " + unit + "}] (age 0..1 of "
              "the lifetime), found " + found + " — write [{age: 0, " + key + ": " + first + "}, {age: 1, " + key +
              ": " + last + "}]",
          curve.mark);
  return true;
}

void compileCurves(Walker& w, const SourceNode& preset, const std::string& path, Preset& p) {
  if (const SourceNode* size = w.field(preset, path, "size", true)) {
    const std::string sp = joinPath(path, "size");
    if (!bareCurve(w, *size, sp, "value") && w.expectSequence(*size, sp)) {
      for (std::size_t i = 0; i < size->items.size(); ++i) {
        const SourceNode& k = size->items[i];
        const std::string kp = indexPath(sp, i);
        w.record(kp, k.mark);
        SizeKey key;
        if (w.expectMap(k, kp, {"age", "value"}, "{age: A, value: N}")) {
          w.optNumber(k, kp, "age", key.age);
          w.optNumber(k, kp, "value", key.value);
        }
        p.size.push_back(key);
      }
    }
  }
  if (const SourceNode* color = w.field(preset, path, "color", true)) {
    const std::string cp = joinPath(path, "color");
    if (!bareCurve(w, *color, cp, "rgba") && w.expectSequence(*color, cp)) {
      for (std::size_t i = 0; i < color->items.size(); ++i) {
        const SourceNode& k = color->items[i];
        const std::string kp = indexPath(cp, i);
        w.record(kp, k.mark);
        ColorKey key;
        if (w.expectMap(k, kp, {"age", "rgba"}, "{age: A, rgba: [r, g, b, a]}")) {
          w.optNumber(k, kp, "age", key.age);
          if (const SourceNode* rgba = w.field(k, kp, "rgba"))
            w.numbers(*rgba, joinPath(kp, "rgba"), key.rgba.data(), 4);
        }
        p.color.push_back(key);
      }
    }
  }
}

void compileSprite(Walker& w, const SourceNode& preset, const std::string& path,
                   const std::set<std::string, std::less<>>& textures, Preset& p) {
  const SourceNode* sprite = w.field(preset, path, "sprite", true);
  const std::string sp = joinPath(path, "sprite");
  if (!sprite ||
      !w.expectMap(*sprite, sp, {"frames", "fps", "flipbook", "facing", "blend"}, "{frames: [TEXTURE], blend: alpha}"))
    return;
  if (const SourceNode* frames = w.field(*sprite, sp, "frames", true)) {
    const std::string fp = joinPath(sp, "frames");
    if (w.expectSequence(*frames, fp)) {
      for (std::size_t i = 0; i < frames->items.size(); ++i) {
        const std::string ip = indexPath(fp, i);
        w.record(ip, frames->items[i].mark);
        std::string name;
        if (!w.text(frames->items[i], ip, name)) continue;
        if (!textures.contains(name)) {
          const std::vector<std::string> known(textures.begin(), textures.end());
          w.error(Code::UnknownName, ip,
                  "texture '" + name + "' is not defined under textures" + didYouMean(name, known) +
                      (known.empty() ? "; add it: textures: {" + name + ": " + name + ".png}"
                                     : "; defined: " + listOf(known)),
                  frames->items[i].mark);
        }
        p.sprite.frames.push_back(name);
      }
    }
  }
  w.optNumber(*sprite, sp, "fps", p.sprite.fps);
  if (const SourceNode* n = w.field(*sprite, sp, "flipbook"))
    w.enumeration(*n, joinPath(sp, "flipbook"), kFlipbookSpellings, p.sprite.flipbook);
  if (const SourceNode* n = w.field(*sprite, sp, "facing"))
    w.enumeration(*n, joinPath(sp, "facing"), kFacingSpellings, p.sprite.facing);
  if (const SourceNode* n = w.field(*sprite, sp, "blend"))
    w.enumeration(*n, joinPath(sp, "blend"), kBlendSpellings, p.sprite.blend);
}

void compilePreset(Walker& w, const SourceNode& n, const std::string& path,
                   const std::set<std::string, std::less<>>& textures, Preset& p) {
  if (!w.expectMap(n, path,
                   {"capacity", "spawn", "velocity", "lifetime", "acceleration", "drag", "rotation", "size",
                    "color", "sprite"}))
    return;
  if (n.isNull()) {
    w.error(Code::MissingField, joinPath(path, "capacity"), "required field 'capacity' is missing", n.mark);
    return;
  }
  if (const SourceNode* c = w.field(n, path, "capacity", true)) {
    std::int64_t v = 0;
    if (w.integer(*c, joinPath(path, "capacity"), 0, kU32Max, v)) p.capacity = static_cast<std::uint32_t>(v);
  }
  if (const SourceNode* s = w.field(n, path, "spawn")) {
    const std::string sp = joinPath(path, "spawn");
    if (w.expectMap(*s, sp, {"shape", "half_extents"}, "{shape: box, half_extents: [x, y, z]}")) {
      if (const SourceNode* shape = w.field(*s, sp, "shape"))
        w.enumeration(*shape, joinPath(sp, "shape"), kSpawnShapeSpellings, p.spawnShape);
      w.optVec3(*s, sp, "half_extents", p.spawnHalfExtents);
    }
  }
  if (const SourceNode* v = w.field(n, path, "velocity")) {
    const std::string vp = joinPath(path, "velocity");
    if (isNumberList(*v) && v->items.size() == 3)
      w.error(Code::WrongType, vp,
              "expected {min: [x, y, z], max: [x, y, z]} (units per second), found one vector — write {min: " +
                  flowText(*v) + ", max: " + flowText(*v) + "}",
              v->mark);
    else if (w.expectMap(*v, vp, {"min", "max"}, "{min: [x, y, z], max: [x, y, z]}")) {
      w.optVec3(*v, vp, "min", p.velocity.min);
      w.optVec3(*v, vp, "max", p.velocity.max);
    }
  }
  w.optRange(n, path, "lifetime", p.lifetime, true, "seconds");
  w.optVec3(n, path, "acceleration", p.acceleration);
  w.optNumber(n, path, "drag", p.drag);
  if (const SourceNode* r = w.field(n, path, "rotation")) {
    const std::string rp = joinPath(path, "rotation");
    if (w.expectMap(*r, rp, {"angle", "speed"}, "{angle: {min: N, max: N}, speed: {min: N, max: N}}")) {
      w.optRange(*r, rp, "angle", p.rotationAngle, false, "degrees");
      w.optRange(*r, rp, "speed", p.rotationSpeed, false, "degrees per second");
    }
  }
  compileCurves(w, n, path, p);
  compileSprite(w, n, path, textures, p);
}

void compileEmitter(Walker& w, const SourceNode& n, const std::string& path, const NameIndex& presets,
                    const NameIndex& sectors, bool sectorsKnown, Emitter& e, bool& sectorGiven) {
  if (!w.expectMap(n, path,
                   {"name", "preset", "sector", "position", "yaw", "scale", "seed", "rate",
                    "duration_seconds", "bursts", "mode", "period_seconds", "delay_seconds"}))
    return;
  if (const SourceNode* p = w.field(n, path, "preset", true)) {
    std::string name;
    if (w.text(*p, joinPath(path, "preset"), name)) {
      if (auto it = presets.find(name); it != presets.end())
        e.preset = it->second;
      else
        w.error(Code::UnknownName, joinPath(path, "preset"),
                "preset '" + name + "' is not defined" + didYouMean(name, namesOf(presets)) +
                    (presets.empty() ? "; define it under presets:" : "; defined: " + listOf(namesOf(presets))),
                p->mark);
    }
  }
  if (const SourceNode* s = w.field(n, path, "sector")) {
    sectorGiven = true;
    std::string name;
    if (w.text(*s, joinPath(path, "sector"), name)) {
      if (auto it = sectors.find(name); it != sectors.end())
        e.sector = it->second;
      else if (sectorsKnown)
        w.error(Code::UnknownName, joinPath(path, "sector"),
                "sector '" + name + "' is not defined" + didYouMean(name, namesOf(sectors)) +
                    (sectors.empty() ? "" : "; defined: " + listOf(namesOf(sectors))),
                s->mark);
    }
  }
  w.optVec3(n, path, "position", e.position);
  if (w.optNumber(n, path, "yaw", e.yaw)) e.yaw = normalizeYaw(e.yaw);
  w.optNumber(n, path, "scale", e.scale);
  if (const SourceNode* s = w.field(n, path, "seed")) {
    std::int64_t v = 0;
    if (w.integer(*s, joinPath(path, "seed"), 0, kU32Max, v)) e.seed = static_cast<std::uint32_t>(v);
  }
  w.optNumber(n, path, "rate", e.rate);
  w.optNumber(n, path, "duration_seconds", e.duration);
  if (const SourceNode* b = w.field(n, path, "bursts")) {
    const std::string bp = joinPath(path, "bursts");
    if (w.expectSequence(*b, bp)) {
      for (std::size_t i = 0; i < b->items.size(); ++i) {
        const SourceNode& item = b->items[i];
        const std::string ip = indexPath(bp, i);
        w.record(ip, item.mark);
        Burst burst;
        if (w.expectMap(item, ip, {"time", "count"}, "{time: S, count: N}")) {
          w.optNumber(item, ip, "time", burst.time);
          if (const SourceNode* c = w.field(item, ip, "count")) {
            std::int64_t v = 0;
            if (w.integer(*c, joinPath(ip, "count"), 0, kU32Max, v))
              burst.count = static_cast<std::uint32_t>(v);
          }
        }
        e.bursts.push_back(burst);
      }
    }
  }
  if (const SourceNode* m = w.field(n, path, "mode"))
    w.enumeration(*m, joinPath(path, "mode"), kPlayModeSpellings, e.mode);
  w.optNumber(n, path, "period_seconds", e.period);
  w.optNumber(n, path, "delay_seconds", e.delay);
}

}  // namespace

void compileTextures(Walker& w, const SourceNode& root, std::vector<std::string>& names,
                     std::vector<std::string>& paths, std::vector<Mark>& marks) {
  const SourceNode* t = w.field(root, "", "textures");
  if (!t) return;
  if (!t->isMap()) {
    w.expectMap(*t, "textures", {});
    return;
  }
  for (std::size_t i = 0; i < t->keys.size(); ++i) {
    const std::string p = joinPath("textures", t->keys[i]);
    w.record(p, t->values[i].mark);
    std::string file;
    // A name that is not a plain file name is the loader's to refuse (unsafe-texture-name);
    // a plain one must still be a name every frame can carry, or compiling could not write it.
    if (!core::textureNameProblem(t->keys[i]))
      if (const auto why = core::nameProblem(t->keys[i], kMaxTextureNameBytes))
        w.error(Code::BadName, p, "texture " + *why, t->keyMarks[i]);
    if (t->values[i].isNull())
      w.error(Code::MissingField, p, "texture '" + t->keys[i] + "' needs a PNG path", t->keyMarks[i]);
    else if (w.text(t->values[i], p, file)) {
      names.push_back(t->keys[i]);
      paths.push_back(file);
      marks.push_back(t->values[i].mark);
    }
  }
}

void compilePresets(Walker& w, const SourceNode& root, const std::set<std::string, std::less<>>& textures,
                    Document& doc, NameIndex& presetIndex) {
  const SourceNode* presets = w.field(root, "", "presets");
  if (!presets) return;
  if (!presets->isMap()) {
    w.expectMap(*presets, "presets", {});
    return;
  }
  for (std::size_t i = 0; i < presets->keys.size(); ++i) {
    const std::string path = joinPath("presets", presets->keys[i]);
    w.record(path, presets->values[i].mark.known() ? presets->values[i].mark : presets->keyMarks[i]);
    Preset p;
    p.name = presets->keys[i];
    compilePreset(w, presets->values[i], path, textures, p);
    presetIndex.emplace(p.name, static_cast<std::uint32_t>(doc.presets.size()));
    doc.presets.push_back(std::move(p));
  }
}

void compileEmitters(Walker& w, const SourceNode& root, const NameIndex& presets, const NameIndex& sectors,
                     bool sectorsKnown, Document& doc, std::vector<bool>& sectorGiven,
                     std::vector<std::string>& emitterPaths) {
  const SourceNode* emitters = w.field(root, "", "emitters");
  if (!emitters || !w.expectSequence(*emitters, "emitters")) return;
  for (std::size_t i = 0; i < emitters->items.size(); ++i) {
    const SourceNode& n = emitters->items[i];
    const std::string indexed = indexPath("emitters", i);
    w.record(indexed, n.mark);
    Emitter e;
    // The emitter's path uses its name, as particles::validate does, so later findings map back.
    std::string path = indexed;
    if (n.isMap() || n.isNull()) {
      if (const SourceNode* name = w.field(n, indexed, "name", true)) {
        if (w.text(*name, joinPath(indexed, "name"), e.name)) {
          path = joinPath("emitters", e.name);
          w.record(path, n.mark);
          w.record(joinPath(path, "name"), name->mark);
        }
      }
    }
    bool given = false;
    compileEmitter(w, n, path, presets, sectors, sectorsKnown, e, given);
    sectorGiven.push_back(given);
    emitterPaths.push_back(path);
    doc.emitters.push_back(std::move(e));
  }
}

}  // namespace kiln::source::detail
