// Loading sources and compiled levels into one Level with textures and located diagnostics.
#include "loader/loader.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <variant>

#include "core/escape.hpp"
#include "core/file.hpp"
#include "core/hash.hpp"
#include "core/texture_name.hpp"
#include "loader/yaml_tree.hpp"
#include "particles/validate.hpp"
#include "source/compile.hpp"
#include "sim/scene.hpp"
#include "world/fit.hpp"

namespace kiln::loader {
namespace {

using core::Code;

LocatedDiagnostic located(const std::string& file, const source::SourceDiagnostic& d) {
  return {d.diagnostic, file, d.mark.line, d.mark.col, std::nullopt};
}

LocatedDiagnostic fromDecode(const std::string& file, const core::DecodeError& e) {
  return {core::Diagnostic{e.code, e.path, e.message}, file, 0, 0, e.offset};
}

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return s;
}

// Decoded pixels of one load: each distinct file is decoded once, and the copies handed out
// (one per texture name) are charged against LoadOptions::maxTexturePixelBytes, so many names
// for one tiny PNG cannot multiply memory. docs/limits.md.
struct TextureCache {
  std::uint64_t budget = 0;
  std::map<std::string, std::variant<core::Image, core::Diagnostic>> byFile;
  std::uint64_t handedOut = 0;

  std::optional<core::Image> get(const std::filesystem::path& file, core::Diagnostic& error) {
    const std::string key = file.lexically_normal().string();
    auto it = byFile.find(key);
    if (it == byFile.end()) {
      // The pixels still allowed bound this file's decode: its header is read first, so a level
      // whose textures would together pass the budget stops before the one that would, having
      // allocated no more than the budget.
      const std::uint64_t left = handedOut < budget ? (budget - handedOut) / 4 : 0;
      core::Diagnostic e;
      auto img = decodeImageFile(file, e, std::min<std::uint64_t>(kMaxImagePixels, left));
      if (!img && e.code == Code::InputBudget && left < kMaxImagePixels)
        e.message = "with this image the level's textures would decode to more than " + std::to_string(budget) +
                    " bytes of pixels in all (" + e.message + ")";
      it = byFile.emplace(key, img ? std::variant<core::Image, core::Diagnostic>(std::move(*img))
                                   : std::variant<core::Image, core::Diagnostic>(e))
               .first;
    }
    if (auto* e = std::get_if<core::Diagnostic>(&it->second)) {
      error = *e;
      return std::nullopt;
    }
    const core::Image& img = std::get<core::Image>(it->second);
    handedOut += img.rgba.size();
    if (handedOut > budget) {
      error = {Code::InputBudget, file.string(),
               "the level's textures decode to more than " + std::to_string(budget) + " bytes of pixels in all"};
      return std::nullopt;
    }
    return img;
  }
};

// The texture names a compiled level draws with, each with the field that first names it: every
// preset frame, and each event recipe's sprite frame and palette table.
std::vector<std::pair<std::string, std::string>> levelTextureNames(const world::Level& level) {
  std::vector<std::pair<std::string, std::string>> out;
  std::set<std::string> done;
  auto add = [&](const std::string& name, std::string field) {
    if (!name.empty() && done.insert(name).second) out.emplace_back(name, std::move(field));
  };
  if (level.particles)
    for (const particles::Preset& preset : level.particles->presets)
      for (std::size_t i = 0; i < preset.sprite.frames.size(); ++i)
        add(preset.sprite.frames[i], "presets." + preset.name + ".sprite.frames[" + std::to_string(i) + "]");
  if (level.events)
    for (const sim::Recipe& x : level.events->recipes)
      if (x.sprite) {
        add(x.sprite->frame, "events.recipes." + x.name + ".sprite.frame");
        add(x.sprite->palette, "events.recipes." + x.name + ".sprite.palette");
      }
  return out;
}

// Compiled levels keep texture names only; their pixels live beside the file by convention.
void loadLevelTextures(LoadResult& r, const std::filesystem::path& dir, std::uint64_t budget) {
  TextureCache cache{budget, {}, 0};
  for (const auto& [name, field] : levelTextureNames(r.level)) {
    auto resolved = core::resolveTextureFile(dir / "textures", name, field);
    if (auto* d = std::get_if<core::Diagnostic>(&resolved)) {
      r.diagnostics.push_back({*d, r.file, 0, 0, std::nullopt});
      continue;
    }
    const std::filesystem::path& file = std::get<std::filesystem::path>(resolved);
    core::Diagnostic error;
    if (auto img = cache.get(file, error)) {
      const std::uint64_t h = contentHash(*img);
      r.textures.push_back({core::NamedImage{name, file.string(), std::move(*img)}, h});
    } else if (error.code != Code::IoError) {
      r.diagnostics.push_back({{error.code, field, error.path + ": " + error.message}, r.file, 0, 0, std::nullopt});
    } else {
      // A compiled level carries names only; its PNGs travel beside it (kiln compile copies them).
      r.diagnostics.push_back(
          {{Code::TextureLoad, field,
            error.path + ": " + error.message +
                "; a compiled level reads its textures from <level dir>/textures/NAME.png — recompile "
                "with kiln compile (it copies them there) or copy the PNG there"},
           r.file,
           0,
           0,
           std::nullopt});
    }
  }
  if (!r.level.events) return;
  const auto sizeOf = [&r](const std::string& name) { return r.textureSize(name); };
  for (const core::Diagnostic& d : sim::checkPaletteImages(*r.level.events, sizeOf))
    r.diagnostics.push_back({d, r.file, 0, 0, std::nullopt});
}

// Every texture name of a compiled level must be plain even when its textures are not loaded
// (validate), so a module that would read outside its folder is reported as invalid.
void checkLevelTextureNames(LoadResult& r) {
  for (const auto& [name, field] : levelTextureNames(r.level)) {
    auto resolved = core::resolveTextureFile("textures", name, field);
    if (auto* d = std::get_if<core::Diagnostic>(&resolved)) r.diagnostics.push_back({*d, r.file, 0, 0, std::nullopt});
  }
}

void addAll(LoadResult& r, const core::Diagnostics& ds) {
  for (const core::Diagnostic& d : ds) {
    const bool dup = std::any_of(r.diagnostics.begin(), r.diagnostics.end(), [&](const LocatedDiagnostic& x) {
      return x.diagnostic.code == d.code && x.diagnostic.path == d.path;
    });
    if (!dup) r.diagnostics.push_back({d, r.file, 0, 0, std::nullopt});
  }
}

}  // namespace

std::string format(const LocatedDiagnostic& d) {
  // Appended piece by piece: GCC 12 at -O2 warns (-Wrestrict, a false positive) on chains of
  // operator+ that start with a literal.
  std::string s = core::escapeText(d.file);
  if (d.line != 0) {
    s += ':';
    s += std::to_string(d.line);
    s += ':';
    s += std::to_string(d.col);
  }
  s += ": ";
  s += core::format(d.diagnostic);
  if (d.offset) {
    s += " (at byte ";
    s += std::to_string(*d.offset);
    s += ')';
  }
  return s;
}

LocatedDiagnostic locateIoError(const core::Diagnostic& io) {
  return {{io.code, "", io.message}, io.path, 0, 0, std::nullopt};
}

FileKind fileKind(const std::filesystem::path& path) {
  const std::string ext = lower(path.extension().string());
  if (ext == ".yaml" || ext == ".yml") return FileKind::Source;
  if (ext == ".klm") return FileKind::Level;
  if (ext == ".kwp") return FileKind::Particles;
  return FileKind::Unknown;
}

const Texture* LoadResult::texture(std::string_view name) const {
  for (const Texture& t : textures)
    if (t.image.name == name) return &t;
  return nullptr;
}

sim::ImageSize LoadResult::textureSize(const std::string& name) const {
  const Texture* t = texture(name);
  if (!t || t->image.image.empty()) return std::nullopt;
  return std::pair{t->image.image.width, t->image.image.height};
}

std::uint64_t contentHash(const core::Image& image) {
  core::Fnv1a h;
  h.u32(image.width);
  h.u32(image.height);
  h.bytes(image.rgba);
  return h.value();
}

LoadResult compileSourceText(std::string_view text, const std::string& file,
                             const std::filesystem::path& baseDir, const LoadOptions& options) {
  LoadResult r;
  r.file = file;
  r.kind = FileKind::Source;
  auto parsed = parseYaml(text);
  if (auto* d = std::get_if<source::SourceDiagnostic>(&parsed)) {
    r.diagnostics.push_back(located(file, *d));
    return r;
  }
  // Material snippets are read here, relative to the source like textures. Up to 1 MiB is read,
  // so a snippet over sim::kMaxMaterialBytes is reported by sim::compileEvents with its size.
  const source::MaterialReader readMaterial = [&baseDir](const std::string& path, core::Diagnostic& error) {
    const std::filesystem::path p = std::filesystem::path(path).is_absolute() ? std::filesystem::path(path) : baseDir / path;
    auto bytes = core::readFile(p, error, std::uint64_t{1} << 20);
    return bytes ? std::optional<std::string>(std::string(bytes->begin(), bytes->end())) : std::nullopt;
  };
  source::CompileResult c = source::compileSource(std::get<source::SourceNode>(parsed), readMaterial);

  // Each name is decoded once, so a name always stands for one content; each file is decoded
  // once however many names share it.
  std::map<std::string, source::TextureInfo> info;
  TextureCache cache{options.maxTexturePixelBytes, {}, 0};
  for (const source::TextureRef& t : c.textures) {
    if (auto problem = core::resolveTextureFile("textures", t.name, "textures." + t.name);
        std::holds_alternative<core::Diagnostic>(problem)) {
      c.diagnostics.push_back({std::get<core::Diagnostic>(problem), t.mark});
      continue;
    }
    const std::filesystem::path p =
        std::filesystem::path(t.path).is_absolute() ? std::filesystem::path(t.path) : baseDir / t.path;
    core::Diagnostic error;
    if (auto img = cache.get(p, error)) {
      info[t.name] = {img->width, img->height};
      const std::uint64_t h = contentHash(*img);
      r.textures.push_back({core::NamedImage{t.name, p.lexically_normal().string(), std::move(*img)}, h});
    } else {
      const Code code = error.code == Code::IoError ? Code::TextureLoad : error.code;
      c.diagnostics.push_back({{code, "textures." + t.name, error.path + ": " + error.message}, t.mark});
    }
  }
  source::checkFrameTextures(c, info);
  source::sortByPosition(c.diagnostics);
  for (const source::SourceDiagnostic& d : c.notes) {
    r.notes.push_back(located(file, d));
    r.notes.back().diagnostic.severity = core::Severity::Note;
  }

  r.level.world = std::move(c.world);
  // A world without effects compiles to a level without a particles entry (and feature).
  if (!c.particles.presets.empty() || !c.particles.emitters.empty())
    r.level.particles = std::move(c.particles);
  r.level.events = std::move(c.events);
  r.level.features = world::requiredFeatures(r.level);
  for (const source::SourceDiagnostic& d : c.diagnostics) r.diagnostics.push_back(located(file, d));
  return r;
}

LoadResult loadSource(const std::filesystem::path& path, const LoadOptions& options, std::string* bytesRead) {
  core::Diagnostic error;
  auto bytes = core::readFile(path, error, kMaxSourceBytes);
  if (!bytes) {
    LoadResult r;
    r.file = path.string();
    r.kind = FileKind::Source;
    r.ioError = true;
    r.diagnostics.push_back(locateIoError(error));
    return r;
  }
  std::string text(bytes->begin(), bytes->end());
  LoadResult r = compileSourceText(text, path.string(), path.parent_path(), options);
  if (bytesRead) *bytesRead = std::move(text);
  return r;
}

LoadResult loadAny(const std::filesystem::path& path, const LoadOptions& options) {
  const FileKind kind = fileKind(path);
  if (kind == FileKind::Source) return loadSource(path, options);
  LoadResult r;
  r.file = path.string();
  r.kind = kind;
  if (kind == FileKind::Unknown) {
    r.ioError = true;
    r.diagnostics.push_back(
        locateIoError(core::ioError(path, "unknown file type (expected .yaml, .yml, .klm or .kwp)")));
    return r;
  }
  core::Diagnostic error;
  auto bytes = core::readFile(path, error, 64u << 20);
  if (!bytes) {
    r.ioError = true;
    r.diagnostics.push_back(locateIoError(error));
    return r;
  }
  particles::DecodeOptions decode;
  decode.checkStoredBounds = options.checkStoredBounds;
  if (kind == FileKind::Level) {
    auto level = world::decodeKlm1(*bytes, decode);
    if (auto* e = std::get_if<core::DecodeError>(&level)) {
      r.diagnostics.push_back(fromDecode(r.file, *e));
      return r;
    }
    // decodeKlm1 already ran validateForWorld (the envelope-in-sector rule); relaxed decoding
    // skips only its outside-sector findings, so the viewer can inspect such a level.
    r.level = std::move(std::get<world::Level>(level));
    addAll(r, world::mount(r.level, world::kilnCapabilities()));
    // Advice a compiled section may carry (a source gets the same from its compile).
    if (r.level.events) addAll(r, sim::eventAdvice(*r.level.events));
  } else {
    auto doc = particles::decodeKwp1(*bytes, decode);
    if (auto* e = std::get_if<core::DecodeError>(&doc)) {
      r.diagnostics.push_back(fromDecode(r.file, *e));
      return r;
    }
    r.level.particles = std::move(std::get<particles::Document>(doc));
    r.level.features = world::requiredFeatures(r.level);
  }
  if (!options.checkStoredBounds) {
    for (core::Diagnostic& d : world::relaxableFindings(r.level, kind == FileKind::Level)) {
      d.severity = core::Severity::Warning;
      LocatedDiagnostic located;
      located.diagnostic = std::move(d);
      located.file = r.file;
      r.relaxedFindings.push_back(std::move(located));
    }
  }
  if (options.loadTextures)
    loadLevelTextures(r, path.parent_path(), options.maxTexturePixelBytes);
  else
    checkLevelTextureNames(r);
  return r;
}

}  // namespace kiln::loader
