// Small worldparticles documents built in code for the viewer's logic tests.
#pragma once

#include "particles/bounds.hpp"
#include "particles/model.hpp"

namespace kiln::viewer::testing {

// One additive preset with fixed lifetime (no variation in lifetime), one emitter at `pos`.
inline particles::Document oneEmitter(particles::PlayMode mode = particles::PlayMode::Once, double period = 0) {
  particles::Document d;
  particles::Preset p;
  p.name = "puff";
  p.capacity = 64;
  p.lifetime = {1.0, 1.0};
  p.size = {{0, 0.5}, {1, 0.5}};
  p.color = {{0, {1, 1, 1, 1}}, {1, {1, 1, 1, 1}}};
  p.sprite.frames = {"soft"};
  d.presets.push_back(p);
  particles::Emitter e;
  e.name = "fountain";
  e.position = {1, 2, 3};
  e.bursts = {{0.0, 4}};
  e.mode = mode;
  e.period = period;
  e.bounds = particles::conservativeEmitterBounds(p, e);
  d.emitters.push_back(e);
  return d;
}

}  // namespace kiln::viewer::testing
