// Texture identity, frame compatibility and the atlas plan, checked by Renderer::prepare before
// anything is uploaded.
#include "render/cpu/resources.hpp"

#include <string>
#include <vector>

#include "particles/frames.hpp"

namespace kiln::render {
namespace {

const core::NamedImage* lookup(std::span<const core::NamedImage> textures, std::string_view name) {
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
    for (std::size_t f = 0; f < p.sprite.frames.size(); ++f)
      if (lookup(textures, p.sprite.frames[f]) == nullptr)
        out.push_back({core::Code::UnknownName, base + "[" + std::to_string(f) + "]",
                       "no texture named '" + p.sprite.frames[f] + "'"});
    particles::checkFrameImages(
        p, base,
        [textures](const std::string& name) -> std::optional<particles::FrameImage> {
          const auto* img = lookup(textures, name);
          if (img == nullptr) return std::nullopt;
          const core::Image& i = img->image;
          return particles::FrameImage{i.width, i.height,
                                       i.rgba.size() == std::size_t{i.width} * i.height * 4};
        },
        out);
  }
  return out;
}

std::variant<AtlasLayout, core::Diagnostics> planAtlas(const particles::Document& doc,
                                                       std::span<const core::NamedImage> textures,
                                                       std::uint32_t maxTextureSize) {
  if (core::Diagnostics problems = checkTextures(doc, textures); !problems.empty()) return problems;
  std::vector<std::vector<std::string>> presetFrames;
  std::vector<std::string> presetNames;
  std::vector<FrameSize> sizes;
  for (const auto& p : doc.presets) {
    presetFrames.emplace_back(p.sprite.frames.begin(), p.sprite.frames.end());
    presetNames.push_back(p.name);
    // checkTextures proved every frame has a square image; its width is all packing needs.
    for (const auto& name : p.sprite.frames)
      if (const auto* t = lookup(textures, name)) sizes.push_back({name, t->image.width});
  }
  return packAtlas(presetFrames, sizes, presetNames, maxTextureSize);
}

}  // namespace kiln::render
