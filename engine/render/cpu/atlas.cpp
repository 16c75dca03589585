// Shelf packing of connected frame groups onto atlas pages, and page pixel assembly.
#include "render/cpu/atlas.hpp"

#include <algorithm>
#include <map>
#include <numeric>

namespace kiln::render {
namespace {

struct Shelf {
  std::uint32_t y = 0, height = 0, xEnd = 0;
};

struct PageState {
  std::vector<Shelf> shelves;
  std::uint32_t yEnd = 0;
  std::uint32_t usedWidth = 0;
};

struct Placement {
  std::uint32_t x = 0, y = 0;
};

// First shelf tall enough with room left, else a new shelf below; nullopt-like false when full.
bool place(PageState& page, std::uint32_t cell, std::uint32_t pageSize, Placement& at) {
  for (auto& s : page.shelves) {
    if (s.height >= cell && s.xEnd + cell <= pageSize) {
      at = {s.xEnd, s.y};
      s.xEnd += cell;
      page.usedWidth = std::max(page.usedWidth, s.xEnd);
      return true;
    }
  }
  if (page.yEnd + cell > pageSize || cell > pageSize) return false;
  page.shelves.push_back({page.yEnd, cell, cell});
  at = {0, page.yEnd};
  page.yEnd += cell;
  page.usedWidth = std::max(page.usedWidth, cell);
  return true;
}

std::uint32_t findRoot(std::vector<std::uint32_t>& parent, std::uint32_t i) {
  while (parent[i] != i) i = parent[i] = parent[parent[i]];
  return i;
}

}  // namespace

const AtlasFrame* AtlasLayout::find(std::string_view name) const {
  auto it = std::lower_bound(frames.begin(), frames.end(), name,
                             [](const AtlasFrame& f, std::string_view n) { return f.name < n; });
  return it != frames.end() && it->name == name ? &*it : nullptr;
}

std::variant<AtlasLayout, core::Diagnostics> packAtlas(const std::vector<std::vector<std::string>>& presetFrames,
                                                       std::span<const FrameSize> sizes,
                                                       const std::vector<std::string>& presetNames,
                                                       std::uint32_t maxTextureSize, std::uint32_t pageSize) {
  const auto presetCount = static_cast<std::uint32_t>(presetFrames.size());
  std::map<std::string, std::uint32_t, std::less<>> sizeOf;
  for (const auto& s : sizes) sizeOf.emplace(s.name, s.size);

  // Presets that share a frame name join one group (union-find over presets).
  std::vector<std::uint32_t> parent(presetCount);
  std::iota(parent.begin(), parent.end(), 0u);
  std::map<std::string, std::uint32_t, std::less<>> firstUser;
  for (std::uint32_t p = 0; p < presetCount; ++p)
    for (const auto& name : presetFrames[p]) {
      auto [it, fresh] = firstUser.emplace(name, p);
      if (!fresh) parent[findRoot(parent, p)] = findRoot(parent, it->second);
    }

  AtlasLayout layout;
  layout.presetPage.assign(presetCount, 0);
  core::Diagnostics errors;
  std::vector<PageState> states;
  const auto presetPath = [&](std::uint32_t p) {
    return "presets." + (p < presetNames.size() ? presetNames[p] : std::to_string(p)) + ".sprite.frames";
  };

  std::vector<bool> done(presetCount, false);
  for (std::uint32_t first = 0; first < presetCount; ++first) {
    const std::uint32_t root = findRoot(parent, first);
    if (done[root]) continue;
    done[root] = true;
    std::vector<std::uint32_t> members;
    std::vector<FrameSize> frames;
    for (std::uint32_t p = first; p < presetCount; ++p) {
      if (findRoot(parent, p) != root) continue;
      members.push_back(p);
      for (const auto& name : presetFrames[p]) {
        if (std::any_of(frames.begin(), frames.end(), [&](const FrameSize& f) { return f.name == name; })) continue;
        auto it = sizeOf.find(name);
        frames.push_back({name, it == sizeOf.end() ? 0u : it->second});
      }
    }
    std::sort(frames.begin(), frames.end(), [](const FrameSize& a, const FrameSize& b) {
      return a.size != b.size ? a.size > b.size : a.name < b.name;
    });

    std::uint32_t page = 0;
    std::vector<Placement> spots(frames.size());
    const std::uint32_t largestCell = frames.empty() ? 0 : frames.front().size + 2 * kAtlasPadding;
    if (frames.size() == 1 && largestCell > pageSize) {
      if (largestCell > maxTextureSize) {
        errors.push_back({core::Code::AtlasPacking, presetPath(first),
                          "frame '" + frames[0].name + "' needs " + std::to_string(largestCell) +
                              " texels with padding, more than the maximum texture size " +
                              std::to_string(maxTextureSize)});
        continue;
      }
      page = static_cast<std::uint32_t>(layout.pages.size());
      layout.pages.push_back({largestCell, largestCell, true});
      states.emplace_back();  // keeps page indices aligned; never packed into
      states.back().yEnd = pageSize + 1;
      spots[0] = {0, 0};
    } else {
      // The whole group goes onto the first page with room for all of it.
      bool placed = false;
      for (std::uint32_t candidate = 0; candidate <= states.size() && !placed; ++candidate) {
        PageState trial = candidate < states.size() ? states[candidate] : PageState{};
        if (candidate < layout.pages.size() && layout.pages[candidate].standalone) continue;
        bool fits = true;
        for (std::size_t i = 0; i < frames.size() && fits; ++i)
          fits = place(trial, frames[i].size + 2 * kAtlasPadding, pageSize, spots[i]);
        if (!fits) continue;
        if (candidate == states.size()) {
          states.push_back(trial);
          layout.pages.push_back({});
        } else {
          states[candidate] = trial;
        }
        page = candidate;
        placed = true;
      }
      if (!placed) {
        errors.push_back({core::Code::AtlasPacking, presetPath(first),
                          "a group of " + std::to_string(frames.size()) + " connected frames (" +
                              std::to_string(members.size()) + " presets) does not fit one " +
                              std::to_string(pageSize) + "² atlas page"});
        continue;
      }
      layout.pages[page].width = states[page].usedWidth;
      layout.pages[page].height = states[page].yEnd;
    }
    for (std::size_t i = 0; i < frames.size(); ++i)
      layout.frames.push_back({frames[i].name, page, spots[i].x + kAtlasPadding, spots[i].y + kAtlasPadding,
                               frames[i].size});
    for (std::uint32_t p : members) layout.presetPage[p] = page;
  }
  if (!errors.empty()) return errors;
  std::sort(layout.frames.begin(), layout.frames.end(),
            [](const AtlasFrame& a, const AtlasFrame& b) { return a.name < b.name; });
  return layout;
}

core::Image buildAtlasPage(const AtlasLayout& layout, std::uint32_t page, std::span<const core::NamedImage> images) {
  core::Image out;
  out.width = layout.pages.at(page).width;
  out.height = layout.pages.at(page).height;
  out.rgba.assign(std::size_t{out.width} * out.height * 4, 0);
  for (const auto& f : layout.frames) {
    if (f.page != page) continue;
    const core::NamedImage* src = nullptr;
    for (const auto& img : images)
      if (img.name == f.name) src = &img;
    if (src == nullptr || src->image.width != f.size || src->image.height != f.size) continue;
    // Edge extension: padding texels repeat the nearest content texel, so bilinear filtering at
    // a frame's border never reads a neighbour.
    const auto s = static_cast<std::int64_t>(f.size);
    for (std::int64_t y = -1; y <= s; ++y) {
      for (std::int64_t x = -1; x <= s; ++x) {
        const auto sx = static_cast<std::size_t>(std::clamp<std::int64_t>(x, 0, s - 1));
        const auto sy = static_cast<std::size_t>(std::clamp<std::int64_t>(y, 0, s - 1));
        const std::size_t from = (sy * f.size + sx) * 4;
        const std::size_t to = (static_cast<std::size_t>(f.y + y) * out.width + static_cast<std::size_t>(f.x + x)) * 4;
        std::copy_n(src->image.rgba.begin() + static_cast<std::ptrdiff_t>(from), 4,
                    out.rgba.begin() + static_cast<std::ptrdiff_t>(to));
      }
    }
  }
  return out;
}

}  // namespace kiln::render
