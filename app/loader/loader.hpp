// The source loader shared by `kiln` and `kiln-view`: reads a level source (YAML), compiles it
// with engine/source, decodes its PNG textures, or reads a compiled .klm / .kwp file, and
// returns one Level plus textures plus diagnostics that carry file:line:col.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/diagnostic.hpp"
#include "core/image.hpp"
#include "sim/scene.hpp"
#include "world/level.hpp"

namespace kiln::loader {

// A finding located in a file: a source line:col (line 0 = none) or a byte offset.
struct LocatedDiagnostic {
  core::Diagnostic diagnostic;
  std::string file;
  std::uint32_t line = 0;
  std::uint32_t col = 0;
  std::optional<std::uint64_t> offset;
};

// `FILE[:LINE:COL]: error[CODE]: FIELD.PATH: message` (a byte offset is appended to the message).
std::string format(const LocatedDiagnostic& d);
// An I/O failure (core::ioError: the file in `path`) located in that file, so format() prints
// `FILE: error[io-error]: reason`.
LocatedDiagnostic locateIoError(const core::Diagnostic& io);

enum class FileKind { Source, Level, Particles, Unknown };
// By extension: .yaml/.yml → Source, .klm → Level, .kwp → Particles.
FileKind fileKind(const std::filesystem::path& path);

// One decoded texture and its content identity.
struct Texture {
  core::NamedImage image;         // name, origin (resolved file path), RGBA8 pixels
  std::uint64_t contentHash = 0;  // FNV-1a over width, height and pixels
};

struct LoadResult {
  std::string file;  // as given (used in diagnostics)
  FileKind kind = FileKind::Unknown;
  world::Level level;             // features set to requiredFeatures(level)
  std::vector<Texture> textures;  // every texture decoded, source order
  std::vector<LocatedDiagnostic> diagnostics;  // a source's are sorted by line:col
  std::vector<LocatedDiagnostic> notes;        // changes made for the author (severity Note); never failures
  // With checkStoredBounds off: what the relaxed checks found (forged-bounds, missing-sector,
  // outside-sector), as warnings. The level is usable for inspection, not for shipping.
  std::vector<LocatedDiagnostic> relaxedFindings;
  bool ioError = false;  // the file itself could not be read (exit 2)
  // Warnings (a value raised to its floor) leave the level usable.
  bool ok() const {
    for (const LocatedDiagnostic& d : diagnostics)
      if (d.diagnostic.severity == core::Severity::Error) return false;
    return !ioError;
  }
  // The texture named `name`, or nullptr.
  const Texture* texture(std::string_view name) const;
  // Its (width, height), or nullopt where none by that name decoded (the palette rule's lookup).
  sim::ImageSize textureSize(const std::string& name) const;
};

struct LoadOptions {
  // Decode the PNG textures (a source's textures map, or <dir>/textures/NAME.png for a
  // compiled level). Sources always decode theirs: their frame rules need the pixels.
  bool loadTextures = true;
  // false relaxes the checks a compiled file (.klm, .kwp) can be inspected without: stored
  // bounds equality, emitter sector existence and sector fit (the viewer's "inspect anyway",
  // the CLI's --unchecked). Their findings land in LoadResult::relaxedFindings.
  bool checkStoredBounds = true;
  // The most RGBA8 bytes this load's textures may decode to in all (input-budget past it).
  std::uint64_t maxTexturePixelBytes = 256ull << 20;
};

// The largest level source read (docs/limits.md).
inline constexpr std::uint64_t kMaxSourceBytes = 16u << 20;

// A level source: YAML → source tree → compileSource → frame texture checks. Nothing throws.
// `bytesRead`, when given, receives the exact bytes compiled (the viewer's saves edit those).
LoadResult loadSource(const std::filesystem::path& path, const LoadOptions& options = {},
                      std::string* bytesRead = nullptr);
// The same from text in memory; relative texture paths resolve against `baseDir`.
LoadResult compileSourceText(std::string_view text, const std::string& file,
                             const std::filesystem::path& baseDir, const LoadOptions& options = {});

// Any file `kiln` accepts, chosen by extension. A .kwp gets an empty version-1 world; its
// emitters are then not checked against sectors.
LoadResult loadAny(const std::filesystem::path& path, const LoadOptions& options = {});

// Pixel limits (docs/limits.md): one decoded image may hold at most kMaxImagePixels pixels
// (8192 x 8192, the largest `kiln capture --size`); LoadOptions::maxTexturePixelBytes bounds
// the textures of one load together.
inline constexpr std::uint64_t kMaxImageSide = 8192;
inline constexpr std::uint64_t kMaxImagePixels = kMaxImageSide * kMaxImageSide;

// Decodes a PNG — and nothing else — to RGBA8. A file without the 8-byte PNG signature is
// refused with not-png (the message says what it looks like instead); a damaged or cut-off
// PNG with an io-error that names the reason (truncated inside which chunk, a bad CRC, damaged
// pixel data); a FIFO or device with not-regular-file; input-budget when IHDR announces more
// than `maxPixels` pixels (checked before any pixel memory is allocated).
std::optional<core::Image> decodeImageFile(const std::filesystem::path& path, core::Diagnostic& error,
                                           std::uint64_t maxPixels = kMaxImagePixels);
// Writes an RGBA8 image as PNG (atomically, like core::writeFile); false with an io-error.
bool writePngFile(const std::filesystem::path& path, const core::Image& image, core::Diagnostic& error);
// The PNG bytes of an RGBA8 image, for a caller that writes them itself (with other files,
// through an output plan); false with an io-error (no path) for an empty image.
bool encodePngBytes(const core::Image& image, std::vector<std::uint8_t>& png, core::Diagnostic& error);
std::uint64_t contentHash(const core::Image& image);

}  // namespace kiln::loader
