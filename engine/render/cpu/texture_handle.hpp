// A texture the renderer hands to a UI toolkit: an opaque value (the GL texture name inside),
// the image stored rows top-down, as UI toolkits sample. GL-free.
#pragma once

#include <cstdint>

namespace kiln::render {

class TextureHandle {
 public:
  TextureHandle() = default;
  explicit TextureHandle(std::uint64_t value) : value_(value) {}
  // The value a toolkit's texture id carries (ImGui: cast to ImTextureID); 0 is no texture.
  std::uint64_t value() const { return value_; }
  explicit operator bool() const { return value_ != 0; }
  friend bool operator==(const TextureHandle&, const TextureHandle&) = default;

 private:
  std::uint64_t value_ = 0;
};

}  // namespace kiln::render
