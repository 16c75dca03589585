// `kiln compile` and `kiln validate`, and the shared diagnostic printing.
#include <algorithm>
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/commands.hpp"
#include "core/file.hpp"
#include "particles/kwp1/kwp1.hpp"
#include "world/level.hpp"

namespace kiln::cli {

void reportNotes(const loader::LoadResult& r) {
  for (const loader::LocatedDiagnostic& d : r.notes) std::cerr << loader::formatNote(d) << '\n';
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

int reportIoError(const core::Diagnostic& io) {
  std::cerr << loader::format(loader::locateIoError(io)) << '\n';
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
  const std::vector<std::uint8_t> bytes = world::encodeKlm1(r.level);
  core::Diagnostic error;
  if (const std::filesystem::path parent = std::filesystem::path(out).parent_path(); !parent.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(parent, ec);
  }
  if (!core::writeFile(out, bytes, error)) return reportIoError(error);
  // A compiled level finds its textures at <dir>/textures/NAME.png; copying the source PNGs
  // there (bytes unchanged) by default makes the output directory self-contained for capture
  // and the viewer, wherever it is. Opting out is for build systems that place them.
  if (!copyTextures && !r.textures.empty())
    std::cerr << out << ": note: textures not copied (--no-copy-textures); capture and kiln-view will look for "
              << "them in " << (std::filesystem::path(out).parent_path() / "textures").string() << "/NAME.png\n";
  if (copyTextures) {
    const std::filesystem::path dir = std::filesystem::path(out).parent_path() / "textures";
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    for (const loader::Texture& t : r.textures) {
      auto png = core::readFile(t.image.origin, error);
      if (!png || !core::writeFile(dir / (t.image.name + ".png"), *png, error)) return reportIoError(error);
    }
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

int runValidate(const std::string& file, bool json) {
  loader::LoadOptions options;
  options.loadTextures = false;  // a compiled level's textures are a capture concern
  const loader::LoadResult r = loader::loadAny(file, options);
  if (json) {
    nlohmann::ordered_json j;
    j["file"] = file;
    j["valid"] = r.ok();
    j["diagnostics"] = nlohmann::ordered_json::array();
    for (const loader::LocatedDiagnostic& d : r.diagnostics) {
      nlohmann::ordered_json x;
      x["code"] = std::string(core::codeName(d.diagnostic.code));
      x["path"] = d.diagnostic.path;
      x["message"] = d.diagnostic.message;
      x["line"] = d.line ? nlohmann::ordered_json(d.line) : nlohmann::ordered_json(nullptr);
      x["col"] = d.line ? nlohmann::ordered_json(d.col) : nlohmann::ordered_json(nullptr);
      x["offset"] = d.offset ? nlohmann::ordered_json(*d.offset) : nlohmann::ordered_json(nullptr);
      j["diagnostics"].push_back(std::move(x));
    }
    std::cout << j.dump(2) << '\n';
    return r.ok() ? kExitOk : r.ioError ? kExitUsage : kExitInvalid;
  }
  if (!r.ok()) return reportFailure(r);
  reportWarnings(r);
  std::cout << file << ": valid\n";
  return kExitOk;
}

}  // namespace kiln::cli
