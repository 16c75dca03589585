// `kiln eval`: the CPU reference state of every alive particle at a level time.
#include <cmath>
#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/commands.hpp"
#include "particles/evaluate.hpp"
#include "particles/evaluate_all.hpp"
#include "particles/level_time.hpp"
#include "source/suggest.hpp"

namespace kiln::cli {
namespace {


Json particleJson(const particles::ParticleState& s) {
  Json j;
  j["slot"] = s.slot;
  j["birth"] = s.birth;
  j["cycle"] = s.cycle;
  j["birth_time"] = s.birthTime;
  j["age"] = s.age;
  j["lifetime"] = s.lifetime;
  j["spawn"] = jsonVec(s.spawn);
  j["velocity"] = jsonVec(s.velocity);
  j["position"] = jsonVec(s.position);
  j["size"] = s.size;
  j["rotation"] = s.rotation;
  j["color"] = Json::array({s.color[0], s.color[1], s.color[2], s.color[3]});
  j["frame"] = s.frame;
  return j;
}

}  // namespace

namespace {

// One emitter's entry of `kiln eval --json`: its name, how many are alive, and each one.
Json emitterJson(const std::string& name, const std::vector<particles::ParticleState>& states) {
  Json e;
  e["name"] = name;
  e["alive"] = states.size();
  e["particles"] = Json::array();
  for (const auto& s : states) e["particles"].push_back(particleJson(s));
  return e;
}

}  // namespace

Json evalJson(const particles::Document& doc, double time) {
  Json out;
  out["time"] = time;
  out["emitters"] = Json::array();
  std::vector<std::vector<particles::ParticleState>> all = particles::evaluateDocument(doc, time);
  for (std::size_t i = 0; i < doc.emitters.size(); ++i) out["emitters"].push_back(emitterJson(doc.emitters[i].name, all[i]));
  return out;
}

int runEval(const std::string& file, double time, const std::optional<std::string>& emitter, bool json,
            bool unchecked) {
  if (!std::isfinite(time)) {
    std::cerr << "kiln eval: --time must be a finite number\n";
    return kExitUsage;
  }
  // Past the limit the cycle index saturates and birth_time stops meaning anything.
  if (auto d = particles::checkLevelTime(time, "--time")) {
    std::cerr << "kiln eval: " << core::format(*d) << '\n';
    return kExitUsage;
  }
  const loader::LoadResult r = loader::loadAny(file, readOptions(unchecked));
  if (!r.ok()) return reportFailure(r);
  reportRelaxedFindings(r);
  const particles::Document none;
  const particles::Document& doc = r.level.particles ? *r.level.particles : none;
  bool found = !emitter;
  Json out;
  out["time"] = time;
  out["emitters"] = Json::array();
  // Every emitter at once on all cores (results identical to one after another); one named
  // emitter alone.
  std::vector<std::vector<particles::ParticleState>> all;
  if (!emitter) all = particles::evaluateDocument(doc, time);
  for (std::size_t i = 0; i < doc.emitters.size(); ++i) {
    if (emitter && doc.emitters[i].name != *emitter) continue;
    found = true;
    const std::vector<particles::ParticleState> states = emitter ? particles::evaluateEmitter(doc, i, time) : std::move(all[i]);
    if (json) {
      out["emitters"].push_back(emitterJson(doc.emitters[i].name, states));
      continue;
    }
    std::cout << doc.emitters[i].name << ": " << states.size() << " alive at t=" << time << "\n";
    for (const auto& s : states) {
      char line[256];
      std::snprintf(
          line, sizeof line,
          "  slot %4u birth %4u cycle %3lld age %8.4f/%8.4f pos (%.4f, %.4f, %.4f) size %.4f rot %8.2f "
          "rgba (%.3f %.3f %.3f %.3f) frame %u\n",
          s.slot, s.birth, static_cast<long long>(s.cycle), s.age, s.lifetime, s.position.x, s.position.y,
          s.position.z, s.size, s.rotation, s.color[0], s.color[1], s.color[2], s.color[3], s.frame);
      std::cout << line;
    }
  }
  if (!found) {
    std::vector<std::string> names;
    for (const particles::Emitter& e : doc.emitters) names.push_back(e.name);
    const core::Diagnostic d{core::Code::UnknownName, "--emitter",
                             "no emitter named '" + *emitter + "'" + source::didYouMean(*emitter, names) +
                                 "; emitters: " + source::listOf(names)};
    std::cerr << loader::format({d, file, 0, 0, std::nullopt}) << '\n';
    return kExitUsage;
  }
  if (json) std::cout << core::dumpJson(out) << '\n';
  return kExitOk;
}

}  // namespace kiln::cli
