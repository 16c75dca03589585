// `kiln compile` and `kiln validate`, and the shared diagnostic printing.
#include <algorithm>
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/commands.hpp"
#include "core/file.hpp"
#include "core/output_plan.hpp"
#include "particles/bounds.hpp"
#include "core/texture_name.hpp"
#include "particles/kwp1/kwp1.hpp"
#include "world/level.hpp"

namespace kiln::cli {

void reportNotes(const loader::LoadResult& r) {
  for (const loader::LocatedDiagnostic& d : r.notes) std::cerr << loader::format(d) << '\n';
}

void reportWarnings(const loader::LoadResult& r) {
  for (const loader::LocatedDiagnostic& d : r.diagnostics)
    if (d.diagnostic.severity == core::Severity::Warning) std::cerr << loader::format(d) << '\n';
}

int reportFailure(const loader::LoadResult& r) {
  reportNotes(r);
  for (const loader::LocatedDiagnostic& d : r.diagnostics) std::cerr << loader::format(d) << '\n';
  // Point at the longer explanations once, naming each code met (in order of first use).
  std::vector<std::string> codes;
  for (const loader::LocatedDiagnostic& d : r.diagnostics) {
    const std::string c(core::codeName(d.diagnostic.code));
    if (std::find(codes.begin(), codes.end(), c) == codes.end()) codes.push_back(c);
  }
  if (!codes.empty() && !r.ioError) {
    std::cerr << "(kiln explain CODE says more about each:";
    for (const std::string& c : codes) std::cerr << ' ' << c;
    std::cerr << ")\n";
  }
  return r.ioError ? kExitUsage : kExitInvalid;
}

void reportRelaxedFindings(const loader::LoadResult& r) {
  for (const loader::LocatedDiagnostic& d : r.relaxedFindings) std::cerr << loader::format(d) << '\n';
  if (!r.relaxedFindings.empty())
    std::cerr << r.file << ": note: checks relaxed (--unchecked); " << r.relaxedFindings.size()
              << " finding(s) above would make `kiln validate` fail\n";
}

loader::LoadOptions readOptions(bool unchecked, bool loadTextures) {
  loader::LoadOptions options;
  options.loadTextures = loadTextures;
  options.checkStoredBounds = !unchecked;
  return options;
}

int reportIoError(const core::Diagnostic& io) {
  std::cerr << loader::format(loader::locateIoError(io)) << '\n';
  return kExitUsage;
}

int reportRefusedOutputs(const core::Diagnostics& refused) {
  std::vector<std::string> codes;
  for (const core::Diagnostic& d : refused) {
    std::cerr << loader::format(loader::locateIoError(d)) << '\n';
    const std::string c(core::codeName(d.code));
    if (std::find(codes.begin(), codes.end(), c) == codes.end()) codes.push_back(c);
  }
  std::cerr << "(kiln explain CODE says more about each:";
  for (const std::string& c : codes) std::cerr << ' ' << c;
  std::cerr << ")\n";
  return kExitUsage;
}

int runCompile(const std::string& source, const std::string& out, bool copyTextures) {
  if (loader::fileKind(source) != loader::FileKind::Source) {
    return reportIoError(core::ioError(source, "compile takes a level source (.yaml)"));
  }
  loader::LoadResult r = loader::loadSource(source);
  if (!r.ok()) return reportFailure(r);
  reportNotes(r);
  reportWarnings(r);
  if (r.level.events) {
    bool checked = false;
    const core::Diagnostics bad = checkMaterialsOffline(*r.level.events, checked);
    bool invalid = false;
    for (const core::Diagnostic& d : bad) {
      std::cerr << loader::format({d, source, 0, 0, std::nullopt}) << '\n';
      invalid = invalid || d.severity == core::Severity::Error;
    }
    if (invalid) return kExitInvalid;
  }
  // Every file compile reads and every file it writes, checked before the first write: the
  // module and the copies replace what is there (build products), never an input or each other.
  core::OutputPlan plan;
  plan.addInput(source, "level source");
  std::vector<std::size_t> sources;
  for (const loader::Texture& t : r.textures)
    sources.push_back(plan.addInput(t.image.origin, "texture " + t.image.name));
  const std::size_t module = plan.addOutput(out, "level module", core::OutputPlan::Existing::Replace);
  // A compiled level finds its textures at <dir>/textures/NAME.png; copying the source PNGs
  // there (bytes unchanged) by default makes the output directory self-contained for capture
  // and the viewer, wherever it is. Opting out is for build systems that place them. A copy
  // whose target is its own source (a level compiled beside its textures/) is already there.
  std::vector<std::size_t> copies;
  if (copyTextures) {
    const std::filesystem::path dir = std::filesystem::path(out).parent_path() / "textures";
    for (std::size_t i = 0; i < r.textures.size(); ++i) {
      const std::string& name = r.textures[i].image.name;
      // The loader already refused unsafe names; resolving again keeps this write inside `dir`
      // even if a future loader path forgets to.
      auto target = core::resolveTextureFile(dir, name, "textures." + name);
      if (auto* d = std::get_if<core::Diagnostic>(&target)) {
        std::cerr << loader::format({*d, source, 0, 0, std::nullopt}) << '\n';
        return kExitInvalid;
      }
      copies.push_back(
          plan.addCopy(std::get<std::filesystem::path>(target), "copy of texture " + name, sources[i]));
    }
  }
  if (const core::Diagnostics refused = plan.check(); !refused.empty())
    return reportRefusedOutputs(refused);

  const std::vector<std::uint8_t> bytes = world::encodeKlm1(r.level);
  // Read back before anything is written: the module must decode under every check a reader
  // runs and encode again to the same bytes. Nothing is written when it does not.
  const auto back = world::decodeKlm1(bytes);
  const auto* decoded = std::get_if<world::Level>(&back);
  if (!decoded || world::encodeKlm1(*decoded) != bytes) {
    std::cerr << core::escapeText(out) << ": "
              << (decoded ? std::string("error: the module does not encode again to the same bytes")
                          : core::format(std::get<core::DecodeError>(back)))
              << " (the module Kiln encoded does not read back; nothing was written)\n";
    return kExitInvalid;
  }
  core::Diagnostic error;
  if (!plan.write(module, bytes, error)) return reportIoError(error);
  if (!copyTextures && !r.textures.empty())
    std::cerr << out
              << ": note: textures not copied (--no-copy-textures); capture and kiln-view will look for "
              << "them in " << (std::filesystem::path(out).parent_path() / "textures").string()
              << "/NAME.png\n";
  for (std::size_t i = 0; i < copies.size(); ++i) {
    if (plan.inPlace(copies[i])) continue;
    auto png = core::readFile(r.textures[i].image.origin, error);
    if (!png || !plan.write(copies[i], *png, error)) return reportIoError(error);
  }
  std::uint64_t slots = 0;
  const particles::Document none;
  const particles::Document& doc = r.level.particles ? *r.level.particles : none;
  for (const particles::Emitter& e : doc.emitters) slots += doc.presets[e.preset].capacity;
  std::string features;
  for (const std::string& f : r.level.features) features += (features.empty() ? "" : ", ") + f;
  std::cout << "compiled " << source << " -> " << out << ": " << bytes.size() << " bytes, "
            << r.level.world.sectors.size() << " sectors, " << doc.presets.size() << " presets, "
            << doc.emitters.size() << " emitters, " << slots << " slots, " << r.textures.size()
            << " textures; features " << features << '\n';
  return kExitOk;
}

namespace {

Json boxJson(const particles::Bounds& b) { return Json{{"min", jsonVec(b.min)}, {"max", jsonVec(b.max)}}; }

// The stored and recomputed boxes of the emitter a bounds diagnostic names, read from the level
// opened with the relaxable checks off (the checked decode stops before it has a document).
Json boundsFor(const std::string& path, const loader::LoadResult& relaxed) {
  if (!relaxed.ok() || !relaxed.level.particles) return nullptr;
  const particles::Document& doc = *relaxed.level.particles;
  for (std::size_t i = 0; i < doc.emitters.size(); ++i) {
    const particles::Emitter& e = doc.emitters[i];
    const std::string at = particles::emitterPath(e, i) + ".bounds";
    if (path.size() < at.size() || path.compare(path.size() - at.size(), at.size(), at) != 0) continue;
    if (e.preset >= doc.presets.size()) return nullptr;
    return Json{{"stored", boxJson(e.bounds)},
                {"recomputed", boxJson(particles::conservativeEmitterBounds(doc.presets[e.preset], e))}};
  }
  return nullptr;
}

}  // namespace

int runValidate(const std::string& file, bool json) {
  loader::LoadResult r = loader::loadAny(file, readOptions(false));
  // The material check compile runs, on a source and on a compiled module alike (KEV1 version 4
  // carries the snippets): a level whose snippet does not compile is not valid.
  if (r.ok() && r.level.events) {
    bool checked = false;
    for (const core::Diagnostic& d : checkMaterialsOffline(*r.level.events, checked))
      r.diagnostics.push_back({d, r.file, 0, 0, std::nullopt});
  }
  if (json) {
    const bool boundsFinding = std::any_of(r.diagnostics.begin(), r.diagnostics.end(), [](const auto& d) {
      return d.diagnostic.code == core::Code::ForgedBounds || d.diagnostic.code == core::Code::OutsideSector;
    });
    const loader::LoadResult relaxed = boundsFinding ? loader::loadAny(file, readOptions(true)) : loader::LoadResult{};
    Json j;
    j["file"] = file;
    j["valid"] = r.ok();
    j["diagnostics"] = Json::array();
    for (const loader::LocatedDiagnostic& d : r.diagnostics) {
      Json x;
      x["code"] = std::string(core::codeName(d.diagnostic.code));
      x["severity"] = d.diagnostic.severity == core::Severity::Warning ? "warning" : "error";
      x["file"] = d.file.empty() ? file : d.file;
      x["path"] = d.diagnostic.path;
      x["message"] = d.diagnostic.message;
      x["line"] = d.line ? Json(d.line) : Json(nullptr);
      x["col"] = d.line ? Json(d.col) : Json(nullptr);
      x["offset"] = d.offset ? Json(*d.offset) : Json(nullptr);
      if (d.diagnostic.code == core::Code::ForgedBounds || d.diagnostic.code == core::Code::OutsideSector)
        if (Json b = boundsFor(d.diagnostic.path, relaxed); !b.is_null()) x["bounds"] = std::move(b);
      j["diagnostics"].push_back(std::move(x));
    }
    std::cout << core::dumpJson(j) << '\n';
    return r.ok() ? kExitOk : r.ioError ? kExitUsage : kExitInvalid;
  }
  if (!r.ok()) return reportFailure(r);
  reportWarnings(r);
  std::cout << file << ": valid\n";
  return kExitOk;
}

}  // namespace kiln::cli
