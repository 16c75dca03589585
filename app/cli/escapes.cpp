// `kiln escapes`: where and when an actual particle leaves its stored box or its sector.
#include <cmath>
#include <cstdio>
#include <iostream>

#include "cli/commands.hpp"
#include "particles/bounds.hpp"
#include "source/suggest.hpp"
#include "world/escapes.hpp"

namespace kiln::cli {
namespace {

Json momentJson(const world::EmitterEscapes& r, const particles::EscapeMoment& m) {
  Json j;
  j["time"] = m.time;
  j["slot"] = m.slot;
  j["birth"] = m.birth;
  j["cycle"] = m.cycle;
  j["age"] = m.age;
  j["lifetime"] = m.lifetime;
  j["position"] = jsonVec(m.position);
  j["half_diagonal"] = m.halfDiagonal;
  j["face"] = r.face(m);
  j["distance"] = m.distance;
  return j;
}

std::string fixed(double v, int decimals) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
  return buf;
}

// How far past (or inside) the plane: six decimals, or two digits for the sliver of a crossing.
std::string distanceText(double d) {
  const double a = std::fabs(d);
  if (a >= 1e-4 || a == 0) return fixed(a, 6);
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2g", a);
  return buf;
}

// "t=1.100657 s  slot 12 (birth 12, cycle 0) crosses max.z; age 0.8007 of 0.8803 s at (x, y, z),
// half-diagonal 0.1274". A first moment is a crossing (or a birth outside); the others say how far.
std::string momentText(const world::EmitterEscapes& r, const particles::EscapeMoment& m, bool first) {
  std::string what;
  if (first && m.age > 0 && m.distance < 1e-4) what = "crosses " + r.face(m) + " (" + distanceText(m.distance) + " past)";
  else if (first) what = "is born " + distanceText(m.distance) + " past " + r.face(m);
  else what = "is " + distanceText(m.distance) + (m.distance > 0 ? " past " : " inside ") + r.face(m);
  return "t=" + fixed(m.time, 6) + " s  slot " + std::to_string(m.slot) + " (birth " + std::to_string(m.birth) +
         ", cycle " + std::to_string(m.cycle) + ") " + what + "; age " + fixed(m.age, 4) + " of " + fixed(m.lifetime, 4) +
         " s at (" + fixed(m.position.x, 4) + ", " + fixed(m.position.y, 4) + ", " + fixed(m.position.z, 4) +
         "), half-diagonal " + fixed(m.halfDiagonal, 4);
}

std::string searched(const particles::EscapeSearch& s) {
  if (s.exhaustive) return "every one of its " + std::to_string(s.particles) + " particles";
  return std::to_string(s.particles) + " particles of cycles 0.." + std::to_string(s.cycles - 1) +
         " (those starting before t=" + fixed(s.until, 3) + " s)";
}

}  // namespace

int runEscapes(const EscapesOptions& o) {
  if (!(o.until > 0) || !std::isfinite(o.until)) {
    std::cerr << "kiln escapes: --until must be a positive number of seconds\n";
    return kExitUsage;
  }
  // The tool for modules that fail the bounds checks, so those checks are always relaxed.
  const loader::LoadResult r = loader::loadAny(o.file, readOptions(true));
  if (!r.ok()) return reportFailure(r);
  const particles::Document none;
  const particles::Document& doc = r.level.particles ? *r.level.particles : none;
  if (o.emitter) {
    bool found = false;
    std::vector<std::string> names;
    for (const particles::Emitter& e : doc.emitters) names.push_back(e.name), found |= e.name == *o.emitter;
    if (!found) {
      const core::Diagnostic d{core::Code::UnknownName, "--emitter",
                               "no emitter named '" + *o.emitter + "'" + source::didYouMean(*o.emitter, names) +
                                   "; emitters: " + source::listOf(names)};
      std::cerr << loader::format({d, o.file, 0, 0, std::nullopt}) << '\n';
      return kExitUsage;
    }
  }
  particles::EscapeOptions options;
  options.until = o.until;
  std::vector<world::EmitterEscapes> results;
  if (o.emitter) {
    for (std::size_t i = 0; i < doc.emitters.size(); ++i)
      if (doc.emitters[i].name == *o.emitter) results.push_back(world::findEmitterEscapes(r.level.world, doc, i, options));
  } else {
    results = world::findEscapes(r.level.world, doc, options);
  }

  bool any = false;
  for (const world::EmitterEscapes& e : results) any |= e.escapes();
  if (o.json) {
    Json out;
    out["file"] = o.file;
    out["until"] = o.until;
    out["emitters"] = Json::array();
    for (const world::EmitterEscapes& e : results) {
      const particles::Emitter& em = doc.emitters[e.emitter];
      Json j;
      j["name"] = em.name;
      j["escapes"] = e.escapes();
      j["forged"] = e.forged;
      j["sector"] = e.sectorExists ? Json(r.level.world.sectors[em.sector].name) : Json(nullptr);
      j["fits_sector"] = e.fitsSector;
      if (e.search.first) j["first"] = momentJson(e, *e.search.first);
      if (e.search.extreme) j[e.escapes() ? "worst" : "closest"] = momentJson(e, *e.search.extreme);
      j["faces"] = Json::array();
      for (const particles::EscapeMoment& m : e.search.planes) j["faces"].push_back(momentJson(e, m));
      j["particles"] = e.search.particles;
      j["cycles"] = e.search.cycles;
      j["searched_until"] = e.search.until;
      j["exhaustive"] = e.search.exhaustive;
      out["emitters"].push_back(std::move(j));
    }
    std::cout << core::dumpJson(out) << '\n';
    return any ? kExitInvalid : kExitOk;
  }

  std::size_t quiet = 0;
  const world::EmitterEscapes* tightest = nullptr;
  for (const world::EmitterEscapes& e : results) {
    const particles::Emitter& em = doc.emitters[e.emitter];
    const bool suspect = e.forged || !e.fitsSector;
    if (!e.escapes() && !suspect && !o.emitter) {
      ++quiet;
      if (e.search.extreme && (!tightest || e.search.extreme->distance > tightest->search.extreme->distance)) tightest = &e;
      continue;
    }
    std::string why;
    if (e.forged) why = "stored bounds differ from the recomputed ones";
    if (!e.sectorExists) why += std::string(why.empty() ? "" : "; ") + "its sector does not exist";
    else if (!e.fitsSector) why += std::string(why.empty() ? "" : "; ") + "its stored box leaves sector '" +
                                   r.level.world.sectors[em.sector].name + "'";
    std::cout << em.name << ": " << (e.escapes() ? "particles ESCAPE" : "nothing escapes")
              << (why.empty() ? "" : " (" + why + ")") << '\n';
    if (e.search.first) std::cout << "  first    " << momentText(e, *e.search.first, true) << '\n';
    if (e.search.extreme)
      std::cout << (e.escapes() ? "  worst    " : "  closest  ") << momentText(e, *e.search.extreme, false) << '\n';
    // A forged face the particles never reach is harmless but still wrong: say how near they come.
    if (e.forged) {
      const particles::Bounds recomputed = particles::conservativeEmitterBounds(doc.presets[em.preset], em);
      for (const particles::EscapeMoment& m : e.search.planes) {
        if (m.plane >= 6) continue;
        const int axis = static_cast<int>(m.plane / 2);
        const bool max = m.plane % 2;
        const double stored = max ? em.bounds.max[axis] : em.bounds.min[axis];
        const double honest = max ? recomputed.max[axis] : recomputed.min[axis];
        if (stored == honest) continue;
        std::cout << "  " << e.face(m) << (max == (stored < honest) ? " (stored too tight by " : " (stored too loose by ")
                  << fixed(std::fabs(stored - honest), 6) << "): the particles come " << distanceText(m.distance)
                  << (m.distance > 0 ? " past it" : " short of it") << " at t=" << fixed(m.time, 6) << " s (slot "
                  << m.slot << ")\n";
      }
    }
    std::cout << "  searched " << searched(e.search) << '\n';
    if (e.search.first)
      std::cout << "  see it:  kiln eval " << o.file << " --time " << Json(e.search.first->time).dump() << " --emitter " << em.name
                << " --unchecked --json\n";
  }
  if (quiet) {
    std::cout << quiet << (quiet == 1 ? " other emitter" : " other emitters")
              << ": stored bounds as recomputed, inside their sectors, nothing escapes";
    if (tightest)
      std::cout << " (the closest approach: " << doc.emitters[tightest->emitter].name << ", "
                << fixed(-tightest->search.extreme->distance, 6) << " inside " << tightest->face(*tightest->search.extreme)
                << ")";
    std::cout << '\n';
  }
  return any ? kExitInvalid : kExitOk;
}

}  // namespace kiln::cli
