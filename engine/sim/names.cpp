// Source-vocabulary spellings of the event particle enumerations.
#include <array>

#include "sim/model.hpp"
#include "sim/system.hpp"

namespace kiln::sim {
namespace {

constexpr std::array<std::string_view, 3> kSortNames{"view", "iso", "none"};
constexpr std::array<std::string_view, 6> kBlendNames{"light_matter", "normal",      "additive",
                                                      "multiply",     "subtractive", "premultiplied"};
constexpr std::array<std::string_view, 2> kTextureAlphaNames{"alpha", "brightness"};

template <class Enum, std::size_t N>
std::optional<Enum> lookup(const std::array<std::string_view, N>& names, std::string_view s) {
  for (std::size_t i = 0; i < N; ++i)
    if (names[i] == s) return static_cast<Enum>(i);
  return std::nullopt;
}

template <std::size_t N>
std::string_view at(const std::array<std::string_view, N>& names, unsigned i) {
  return i < N ? names[i] : std::string_view{"unknown"};
}

}  // namespace

std::string_view name(SortMode v) { return at(kSortNames, static_cast<unsigned>(v)); }
std::string_view name(BlendMode v) { return at(kBlendNames, static_cast<unsigned>(v)); }
std::string_view name(TextureAlpha v) { return at(kTextureAlphaNames, static_cast<unsigned>(v)); }

std::optional<SortMode> sortModeFromName(std::string_view s) { return lookup<SortMode>(kSortNames, s); }
std::optional<BlendMode> blendModeFromName(std::string_view s) { return lookup<BlendMode>(kBlendNames, s); }
std::optional<TextureAlpha> textureAlphaFromName(std::string_view s) {
  return lookup<TextureAlpha>(kTextureAlphaNames, s);
}

std::string sourceName(const Events& events, const Source& source) {
  switch (source.kind) {
    case SourceKind::Script: return "script:" + std::to_string(source.index);
    case SourceKind::Emitter:
      if (source.index < events.emitters.size()) return "emitter:" + events.emitters[source.index].name;
      return "emitter:" + std::to_string(source.index);
    case SourceKind::Call: break;
  }
  return "call";
}

}  // namespace kiln::sim
