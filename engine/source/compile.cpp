// The source compiler's stages: vocabulary walk, name resolution, bounds, validation, sector fit.
#include "source/compile.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>

#include "particles/bounds.hpp"
#include "particles/frames.hpp"
#include "particles/validate.hpp"
#include "sim/scene.hpp"
#include "source/parts.hpp"
#include "world/fit.hpp"

namespace kiln::source {
namespace {

using core::Code;

// Copies findings of a later stage, locating each by its field path; `prefix` is added to
// paths that do not already carry it (world validation names sectors without "world.").
void adopt(CompileResult& r, const core::Diagnostics& ds, std::string_view prefix = {}) {
  for (const core::Diagnostic& d : ds) {
    core::Diagnostic copy = d;
    if (!prefix.empty() && copy.path.rfind(prefix, 0) != 0) copy.path = joinPath(prefix, copy.path);
    const Mark m = locate(r.marks, copy.path);
    r.diagnostics.push_back({std::move(copy), m});
  }
}

// Two stages can find the same fault; report it once.
void dedupe(std::vector<SourceDiagnostic>& ds) {
  std::set<std::pair<Code, std::string>> seen;
  std::vector<SourceDiagnostic> out;
  for (SourceDiagnostic& d : ds)
    if (seen.emplace(d.diagnostic.code, d.diagnostic.path).second) out.push_back(std::move(d));
  ds = std::move(out);
}

// particles::validate says a positive rate needs a duration; the source author also needs to
// hear what to write, and that `mode` is `once` unless set.
void teachDuration(CompileResult& r, const std::vector<std::string>& emitterPaths) {
  for (SourceDiagnostic& d : r.diagnostics) {
    if (d.diagnostic.code != Code::DurationRange) continue;
    for (std::size_t i = 0; i < emitterPaths.size(); ++i) {
      const particles::Emitter& e = r.particles.emitters[i];
      if (d.diagnostic.path != joinPath(emitterPaths[i], "duration_seconds") || e.rate <= 0 || e.duration != 0)
        continue;
      char rate[32];
      std::snprintf(rate, sizeof rate, "%g", e.rate);
      d.diagnostic.message = std::string("rate is ") + rate +
                             " births per second but the emitter emits for 0 s: add duration_seconds: 1 (how long "
                             "it emits; mode defaults to once, so it emits that long once — use mode: cycle with "
                             "period_seconds to repeat)";
    }
  }
}

bool startsWithAny(const std::string& path, std::initializer_list<std::string_view> roots) {
  for (std::string_view r : roots)
    if (path == r || path.rfind(std::string(r) + ".", 0) == 0 || path.rfind(std::string(r) + "[", 0) == 0)
      return true;
  return false;
}

}  // namespace

double normalizeYaw(double degrees) {
  if (!std::isfinite(degrees) || (degrees >= -180.0 && degrees <= 180.0)) return degrees;
  double y = std::fmod(degrees, 360.0);
  if (y > 180.0) y -= 360.0;
  if (y < -180.0) y += 360.0;
  return y;
}

CompileResult compileSource(const SourceNode& root, const MaterialReader& readMaterial) {
  CompileResult r;
  Walker w;
  w.record("", root.mark);
  if (!w.expectMap(root, "", {"version", "world", "textures", "presets", "emitters", "events"}) || root.isNull()) {
    if (root.isNull()) w.error(Code::MissingField, "version", "the source is empty", root.mark);
    sortByPosition(w.diagnostics);
    r.diagnostics = std::move(w.diagnostics);
    r.marks = std::move(w.marks);
    return r;
  }

  if (const SourceNode* v = w.field(root, "", "version", true)) {
    std::int64_t n = 0;
    if (w.integer(*v, "version", 0, 65535, n)) {
      if (n != particles::Version && n != particles::AlphaVersion)
        w.error(Code::UnsupportedVersion, "version",
                "worldparticles version " + std::to_string(n) + " is not supported (expected 1 or 2)",
                v->mark);
      else
        r.particles.version = static_cast<std::uint16_t>(n);
    }
  }

  detail::NameIndex sectors;
  detail::compileWorld(w, root, r.world, sectors);
  const bool worldClean =
      !std::any_of(w.diagnostics.begin(), w.diagnostics.end(),
                   [](const SourceDiagnostic& d) { return startsWithAny(d.diagnostic.path, {"world"}); });

  std::vector<std::string> names, paths;
  std::vector<Mark> marks;
  detail::compileTextures(w, root, names, paths, marks);
  for (std::size_t i = 0; i < names.size(); ++i) r.textures.push_back({names[i], paths[i], marks[i]});
  const std::set<std::string, std::less<>> textureNames(names.begin(), names.end());

  detail::NameIndex presets;
  detail::compilePresets(w, root, textureNames, r.particles, presets);
  std::vector<bool> sectorGiven;
  std::vector<std::string> emitterPaths;
  detail::compileEmitters(w, root, presets, sectors, worldClean || !sectors.empty(), r.particles, sectorGiven,
                          emitterPaths);

  const bool particlesClean =
      !std::any_of(w.diagnostics.begin(), w.diagnostics.end(), [](const SourceDiagnostic& d) {
        return startsWithAny(d.diagnostic.path, {"version", "textures", "presets", "emitters"});
      });
  detail::compileEvents(w, root, names, r.events, readMaterial);
  const bool eventsClean = std::none_of(w.diagnostics.begin(), w.diagnostics.end(), [](const SourceDiagnostic& d) {
    return startsWithAny(d.diagnostic.path, {"events"});
  });

  // An emitter without `sector:` lives in the sector containing its position. Not finding one
  // stops only the sector-fit stage for that emitter, not particle validation.
  std::set<std::string> unplaced;
  if (worldClean) {
    for (std::size_t i = 0; i < r.particles.emitters.size(); ++i) {
      if (sectorGiven[i]) continue;
      particles::Emitter& e = r.particles.emitters[i];
      if (auto s = world::sectorContaining(r.world, e.position.x, e.position.y, e.position.z)) {
        e.sector = *s;
      } else {
        unplaced.insert(emitterPaths[i]);
        w.error(Code::NoSector, joinPath(emitterPaths[i], "position"),
                "no sector contains the emitter position; name one with sector:",
                locate(w.marks, joinPath(emitterPaths[i], "position")));
      }
    }
  }

  r.diagnostics = std::move(w.diagnostics);
  r.marks = std::move(w.marks);

  // Compiling fills the stored bounds, so validation's bounds rule holds by construction (no
  // second recomputation) and the remaining rules judge what the author wrote.
  if (particlesClean) {
    for (particles::Emitter& e : r.particles.emitters)
      e.bounds = particles::conservativeEmitterBounds(r.particles.presets[e.preset], e);
    adopt(r, particles::validate(r.particles, {.checkStoredBounds = false}));
  }
  const std::size_t beforeWorld = r.diagnostics.size();
  if (worldClean) adopt(r, world::validateWorld(r.world), "world");
  const bool worldValid = worldClean && r.diagnostics.size() == beforeWorld;
  if (particlesClean && worldValid) {
    core::Diagnostics fit = world::validateForWorld(r.world, r.particles);
    std::erase_if(fit, [&](const core::Diagnostic& d) {
      for (const std::string& p : unplaced)
        if (d.path.rfind(p + ".", 0) == 0) return true;
      return false;
    });
    adopt(r, fit);
  }
  // The event rules (sim::compileEvents) run on a section whose vocabulary was clean; its
  // warnings travel with the result, and the floors it applied are what gets compiled.
  if (r.events && eventsClean) {
    sim::EventsCompileResult events = sim::compileEvents(*r.events, names);
    adopt(r, events.diagnostics);
    if (events.scene) {
      r.events = std::move(events.scene->events);
      adopt(r, sim::eventAdvice(*r.events));
    }
  }
  teachDuration(r, emitterPaths);
  dedupe(r.diagnostics);
  sortByPosition(r.diagnostics);
  r.notes = std::move(w.notes);
  return r;
}

void checkFrameTextures(CompileResult& r, const std::map<std::string, TextureInfo>& info) {
  const auto imageOf = [&info](const std::string& name) -> std::optional<particles::FrameImage> {
    const auto it = info.find(name);
    if (it == info.end()) return std::nullopt;
    return particles::FrameImage{it->second.width, it->second.height};
  };
  for (const particles::Preset& preset : r.particles.presets) {
    core::Diagnostics found;
    particles::checkFrameImages(
        preset, joinPath(joinPath(joinPath("presets", preset.name), "sprite"), "frames"), imageOf, found);
    for (core::Diagnostic& d : found) {
      const Mark at = locate(r.marks, d.path);
      r.diagnostics.push_back({std::move(d), at});
    }
  }
  if (!r.events) return;
  const auto sizeOf = [&info](const std::string& name) -> sim::ImageSize {
    const auto it = info.find(name);
    if (it == info.end()) return std::nullopt;
    return std::pair{it->second.width, it->second.height};
  };
  for (core::Diagnostic& d : sim::checkPaletteImages(*r.events, sizeOf)) {
    const Mark at = locate(r.marks, d.path);
    r.diagnostics.push_back({std::move(d), at});
  }
}

}  // namespace kiln::source
