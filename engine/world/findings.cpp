// The relaxable checks gathered in one list, so every reader that opens a level with them off
// (viewer, `kiln inspect|eval|capture --unchecked`) reports the same findings.
#include "particles/validate.hpp"
#include "world/fit.hpp"
#include "world/level.hpp"

namespace kiln::world {

bool isRelaxable(core::Code code) {
  return code == core::Code::ForgedBounds || code == core::Code::OutsideSector || code == core::Code::MissingSector;
}

core::Diagnostics relaxableFindings(const Level& level, bool againstWorld) {
  core::Diagnostics out;
  if (!level.particles) return out;
  for (core::Diagnostic& d : particles::validate(*level.particles))
    if (d.code == core::Code::ForgedBounds) out.push_back(std::move(d));
  if (!againstWorld) return out;
  for (core::Diagnostic& d : validateForWorld(level.world, *level.particles))
    if (isRelaxable(d.code)) out.push_back(std::move(d));
  return out;
}

}  // namespace kiln::world
