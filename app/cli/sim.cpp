// `kiln sim`: the event particle reference state at a level time (docs/cli.md "kiln sim").
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <sstream>

#include "cli/commands.hpp"
#include "core/float.hpp"
#include "core/json_text.hpp"
#include "particles/level_time.hpp"
#include "render/cpu/camera.hpp"
#include "sim/batcher.hpp"
#include "sim/look.hpp"
#include "sim/render_buffers.hpp"
#include "sim/scene.hpp"
#include "world/sector_light.hpp"

namespace kiln::cli {
namespace {

Json jsonFloat3(sim::Float3 v) { return Json::array({v.x, v.y, v.z}); }

// A backend number as printed: fp32 its float; fpx16_16 the fixed-point value itself (exact in
// float64, so the shortest decimal that reads back as that double names it exactly).
template <class M>
Json jsonScalar(typename M::Scalar v) {
  if constexpr (M::kBackend == sim::MathBackend::Fp32)
    return v;
  else
    return M::toDouble(v);
}
// A position or velocity: [x, y, z], or [x, y] for a 2D section (its z is always 0).
template <class M>
Json jsonVec3(const typename M::Vec3& v, std::uint32_t dimensions) {
  if (dimensions == 2) return Json::array({jsonScalar<M>(v.x), jsonScalar<M>(v.y)});
  return Json::array({jsonScalar<M>(v.x), jsonScalar<M>(v.y), jsonScalar<M>(v.z)});
}

// 60 rather than 60.0 when the value is a whole number, as docs/cli.md shows it.
Json jsonNumber(double v) {
  if (std::isfinite(v) && v == std::floor(v) && std::fabs(v) < 9e15) return static_cast<std::int64_t>(v);
  return v;
}

bool parseCamera(const std::string& text, sim::Float3& eye, sim::Float3& target) {
  std::vector<double> v;
  std::stringstream in(text);
  std::string item;
  while (std::getline(in, item, ',')) {
    const auto x = core::parseDecimal(item);
    if (!x) return false;
    v.push_back(*x);
  }
  if (v.size() != 6) return false;
  eye = {static_cast<float>(v[0]), static_cast<float>(v[1]), static_cast<float>(v[2])};
  target = {static_cast<float>(v[3]), static_cast<float>(v[4]), static_cast<float>(v[5])};
  return true;
}

// The simulation and its report in the section's math backend.
template <class M>
int simulate(const SimOptions& o, sim::Scene scene, sim::Float3 eye, sim::Float3 target,
             std::optional<sim::SortMode> sortOverride, Json& out, std::string& warning) {
  sim::ParticleSystemT<M> system(std::move(scene));
  const sim::Events& events = system.scene().events;
  if (!sim::withinSimulationBudget(system.scene(), o.time)) {
    std::cerr << o.file << ": "
              << core::format({core::Code::InputBudget, "--time",
                               sim::simulationBudgetMessage(system.scene(), o.time)})
              << '\n';
    return kExitUsage;
  }
  system.advanceTo(o.time);
  sim::EventRenderBuffers buffers(system.capacity(), system.dimensions());
  const std::uint32_t dims = system.dimensions();
  sim::writeRenderBuffers<M>(system, buffers);

  // The view direction, unit length in float64 then float32, so a key is a distance in metres.
  const double dx = double(target.x) - eye.x, dy = double(target.y) - eye.y, dz = double(target.z) - eye.z;
  const double len = std::sqrt(dx * dx + dy * dy + dz * dz);
  sim::ParticleView view;
  view.sort = sortOverride.value_or(events.sort);
  view.eye = eye;
  view.forward = {float(dx / len), float(dy / len),
                  float(dz / len)};  // len > 0: checkCamera, or frameLevel's framing

  sim::SpriteBatcher batcher(system.scene().maxSprites);
  batcher.beginFrame(o.time);
  if (auto e = sim::declareParticles(batcher, system, buffers, view)) {
    std::cerr << "kiln sim: " << core::codeName(*e) << '\n';
    return kExitInvalid;
  }
  batcher.build();

  char hash[17];
  std::snprintf(hash, sizeof hash, "%016" PRIx64, sim::renderBuffersHash(buffers));
  const sim::Counters counters = system.counters();

  out = Json::object();
  out["time"] = jsonNumber(o.time);
  out["step"] = system.step();
  out["step_hz"] = jsonNumber(events.stepHz);
  out["capacity"] = system.capacity();
  out["count"] = system.liveCount();
  out["spawned"] = counters.spawned;
  out["recycled"] = counters.recycled;
  out["dropped"] = batcher.droppedThisFrame();
  out["sort"] = std::string(sim::name(view.sort));
  out["math"] = std::string(sim::name(M::kBackend));
  out["dimensions"] = dims;
  out["hash"] = hash;
  Json particles = Json::array();
  for (const std::uint32_t slot : system.liveSlots()) {
    const sim::ParticleBirthT<M>& b = system.birth(slot);
    const sim::ParticleMotionT<M>& m = system.motion(slot);
    const sim::ParticleLookT<M> look = sim::particleLook(system, slot);
    const sim::Recipe& recipe = events.recipes[b.recipe];
    Json p;
    p["id"] = b.id;
    p["source"] = sim::sourceName(events, b.source);
    p["recipe"] = events.recipes[b.recipe].name;
    p["seed"] = b.seed;
    p["index"] = b.index;
    p["birth_step"] = b.birthStep;
    p["origin"] = jsonVec3<M>(b.origin, dims);
    p["initial_velocity"] = jsonVec3<M>(b.initialVelocity, dims);
    p["lifetime"] = jsonScalar<M>(b.lifetime);
    p["size0"] = jsonScalar<M>(b.size0);
    p["age"] = jsonScalar<M>(m.age);
    p["position"] = jsonVec3<M>(m.position, dims);
    p["velocity"] = jsonVec3<M>(m.velocity, dims);
    p["size"] = jsonScalar<M>(look.size);
    p["opacity"] = jsonScalar<M>(look.opacity);
    p["rgb"] = jsonFloat3(look.rgb);
    p["coverage"] = look.coverage;
    // The light matter drawn light_matter was lit by; light (and other blends) is not lit.
    if (sim::litByMatterLight(recipe)) {
      const sim::Vec3 light = sim::matterLightAt(system.scene(), sim::toFloat3<M>(m.position));
      p["light"] = Json::array({light[0], light[1], light[2]});
    } else {
      p["light"] = nullptr;
    }
    // A recipe's depth_override; else view: the depth along the unit view direction (of the
    // position as drawn); iso: the isometric key; none: 0.
    if (recipe.depthOverride)
      p["key"] = *recipe.depthOverride;
    else if (view.sort == sim::SortMode::View)
      p["key"] = sim::viewDepth(sim::toFloat3<M>(m.position), view.eye, view.forward);
    else
      p["key"] = sim::particleSortKey<M>(view, m.position, recipe);
    particles.push_back(std::move(p));
  }
  Json order = Json::array();
  for (const sim::SpriteDeclaration& d : batcher.sorted()) order.push_back(system.birth(buffers.slot()[d.item]).id);

  out["particles"] = std::move(particles);
  out["draw_order"] = std::move(order);
  if (batcher.warnedThisFrame()) warning = o.file + ": " + core::format(batcher.dropWarning());
  return kExitOk;
}

}  // namespace

int simulateJson(const SimOptions& o, Json& out, std::string& warning) {
  if (!std::isfinite(o.time) || o.time < 0) {
    std::cerr << "kiln sim: --time must be a finite number of seconds, 0 or more\n";
    return kExitUsage;
  }
  // The same limit as every command, before the budget (which a tiny pool at 1 Hz would pass).
  if (auto d = particles::checkLevelTime(o.time, "--time")) {
    std::cerr << "kiln sim: " << core::format(*d) << '\n';
    return kExitUsage;
  }
  std::optional<sim::SortMode> sortOverride;
  if (o.sort) {
    sortOverride = sim::sortModeFromName(*o.sort);
    if (!sortOverride) {
      std::cerr << "kiln sim: --sort must be view, iso or none (got '" << core::escapeText(*o.sort) << "')\n";
      return kExitUsage;
    }
  }
  sim::Float3 eye, target;
  const bool cameraGiven = o.camera.has_value();
  if (cameraGiven && !parseCamera(*o.camera, eye, target)) {
    std::cerr << "kiln sim: --camera must be eye_x,eye_y,eye_z,target_x,target_y,target_z (six finite numbers)\n";
    return kExitUsage;
  }
  // The capture's rule, so the view a sort looks along is the one a capture would draw.
  if (cameraGiven)
    if (auto d = render::checkCamera({eye.x, eye.y, eye.z}, {target.x, target.y, target.z}, {0, 0, 1},
                                     "--camera")) {
      std::cerr << "kiln sim: " << core::format(*d) << '\n';
      return kExitUsage;
    }
  loader::LoadOptions options;
  options.loadTextures = false;
  const loader::LoadResult r = loader::loadAny(o.file, options);
  if (!r.ok()) return reportFailure(r);
  if (!r.level.events) {
    std::cerr << o.file << ": error: the level has no events: section, so there is nothing to simulate\n";
    return kExitInvalid;
  }
  // The level already passed every rule; sprite frames resolve against the host's textures,
  // which the simulation does not read.
  std::vector<std::string> frames;
  for (const sim::Recipe& x : r.level.events->recipes)
    if (x.sprite) frames.push_back(x.sprite->frame);
  sim::EventsCompileResult compiled = sim::compileEvents(*r.level.events, frames);
  if (!compiled.scene) {
    for (const core::Diagnostic& d : compiled.diagnostics) std::cerr << o.file << ": " << core::format(d) << '\n';
    return kExitInvalid;
  }
  // `matter_light: sector` lights each matter particle by the level's sector it is in.
  if (compiled.scene->events.matterLightMode == sim::MatterLightMode::Sector)
    compiled.scene->sectorLight = world::sectorLight(r.level.world);
  if (!cameraGiven) {
    const render::Camera c = render::frameLevel(r.level.world, r.level.particles ? &*r.level.particles : nullptr);
    eye = {c.eye.x, c.eye.y, c.eye.z};
    target = {c.target.x, c.target.y, c.target.z};
  }

  if (compiled.scene->events.math == sim::MathBackend::Fpx16_16)
    return simulate<sim::Fx16Math>(o, std::move(*compiled.scene), eye, target, sortOverride, out, warning);
  return simulate<sim::Fp32Math>(o, std::move(*compiled.scene), eye, target, sortOverride, out, warning);
}

int runSim(const SimOptions& o) {
  Json out;
  std::string warning;
  if (const int rc = simulateJson(o, out, warning); rc != kExitOk) return rc;
  if (o.json) {
    // Through the one escaping rule, as every JSON Kiln prints: a name holding a C1 control
    // comes out as an escaped \\xNN, so the text passes the terminal filter unchanged.
    std::cout << core::dumpJson(out, -1) << '\n';
    return kExitOk;
  }
  std::cout << o.file << " at t=" << o.time << " s: step " << out["step"] << " at " << out["step_hz"] << " Hz, "
            << out["count"] << " of " << out["capacity"] << " live, " << out["spawned"] << " spawned, "
            << out["recycled"] << " recycled, " << out["dropped"] << " dropped; sort "
            << out["sort"].get<std::string>() << ", math " << out["math"].get<std::string>() << ", "
            << out["dimensions"] << "D, hash "
            << out["hash"].get<std::string>() << '\n';
  for (const Json& p : out["particles"]) {
    char line[256], where[96];
    const auto& pos = p["position"];
    if (pos.size() == 2)
      std::snprintf(where, sizeof where, "(%.4f, %.4f)", pos[0].get<double>(), pos[1].get<double>());
    else
      std::snprintf(where, sizeof where, "(%.4f, %.4f, %.4f)", pos[0].get<double>(), pos[1].get<double>(),
                    pos[2].get<double>());
    std::snprintf(line, sizeof line, "  #%-6" PRIu64 " %-24s %-12s age %7.4f/%7.4f pos %s size %.4f opacity %.4f\n",
                  p["id"].get<std::uint64_t>(), p["source"].get<std::string>().c_str(),
                  p["recipe"].get<std::string>().c_str(), p["age"].get<double>(), p["lifetime"].get<double>(), where,
                  p["size"].get<double>(), p["opacity"].get<double>());
    std::cout << line;
  }
  if (!warning.empty()) std::cerr << warning << '\n';
  return kExitOk;
}

}  // namespace kiln::cli
