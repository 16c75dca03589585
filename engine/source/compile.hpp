// The source compiler: maps the level-source vocabulary (docs/source.md) onto the worldparticles
// document and the compiled world, validates everything and fills the stored bounds.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/diagnostic.hpp"
#include "particles/model.hpp"
#include "sim/model.hpp"
#include "source/tree.hpp"
#include "source/walker.hpp"
#include "world/world.hpp"

namespace kiln::source {

// A `textures:` entry: a name and the PNG path as written (relative to the source file).
struct TextureRef {
  std::string name;
  std::string path;
  Mark mark;
};

struct CompileResult {
  particles::Document particles;
  world::World world;
  std::optional<sim::Events> events;          // `events:` with seed 002's floors applied
  std::vector<TextureRef> textures;           // source order
  std::vector<SourceDiagnostic> diagnostics;  // every finding, sorted by file position
  std::vector<SourceDiagnostic> notes;        // changes made for the author (not errors)
  MarkMap marks;                              // field path → line:col, for mapping later findings
  // Warnings (values raised to a floor) leave a result usable.
  bool ok() const {
    for (const SourceDiagnostic& d : diagnostics)
      if (d.diagnostic.severity == core::Severity::Error) return false;
    return true;
  }
};

// Walks the tree and validates in stages: first the vocabulary (unknown-key, wrong-type,
// missing-field, unknown-name, out-of-range, ...), then — for each half whose vocabulary was
// clean — particles::validate (after filling bounds with conservativeEmitterBounds) and world
// validation, then the sector fit of every envelope. Semantic rules are skipped for a half
// with vocabulary errors so that one typo does not cascade into misleading findings.
//
// `readMaterial` reads an `events.materials` snippet by its path as written (the loader resolves
// it against the source's folder; this layer does no file I/O): the text, or nullopt with
// `error` set (its code and message are reported at the material's line). Without it, the
// snippets stay empty.
using MaterialReader = std::function<std::optional<std::string>(const std::string& path, core::Diagnostic& error)>;
CompileResult compileSource(const SourceNode& root, const MaterialReader& readMaterial = {});

// What the texture checks need to know about one decoded texture.
struct TextureInfo {
  std::uint32_t width = 0;
  std::uint32_t height = 0;
};

// Rules that need decoded images: every frame square (texture-not-square), one size per preset
// (texture-size-mismatch), and each event palette table 256x256 (palette-table,
// sim::checkPaletteImages). Textures missing from `info` were already reported.
void checkFrameTextures(CompileResult& result, const std::map<std::string, TextureInfo>& info);

// Normalizes an angle in degrees into [-180, 180] (180 and -180 are kept as written).
double normalizeYaw(double degrees);

}  // namespace kiln::source
