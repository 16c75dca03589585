// `kiln conformance export`: writes the host conformance kit, every expectation checked by Kiln.
#include <unistd.h>

#include <chrono>
#include <iostream>
#include <map>

#include "cli/conformance.hpp"
#include "core/escape.hpp"
#include "core/file.hpp"
#include "core/output_plan.hpp"
#include "loader/data_dirs.hpp"
#include "particles/bounds.hpp"
#include "particles/kwp1/kwp1.hpp"
#include "sim/model.hpp"
#include "world/level.hpp"

namespace kiln::cli::conformance {
namespace {

namespace fs = std::filesystem;
namespace wp = kiln::particles;

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

// What the phases of an export share: the profile, the kit's folder, where the sample levels are
// read from, the scratch folder, and what the phases add up: the kit's files and cases, the data
// files read, and the verdict cases (the manifest lists the codes they leave uncovered).
struct Export {
  Profile profile = Profile::Small;
  fs::path kit, levelsIn, scratch;
  std::vector<KitFile> files;
  Json cases = Json::array();
  std::vector<fs::path> inputs;
  std::vector<VerdictCase> verdicts;
};

// Removes a folder and everything in it when it goes out of scope.
struct RemoveAtExit {
  fs::path path;
  ~RemoveAtExit() {
    std::error_code ignored;
    fs::remove_all(path, ignored);
  }
};

// Adds the verdict cases, each expectation checked against Kiln's own decoder first.
int addVerdictCases(Export& x) {
  core::Diagnostic error;
  const auto braziers = core::readFile(x.levelsIn / "braziers.klm", error, 64u << 20);
  if (!braziers) return reportIoError(error);
  try {
    x.verdicts = verdictCases(x.profile, *braziers);
  } catch (const std::exception& e) {
    std::cerr << "kiln conformance export: " << e.what() << '\n';
    return kExitInvalid;
  }
  // The kit is only as good as its expectations: Kiln's own decoder must agree with every case.
  int disagreements = 0;
  for (const VerdictCase& v : x.verdicts) {
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
    const std::string path = "verdicts/" + v.id + "." + (v.format == "KWP1" ? "kwp" : v.format == "KWS1" ? "kws"
                                                          : v.format == "KEV1" ? "kev" : "klm");
    x.files.push_back({path, v.bytes});
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
    x.cases.push_back(c);
  }
  if (disagreements) {
    std::cerr << "kiln conformance export: " << disagreements << " case(s) disagree with the decoder; nothing written\n";
    return kExitInvalid;
  }
  return kExitOk;
}

// Adds the kit's level files, which the state, sim and picture cases read: the compiled samples
// with their textures, the generated edge document, the braziers in fixed point and the levels of
// the event feature cases.
int addLevelFiles(Export& x) {
  std::vector<Level> samples = {{"braziers", "braziers.klm"}};
  if (x.profile == Profile::Full) {
    samples.push_back({"smoke_fire", "smoke_fire.klm"});
    samples.push_back({"stress", "stress.klm"});
  }
  core::Diagnostic error;
  for (const Level& l : samples) {
    const auto bytes = core::readFile(x.levelsIn / l.file, error, 64u << 20);
    if (!bytes) return reportIoError(error);
    x.inputs.push_back(x.levelsIn / l.file);
    x.files.push_back({"levels/" + l.file, *bytes});
  }
  std::error_code ec;
  for (fs::directory_iterator it(x.levelsIn / "textures", ec), end; !ec && it != end; it.increment(ec)) {
    const auto bytes = core::readFile(it->path(), error, 64u << 20);
    if (!bytes) return reportIoError(error);
    x.inputs.push_back(it->path());
    x.files.push_back({"levels/textures/" + it->path().filename().string(), *bytes});
  }
  x.files.push_back({"levels/edges.kwp", wp::encodeKwp1(edgeDocument())});
  // The braziers' events in seed 004's 16.16 fixed point (events.math: fpx16_16): the same
  // level re-encoded, so a host on the fixed-point backend has a state to match bit for bit.
  {
    const auto bytes = core::readFile(x.levelsIn / "braziers.klm", error, 64u << 20);
    if (!bytes) return reportIoError(error);
    auto decoded = world::decodeKlm1(*bytes, {});
    if (auto* d = std::get_if<core::DecodeError>(&decoded)) {
      std::cerr << "kiln conformance export: braziers.klm: " << d->message << '\n';
      return kExitInvalid;
    }
    world::Level fixed = std::move(std::get<world::Level>(decoded));
    fixed.events->math = sim::MathBackend::Fpx16_16;
    x.files.push_back({"levels/braziers_fpx16_16.klm", world::encodeKlm1(fixed)});
  }
  return addEventFeatureLevels(x.profile, x.levelsIn, x.scratch, x.files, x.inputs);
}

// Writes the kit's level files into the scratch folder: the states are computed from the files
// as the kit holds them.
int writeScratchLevels(const Export& x) {
  core::Diagnostic error;
  std::error_code ec;
  fs::create_directories(x.scratch / "levels", ec);
  for (const KitFile& f : x.files)
    if (f.path.starts_with("levels/")) {
      fs::create_directories((x.scratch / f.path).parent_path(), ec);
      if (!core::writeFile(x.scratch / f.path, f.bytes, error)) return reportIoError(error);
    }
  return kExitOk;
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

// The picture cases to capture: the full kit adds the whole levels and every emitter framed.
std::vector<PicturePlan> picturePlans(const Export& x) {
  std::vector<PicturePlan> pictures = {{"levels/braziers.klm", 2, "west_flame"},
                                       {"levels/iso2d.klm", 2.1, "", "12,12,7.5,4,4,-0.5", 9},
                                       {"levels/soot.klm", 1.5, "", "9,9,5,4,4,-0.5", 5},
                                       {"levels/palette.klm", 1.2, "", "9,9,5,4,4,-0.5", 5}};
  if (x.profile == Profile::Full) {
    pictures.push_back({"levels/braziers.klm", 2, ""});
    pictures.push_back({"levels/braziers.klm", 1.12, ""});
    pictures.push_back({"levels/smoke_fire.klm", 8, ""});
    for (const char* level : {"levels/braziers.klm", "levels/smoke_fire.klm"}) {
      const loader::LoadResult r = loader::loadAny(x.scratch / level, readOptions(false));
      if (r.ok() && r.level.particles)
        for (const wp::Emitter& e : r.level.particles->emitters)
          if (!(level == std::string("levels/braziers.klm") && e.name == "west_flame"))
            pictures.push_back({level, level == std::string("levels/braziers.klm") ? 2.0 : 8.0, e.name});
    }
  }
  return pictures;
}

// The kit's outputs, all planned (and refused together) before anything is written.
struct KitOutputs {
  core::OutputPlan plan;
  std::size_t manifest = 0, manifestSchema = 0, resultsSchema = 0;
};

// Plans every output of the kit, the pictures' included, then writes the kit's files.
int writeKitFiles(const Export& x, const std::vector<PicturePlan>& pictures, bool force, KitOutputs& out) {
  core::OutputPlan& plan = out.plan;
  for (const fs::path& p : x.inputs) plan.addInput(p, "sample level file");
  std::vector<std::size_t> outputs;
  for (const KitFile& f : x.files) outputs.push_back(plan.addOutput(x.kit / f.path, "kit file"));
  out.manifest = plan.addOutput(x.kit / "manifest.json", "kit manifest");
  out.manifestSchema = plan.addOutput(x.kit / "manifest.schema.json", "kit manifest's schema");
  out.resultsSchema = plan.addOutput(x.kit / "results.schema.json", "results schema");
  for (const PicturePlan& p : pictures) {
    const std::string id = p.id();
    plan.addOutput(x.kit / ("pictures/" + id + ".png"), "reference capture");
    plan.addOutput(x.kit / ("pictures/" + id + ".json"), "reference capture's sidecar");
  }
  if (const core::Diagnostics refused = plan.check(force); !refused.empty()) return reportRefusedOutputs(refused);
  core::Diagnostic error;
  for (std::size_t i = 0; i < x.files.size(); ++i)
    if (!plan.write(outputs[i], x.files[i].bytes, error)) return reportIoError(error);
  return kExitOk;
}

// Captures the pictures into the kit (as `kiln capture` does) and adds their cases.
int capturePictures(Export& x, const std::vector<PicturePlan>& pictures) {
  const std::string size = x.profile == Profile::Full ? "640x360" : "320x180";
  core::Diagnostic error;
  for (const PicturePlan& p : pictures) {
    const std::string id = p.id();
    CaptureOptions c;
    c.file = (x.kit / p.level).string();
    c.time = p.time;
    c.size = size;
    c.frameAll = p.frame.empty() && p.camera.empty();
    if (!p.frame.empty()) c.frame = p.frame;
    if (!p.camera.empty()) c.camera = p.camera;
    if (p.ortho > 0) c.ortho = p.ortho;
    c.force = true;
    c.out = (x.kit / ("pictures/" + id + ".png")).string();
    if (const int rc = runCapture(c); rc != kExitOk) return rc;
    const auto side = core::readFile(x.kit / ("pictures/" + id + ".json"), error, 1u << 20);
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
    x.cases.push_back(cc);
  }
  return kExitOk;
}

// Writes the manifest (every case, the codes no case covers) and the two schemas beside it.
int writeManifest(const Export& x, KitOutputs& out) {
  Json manifest;
  manifest["kit"] = "kiln-conformance";
  manifest["version"] = kKitVersion;
  manifest["profile"] = x.profile == Profile::Full ? "full" : "small";
  manifest["kiln_version"] = KILN_VERSION;
  manifest["schema"] = "manifest.schema.json";
  manifest["uncovered_codes"] = uncoveredCodes(x.verdicts);
  Json notFrom = Json::object();
  for (const NotFromDocuments& n : notFromDocuments()) notFrom[std::string(n.code)] = std::string(n.why);
  manifest["not_from_documents"] = notFrom;
  manifest["cases"] = x.cases;
  const std::string text = core::dumpJson(manifest, 1) + "\n";
  core::Diagnostic error;
  if (!out.plan.write(out.manifest, bytesOf(text), error)) return reportIoError(error);
  // The schemas ship beside the manifest, through the same plan (never over a file the user has
  // without --force); a data folder without them is an error, not a kit without them.
  for (const auto& [name, index] : {std::pair{"conformance-manifest.schema.json", out.manifestSchema},
                                    std::pair{"conformance-results.schema.json", out.resultsSchema}}) {
    const auto schema = core::readFile(loader::dataPath(std::string("schema/") + name), error, 1u << 20);
    if (!schema || !out.plan.write(index, *schema, error)) return reportIoError(error);
  }
  return kExitOk;
}

// Prints the summary line: the kit, its cases by area and the time the export took.
void printSummary(const Export& x, const std::string& kitArg, double seconds) {
  std::map<std::string, int> byArea;
  for (const Json& c : x.cases) ++byArea[c["area"].get<std::string>()];
  std::cout << "exported " << (x.profile == Profile::Full ? "the full" : "the small") << " kit to "
            << core::escapeText(kitArg) << ": " << x.cases.size() << " cases (";
  bool first = true;
  for (const auto& [area, n] : byArea) {
    std::cout << (first ? "" : ", ") << n << " " << area;
    first = false;
  }
  std::cout << ") in " << static_cast<int>(seconds + 0.5) << " s\n";
}

}  // namespace

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
  Export x;
  x.profile = o.full ? Profile::Full : Profile::Small;
  x.kit = o.kit;
  x.levelsIn = loader::dataPath("levels");
  if (const int rc = addVerdictCases(x); rc != kExitOk) return rc;

  // A scratch folder: the generated sources are compiled there, and the states computed from the
  // kit's files written there. Removed on every way out, an early error included.
  x.scratch = fs::temp_directory_path() / ("kiln-conformance-" + std::to_string(::getpid()));
  const RemoveAtExit removeScratch{x.scratch};

  if (const int rc = addLevelFiles(x); rc != kExitOk) return rc;
  if (const int rc = writeScratchLevels(x); rc != kExitOk) return rc;
  if (const int rc = addStateCases(x.profile, x.scratch, x.files, x.cases); rc != kExitOk) return rc;
  if (const int rc = addSimCases(x.profile, x.scratch, x.files, x.cases); rc != kExitOk) return rc;
  const std::vector<PicturePlan> pictures = picturePlans(x);
  KitOutputs out;
  if (const int rc = writeKitFiles(x, pictures, o.force, out); rc != kExitOk) return rc;
  if (const int rc = capturePictures(x, pictures); rc != kExitOk) return rc;
  if (const int rc = writeManifest(x, out); rc != kExitOk) return rc;
  printSummary(x, o.kit, std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count());
  return kExitOk;
}

}  // namespace kiln::cli::conformance
