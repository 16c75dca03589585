// `kiln inspect`: the document as JSON (the contract's shape plus every field) or a text summary.
#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/commands.hpp"
#include "particles/schedule.hpp"
#include "sim/model.hpp"

namespace kiln::cli {
namespace {

Json range(const particles::Range& r) {
  return Json{{"min", r.min}, {"max", r.max}};
}

const char* formatName(loader::FileKind k) {
  switch (k) {
    case loader::FileKind::Level:
      return "KLM1";
    case loader::FileKind::Particles:
      return "KWP1";
    case loader::FileKind::Source:
      return "source";
    case loader::FileKind::Unknown:
      break;
  }
  return "unknown";
}

Json presetJson(const particles::Preset& p) {
  Json j;
  j["name"] = p.name;
  j["capacity"] = p.capacity;
  j["blend"] = std::string(particles::name(p.sprite.blend));
  j["spawn"] = {{"shape", std::string(particles::name(p.spawnShape))},
                {"half_extents", jsonVec(p.spawnHalfExtents)}};
  j["velocity"] = {{"min", jsonVec(p.velocity.min)}, {"max", jsonVec(p.velocity.max)}};
  j["lifetime"] = range(p.lifetime);
  j["acceleration"] = jsonVec(p.acceleration);
  j["drag"] = p.drag;
  j["rotation"] = {{"angle", range(p.rotationAngle)}, {"speed", range(p.rotationSpeed)}};
  j["size"] = Json::array();
  for (const auto& k : p.size) j["size"].push_back({{"age", k.age}, {"value", k.value}});
  j["color"] = Json::array();
  for (const auto& k : p.color)
    j["color"].push_back(
        {{"age", k.age}, {"rgba", Json::array({k.rgba[0], k.rgba[1], k.rgba[2], k.rgba[3]})}});
  j["sprite"] = {{"frames", p.sprite.frames},
                 {"fps", p.sprite.fps},
                 {"flipbook", std::string(particles::name(p.sprite.flipbook))},
                 {"facing", std::string(particles::name(p.sprite.facing))},
                 {"blend", std::string(particles::name(p.sprite.blend))}};
  return j;
}

Json emitterJson(const particles::Document& doc, const world::World& w, const particles::Emitter& e) {
  const particles::Preset& p = doc.presets[e.preset];
  Json j;
  j["name"] = e.name;
  j["preset"] = p.name;
  j["sector"] = e.sector < w.sectors.size() ? Json(w.sectors[e.sector].name) : Json(e.sector);
  j["birth_count"] = particles::birthCount(e);
  j["cycle_groups"] = particles::cycleGroups(p, e);
  j["required_capacity"] = particles::requiredCapacity(p, e);
  j["bounds"] = {{"min", jsonVec(e.bounds.min)}, {"max", jsonVec(e.bounds.max)}};
  Json schedule = Json::array();
  for (float t : particles::birthSchedule(e)) schedule.push_back(static_cast<double>(t));
  j["schedule"] = std::move(schedule);
  j["sector_index"] = e.sector;
  j["position"] = jsonVec(e.position);
  j["yaw"] = e.yaw;
  j["scale"] = e.scale;
  j["seed"] = e.seed;
  j["rate"] = e.rate;
  j["duration_seconds"] = e.duration;
  j["bursts"] = Json::array();
  for (const auto& b : e.bursts) j["bursts"].push_back({{"time", b.time}, {"count", b.count}});
  j["mode"] = std::string(particles::name(e.mode));
  j["period_seconds"] = e.period;
  j["delay_seconds"] = e.delay;
  j["capacity"] = p.capacity;
  return j;
}

Json vec3Json(const sim::Vec3& v) { return Json::array({v[0], v[1], v[2]}); }

// The @kiln/events section as compiled (floors applied), names as in the source.
Json eventsJson(const sim::Events& e) {
  Json recipes = Json::array(), emitters = Json::array(), script = Json::array();
  for (const sim::Recipe& r : e.recipes) {
    Json x{{"name", r.name},       {"count", r.count},     {"speed", r.speed},     {"spread", r.spread},
           {"lifetime", r.lifetime}, {"size", r.size},     {"growth", r.growth},   {"gravity", r.gravity},
           {"drag", r.drag},       {"color", vec3Json(r.color)}, {"opacity", r.opacity}, {"fade", r.fade},
           {"glows", r.glows},     {"axis", vec3Json(r.axis)}};
    // material and palette: a name, or null when the sprite has none.
    auto nameOrNull = [](const std::string& n) { return n.empty() ? Json(nullptr) : Json(n); };
    x["sprite"] = r.sprite ? Json{{"frame", r.sprite->frame},
                                  {"blend", std::string(sim::name(r.sprite->blend))},
                                  {"texture_alpha", std::string(sim::name(r.sprite->textureAlpha))},
                                  {"alpha_test", r.sprite->alphaTest},
                                  {"material", nameOrNull(r.sprite->material)},
                                  {"palette", nameOrNull(r.sprite->palette)}}
                           : Json(nullptr);
    recipes.push_back(std::move(x));
  }
  for (const sim::EventEmitter& m : e.emitters) {
    Json path = Json::array();
    for (const sim::PathKey& k : m.path) path.push_back({{"time", k.time}, {"position", vec3Json(k.position)}});
    emitters.push_back({{"name", m.name},          {"recipe", m.recipe},
                        {"rate", m.rate},          {"seed_base", m.seedBase},
                        {"position", vec3Json(m.position)}, {"path", path}});
  }
  for (const sim::ScriptEvent& s : e.script)
    script.push_back({{"time", s.time}, {"recipe", s.recipe}, {"position", vec3Json(s.position)}, {"seed", s.seed}});
  // A snippet's text as the level carries it, split at its line feeds (joined with "\n" they are
  // the text: every string is printed under the one escaping rule, which would turn each line
  // feed into \x0a); `file` is where a source read it (null for a compiled module, which keeps
  // the text only).
  Json materials = Json::array();
  for (const sim::Material& m : e.materials) {
    Json lines = Json::array();
    for (std::size_t at = 0;;) {
      const std::size_t end = m.text.find('\n', at);
      lines.push_back(m.text.substr(at, end == std::string::npos ? std::string::npos : end - at));
      if (end == std::string::npos) break;
      at = end + 1;
    }
    materials.push_back({{"name", m.name},
                         {"file", m.file.empty() ? Json(nullptr) : Json(m.file)},
                         {"bytes", m.text.size()},
                         {"lines", lines}});
  }
  return {{"capacity", e.capacity},
          {"step_hz", e.stepHz},
          {"max_sprites", e.maxSprites.value_or(e.capacity)},
          {"sort", std::string(sim::name(e.sort))},
          {"matter_light", vec3Json(e.matterLight)},
          {"materials", materials},
          {"recipes", recipes},
          {"emitters", emitters},
          {"script", script}};
}

Json levelJson(const loader::LoadResult& r) {
  Json j;
  j["format"] = formatName(r.kind);
  j["features"] = r.level.features;
  Json sectors = Json::array();
  for (std::size_t i = 0; i < r.level.world.sectors.size(); ++i) {
    const world::Sector& s = r.level.world.sectors[i];
    Json walls = Json::array();
    for (const auto& v : s.walls) walls.push_back(Json::array({v.x, v.y}));
    Json portals = Json::array();
    for (std::uint32_t p : s.portals)
      portals.push_back(p == world::kNoPortal || p >= r.level.world.sectors.size()
                            ? Json(nullptr)
                            : Json(r.level.world.sectors[p].name));
    sectors.push_back({{"name", s.name},
                       {"index", i},
                       {"walls", walls},
                       {"floor", {{"z", s.floor.z}, {"dzdx", s.floor.dzdx}, {"dzdy", s.floor.dzdy}}},
                       {"ceiling", {{"z", s.ceiling.z}, {"dzdx", s.ceiling.dzdx}, {"dzdy", s.ceiling.dzdy}}},
                       {"portals", portals},
                       {"ambient", Json::array({s.ambient[0], s.ambient[1], s.ambient[2]})}});
  }
  j["world"] = {{"version", r.level.world.version}, {"sectors", sectors}};
  if (r.level.particles) {
    const particles::Document& doc = *r.level.particles;
    Json presets = Json::array(), emitters = Json::array();
    std::uint64_t total = 0;
    for (const auto& p : doc.presets) presets.push_back(presetJson(p));
    for (const auto& e : doc.emitters) {
      emitters.push_back(emitterJson(doc, r.level.world, e));
      total += doc.presets[e.preset].capacity;
    }
    j["particles"] = {
        {"version", doc.version}, {"presets", presets}, {"emitters", emitters}, {"total_slots", total}};
  } else {
    j["particles"] = nullptr;
  }
  j["events"] = r.level.events ? eventsJson(*r.level.events) : Json(nullptr);
  return j;
}

void printText(const loader::LoadResult& r, const Json& j) {
  std::cout << r.file << ": " << j["format"].get<std::string>() << ", features";
  for (const auto& f : r.level.features) std::cout << ' ' << f;
  std::cout << "\nworld version " << r.level.world.version << ", " << r.level.world.sectors.size()
            << " sectors\n";
  for (const auto& s : j["world"]["sectors"])
    std::cout << "  sector " << s["index"].get<std::size_t>() << " " << s["name"].get<std::string>() << ": "
              << s["walls"].size() << " walls\n";
  if (r.level.events) {
    const auto& e = j["events"];
    std::cout << "events: capacity " << e["capacity"].dump() << ", " << e["step_hz"].dump() << " Hz, sort "
              << e["sort"].get<std::string>() << ", " << e["recipes"].size() << " recipes, " << e["emitters"].size()
              << " emitters, " << e["script"].size() << " script events\n";
    for (const auto& m : e["materials"])
      std::cout << "  material " << m["name"].get<std::string>() << ": " << m["bytes"].get<std::size_t>()
                << " bytes\n";
    for (const auto& x : e["recipes"]) {
      const auto& s = x["sprite"];
      if (s.is_null() || (s["material"].is_null() && s["palette"].is_null())) continue;
      std::cout << "  recipe " << x["name"].get<std::string>() << ": blend " << s["blend"].get<std::string>();
      if (!s["palette"].is_null()) std::cout << ", palette " << s["palette"].get<std::string>();
      if (!s["material"].is_null()) std::cout << ", material " << s["material"].get<std::string>();
      std::cout << "\n";
    }
  }
  if (!r.level.particles) return;
  const auto& p = j["particles"];
  std::cout << "particles version " << p["version"].get<int>() << ", " << p["presets"].size() << " presets, "
            << p["emitters"].size() << " emitters, " << p["total_slots"].get<std::uint64_t>() << " slots\n";
  for (const auto& x : p["presets"])
    std::cout << "  preset " << x["name"].get<std::string>() << ": capacity " << x["capacity"].get<int>()
              << ", " << x["blend"].get<std::string>() << ", frames " << x["sprite"]["frames"].size() << "\n";
  for (const auto& e : p["emitters"]) {
    char box[256];
    const auto& mn = e["bounds"]["min"];
    const auto& mx = e["bounds"]["max"];
    std::snprintf(box, sizeof box, "[%.3f %.3f %.3f]..[%.3f %.3f %.3f]", mn[0].get<double>(),
                  mn[1].get<double>(), mn[2].get<double>(), mx[0].get<double>(), mx[1].get<double>(),
                  mx[2].get<double>());
    std::cout << "  emitter " << e["name"].get<std::string>() << ": preset " << e["preset"].get<std::string>()
              << ", sector " << e["sector"].dump() << ", " << e["mode"].get<std::string>() << ", births "
              << e["birth_count"].get<std::uint64_t>() << " x groups "
              << e["cycle_groups"].get<std::uint32_t>() << " = "
              << e["required_capacity"].get<std::uint64_t>() << " slots, bounds " << box << "\n";
  }
}

}  // namespace

int runInspect(const std::string& file, bool json, bool unchecked) {
  const loader::LoadResult r = loader::loadAny(file, readOptions(unchecked));
  if (!r.ok()) return reportFailure(r);
  reportRelaxedFindings(r);
  const Json j = levelJson(r);
  if (json)
    std::cout << core::dumpJson(j) << '\n';
  else
    printText(r, j);
  return kExitOk;
}

}  // namespace kiln::cli
