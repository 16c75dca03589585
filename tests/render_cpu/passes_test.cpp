// The pass table against the contract's pass order and blend equations, written out by hand.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "render/cpu/passes.hpp"

using namespace kiln;
using render::BlendFactor;
using render::Pass;

TEST_CASE("passes run in the contract's order under their published names", "[passes]") {
  const std::vector<std::string> expected{"sectors", "cutout", "scene-transparency", "additive", "alpha", "debug"};
  std::vector<std::string> names;
  for (const auto& p : render::kPasses) names.emplace_back(p.name);
  CHECK(names == expected);
  CHECK(render::passName(Pass::SceneTransparency) == "scene-transparency");
  CHECK(render::passName(Pass::Alpha) == "alpha");
}

TEST_CASE("each blend mode draws in its pass, alpha and premultiplied share one", "[passes]") {
  CHECK(render::passOf(particles::Blend::Cutout) == Pass::Cutout);
  CHECK(render::passOf(particles::Blend::Additive) == Pass::Additive);
  CHECK(render::passOf(particles::Blend::Alpha) == Pass::Alpha);
  CHECK(render::passOf(particles::Blend::Premultiplied) == Pass::Alpha);
  CHECK(render::kParticlePasses == std::array<Pass, 3>{Pass::Cutout, Pass::Additive, Pass::Alpha});
  CHECK(render::particlePassIndex(particles::Blend::Cutout) == 0);
  CHECK(render::particlePassIndex(particles::Blend::Additive) == 1);
  CHECK(render::particlePassIndex(particles::Blend::Premultiplied) == 2);
  CHECK(render::kLastParticlePass == Pass::Alpha);
}

TEST_CASE("depth: opaque passes write it, translucent ones only test it", "[passes]") {
  for (const auto& p : render::kPasses) {
    INFO(p.name);
    CHECK(p.depthTest);
    const bool opaque = p.pass == Pass::Sectors || p.pass == Pass::Cutout;
    CHECK(p.depthWrite == opaque);
  }
  // The slot the event particles will fill: depth test on, depth write off.
  CHECK_FALSE(render::passInfo(Pass::SceneTransparency).depthWrite);
}

TEST_CASE("blend states match the published equations", "[passes]") {
  CHECK_FALSE(render::passInfo(Pass::Sectors).blend.enabled);
  CHECK_FALSE(render::passInfo(Pass::Cutout).blend.enabled);
  const render::BlendState additive = render::passInfo(Pass::Additive).blend;
  CHECK(additive == render::BlendState{true, BlendFactor::One, BlendFactor::One, BlendFactor::Zero, BlendFactor::One});
  const render::BlendState alpha = render::passInfo(Pass::Alpha).blend;
  CHECK(alpha == render::BlendState{true, BlendFactor::One, BlendFactor::OneMinusSrcAlpha, BlendFactor::One,
                                    BlendFactor::OneMinusSrcAlpha});
  // One factor off is a different state (the comparison the checks above rely on can fail).
  CHECK_FALSE(alpha == render::BlendState{true, BlendFactor::SrcAlpha, BlendFactor::OneMinusSrcAlpha,
                                          BlendFactor::One, BlendFactor::OneMinusSrcAlpha});
}

TEST_CASE("only the alpha pass keeps authored submission order", "[passes]") {
  for (const auto& p : render::kPasses) {
    INFO(p.name);
    CHECK(p.authoredOrder == (p.pass == Pass::Alpha));
  }
}

TEST_CASE("only the sector mesh and the sector planes cull back faces", "[passes]") {
  for (const auto& p : render::kPasses) {
    INFO(p.name);
    CHECK(p.cullBackFaces == (p.pass == Pass::Sectors || p.pass == Pass::Debug));
  }
}
