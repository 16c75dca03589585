#include "loader/exr.hpp"

#include <ImfArray.h>
#include <ImfHeader.h>
#include <ImfIO.h>
#include <ImfRgbaFile.h>

#include <algorithm>
#include <cctype>
#include <cstring>
#include <exception>
#include <filesystem>
#include <limits>

#include "loader/loader.hpp"

namespace kiln::loader {
namespace {

// OpenEXR's output into a growing byte vector.
class MemoryOut final : public Imf::OStream {
 public:
  explicit MemoryOut(std::vector<std::uint8_t>& bytes) : Imf::OStream("memory"), bytes_(bytes) {}
  void write(const char c[], int n) override {
    if (pos_ + static_cast<std::uint64_t>(n) > bytes_.size()) bytes_.resize(pos_ + static_cast<std::uint64_t>(n));
    std::memcpy(bytes_.data() + pos_, c, static_cast<std::size_t>(n));
    pos_ += static_cast<std::uint64_t>(n);
  }
  std::uint64_t tellp() override { return pos_; }
  void seekp(std::uint64_t pos) override { pos_ = pos; }

 private:
  std::vector<std::uint8_t>& bytes_;
  std::uint64_t pos_ = 0;
};

// OpenEXR's input from a byte span; reading past the end throws, as OpenEXR's own streams do.
class MemoryIn final : public Imf::IStream {
 public:
  explicit MemoryIn(std::span<const std::uint8_t> bytes) : Imf::IStream("memory"), bytes_(bytes) {}
  bool read(char c[], int n) override {
    if (n < 0 || pos_ + static_cast<std::uint64_t>(n) > bytes_.size()) throw std::runtime_error("the file ends early");
    std::memcpy(c, bytes_.data() + pos_, static_cast<std::size_t>(n));
    pos_ += static_cast<std::uint64_t>(n);
    return pos_ < bytes_.size();
  }
  std::uint64_t tellg() override { return pos_; }
  void seekg(std::uint64_t pos) override { pos_ = pos; }

 private:
  std::span<const std::uint8_t> bytes_;
  std::uint64_t pos_ = 0;
};

}  // namespace

bool looksLikeExr(std::span<const std::uint8_t> bytes) {
  return bytes.size() >= 4 && bytes[0] == 0x76 && bytes[1] == 0x2f && bytes[2] == 0x31 && bytes[3] == 0x01;
}

bool encodeExr(const FloatImage& image, std::vector<std::uint8_t>& out, std::string& error) {
  out.clear();
  try {
    const int w = static_cast<int>(image.width), h = static_cast<int>(image.height);
    std::vector<Imf::Rgba> pixels(static_cast<std::size_t>(w) * static_cast<std::size_t>(h));
    for (std::size_t i = 0; i < pixels.size(); ++i)
      pixels[i] = Imf::Rgba(image.rgba[i * 4], image.rgba[i * 4 + 1], image.rgba[i * 4 + 2], image.rgba[i * 4 + 3]);
    Imf::Header header(w, h);
    header.compression() = Imf::ZIP_COMPRESSION;
    MemoryOut stream(out);
    Imf::RgbaOutputFile file(stream, header, Imf::WRITE_RGBA);
    file.setFrameBuffer(pixels.data(), 1, static_cast<std::size_t>(w));
    file.writePixels(h);
  } catch (const std::exception& e) {
    error = std::string("OpenEXR could not write the image: ") + e.what();
    return false;
  }
  return true;
}

std::optional<FloatImage> decodeExr(std::span<const std::uint8_t> bytes, std::string& error) {
  if (!looksLikeExr(bytes)) {
    error = "not an OpenEXR file (no EXR magic number)";
    return std::nullopt;
  }
  try {
    MemoryIn stream(bytes);
    Imf::RgbaInputFile file(stream);
    const Imath::Box2i dw = file.dataWindow();
    const long long w = static_cast<long long>(dw.max.x) - dw.min.x + 1, h = static_cast<long long>(dw.max.y) - dw.min.y + 1;
    if (w <= 0 || h <= 0 || static_cast<std::uint64_t>(w) > kMaxImageSide || static_cast<std::uint64_t>(h) > kMaxImageSide) {
      error = "image size " + std::to_string(w) + "x" + std::to_string(h) + " is outside 1.." +
              std::to_string(kMaxImageSide);
      return std::nullopt;
    }
    std::vector<Imf::Rgba> pixels(static_cast<std::size_t>(w * h));
    // The frame buffer is addressed by data-window coordinates.
    file.setFrameBuffer(pixels.data() - dw.min.x - static_cast<std::ptrdiff_t>(dw.min.y) * w, 1, static_cast<std::size_t>(w));
    file.readPixels(dw.min.y, dw.max.y);
    FloatImage img;
    img.width = static_cast<std::uint32_t>(w);
    img.height = static_cast<std::uint32_t>(h);
    img.rgba.resize(pixels.size() * 4);
    for (std::size_t i = 0; i < pixels.size(); ++i) {
      img.rgba[i * 4] = pixels[i].r;
      img.rgba[i * 4 + 1] = pixels[i].g;
      img.rgba[i * 4 + 2] = pixels[i].b;
      img.rgba[i * 4 + 3] = pixels[i].a;
    }
    return img;
  } catch (const std::exception& e) {
    error = std::string("OpenEXR could not read it: ") + e.what();
    return std::nullopt;
  }
}

bool hasExrExtension(const std::string& path) {
  std::string name = std::filesystem::path(path).filename().string();
  for (char& ch : name) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return name.size() >= 4 && name.compare(name.size() - 4, 4, ".exr") == 0;
}

}  // namespace kiln::loader
