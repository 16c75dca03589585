// `kiln conformance export|run|check`: writes the host conformance kit (verdicts, states,
// pictures and their manifest), answers it as a host would, and checks a host's answers
// (docs/conformance.md).
#include "cli/conformance.hpp"

#include <unistd.h>

#include <chrono>
#include <iostream>
#include <map>
#include <set>

#include "core/escape.hpp"
#include "core/file.hpp"
#include "core/output_plan.hpp"
#include "loader/data_dirs.hpp"
#include "particles/bounds.hpp"
#include "particles/kwp1/kwp1.hpp"
#include "sim/model.hpp"
#include "world/level.hpp"

namespace kiln::cli {
namespace {

namespace fs = std::filesystem;
using namespace conformance;
namespace wp = kiln::particles;

std::span<const std::uint8_t> bytesOf(const std::string& s) {
  return {reinterpret_cast<const std::uint8_t*>(s.data()), s.size()};
}

// The generated state edge cases: drag on each branch (none, tiny, moderate, strong), cycle
// groups, a flipbook whose frame count passes 2^32, yaw and scale, read at long times too.
wp::Document edgeDocument() {
  wp::Preset p;
  p.name = "edge";
  p.capacity = 256;
  p.spawnShape = wp::SpawnShape::Box;
  p.spawnHalfExtents = {0.2, 0.1, 0.05};
  p.velocity = {{-0.5, -0.25, 1}, {0.5, 0.25, 2}};
  p.lifetime = {2, 3};
  p.acceleration = {0.1, 0, -1.5};
  p.rotationAngle = {-45, 45};
  p.rotationSpeed = {-90, 90};
  p.size = {{0, 0.1}, {0.3, 0.25}, {1, 0.05}};
  p.color = {{0, {1, 0.8, 0.3, 1}}, {0.5, {0.9, 0.4, 0.1, 0.7}}, {1, {0.2, 0.1, 0.1, 0}}};
  p.sprite.frames = {"f0", "f1", "f2", "f3"};
  p.sprite.fps = 1000;
  p.sprite.flipbook = wp::Flipbook::Cycle;
  wp::Document doc;
  doc.version = wp::AlphaVersion;
  const double drags[] = {0, 1e-7, 0.5, 20};
  const double yaws[] = {0, 90, -180, 37.5};
  const double scales[] = {1, 0.25, 3, 1.5};
  for (int i = 0; i < 4; ++i) {
    wp::Preset q = p;
    q.name = "drag_" + std::to_string(i);
    q.drag = drags[i];
    doc.presets.push_back(q);
    wp::Emitter e;
    e.name = "edge_" + std::to_string(i);
    e.preset = static_cast<std::uint32_t>(i);
    e.position = {2.0 * i, 1, 0.5};
    e.yaw = yaws[i];
    e.scale = scales[i];
    e.seed = 1000u + static_cast<std::uint32_t>(i);
    e.rate = 12;
    e.duration = 1;
    e.bursts = {{0.25, 5}};
    e.mode = wp::PlayMode::Cycle;
    e.period = 1.25;  // lifetime up to 3 s: three cycle groups
    e.delay = 0.5 * i;
    doc.emitters.push_back(e);
  }
  for (wp::Emitter& e : doc.emitters) e.bounds = wp::conservativeEmitterBounds(doc.presets[e.preset], e);
  return doc;
}

struct Level {
  std::string name, file;  // file in the data folder, or "" for the generated edge document
};

Json caseBase(const std::string& id, const std::string& area, const std::string& rule, const std::string& docs,
              const std::string& tests) {
  Json c;
  c["id"] = id;
  c["area"] = area;
  c["rule"] = rule;
  c["docs"] = docs;
  c["tests"] = tests;
  return c;
}

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

std::string idTime(double t) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "%.6g", t);
  std::string s = buf;
  for (char& c : s)
    if (c == '.' || c == '+') c = '_';
  return s;
}

int exportKit(const ConformanceOptions& o) {
  const auto started = std::chrono::steady_clock::now();
  const Profile profile = o.full ? Profile::Full : Profile::Small;
  const fs::path kit = o.kit;
  const fs::path levelsIn = loader::dataPath("levels");
  std::vector<Level> samples = {{"braziers", "braziers.klm"}};
  if (profile == Profile::Full) {
    samples.push_back({"smoke_fire", "smoke_fire.klm"});
    samples.push_back({"stress", "stress.klm"});
  }

  core::Diagnostic error;
  const auto braziers = core::readFile(levelsIn / "braziers.klm", error, 64u << 20);
  if (!braziers) return reportIoError(error);

  std::vector<KitFile> files;
  Json cases = Json::array();
  std::vector<VerdictCase> verdicts;
  try {
    verdicts = verdictCases(profile, *braziers);
  } catch (const std::exception& e) {
    std::cerr << "kiln conformance export: " << e.what() << '\n';
    return kExitInvalid;
  }
  // The kit is only as good as its expectations: Kiln's own decoder must agree with every case.
  int disagreements = 0;
  for (const VerdictCase& v : verdicts) {
    const Json got = decodeVerdict(v.format, v.bytes);
    const bool accepted = got["verdict"] == "accepted";
    if (accepted != !v.expectCode || (v.expectCode && got["code"] != *v.expectCode) ||
        (v.expectOffset && got["offset"] != *v.expectOffset)) {
      std::cerr << "kiln conformance export: case " << v.id << " expects "
                << (v.expectCode ? *v.expectCode : std::string("accepted"))
                << (v.expectOffset ? " at " + std::to_string(*v.expectOffset) : std::string()) << ", Kiln's decoder says "
                << got.dump() << '\n';
      ++disagreements;
      continue;
    }
    std::string ext = v.format.substr(0, 3);
    for (char& c : ext) c = static_cast<char>(std::tolower(c));
    const std::string path = "verdicts/" + v.id + "." + (v.format == "KWP1" ? "kwp" : v.format == "KWS1" ? "kws"
                                                          : v.format == "KEV1" ? "kev" : "klm");
    files.push_back({path, v.bytes});
    Json c = caseBase(v.id, "verdict", v.rule, v.docs, v.tests);
    c["format"] = v.format;
    c["side"] = v.side;
    c["input"] = path;
    Json expected;
    expected["verdict"] = got["verdict"];
    if (!accepted) {
      expected["code"] = got["code"];
      expected["offset"] = got["offset"];
    }
    c["expected"] = expected;
    cases.push_back(c);
  }
  if (disagreements) {
    std::cerr << "kiln conformance export: " << disagreements << " case(s) disagree with the decoder; nothing written\n";
    return kExitInvalid;
  }

  // A scratch folder: the generated sources are compiled there, and the states computed from the
  // kit's files written there. Removed on every way out, an early error included.
  const fs::path scratch = fs::temp_directory_path() / ("kiln-conformance-" + std::to_string(::getpid()));
  struct RemoveAtExit {
    fs::path path;
    ~RemoveAtExit() {
      std::error_code ignored;
      fs::remove_all(path, ignored);
    }
  } removeScratch{scratch};

  // Levels the state, sim and picture cases read: the compiled samples with their textures, and
  // the generated edge document.
  std::vector<fs::path> inputs;
  for (const Level& l : samples) {
    const auto bytes = core::readFile(levelsIn / l.file, error, 64u << 20);
    if (!bytes) return reportIoError(error);
    inputs.push_back(levelsIn / l.file);
    files.push_back({"levels/" + l.file, *bytes});
  }
  std::error_code ec;
  for (fs::directory_iterator it(levelsIn / "textures", ec), end; !ec && it != end; it.increment(ec)) {
    const auto bytes = core::readFile(it->path(), error, 64u << 20);
    if (!bytes) return reportIoError(error);
    inputs.push_back(it->path());
    files.push_back({"levels/textures/" + it->path().filename().string(), *bytes});
  }
  files.push_back({"levels/edges.kwp", wp::encodeKwp1(edgeDocument())});
  // The braziers' events in seed 004's 16.16 fixed point (events.math: fpx16_16): the same
  // level re-encoded, so a host on the fixed-point backend has a state to match bit for bit.
  {
    const auto bytes = core::readFile(levelsIn / "braziers.klm", error, 64u << 20);
    if (!bytes) return reportIoError(error);
    auto decoded = world::decodeKlm1(*bytes, {});
    if (auto* d = std::get_if<core::DecodeError>(&decoded)) {
      std::cerr << "kiln conformance export: braziers.klm: " << d->message << '\n';
      return kExitInvalid;
    }
    world::Level fixed = std::move(std::get<world::Level>(decoded));
    fixed.events->math = sim::MathBackend::Fpx16_16;
    files.push_back({"levels/braziers_fpx16_16.klm", world::encodeKlm1(fixed)});
  }
  if (const int rc = addEventFeatureLevels(profile, levelsIn, scratch, files, inputs); rc != kExitOk) return rc;

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
  // The states are computed from the files as the kit holds them.
  fs::create_directories(scratch / "levels", ec);
  for (const KitFile& f : files)
    if (f.path.starts_with("levels/")) {
      fs::create_directories((scratch / f.path).parent_path(), ec);
      if (!core::writeFile(scratch / f.path, f.bytes, error)) return reportIoError(error);
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

  // A picture framed on one emitter fills the frame with it, so an emitter a host leaves out
  // (or draws with the wrong blend) changes far more than the tolerance; the framings of the
  // whole level check the composition.
  // The event feature pictures look down at the plane z = 0 through an orthographic camera, as
  // the samples' own capture lines do: `camera` (eye, target) and `ortho` (metres top to bottom).
  struct PicturePlan {
    std::string level;
    double time;
    std::string frame;  // an emitter, or empty for every emitter's bounds
    std::string camera = {};
    double ortho = 0;
    std::string id() const {
      return "picture." + fs::path(level).stem().string() + (frame.empty() ? "" : "." + frame) + ".t" + idTime(time);
    }
  };
  std::vector<PicturePlan> pictures = {{"levels/braziers.klm", 2, "west_flame"},
                                       {"levels/iso2d.klm", 2.1, "", "12,12,7.5,4,4,-0.5", 9},
                                       {"levels/soot.klm", 1.5, "", "9,9,5,4,4,-0.5", 5},
                                       {"levels/palette.klm", 1.2, "", "9,9,5,4,4,-0.5", 5}};
  if (profile == Profile::Full) {
    pictures.push_back({"levels/braziers.klm", 2, ""});
    pictures.push_back({"levels/braziers.klm", 1.12, ""});
    pictures.push_back({"levels/smoke_fire.klm", 8, ""});
    for (const char* level : {"levels/braziers.klm", "levels/smoke_fire.klm"}) {
      const loader::LoadResult r = loader::loadAny(scratch / level, readOptions(false));
      if (r.ok() && r.level.particles)
        for (const wp::Emitter& e : r.level.particles->emitters)
          if (!(level == std::string("levels/braziers.klm") && e.name == "west_flame"))
            pictures.push_back({level, level == std::string("levels/braziers.klm") ? 2.0 : 8.0, e.name});
    }
  }
  const std::string size = profile == Profile::Full ? "640x360" : "320x180";

  core::OutputPlan plan;
  for (const fs::path& p : inputs) plan.addInput(p, "sample level file");
  std::vector<std::size_t> outputs;
  for (const KitFile& f : files) outputs.push_back(plan.addOutput(kit / f.path, "kit file"));
  const std::size_t manifestOut = plan.addOutput(kit / "manifest.json", "kit manifest");
  const std::size_t manifestSchemaOut = plan.addOutput(kit / "manifest.schema.json", "kit manifest's schema");
  const std::size_t resultsSchemaOut = plan.addOutput(kit / "results.schema.json", "results schema");
  for (const PicturePlan& p : pictures) {
    const std::string id = p.id();
    plan.addOutput(kit / ("pictures/" + id + ".png"), "reference capture");
    plan.addOutput(kit / ("pictures/" + id + ".json"), "reference capture's sidecar");
  }
  if (const core::Diagnostics refused = plan.check(o.force); !refused.empty()) return reportRefusedOutputs(refused);
  for (std::size_t i = 0; i < files.size(); ++i)
    if (!plan.write(outputs[i], files[i].bytes, error)) return reportIoError(error);

  for (const PicturePlan& p : pictures) {
    const std::string id = p.id();
    CaptureOptions c;
    c.file = (kit / p.level).string();
    c.time = p.time;
    c.size = size;
    c.frameAll = p.frame.empty() && p.camera.empty();
    if (!p.frame.empty()) c.frame = p.frame;
    if (!p.camera.empty()) c.camera = p.camera;
    if (p.ortho > 0) c.ortho = p.ortho;
    c.force = true;
    c.out = (kit / ("pictures/" + id + ".png")).string();
    if (const int rc = runCapture(c); rc != kExitOk) return rc;
    const auto side = core::readFile(kit / ("pictures/" + id + ".json"), error, 1u << 20);
    if (!side) return reportIoError(error);
    const Json sidecar = Json::parse(side->begin(), side->end());
    Json cc = caseBase(id, "picture", "capture", "docs/rendering.md", "an LDR capture of " + p.level + " at t=" +
                                                                           std::to_string(p.time) +
                                       (!p.camera.empty() ? ", an orthographic camera " + idTime(p.ortho) +
                                                                " m tall looking from " + p.camera
                                        : p.frame.empty() ? ", every emitter framed"
                                                          : ", framed on " + p.frame));
    cc["input"] = {{"level", p.level},
                   {"time", p.time},
                   {"size", sidecar.at("size")},
                   {"camera", sidecar.at("camera")},
                   {"output", "ldr"},
                   {"events", true},
                   {"frame", p.frame.empty() ? Json(nullptr) : Json(p.frame)}};
    cc["expected"] = "pictures/" + id + ".png";
    cc["sidecar"] = "pictures/" + id + ".json";
    cc["tolerance"] = {{"flip_mean", 0.01}, {"ppd", 67.0206}, {"channel", 16}, {"changed_percent", 0.5}};
    cases.push_back(cc);
  }

  Json manifest;
  manifest["kit"] = "kiln-conformance";
  manifest["version"] = kKitVersion;
  manifest["profile"] = profile == Profile::Full ? "full" : "small";
  manifest["kiln_version"] = KILN_VERSION;
  manifest["schema"] = "manifest.schema.json";
  manifest["uncovered_codes"] = uncoveredCodes(verdicts);
  Json notFrom = Json::object();
  for (const NotFromDocuments& n : notFromDocuments()) notFrom[std::string(n.code)] = std::string(n.why);
  manifest["not_from_documents"] = notFrom;
  manifest["cases"] = cases;
  const std::string text = core::dumpJson(manifest, 1) + "\n";
  if (!plan.write(manifestOut, bytesOf(text), error)) return reportIoError(error);
  // The schemas ship beside the manifest, through the same plan (never over a file the user has
  // without --force); a data folder without them is an error, not a kit without them.
  for (const auto& [name, out] : {std::pair{"conformance-manifest.schema.json", manifestSchemaOut},
                                  std::pair{"conformance-results.schema.json", resultsSchemaOut}}) {
    const auto schema = core::readFile(loader::dataPath(std::string("schema/") + name), error, 1u << 20);
    if (!schema || !plan.write(out, *schema, error)) return reportIoError(error);
  }

  std::map<std::string, int> byArea;
  for (const Json& c : cases) ++byArea[c["area"].get<std::string>()];
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  std::cout << "exported " << (profile == Profile::Full ? "the full" : "the small") << " kit to "
            << core::escapeText(o.kit) << ": " << cases.size() << " cases (";
  bool first = true;
  for (const auto& [area, n] : byArea) {
    std::cout << (first ? "" : ", ") << n << " " << area;
    first = false;
  }
  std::cout << ") in " << static_cast<int>(seconds + 0.5) << " s\n";
  return kExitOk;
}

std::optional<Json> readJsonFile(const fs::path& path, std::string& why) {
  core::Diagnostic error;
  const auto bytes = core::readFile(path, error, 256u << 20);
  if (!bytes) {
    why = error.message;
    return std::nullopt;
  }
  try {
    return Json::parse(bytes->begin(), bytes->end());
  } catch (const std::exception& e) {
    why = e.what();
    return std::nullopt;
  }
}

// The kit's manifest, or nothing after saying why on stderr as `kiln conformance COMMAND`.
std::optional<Json> readKitManifest(const fs::path& kit, const char* command) {
  std::string why;
  auto manifest = readJsonFile(kit / "manifest.json", why);
  if (!manifest)
    std::cerr << "kiln conformance " << command << ": " << core::escapeText((kit / "manifest.json").string()) << ": "
              << why << '\n';
  return manifest;
}

int runKit(const ConformanceOptions& o) {
  const fs::path kit = o.kit, results = o.results;
  std::string why;
  const auto manifest = readKitManifest(kit, "run");
  if (!manifest) return kExitUsage;
  core::OutputPlan plan;
  plan.addInput(kit / "manifest.json", "kit manifest");
  const std::size_t resultsOut = plan.addOutput(results / "results.json", "results");
  for (const Json& c : manifest->at("cases"))
    if (c.at("area") == "picture") {
      plan.addInput(kit / c.at("expected").get<std::string>(), "reference capture");
      plan.addOutput(results / ("captures/" + c.at("id").get<std::string>() + ".png"), "capture");
      plan.addOutput(results / ("captures/" + c.at("id").get<std::string>() + ".json"), "capture's sidecar");
    }
  if (const core::Diagnostics refused = plan.check(o.force); !refused.empty()) return reportRefusedOutputs(refused);

  Json out;
  out["kit_version"] = manifest->at("version");
  out["host"] = std::string("kiln ") + KILN_VERSION;
  out["cases"] = Json::object();
  for (const Json& c : manifest->at("cases")) {
    const std::string id = c.at("id").get<std::string>(), area = c.at("area").get<std::string>();
    Json r;
    if (area == "verdict") {
      core::Diagnostic error;
      const auto bytes = core::readFile(kit / c.at("input").get<std::string>(), error, 64u << 20);
      if (!bytes) return reportIoError(error);
      r = decodeVerdict(c.at("format").get<std::string>(), *bytes);
    } else if (area == "state" || area == "sim") {
      const fs::path level = kit / c.at("input").at("level").get<std::string>();
      const double t = c.at("input").at("time").get<double>();
      r["state"] = area == "state" ? evalState(level, t, why) : simState(level, t, why);
      if (r["state"].is_null()) {
        std::cerr << "kiln conformance run: " << id << ": " << why << '\n';
        return kExitInvalid;
      }
    } else if (area == "picture") {
      const Json& in = c.at("input");
      CaptureOptions capture;
      capture.file = (kit / in.at("level").get<std::string>()).string();
      capture.time = in.at("time").get<double>();
      capture.size = std::to_string(in.at("size")[0].get<int>()) + "x" + std::to_string(in.at("size")[1].get<int>());
      const Json& cam = in.at("camera");
      char camera[256];
      std::snprintf(camera, sizeof camera, "%.17g,%.17g,%.17g,%.17g,%.17g,%.17g", cam.at("eye")[0].get<double>(),
                    cam.at("eye")[1].get<double>(), cam.at("eye")[2].get<double>(), cam.at("target")[0].get<double>(),
                    cam.at("target")[1].get<double>(), cam.at("target")[2].get<double>());
      capture.camera = camera;
      capture.fov = cam.at("fov_y_degrees").get<double>();
      // An orthographic camera: ortho_height metres top to bottom, the field of view unused.
      if (cam.value("orthographic", false)) capture.ortho = cam.at("ortho_height").get<double>();
      capture.force = true;
      capture.out = (results / ("captures/" + id + ".png")).string();
      if (const int rc = runCapture(capture); rc != kExitOk) return rc;
      r["capture"] = "captures/" + id + ".png";
    }
    out["cases"][id] = r;
  }
  const std::string text = core::dumpJson(out, 1) + "\n";
  core::Diagnostic error;
  if (!plan.write(resultsOut, bytesOf(text), error)) return reportIoError(error);
  std::cout << "answered " << out["cases"].size() << " cases into " << core::escapeText(o.results) << '\n';
  return kExitOk;
}

int checkKit(const ConformanceOptions& o) {
  const fs::path kit = o.kit, results = o.results;
  std::string why;
  const auto manifest = readKitManifest(kit, "check");
  if (!manifest) return kExitUsage;
  const auto host = readJsonFile(results / "results.json", why);
  if (!host || !host->contains("cases") || !host->at("cases").is_object()) {
    std::cerr << "kiln conformance check: " << core::escapeText((results / "results.json").string()) << ": "
              << (host ? std::string("no \"cases\" object") : why) << '\n';
    return kExitUsage;
  }
  if (host->value("kit_version", Json()) != manifest->at("version")) {
    std::cerr << "kiln conformance check: the results answer kit version " << host->value("kit_version", Json()).dump()
              << ", the kit is version " << manifest->at("version").dump() << '\n';
    return kExitInvalid;
  }
  std::optional<std::size_t> reportOut;
  core::OutputPlan plan;
  plan.addInput(kit / "manifest.json", "kit manifest");
  plan.addInput(results / "results.json", "results");
  if (o.report) reportOut = plan.addOutput(*o.report, "report");
  if (const core::Diagnostics refused = plan.check(o.force); !refused.empty()) return reportRefusedOutputs(refused);

  const std::set<std::string> areas(o.areas.begin(), o.areas.end()), only(o.cases.begin(), o.cases.end());
  std::set<std::string> known;
  std::vector<Outcome> outcomes;
  for (const Json& c : manifest->at("cases")) {
    const std::string id = c.at("id").get<std::string>();
    known.insert(id);
    if (!areas.empty() && !areas.contains(c.at("area").get<std::string>())) continue;
    if (!only.empty() && !only.contains(id)) continue;
    const Json& all = host->at("cases");
    outcomes.push_back(checkCase(c, kit, all.contains(id) ? &all.at(id) : nullptr, results));
  }
  for (const std::string& id : only)
    if (!known.contains(id)) {
      std::cerr << "kiln conformance check: --case " << core::escapeText(id) << " is not a case of the kit\n";
      return kExitUsage;
    }
  std::map<std::string, std::pair<int, int>> byArea;
  int failed = 0;
  for (const Outcome& r : outcomes) {
    auto& [passed, total] = byArea[r.area];
    ++total;
    if (r.pass) {
      ++passed;
      continue;
    }
    ++failed;
    std::cout << "FAIL " << core::escapeText(r.id) << ": " << core::escapeText(r.field) << ": expected "
              << core::escapeText(r.expected) << ", got " << core::escapeText(r.got) << " (tolerance "
              << core::escapeText(r.tolerance) << ")" << (r.note.empty() ? "" : "; " + core::escapeText(r.note)) << '\n';
  }
  for (const auto& [area, counts] : byArea)
    std::cout << area << ": " << counts.first << " of " << counts.second << " passed\n";
  std::cout << (failed ? "FAILED: " : "PASSED: ") << outcomes.size() - static_cast<std::size_t>(failed) << " of "
            << outcomes.size() << " cases pass\n";
  if (reportOut) {
    const std::string page = reportHtml(*manifest, outcomes);
    core::Diagnostic error;
    if (!plan.write(*reportOut, bytesOf(page), error)) return reportIoError(error);
  }
  return failed || outcomes.empty() ? kExitInvalid : kExitOk;
}

}  // namespace

namespace conformance {

Json evalState(const fs::path& level, double time, std::string& error) {
  const loader::LoadResult r = loader::loadAny(level, readOptions(false));
  if (!r.ok()) {
    error = r.diagnostics.empty() ? "cannot load" : loader::format(r.diagnostics.front());
    return nullptr;
  }
  const wp::Document none;
  Json state = evalJson(r.level.particles ? *r.level.particles : none, time);
  for (Json& e : state["emitters"])
    for (Json& p : e["particles"]) {
      Json bits;
      for (const char* key : {"position", "color"}) {
        bits[key] = Json::array();
        for (const Json& v : p[key]) bits[key].push_back(f32Bits(v.get<double>()));
      }
      bits["size"] = f32Bits(p["size"].get<double>());
      bits["rotation"] = f32Bits(p["rotation"].get<double>());
      p["bits"] = bits;
    }
  return state;
}

Json simState(const fs::path& level, double time, std::string& error) {
  SimOptions o;
  o.file = level.string();
  o.time = time;
  o.json = true;
  Json out;
  std::string warning;
  if (simulateJson(o, out, warning) != kExitOk) {
    error = "kiln sim failed (printed above)";
    return nullptr;
  }
  return out;
}

}  // namespace conformance

int runConformance(const ConformanceOptions& o) {
  if (o.action == "export") return exportKit(o);
  if (o.action == "run") return runKit(o);
  return checkKit(o);
}

}  // namespace kiln::cli
