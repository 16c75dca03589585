// Mounting a level against a host's capabilities, and the cartridge manifest's feature coverage.
#include <algorithm>
#include <set>

#include "world/level.hpp"

namespace kiln::world {

bool HostCapabilities::advertises(std::string_view feature) const {
  return std::find(features.begin(), features.end(), feature) != features.end();
}

HostCapabilities kilnCapabilities() {
  return {{std::string(particles::SectorsFeature), std::string(particles::Feature), std::string(particles::FeatureV2),
           std::string(sim::Feature)}};
}

std::vector<std::string> missingFeatures(const std::vector<std::string>& required, const HostCapabilities& host) {
  std::vector<std::string> missing;
  for (const std::string& f : required)
    if (!host.advertises(f) && std::find(missing.begin(), missing.end(), f) == missing.end()) missing.push_back(f);
  return missing;
}

core::Diagnostics mount(const Level& level, const HostCapabilities& host) {
  core::Diagnostics out;
  // Check what the entries need as well as what the level declares, so an in-memory level with
  // a stale declaration cannot slip past the host.
  std::vector<std::string> needed = requiredFeatures(level);
  needed.insert(needed.end(), level.features.begin(), level.features.end());
  const std::vector<std::string> missing = missingFeatures(needed, host);
  for (const std::string& f : missing)
    out.push_back({core::Code::MissingFeature, "features",
                   "the level requires " + f + ", which the host does not advertise (" + std::to_string(missing.size()) +
                       " missing)"});
  return out;
}

std::optional<std::string> featureProblem(std::string_view feature) {
  const bool ok = !feature.empty() && feature.size() <= kMaxFeatureBytes &&
                  std::all_of(feature.begin(), feature.end(), [](char c) { return c > 0x20 && c < 0x7f; });
  if (ok) return std::nullopt;
  return "a feature is 1.." + std::to_string(kMaxFeatureBytes) + " printable ASCII characters without spaces";
}

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

constexpr std::string_view kCartridgeMagic = "kiln-cartridge";

}  // namespace

std::variant<Cartridge, core::Diagnostics> parseCartridge(std::string_view text) {
  Cartridge c;
  core::Diagnostics out;
  bool sawMagic = false;
  std::size_t lineNo = 0;
  while (!text.empty()) {
    const std::size_t nl = text.find('\n');
    const std::string_view raw = text.substr(0, nl);
    text = nl == std::string_view::npos ? std::string_view{} : text.substr(nl + 1);
    ++lineNo;
    const std::string_view line = trim(raw);
    if (line.empty() || line.front() == '#') continue;
    const std::string path = "cartridge:" + std::to_string(lineNo);
    const std::size_t sp = line.find_first_of(" \t");
    const std::string_view key = line.substr(0, sp);
    const std::string_view value = sp == std::string_view::npos ? std::string_view{} : trim(line.substr(sp));
    if (!sawMagic) {
      sawMagic = true;
      if (key != kCartridgeMagic) {
        out.push_back({core::Code::BadMagic, path, "a cartridge manifest starts with 'kiln-cartridge 1'"});
        return out;
      }
      if (value != "1") {
        out.push_back({core::Code::UnsupportedVersion, path,
                       "cartridge manifest version '" + std::string(value) + "' is not supported (expected 1)"});
        return out;
      }
      continue;
    }
    if (key != "feature" && key != "level") {
      out.push_back({core::Code::UnknownKey, path, "unknown directive '" + std::string(key) + "' (feature or level)"});
      continue;
    }
    if (value.empty()) {
      out.push_back({core::Code::MissingField, path, "'" + std::string(key) + "' needs a value"});
      continue;
    }
    std::vector<std::string>& list = key == "feature" ? c.features : c.levels;
    if (const auto why = key == "feature" ? featureProblem(value) : std::nullopt) {
      out.push_back({core::Code::BadName, path, *why});
      continue;
    }
    if (std::find(list.begin(), list.end(), value) != list.end()) {
      out.push_back({core::Code::DuplicateName, path, std::string(key) + " '" + std::string(value) + "' is listed twice"});
      continue;
    }
    list.emplace_back(value);
  }
  if (!sawMagic) out.push_back({core::Code::BadMagic, "cartridge:1", "a cartridge manifest starts with 'kiln-cartridge 1'"});
  else if (c.levels.empty() && out.empty()) out.push_back({core::Code::MissingField, "cartridge", "the cartridge lists no level"});
  if (!out.empty()) return out;
  return c;
}

std::string formatCartridge(const Cartridge& c) {
  std::string s = std::string(kCartridgeMagic) + " 1\n";
  for (const std::string& f : c.features) s += "feature " + f + "\n";
  for (const std::string& l : c.levels) s += "level " + l + "\n";
  return s;
}

core::Diagnostics checkCartridgeFeatures(const Cartridge& c, const std::vector<std::vector<std::string>>& levelFeatures) {
  core::Diagnostics out;
  const std::set<std::string> declared(c.features.begin(), c.features.end());
  for (std::size_t i = 0; i < levelFeatures.size(); ++i) {
    const std::string level = i < c.levels.size() ? c.levels[i] : "level " + std::to_string(i);
    for (const std::string& f : levelFeatures[i])
      if (!declared.count(f))
        out.push_back({core::Code::CartridgeFeatures, "cartridge.features",
                       "level '" + level + "' requires " + f + ", which the cartridge does not declare"});
  }
  return out;
}

}  // namespace kiln::world
