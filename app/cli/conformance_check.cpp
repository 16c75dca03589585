// The conformance checker: one host result against one kit case (a verdict compared exactly, a
// state field by field within the case's tolerances, a capture by ꟻLIP mean and changed pixels),
// naming the first difference.
#include <cmath>
#include <cstdio>
#include <map>
#include <set>

#include "cli/conformance.hpp"
#include "core/file.hpp"
#include "render/cpu/flip.hpp"
#include "render/cpu/image_compare.hpp"

namespace kiln::cli::conformance {
namespace {

namespace fs = std::filesystem;

std::string text(const Json& j) { return j.is_string() ? j.get<std::string>() : j.dump(); }

std::string number(double v) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.9g", v);
  return buf;
}

Outcome fail(Outcome o, std::string field, std::string expected, std::string got, std::string tolerance = "exact") {
  o.pass = false;
  o.field = std::move(field);
  o.expected = std::move(expected);
  o.got = std::move(got);
  o.tolerance = std::move(tolerance);
  return o;
}

// |got − expected| ≤ abs + rel·|expected|.
struct Tolerance {
  double abs = 0, rel = 0;
  bool holds(double expected, double got) const {
    return std::isfinite(got) && std::fabs(got - expected) <= abs + rel * std::fabs(expected);
  }
  std::string str() const { return "abs " + number(abs) + " + rel " + number(rel); }
};

Tolerance toleranceOf(const Json& tolerances, const std::string& kind) {
  const Json& t = tolerances.at(kind);
  return {t.at("abs").get<double>(), t.at("rel").get<double>()};
}

// Compares two JSON values of a state: numbers within the tolerance the field's kind names
// (`kinds` maps a key to "time", "value", …; other keys are exact), or the case's tolerance for
// that field by name when it gives one (fpx16_16's exact positions), arrays and objects member by
// member. An integer where `integerExact` names the key (an iso key or a depth_override) is exact:
// the contract defines it. Returns the first difference as an Outcome that failed.
struct StateCompare {
  const Json& tolerances;
  std::map<std::string, std::string> kinds;
  std::optional<Outcome> diff;
  Outcome base;
  std::set<std::string> integerExact = {};

  Tolerance toleranceFor(const std::string& key) const {
    return toleranceOf(tolerances, tolerances.contains(key) ? key : kinds.at(key));
  }

  void value(const std::string& path, const std::string& key, const Json& e, const Json& g) {
    if (diff) return;
    if (e.is_number_integer() && integerExact.contains(key)) {
      if (!g.is_number() || g.get<double>() != e.get<double>()) diff = fail(base, path, text(e), text(g));
      return;
    }
    if (e.is_number() && !e.is_number_integer() && g.is_number()) {
      if (kinds.contains(key)) {
        const Tolerance t = toleranceFor(key);
        if (!t.holds(e.get<double>(), g.get<double>()))
          diff = fail(base, path, number(e.get<double>()), number(g.get<double>()), t.str());
        return;
      }
    }
    if (e.is_array() && g.is_array()) {
      if (e.size() != g.size()) {
        diff = fail(base, path + ".length", std::to_string(e.size()), std::to_string(g.size()));
        return;
      }
      for (std::size_t i = 0; i < e.size() && !diff; ++i) value(path + "[" + std::to_string(i) + "]", key, e[i], g[i]);
      return;
    }
    if (e.is_number() && g.is_number() && kinds.contains(key)) {
      const Tolerance t = toleranceFor(key);
      if (!t.holds(e.get<double>(), g.get<double>()))
        diff = fail(base, path, number(e.get<double>()), number(g.get<double>()), t.str());
      return;
    }
    if (e.is_number() && g.is_number() ? e.get<double>() != g.get<double>() : e != g)
      diff = fail(base, path, text(e), text(g));
  }

  // Every key of an expected object ("bits" aside: a host need not match float32 bits).
  void object(const std::string& path, const Json& e, const Json& g) {
    for (const auto& [key, ev] : e.items()) {
      if (diff) return;
      if (key == "bits") continue;
      if (!g.is_object() || !g.contains(key)) {
        diff = fail(base, path + key, text(ev), "(missing)");
        return;
      }
      value(path + key, key, ev, g.at(key));
    }
  }
};

Outcome checkVerdict(Outcome o, const Json& expected, const Json& result) {
  for (const char* key : {"verdict", "code", "offset"}) {
    if (!expected.contains(key)) continue;
    if (!result.contains(key)) return fail(o, key, text(expected.at(key)), "(missing)");
    if (expected.at(key) != result.at(key)) return fail(o, key, text(expected.at(key)), text(result.at(key)));
  }
  o.pass = true;
  return o;
}

Outcome checkEval(Outcome o, const Json& c, const Json& expected, const Json& got) {
  StateCompare cmp{c.at("tolerance"),
                   {{"birth_time", "time"}, {"age", "time"}, {"lifetime", "value"}, {"spawn", "value"},
                    {"velocity", "value"}, {"position", "value"}, {"size", "value"}, {"rotation", "rotation"},
                    {"color", "value"}},
                   std::nullopt, o};
  std::map<std::string, const Json*> hostEmitters;
  if (got.contains("emitters") && got.at("emitters").is_array())
    for (const Json& e : got.at("emitters")) hostEmitters[text(e.value("name", Json()))] = &e;
  for (const Json& e : expected.at("emitters")) {
    const std::string name = e.at("name").get<std::string>();
    const auto it = hostEmitters.find(name);
    if (it == hostEmitters.end()) return fail(o, "emitters." + name, "present", "(missing)");
    const Json& h = *it->second;
    if (h.value("alive", Json()) != e.at("alive"))
      return fail(o, "emitters." + name + ".alive", text(e.at("alive")), text(h.value("alive", Json())));
    const Json& ep = e.at("particles");
    const Json& hp = h.value("particles", Json::array());
    for (std::size_t i = 0; i < ep.size(); ++i) {
      const std::string at = "emitters." + name + ".slot " + text(ep[i].at("slot")) + ".";
      if (i >= hp.size()) return fail(o, at + "slot", text(ep[i].at("slot")), "(missing)");
      cmp.object(at, ep[i], hp[i]);
      if (cmp.diff) return *cmp.diff;
    }
  }
  o.pass = true;
  return o;
}

Outcome checkSim(Outcome o, const Json& c, const Json& expected, const Json& got) {
  StateCompare cmp{c.at("tolerance"),
                   {{"origin", "value"}, {"initial_velocity", "value"}, {"lifetime", "value"}, {"size0", "value"},
                    {"age", "value"}, {"position", "value"}, {"velocity", "value"}, {"size", "value"},
                    {"opacity", "value"}, {"rgb", "value"}, {"coverage", "value"}, {"light", "value"},
                    {"key", "value"}},
                   std::nullopt, o, {"key"}};
  for (const char* key : {"step", "count", "spawned", "recycled", "dropped"}) {
    if (!got.contains(key) || got.at(key) != expected.at(key))
      return fail(o, key, text(expected.at(key)), got.contains(key) ? text(got.at(key)) : "(missing)");
  }
  std::map<std::uint64_t, const Json*> byId;
  const Json none = Json::array();
  const Json& hostParticles = got.contains("particles") ? got.at("particles") : none;
  for (const Json& p : hostParticles)
    if (p.contains("id") && p.at("id").is_number_unsigned()) byId[p.at("id").get<std::uint64_t>()] = &p;
  for (const Json& p : expected.at("particles")) {
    const auto id = p.at("id").get<std::uint64_t>();
    const std::string at = "particles.id " + std::to_string(id) + ".";
    const auto it = byId.find(id);
    if (it == byId.end()) return fail(o, at + "id", std::to_string(id), "(missing)");
    cmp.object(at, p, *it->second);
    if (cmp.diff) return *cmp.diff;
  }
  if (got.value("draw_order", Json()) != expected.at("draw_order"))
    return fail(o, "draw_order", expected.at("draw_order").dump(), got.value("draw_order", Json()).dump());
  o.pass = true;
  return o;
}

Outcome checkPicture(Outcome o, const Json& c, const fs::path& kitDir, const Json& result, const fs::path& resultsDir) {
  if (!result.contains("capture") || !result.at("capture").is_string())
    return fail(o, "capture", "a PNG path", "(missing)");
  core::Diagnostic error;
  const auto reference = loader::decodeImageFile(kitDir / c.at("expected").get<std::string>(), error);
  if (!reference) return fail(o, "capture", "the kit's reference", error.message);
  const auto host = loader::decodeImageFile(resultsDir / result.at("capture").get<std::string>(), error);
  if (!host) return fail(o, "capture", "a readable PNG", error.message);
  const render::ImageComparison m = render::compareImages(*reference, *host, c.at("tolerance").at("channel").get<std::uint8_t>());
  if (!m.sameSize)
    return fail(o, "size", std::to_string(reference->width) + "x" + std::to_string(reference->height),
                std::to_string(host->width) + "x" + std::to_string(host->height));
  const double ppd = c.at("tolerance").at("ppd").get<double>();
  const render::FlipResult f = render::flip(*reference, *host, ppd);
  const double flipLimit = c.at("tolerance").at("flip_mean").get<double>();
  const double changedLimit = c.at("tolerance").at("changed_percent").get<double>();
  o.note = "FLIP mean " + number(f.stats.mean) + ", changed " + number(m.changedPercent) + "%, max " +
           std::to_string(m.maxAbsDiff) + ", mean " + number(m.meanAbsDiff);
  if (!(f.stats.mean <= flipLimit)) return fail(o, "flip_mean", "0", number(f.stats.mean), "<= " + number(flipLimit));
  if (!(m.changedPercent <= changedLimit))
    return fail(o, "changed_percent", "0", number(m.changedPercent),
                "<= " + number(changedLimit) + " (pixels with a channel off by more than " +
                    text(c.at("tolerance").at("channel")) + ")");
  o.pass = true;
  return o;
}

}  // namespace

Outcome checkCase(const Json& c, const fs::path& kitDir, const Json* result, const fs::path& resultsDir) {
  Outcome o;
  o.id = c.at("id").get<std::string>();
  o.area = c.at("area").get<std::string>();
  if (!result) return fail(o, "(case)", "a result", "(missing)");
  try {
    if (o.area == "verdict") return checkVerdict(o, c.at("expected"), *result);
    if (o.area == "picture") return checkPicture(o, c, kitDir, *result, resultsDir);
    if (!result->contains("state")) return fail(o, "state", "a state object", "(missing)");
    core::Diagnostic error;
    const auto bytes = core::readFile(kitDir / c.at("expected").get<std::string>(), error, 256u << 20);
    if (!bytes) return fail(o, "expected", "the kit's state file", error.message);
    const Json expected = Json::parse(bytes->begin(), bytes->end());
    if (o.area == "state") return checkEval(o, c, expected, result->at("state"));
    if (o.area == "sim") return checkSim(o, c, expected, result->at("state"));
  } catch (const std::exception& e) {
    return fail(o, "(result)", "the shape of docs/conformance.md", e.what());
  }
  return fail(o, "area", "verdict, state, sim or picture", o.area);
}

}  // namespace kiln::cli::conformance
