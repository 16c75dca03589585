// `kiln conformance run|check`: answers the host conformance kit as a host would and checks a
// host's answers (docs/conformance.md); the kit's reference states; the command's entry point.
#include "cli/conformance.hpp"

#include <iostream>
#include <map>
#include <set>

#include "core/escape.hpp"
#include "core/file.hpp"
#include "core/output_plan.hpp"

namespace kiln::cli {
namespace {

namespace fs = std::filesystem;
using namespace conformance;
namespace wp = kiln::particles;

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

std::span<const std::uint8_t> bytesOf(const std::string& s) {
  return {reinterpret_cast<const std::uint8_t*>(s.data()), s.size()};
}

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
  if (o.action == "export") return conformance::exportKit(o);
  if (o.action == "run") return runKit(o);
  return checkKit(o);
}

}  // namespace kiln::cli
