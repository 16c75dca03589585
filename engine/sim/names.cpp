// Source-vocabulary spellings of the event particle enumerations, from their tables (model.hpp).
#include "sim/model.hpp"
#include "sim/system.hpp"

namespace kiln::sim {

std::string_view name(SortMode v) { return core::spelled(kSortModeSpellings, v); }
std::string_view name(BlendMode v) { return core::spelled(kBlendModeSpellings, v); }
std::string_view name(TextureAlpha v) { return core::spelled(kTextureAlphaSpellings, v); }
std::string_view name(MathBackend v) { return core::spelled(kMathBackendSpellings, v); }
std::optional<MathBackend> mathBackendFromName(std::string_view s) { return core::fromSpelling(kMathBackendSpellings, s); }

std::optional<SortMode> sortModeFromName(std::string_view s) { return core::fromSpelling(kSortModeSpellings, s); }
std::optional<BlendMode> blendModeFromName(std::string_view s) { return core::fromSpelling(kBlendModeSpellings, s); }
std::optional<TextureAlpha> textureAlphaFromName(std::string_view s) {
  return core::fromSpelling(kTextureAlphaSpellings, s);
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
