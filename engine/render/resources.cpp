// Texture identity and frame compatibility checks run by Renderer::prepare.
#include "render/resources.hpp"

#include <string>

namespace kiln::render {
namespace {

const core::NamedImage* lookup(std::span<const core::NamedImage> textures, const std::string& name) {
  for (const auto& t : textures)
    if (t.name == name) return &t;
  return nullptr;
}

}  // namespace

core::Diagnostics checkTextures(const particles::Document& doc, std::span<const core::NamedImage> textures) {
  core::Diagnostics out;
  for (std::size_t i = 0; i < textures.size(); ++i)
    for (std::size_t j = i + 1; j < textures.size(); ++j)
      if (textures[i].name == textures[j].name && !(textures[i].image == textures[j].image))
        out.push_back({core::Code::TextureIdentity, "textures." + textures[i].name,
                       "'" + textures[i].name + "' names two different images (" + textures[i].origin + ", " +
                           textures[j].origin + ")"});
  for (const auto& p : doc.presets) {
    const std::string base = "presets." + p.name + ".sprite.frames";
    const core::NamedImage* first = nullptr;
    for (std::size_t f = 0; f < p.sprite.frames.size(); ++f) {
      const std::string path = base + "[" + std::to_string(f) + "]";
      const auto* img = lookup(textures, p.sprite.frames[f]);
      if (img == nullptr) {
        out.push_back({core::Code::UnknownName, path, "no texture named '" + p.sprite.frames[f] + "'"});
        continue;
      }
      if (img->image.empty() || img->image.width != img->image.height ||
          img->image.rgba.size() != std::size_t{img->image.width} * img->image.height * 4) {
        out.push_back({core::Code::TextureNotSquare, path,
                       "frame '" + img->name + "' is " + std::to_string(img->image.width) + "x" +
                           std::to_string(img->image.height) + ", not a square image"});
        continue;
      }
      if (first == nullptr) {
        first = img;
      } else if (img->image.width != first->image.width) {
        out.push_back({core::Code::TextureSizeMismatch, path,
                       "frame '" + img->name + "' is " + std::to_string(img->image.width) + " texels wide but '" +
                           first->name + "' is " + std::to_string(first->image.width)});
      }
    }
  }
  return out;
}

}  // namespace kiln::render
