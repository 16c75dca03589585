// Fuzz entry: YAML text → source tree (app/loader's parseYaml) → compileSource, with synthetic
// texture sizes instead of file reads. Nothing may crash, throw or hang; a rejection always
// carries diagnostics whose marks lie inside the text; an accepted source is a valid level that
// survives encodeKlm1 → decodeKlm1 unchanged, its events section included.
#include <algorithm>
#include <map>
#include <string_view>

#include "fuzz_check.hpp"
#include "loader/yaml_tree.hpp"
#include "particles/validate.hpp"
#include "source/compile.hpp"
#include "world/fit.hpp"
#include "world/level.hpp"

namespace {

namespace ks = kiln::source;
namespace ww = kiln::world;

void checkMark(const ks::Mark& m, std::size_t lines) {
  KILN_FUZZ_CHECK(m.line <= lines + 1);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const std::size_t lines = static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')) + 1;
  auto parsed = kiln::loader::parseYaml(text);
  if (const auto* d = std::get_if<ks::SourceDiagnostic>(&parsed)) {
    checkMark(d->mark, lines);
    return 0;
  }
  ks::CompileResult c = ks::compileSource(std::get<ks::SourceNode>(parsed));
  // Every texture the source names decodes to a 16×16 image: the frame rules still run, the
  // file system stays out of the fuzz loop.
  std::map<std::string, ks::TextureInfo> info;
  for (const ks::TextureRef& t : c.textures) info[t.name] = {16, 16};
  ks::checkFrameTextures(c, info);
  for (const ks::SourceDiagnostic& d : c.diagnostics) checkMark(d.mark, lines);
  if (!c.ok()) return 0;

  // Accepted: what the compiler produced must pass every decoder-side rule.
  KILN_FUZZ_CHECK(ww::validateWorld(c.world).empty());
  KILN_FUZZ_CHECK(kiln::particles::validate(c.particles).empty());
  KILN_FUZZ_CHECK(ww::validateForWorld(c.world, c.particles).empty());
  ww::Level level;
  level.world = c.world;
  if (!c.particles.presets.empty() || !c.particles.emitters.empty()) level.particles = c.particles;
  // The events section too, as `kiln compile` writes it (floors applied): KEV1 decoding runs
  // the same rules as compileSource did, so it must accept it and give it back unchanged.
  level.events = c.events;
  level.features = ww::requiredFeatures(level);
  const auto bytes = ww::encodeKlm1(level);
  const auto decoded = ww::decodeKlm1(bytes);
  KILN_FUZZ_CHECK(std::holds_alternative<ww::Level>(decoded));
  const auto& back = std::get<ww::Level>(decoded);
  // decodeKws1 hands out the canonical world (portals written out per wall).
  KILN_FUZZ_CHECK(back.world == ww::canonical(level.world));
  KILN_FUZZ_CHECK(back.particles == level.particles);
  KILN_FUZZ_CHECK(back.events == level.events);
  KILN_FUZZ_CHECK(back.features == level.features);
  return 0;
}
