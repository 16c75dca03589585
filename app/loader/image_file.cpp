// Image files: PNG only, decoded to straight-alpha RGBA8, and RGBA8 written as PNG. The file's
// signature and chunk structure are checked here first, so every refusal names its reason; stb
// decodes the pixels, compiled into this file with its PNG reader alone.
//
// stb_image is built here rather than linked from the system library: that one carries every
// stb reader (HDR, PSD, PIC, ...), and a few cut-off bytes of a Radiance HDR file named .png
// spin its HDR reader forever. With STBI_ONLY_PNG no other reader exists in Kiln's decoder.
#define STB_IMAGE_STATIC
#define STB_IMAGE_IMPLEMENTATION
#define STBI_ONLY_PNG
#define STBI_NO_STDIO
#define STB_IMAGE_WRITE_STATIC
#define STB_IMAGE_WRITE_IMPLEMENTATION
#define STBI_WRITE_NO_STDIO
#include <stb/stb_image.h>
#include <stb/stb_image_write.h>

#include <cstdio>
#include <cstring>

#include "core/file.hpp"
#include "core/header.hpp"
#include "loader/loader.hpp"

namespace kiln::loader {
namespace {

constexpr std::uint8_t kSignature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};

void appendBytes(void* context, void* data, int size) {
  auto* out = static_cast<std::vector<std::uint8_t>*>(context);
  const auto* bytes = static_cast<const std::uint8_t*>(data);
  out->insert(out->end(), bytes, bytes + size);
}

std::uint32_t be32(const std::uint8_t* p) {
  return (std::uint32_t{p[0]} << 24) | (std::uint32_t{p[1]} << 16) | (std::uint32_t{p[2]} << 8) | p[3];
}

std::string hexBytes(std::span<const std::uint8_t> b) {
  std::string s;
  char x[4];
  for (std::uint8_t c : b) {
    std::snprintf(x, sizeof x, "%s%02X", s.empty() ? "" : " ", c);
    s += x;
  }
  return s;
}

// What a file that is not a PNG looks like, for the message (empty when not recognised).
std::string lookalike(std::span<const std::uint8_t> b) {
  const auto starts = [&](std::string_view magic) {
    return b.size() >= magic.size() && std::memcmp(b.data(), magic.data(), magic.size()) == 0;
  };
  if (starts("#?RADIANCE") || starts("#?RGBE")) return "a Radiance HDR image";
  if (starts("BM")) return "a BMP image";
  if (starts("\xFF\xD8\xFF")) return "a JPEG image";
  if (starts("GIF8")) return "a GIF image";
  if (starts("8BPS")) return "a Photoshop image";
  if (starts("RIFF") && b.size() >= 12 && std::memcmp(b.data() + 8, "WEBP", 4) == 0) return "a WebP image";
  if (starts("II*") || starts("MM\0*")) return "a TIFF image";
  if (starts("P1") || starts("P2") || starts("P3") || starts("P4") || starts("P5") || starts("P6"))
    return "a PNM image";
  return "";
}

bool chunkTypeValid(const std::uint8_t* t) {
  for (int i = 0; i < 4; ++i)
    if (!((t[i] >= 'A' && t[i] <= 'Z') || (t[i] >= 'a' && t[i] <= 'z'))) return false;
  return true;
}

struct PngHeader {
  std::uint32_t width = 0, height = 0;
};

// The chunk structure of a PNG, checked before any decoder sees it: signature, IHDR first (and
// its size within `maxPixels`, before anything else is looked at), every chunk whole, critical
// chunks' CRCs right, an IDAT, an IEND. A failure fills `error`.
std::optional<PngHeader> checkStructure(const std::filesystem::path& path, std::span<const std::uint8_t> b,
                                        std::uint64_t maxPixels, core::Diagnostic& error) {
  if (b.size() < 8 || std::memcmp(b.data(), kSignature, 8) != 0) {
    const std::string like = lookalike(b);
    error = {core::Code::NotPng, path.string(),
             (b.size() < 8 ? "is not a PNG: it is " + std::to_string(b.size()) +
                                 " bytes long, shorter than the 8-byte PNG signature"
                           : "is not a PNG: its first eight bytes are " + hexBytes(b.first(8)) +
                                 ", not the PNG signature 89 50 4E 47 0D 0A 1A 0A") +
                 (like.empty() ? "" : " (it looks like " + like + ")") + "; Kiln reads PNG images only"};
    return std::nullopt;
  }
  const auto fail = [&](const std::string& why) {
    error = core::ioError(path, "cannot decode image: " + why);
    return std::nullopt;
  };
  PngHeader header;
  bool idat = false;
  for (std::size_t at = 8, index = 0;; ++index) {
    if (at == b.size())
      return fail("truncated: the file ends after " + std::to_string(at) + " bytes, before the IEND chunk");
    if (b.size() - at < 12)
      return fail("truncated: the file ends inside a chunk header at byte " + std::to_string(at));
    const std::uint32_t length = be32(b.data() + at);
    const std::uint8_t* type = b.data() + at + 4;
    const std::string name(reinterpret_cast<const char*>(type), 4);
    if (!chunkTypeValid(type))
      return fail("the chunk at byte " + std::to_string(at) + " has an invalid type (bytes " +
                  hexBytes({type, 4}) + "); the file is damaged");
    if (length > 0x7FFFFFFFu)
      return fail("the " + name + " chunk at byte " + std::to_string(at) + " claims " +
                  std::to_string(length) + " bytes, more than PNG allows");
    if (b.size() - at - 12 < length)
      return fail("truncated: the file ends inside the " + name + " chunk that starts at byte " +
                  std::to_string(at) + " (" + std::to_string(length + 12 - (b.size() - at)) +
                  " bytes missing)");
    if (index == 0 && (name != "IHDR" || length != 13))
      return fail("the first chunk is " + name + " of " + std::to_string(length) +
                  " bytes, not the 13-byte IHDR");
    // Critical chunks (an upper-case first letter) must be intact; ancillary ones may be
    // skipped by a reader, so a bad CRC there is not worth refusing a picture for.
    if (type[0] >= 'A' && type[0] <= 'Z' && core::crc32({type, length + 4u}) != be32(type + 4 + length))
      return fail("the " + name + " chunk at byte " + std::to_string(at) +
                  " has a bad CRC; the file is damaged");
    if (index == 0) {
      header = {be32(type + 4), be32(type + 8)};
      // The header is read first so a few bytes announcing a huge image never allocate its pixels.
      if (std::uint64_t{header.width} * header.height > maxPixels) {
        error = {core::Code::InputBudget, path.string(),
                 "image of " + std::to_string(header.width) + "x" + std::to_string(header.height) +
                     " pixels is larger than the limit of " + std::to_string(maxPixels) + " pixels"};
        return std::nullopt;
      }
    }
    if (name == "IDAT") idat = true;
    if (name == "IEND") break;
    at += 12 + length;
  }
  if (!idat) return fail("the PNG has no IDAT chunk (no pixel data)");
  if (header.width == 0 || header.height == 0)
    return fail("IHDR gives a size of " + std::to_string(header.width) + "x" + std::to_string(header.height) +
                " pixels");
  return header;
}

// stb's reasons are terse keys ("outofdata"); a few are said in words, none is left empty.
std::string decodeReason() {
  const char* raw = stbi_failure_reason();
  const std::string r = raw ? raw : "";
  if (r == "outofdata" || r == "not enough pixels") return "the pixel data ends early";
  if (r == "too large") return "the image is larger than the decoder allows";
  if (r.empty()) return "the pixel data cannot be decoded";
  return "the pixel data is damaged (" + r + ")";
}

}  // namespace

std::optional<core::Image> decodeImageFile(const std::filesystem::path& path, core::Diagnostic& error,
                                           std::uint64_t maxPixels) {
  auto bytes = core::readFile(path, error, 256u << 20);
  if (!bytes) return std::nullopt;
  if (!checkStructure(path, *bytes, maxPixels, error)) return std::nullopt;
  int w = 0, h = 0, channels = 0;
  stbi_uc* pixels =
      stbi_load_from_memory(bytes->data(), static_cast<int>(bytes->size()), &w, &h, &channels, 4);
  if (!pixels) {
    error = core::ioError(path, "cannot decode image: " + decodeReason());
    return std::nullopt;
  }
  core::Image img;
  img.width = static_cast<std::uint32_t>(w);
  img.height = static_cast<std::uint32_t>(h);
  img.rgba.assign(pixels, pixels + static_cast<std::size_t>(w) * static_cast<std::size_t>(h) * 4);
  stbi_image_free(pixels);
  return img;
}

bool writePngFile(const std::filesystem::path& path, const core::Image& image, core::Diagnostic& error) {
  std::vector<std::uint8_t> png;
  if (!encodePngBytes(image, png, error)) {
    error.path = path.string();
    return false;
  }
  return core::writeFile(path, png, error);
}

bool encodePngBytes(const core::Image& image, std::vector<std::uint8_t>& png, core::Diagnostic& error) {
  if (image.empty()) {
    error = core::ioError("", "nothing to write (empty image)");
    return false;
  }
  png.clear();
  if (!stbi_write_png_to_func(appendBytes, &png, static_cast<int>(image.width),
                              static_cast<int>(image.height), 4, image.rgba.data(),
                              static_cast<int>(image.width * 4))) {
    error = core::ioError("", "cannot encode as PNG");
    return false;
  }
  return true;
}

}  // namespace kiln::loader
