// Inspector arithmetic: alive counts, birth ticks, budgets, bounds differences, pass order.
#include <algorithm>
#include <cmath>
#include <utility>
#include <nlohmann/json.hpp>

#include "logic/clock.hpp"
#include "panels/logic/inspect.hpp"
#include "particles/evaluate.hpp"
#include "particles/schedule.hpp"
#include "logic/viewer_state.hpp"

namespace kiln::viewer::inspect {

std::vector<float> aliveSeries(const particles::Document& doc, std::uint32_t e, const std::vector<float>& schedule,
                               double t0, double t1, int samples) {
  std::vector<float> out;
  if (e >= doc.emitters.size() || samples < 2) return out;
  const std::uint32_t cap = doc.presets[doc.emitters[e].preset].capacity;
  particles::ParticleState s;
  for (int i = 0; i < samples; ++i) {
    const double t = t0 + (t1 - t0) * i / (samples - 1);
    std::uint32_t alive = 0;
    for (std::uint32_t slot = 0; slot < cap; ++slot) alive += particles::evaluateSlot(doc, e, schedule, slot, t, s) ? 1 : 0;
    out.push_back(static_cast<float>(alive));
  }
  return out;
}

std::vector<double> birthTicks(const particles::Document& doc, std::uint32_t e, const std::vector<float>& schedule,
                               double t0, double t1, std::size_t limit) {
  std::vector<double> out;
  if (e >= doc.emitters.size() || schedule.empty()) return out;
  const auto& em = doc.emitters[e];
  const bool cycling = em.mode == particles::PlayMode::Cycle && em.period > 0;
  std::int64_t k = cycling ? std::max<std::int64_t>(0, static_cast<std::int64_t>(std::floor((t0 - em.delay) / em.period))) : 0;
  for (; out.size() < limit; ++k) {
    const double start = em.delay + (cycling ? double(k) * em.period : 0.0);
    if (start > t1) break;
    for (float b : schedule) {
      const double t = start + b;
      if (t >= t0 && t <= t1 && out.size() < limit) out.push_back(t);
    }
    if (!cycling) break;
  }
  return out;
}

LoopRange effectLoopRange(const particles::Document& doc, std::uint32_t e, double now) {
  const particles::Emitter& em = doc.emitters[e];
  const double life = doc.presets[em.preset].lifetime.max;
  if (em.mode == particles::PlayMode::Cycle && em.period > 0) {
    const double k = std::ceil(life / em.period);
    const double j = std::isfinite(now) ? std::max(k, std::floor((now - em.delay) / em.period)) : k;
    const double start = em.delay + j * em.period;
    return {start, start + em.period};
  }
  return {0.0, std::max(em.delay + em.duration + life, LevelClock::kStepSeconds)};
}

std::vector<BudgetRow> budgetRows(const particles::Document& doc, std::size_t encodedBytes) {
  std::vector<BudgetRow> rows;
  rows.push_back({"presets", double(doc.presets.size()), double(particles::kMaxPresets), ""});
  rows.push_back({"emitters", double(doc.emitters.size()), double(particles::kMaxEmitters), ""});
  BudgetRow slots{"slots per emitter (required)", 0, double(particles::kMaxSlotsPerEmitter), ""};
  BudgetRow total{"total slots", 0, double(particles::kMaxTotalSlots), ""};
  BudgetRow bursts{"bursts per emitter", 0, double(particles::kMaxBursts), ""};
  for (const auto& e : doc.emitters) {
    if (e.preset >= doc.presets.size()) continue;
    const auto& p = doc.presets[e.preset];
    const double req = double(particles::requiredCapacity(p, e));
    if (req > slots.used || slots.where.empty()) slots.used = std::max(slots.used, req), slots.where = e.name;
    total.used += p.capacity;  // every emitter allocates its preset's full capacity
    if (double(e.bursts.size()) > bursts.used) bursts.used = double(e.bursts.size()), bursts.where = e.name;
  }
  BudgetRow frames{"frames per preset", 0, double(particles::kMaxFrames), ""};
  BudgetRow keys{"curve keys", 0, double(particles::kMaxCurveKeys), ""};
  for (const auto& p : doc.presets) {
    if (double(p.sprite.frames.size()) > frames.used) frames.used = double(p.sprite.frames.size()), frames.where = p.name;
    const double k = double(std::max(p.size.size(), p.color.size()));
    if (k > keys.used) keys.used = k, keys.where = p.name;
  }
  rows.push_back(slots);
  rows.push_back(total);
  rows.push_back(frames);
  rows.push_back(bursts);
  rows.push_back(keys);
  rows.push_back({"encoded bytes", double(encodedBytes), double(particles::kMaxEncodedBytes), ""});
  return rows;
}

const PassTarget* BudgetTargets::find(std::string_view pass) const {
  for (const auto& p : passes)
    if (p.pass == pass) return &p;
  return nullptr;
}

std::optional<BudgetTargets> parseBudgetTargets(std::string_view json) {
  const auto j = nlohmann::json::parse(json, nullptr, false);
  if (j.is_discarded() || !j.is_object() || !j.contains("frame_ms") || !j["frame_ms"].is_number() ||
      !j.contains("passes") || !j["passes"].is_object())
    return std::nullopt;
  BudgetTargets t;
  t.frameMs = j["frame_ms"].get<double>();
  for (const auto& [name, v] : j["passes"].items()) {
    if (!v.is_object() || !v.contains("gpu_ms") || !v["gpu_ms"].is_number() || !v.contains("draw_calls") ||
        !v["draw_calls"].is_number_unsigned())
      return std::nullopt;
    t.passes.push_back({name, v["gpu_ms"].get<double>(), v["draw_calls"].get<std::uint32_t>()});
  }
  if (j.contains("events")) {
    const auto& e = j["events"];
    if (!e.is_object() || !e.contains("sim_ms") || !e["sim_ms"].is_number() || !e.contains("batch_ms") ||
        !e["batch_ms"].is_number())
      return std::nullopt;
    t.eventSimMs = e["sim_ms"].get<double>();
    t.eventBatchMs = e["batch_ms"].get<double>();
  }
  return t;
}

std::vector<CapacityRow> capacityRows(const particles::Document& doc) {
  std::vector<CapacityRow> rows;
  for (const auto& e : doc.emitters) {
    if (e.preset >= doc.presets.size()) continue;
    const auto& p = doc.presets[e.preset];
    const std::uint64_t req = particles::requiredCapacity(p, e);
    rows.push_back({e.name, p.name, req, p.capacity, std::min<std::uint64_t>(req, p.capacity)});
  }
  return rows;
}

std::array<AxisDiff, 3> boundsDiff(const particles::Bounds& s, const particles::Bounds& r) {
  std::array<AxisDiff, 3> out;
  for (int a = 0; a < 3; ++a) out[a] = {s.min[a], s.max[a], r.min[a], r.max[a]};
  return out;
}

const char* faceName(int face) {
  static constexpr const char* kNames[6] = {"-x", "+x", "-y", "+y", "-z", "+z"};
  return face >= 0 && face < 6 ? kNames[face] : "?";
}

int worstFace(const std::array<particles::FaceDifference, 6>& faces) {
  int worst = -1;
  // Too tight before loose, then the larger difference (a sign of zero counts as none).
  auto rank = [&](int f) {
    const auto& d = faces[static_cast<std::size_t>(f)];
    return std::pair(d.tooTight(), std::fabs(d.stored - d.recomputed));
  };
  for (int f = 0; f < 6; ++f)
    if (faces[static_cast<std::size_t>(f)].differs() && (worst < 0 || rank(f) > rank(worst))) worst = f;
  return worst;
}

std::string forgedHeadline(const std::array<particles::FaceDifference, 6>& faces) {
  const int w = worstFace(faces);
  if (w < 0) return {};
  const auto& d = faces[static_cast<std::size_t>(w)];
  std::string out = d.name + " ";
  if (d.kind == particles::FaceDifference::Kind::SignOfZero) {
    out += "has the wrong sign of zero";
  } else {
    std::string size = d.differenceText;
    if (!size.empty() && (size[0] == '+' || size[0] == '-')) size.erase(0, 1);
    out += "is " + size + (d.stored > d.recomputed ? " too high" : " too low");
    if (d.kind == particles::FaceDifference::Kind::Steps)
      out += " (" + std::to_string(d.steps) + " float32 step" + (d.steps == 1 ? ")" : "s)");
    else
      out += " (not a float32 value)";
    out += d.tooTight() ? ": particles can reach past it" : ": looser than needed";
  }
  int others = 0;
  for (const auto& f : faces) others += f.differs() && f.face != w;
  if (others > 0) out += "; " + std::to_string(others) + (others == 1 ? " more face differs" : " more faces differ");
  return out;
}

std::array<std::vector<PassEntry>, render::kParticlePassCount> passesInOrder(const particles::Document& doc) {
  std::array<std::vector<PassEntry>, render::kParticlePassCount> out;
  for (std::uint32_t e = 0; e < doc.emitters.size(); ++e) {
    if (doc.emitters[e].preset >= doc.presets.size()) continue;
    const auto b = doc.presets[doc.emitters[e].preset].sprite.blend;
    out[static_cast<std::size_t>(passIndexForBlend(b))].push_back({e, b});
  }
  return out;
}

std::vector<std::uint32_t> backToFront(const particles::Document& doc, const std::vector<PassEntry>& alpha,
                                       const std::array<double, 3>& eye) {
  std::vector<std::pair<double, std::uint32_t>> d;
  for (const auto& p : alpha) {
    const auto& b = doc.emitters[p.emitter].bounds;
    double dist = 0;
    for (int a = 0; a < 3; ++a) dist += std::pow((b.min[a] + b.max[a]) * 0.5 - eye[static_cast<std::size_t>(a)], 2);
    d.push_back({dist, p.emitter});
  }
  // Farthest first; ties keep authored order.
  std::stable_sort(d.begin(), d.end(), [](const auto& x, const auto& y) { return x.first > y.first; });
  std::vector<std::uint32_t> out;
  for (const auto& x : d) out.push_back(x.second);
  return out;
}

const char* blendEquation(particles::Blend b) {
  // The pass table's text; its literals are null-terminated, so the view's data is a C string.
  return render::blendInfo(b).equation.data();
}

}  // namespace kiln::viewer::inspect
