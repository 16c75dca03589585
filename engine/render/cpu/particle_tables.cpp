// Building the particle SSBO tables and the per-frame clocks.
#include "render/cpu/particle_tables.hpp"

#include <algorithm>

#include "particles/motion.hpp"
#include "particles/schedule.hpp"

namespace kiln::render {
namespace {

float f32(double v) { return static_cast<float>(v); }

}  // namespace

PresetStd430 presetRow(const particles::Preset& p, std::uint32_t firstRect, std::uint32_t page) {
  PresetStd430 g{};
  g.spawnHalf = {f32(p.spawnHalfExtents.x), f32(p.spawnHalfExtents.y), f32(p.spawnHalfExtents.z),
                 p.spawnShape == particles::SpawnShape::Box ? 1.0f : 0.0f};
  g.velocityMin = {f32(p.velocity.min.x), f32(p.velocity.min.y), f32(p.velocity.min.z), f32(p.lifetime.min)};
  g.velocityMax = {f32(p.velocity.max.x), f32(p.velocity.max.y), f32(p.velocity.max.z), f32(p.lifetime.max)};
  g.accelerationDrag = {f32(p.acceleration.x), f32(p.acceleration.y), f32(p.acceleration.z), f32(p.drag)};
  g.rotation = {f32(p.rotationAngle.min), f32(p.rotationAngle.max), f32(p.rotationSpeed.min), f32(p.rotationSpeed.max)};
  // Unused keys repeat the last one so a stray read stays finite.
  for (std::size_t i = 0; i < 4; ++i) {
    const auto& s = p.size.empty() ? particles::SizeKey{} : p.size[std::min(i, p.size.size() - 1)];
    g.sizeAge[i] = f32(s.age);
    g.sizeValue[i] = f32(s.value);
    const auto& c = p.color.empty() ? particles::ColorKey{} : p.color[std::min(i, p.color.size() - 1)];
    g.colorAge[i] = f32(c.age);
    for (std::size_t k = 0; k < 4; ++k) g.color[i][k] = f32(c.rgba[k]);
  }
  g.sprite = {static_cast<std::uint32_t>(p.sprite.frames.size()), static_cast<std::uint32_t>(p.sprite.flipbook),
              static_cast<std::uint32_t>(p.sprite.facing), shaderBlendMode(p.sprite.blend)};
  g.counts = {static_cast<std::uint32_t>(p.size.size()), static_cast<std::uint32_t>(p.color.size()), firstRect, page};
  g.fps = {f32(p.sprite.fps), 0, 0, 0};
  return g;
}

EmitterStd430 emitterRow(const particles::Preset& p, const particles::Emitter& e, std::uint32_t firstSchedule,
                         std::uint32_t births) {
  // The contract uploads float32 numbers; yaw is rounded first and goes through the same
  // basis as the reference (quarter turns exact).
  const particles::YawBasis yaw = particles::yawBasis(static_cast<double>(f32(e.yaw)));
  EmitterStd430 g{};
  g.positionScale = {f32(e.position.x), f32(e.position.y), f32(e.position.z), f32(e.scale)};
  g.yawPeriod = {f32(yaw.c), f32(yaw.s), e.mode == particles::PlayMode::Cycle ? f32(e.period) : 0.0f, 0};
  g.info = {e.preset, e.seed, births, particles::cycleGroups(p, e)};
  g.slots = {firstSchedule, static_cast<std::uint32_t>(e.mode), p.capacity, 0};
  return g;
}

std::uint32_t reservedSlots(const particles::Preset& p) { return std::min(p.capacity, particles::kMaxSlotsPerEmitter); }

std::uint32_t drawnSlots(const particles::Preset& p, const particles::Emitter& e, std::uint32_t births) {
  return static_cast<std::uint32_t>(
      std::min<std::uint64_t>(reservedSlots(p), std::uint64_t{particles::cycleGroups(p, e)} * births));
}

ParticleTables buildParticleTables(const particles::Document& doc, const AtlasLayout& atlas) {
  ParticleTables t;
  for (std::size_t i = 0; i < doc.presets.size(); ++i) {
    const auto& p = doc.presets[i];
    const std::uint32_t page = i < atlas.presetPage.size() ? atlas.presetPage[i] : 0;
    t.layout.presetFirstRect.push_back(static_cast<std::uint32_t>(t.frameRects.size()));
    t.layout.presetPage.push_back(page);
    t.presets.push_back(presetRow(p, static_cast<std::uint32_t>(t.frameRects.size()), page));
    const AtlasPage* pg = page < atlas.pages.size() ? &atlas.pages[page] : nullptr;
    for (const auto& name : p.sprite.frames) {
      const AtlasFrame* f = atlas.find(name);
      if (f == nullptr || pg == nullptr || pg->width == 0 || pg->height == 0) {
        t.frameRects.push_back({0, 0, 1, 1});
        continue;
      }
      const float w = static_cast<float>(pg->width), h = static_cast<float>(pg->height);
      t.frameRects.push_back({static_cast<float>(f->x) / w, static_cast<float>(f->y) / h,
                              static_cast<float>(f->x + f->size) / w, static_cast<float>(f->y + f->size) / h});
    }
  }

  std::vector<std::uint32_t> drawn(doc.emitters.size(), 0);
  t.layout.runOf.assign(doc.emitters.size(), kNoRun);
  for (std::size_t i = 0; i < doc.emitters.size(); ++i) {
    const auto& e = doc.emitters[i];
    const auto& p = doc.presets.at(e.preset);
    const std::vector<float> schedule = particles::birthSchedule(e);
    const auto births = static_cast<std::uint32_t>(schedule.size());
    const auto first = static_cast<std::uint32_t>(t.schedule.size());
    // Room for as many births as the preset has slots, so an edit of rate or bursts rewrites the
    // entries where they lie (TableLayout); the spare entries are never read.
    const std::uint32_t reserved = std::max(reservedSlots(p), births);
    t.emitters.push_back(emitterRow(p, e, first, births));
    t.schedule.insert(t.schedule.end(), schedule.begin(), schedule.end());
    t.schedule.resize(std::size_t{first} + reserved, 0.0f);
    t.layout.scheduleFirst.push_back(first);
    t.layout.scheduleReserved.push_back(reserved);
    drawn[i] = drawnSlots(p, e, births);
  }
  if (t.schedule.empty()) t.schedule.push_back(0.0f);  // an SSBO binding needs a non-empty buffer

  const auto pageOf = [&](std::size_t emitter) { return t.presets[doc.emitters[emitter].preset].counts[3]; };
  const auto passOfEmitter = [&](std::size_t emitter) {
    return passOf(doc.presets[doc.emitters[emitter].preset].sprite.blend);
  };
  std::size_t groupRuns = 0;  // runs of the draw being built start here
  // Every emitter's block is its preset's capacity, whatever part of it G·B uses now: an edit
  // that changes G·B then changes the run's count, not the instance list (TableLayout).
  const auto appendEmitter = [&](std::size_t emitter) {
    const std::uint32_t reserved = reservedSlots(doc.presets[doc.emitters[emitter].preset]);
    if (reserved == 0) return;
    t.layout.runOf[emitter] = static_cast<std::uint32_t>(t.runs.size());
    t.runs.push_back({static_cast<std::uint32_t>(emitter), static_cast<std::uint32_t>(t.instances.size()), drawn[emitter]});
    for (std::uint32_t s = 0; s < reserved; ++s) t.instances.push_back(packInstance(static_cast<std::uint32_t>(emitter), s));
  };
  const auto close = [&](Pass pass, std::uint32_t page, std::size_t first) {
    if (t.instances.size() > first)
      t.draws.push_back({pass, page, static_cast<std::uint32_t>(first), static_cast<std::uint32_t>(t.instances.size() - first),
                         static_cast<std::uint32_t>(groupRuns), static_cast<std::uint32_t>(t.runs.size() - groupRuns)});
    groupRuns = t.runs.size();
  };
  const auto groupByPage = [&](Pass pass) {
    for (std::uint32_t page = 0; page < std::max<std::size_t>(1, atlas.pages.size()); ++page) {
      const std::size_t first = t.instances.size();
      for (std::size_t e = 0; e < doc.emitters.size(); ++e)
        if (passOfEmitter(e) == pass && pageOf(e) == page) appendEmitter(e);
      close(pass, page, first);
    }
  };
  const auto keepAuthoredOrder = [&](Pass pass) {
    std::size_t first = t.instances.size();
    std::uint32_t runPage = 0;
    bool open = false;
    for (std::size_t e = 0; e < doc.emitters.size(); ++e) {
      if (passOfEmitter(e) != pass) continue;
      if (open && pageOf(e) != runPage) {
        close(pass, runPage, first);
        first = t.instances.size();
      }
      runPage = pageOf(e);
      open = true;
      appendEmitter(e);
    }
    if (open) close(pass, runPage, first);
  };
  for (const Pass pass : kParticlePasses) {
    if (passInfo(pass).authoredOrder)
      keepAuthoredOrder(pass);
    else
      groupByPage(pass);
  }
  if (t.instances.empty()) t.instances.push_back(0);  // keeps the SSBO non-empty; never drawn
  return t;
}

void fillClocks(const particles::Document& doc, double levelTime, std::span<const std::uint8_t> muted,
                const std::optional<std::uint32_t>& solo, std::span<ClockStd430> out) {
  for (std::size_t i = 0; i < doc.emitters.size() && i < out.size(); ++i) {
    const auto& e = doc.emitters[i];
    const particles::EmitterClock c = particles::emitterClock(e, levelTime);
    const std::uint32_t groups = particles::cycleGroups(doc.presets[e.preset], e);
    const bool hidden = (i < muted.size() && muted[i] != 0) || (solo && *solo != i);
    ClockStd430 g{};
    const std::int64_t cycle = std::max<std::int64_t>(0, c.cycle);
    g.clock = {static_cast<std::uint32_t>(static_cast<std::uint64_t>(cycle)),
               static_cast<std::uint32_t>(cycle % static_cast<std::int64_t>(std::max(1u, groups))),
               static_cast<std::uint32_t>(std::min<std::int64_t>(cycle, 0x7fffffff)),
               (c.started ? kClockStarted : 0u) | (hidden ? 0u : kClockVisible)};
    // A once emitter's phase is its whole emitter time; past 2^24 s every particle is long dead
    // (lifetimes, durations and delays are ≤ 3,600 s), so clamping keeps it finite in float32.
    g.phase = {f32(std::min(c.phase, 16777216.0)), 0, 0, 0};
    out[i] = g;
  }
}

}  // namespace kiln::render
