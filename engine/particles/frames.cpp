// The frame-texture compatibility rule: square frames, one size per preset.
#include "particles/frames.hpp"

namespace kiln::particles {

void checkFrameImages(const Preset& p, const std::string& framesPath,
                      const std::function<std::optional<FrameImage>(const std::string&)>& imageOf,
                      core::Diagnostics& out) {
  std::optional<FrameImage> first;
  std::string firstName;
  for (std::size_t f = 0; f < p.sprite.frames.size(); ++f) {
    const std::string& name = p.sprite.frames[f];
    const std::optional<FrameImage> img = imageOf(name);
    if (!img) continue;
    const std::string path = framesPath + "[" + std::to_string(f) + "]";
    if (img->width == 0 || img->width != img->height || !img->intact) {
      out.push_back({core::Code::TextureNotSquare, path,
                     "frame '" + name + "' is " + std::to_string(img->width) + "x" +
                         std::to_string(img->height) + ", not a square image"});
      continue;
    }
    if (!first) {
      first = img;
      firstName = name;
    } else if (img->width != first->width) {
      out.push_back({core::Code::TextureSizeMismatch, path,
                     "frame '" + name + "' is " + std::to_string(img->width) + " texels wide but '" +
                         firstName + "' is " + std::to_string(first->width)});
    }
  }
}

}  // namespace kiln::particles
