// The conformance kit's state and sim cases: Kiln's states of the kit's levels, with their tolerances.
#include <iostream>
#include <map>

#include "cli/conformance.hpp"
#include "core/json_text.hpp"

namespace kiln::cli::conformance {
namespace {

namespace fs = std::filesystem;

// The fp32 tolerance: a state's times, values and rotations.
Json stateTolerance() {
  Json t;
  t["time"] = {{"abs", 1e-6}, {"rel", 1e-12}};
  t["value"] = {{"abs", 1e-5}, {"rel", 1e-5}};
  t["rotation"] = {{"abs", 1e-3}, {"rel", 1e-5}};
  return t;
}

// fpx16_16: the 16.16 values (`kiln sim` prints them exactly) must be equal; the render floats
// made from them (rgb, coverage, light, a view key) keep the fp32 tolerance. A field named in a
// case's tolerance uses that tolerance instead of its kind's (docs/conformance.md).
Json fixedPointTolerance() {
  Json t = stateTolerance();
  for (const char* field : {"origin", "initial_velocity", "lifetime", "size0", "age", "position", "velocity", "size",
                            "opacity"})
    t[field] = {{"abs", 0.0}, {"rel", 0.0}};
  return t;
}

// Dyadic inputs: every intermediate is exact in float32 and in 16.16, so any correct host gives
// the same values in either backend.
Json exactTolerance() {
  Json t = stateTolerance();
  t["value"] = {{"abs", 0.0}, {"rel", 0.0}};
  return t;
}

}  // namespace

int addStateCases(Profile profile, const fs::path& scratch, std::vector<KitFile>& files, Json& cases) {
  struct StatePlan {
    std::string level;
    std::vector<double> times;
    std::string tests;
  };
  std::vector<StatePlan> states = {
      {"levels/braziers.klm", {2.5}, "the braziers sample"},
      {"levels/edges.kwp", {0.75, 4.1, 5e6 + 0.37}, "drag off, tiny, moderate and strong; three cycle groups; "
                                                     "yaw 90, -180, 37.5 and scale 0.25..3; a 1000 fps flipbook "
                                                     "past 2^32 frames at 5e6 s"}};
  if (profile == Profile::Full) {
    states[0].times = {0.5, 1.12, 2.5, 7.25, 3600.5};
    states[1].times = {0.75, 1.3, 2.6, 4.1, 1000.01, 5e6 + 0.37, 9.99e8 + 0.123};
    states.push_back({"levels/smoke_fire.klm", {1, 8, 30}, "the smoke_fire sample"});
    states.push_back({"levels/stress.klm", {3}, "the stress sample"});
  }
  for (const StatePlan& s : states)
    for (const double t : s.times) {
      const std::string stem = fs::path(s.level).stem().string();
      const std::string id = "state." + stem + ".t" + idTime(t);
      std::string why;
      const Json state = evalState(scratch / s.level, t, why);
      if (state.is_null()) {
        std::cerr << "kiln conformance export: " << id << ": " << why << '\n';
        return kExitInvalid;
      }
      const std::string path = "states/" + id + ".json";
      files.push_back({path, std::vector<std::uint8_t>()});
      const std::string text = core::dumpJson(state, 1) + "\n";
      files.back().bytes.assign(text.begin(), text.end());
      Json c = caseBase(id, "state", "particle-state", "docs/particles.md", s.tests + " at t=" + std::to_string(t));
      c["input"] = {{"level", s.level}, {"time", t}};
      c["expected"] = path;
      c["tolerance"] = stateTolerance();
      cases.push_back(c);
    }
  return kExitOk;
}

int addSimCases(Profile profile, const fs::path& scratch, std::vector<KitFile>& files, Json& cases) {
  // Each sim case is one level at steps of its own, at half a step past each (so the step is never
  // on a rounding edge). `twin`: a case of the same steps whose particles and draw order these must
  // equal (the dyadic level under both backends); the exporter refuses a kit where they differ.
  struct SimPlan {
    std::string name, level, math;
    double stepHz;
    std::vector<int> small, full;
    std::string tests;
    Json tolerance;
    std::string twin;
  };
  const std::vector<SimPlan> sims = {
      {"braziers", "levels/braziers.klm", "fp32", 60, {67}, {30, 67, 120, 240, 600},
       "the braziers' event particles in fp32", stateTolerance(), ""},
      {"braziers_fpx16_16", "levels/braziers_fpx16_16.klm", "fpx16_16", 60, {67}, {30, 67, 120, 240, 600},
       "the braziers' event particles in fpx16_16 (16.16 values exact)", fixedPointTolerance(), ""},
      {"dyadic", "levels/dyadic.klm", "fp32", 64, {40}, {10, 40, 70},
       "dyadic inputs in fp32: every value exact, the same state as fpx16_16", exactTolerance(), ""},
      {"dyadic_fpx16_16", "levels/dyadic_fpx16_16.klm", "fpx16_16", 64, {40}, {10, 40, 70},
       "dyadic inputs in fpx16_16: every value exact, the same state as fp32", exactTolerance(), "dyadic"},
      {"iso_layers", "levels/iso_layers.klm", "fp32", 60, {30}, {30, 90},
       "sort: iso with layers -1, 0 and 1 against their rows, and step heights", stateTolerance(), ""},
      {"depth_override", "levels/depth_override.klm", "fp32", 60, {30}, {30, 90},
       "depth_override keys 0, 2^31 + 2^21 and 2^32 - 1 against layers and spawn order", stateTolerance(), ""},
      {"iso2d", "levels/iso2d.klm", "fp32", 60, {126}, {40, 100, 126},
       "dimensions: 2 (the iso2d sample: [x, y] vectors, gravity along y, layers under sort: iso)",
       stateTolerance(), ""},
      {"iso2d_fpx16_16", "levels/iso2d_fpx16_16.klm", "fpx16_16", 60, {}, {40, 126},
       "dimensions: 2 in fpx16_16 (16.16 values exact)", fixedPointTolerance(), ""}};
  std::map<std::string, Json> simStates;  // by plan name and step: "dyadic.40"
  for (const SimPlan& sp : sims) {
    for (const int step : profile == Profile::Full ? sp.full : sp.small) {
      const std::string id = "sim." + sp.name + ".step" + std::to_string(step);
      const double t = (step + 0.5) / sp.stepHz;
      std::string why;
      const Json state = simState(scratch / sp.level, t, why);
      if (state.is_null()) {
        std::cerr << "kiln conformance export: " << id << ": " << why << '\n';
        return kExitInvalid;
      }
      if (state.at("math") != sp.math || state.at("step") != step) {
        std::cerr << "kiln conformance export: " << id << ": Kiln ran step " << state.at("step") << " in "
                  << state.at("math") << ", the case means step " << step << " in " << sp.math << '\n';
        return kExitInvalid;
      }
      simStates[sp.name + "." + std::to_string(step)] = state;
      if (!sp.twin.empty()) {
        const Json& twin = simStates.at(sp.twin + "." + std::to_string(step));
        for (const char* key : {"count", "spawned", "recycled", "dropped", "particles", "draw_order"})
          if (state.at(key) != twin.at(key)) {
            std::cerr << "kiln conformance export: " << id << ": " << key << " differs from sim." << sp.twin
                      << ".step" << step << "'s, which it must equal; nothing written\n";
            return kExitInvalid;
          }
      }
      const std::string path = "states/" + id + ".json";
      const std::string text = core::dumpJson(state, 1) + "\n";
      files.push_back({path, std::vector<std::uint8_t>(text.begin(), text.end())});
      Json c = caseBase(id, "sim", "event-state", "docs/events.md", sp.tests + " at step " + std::to_string(step));
      c["input"] = {{"level", sp.level}, {"time", t}, {"step", step}, {"math", sp.math}};
      c["expected"] = path;
      c["tolerance"] = sp.tolerance;
      cases.push_back(c);
    }
  }
  return kExitOk;
}

}  // namespace kiln::cli::conformance
