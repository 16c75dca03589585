// Capture names that never overwrite, PNGs from disk for A/B, and A/B metrics (GL-free).
#include <charconv>
#include <cmath>
#include <cstdio>

#include "logic/capture_files.hpp"
#include "loader/capture_name.hpp"
#include "loader/loader.hpp"

namespace kiln::viewer {

std::string safeFileName(std::string s) {
  for (char& c : s) {
    const auto u = static_cast<unsigned char>(c);
    const bool keep = (u >= 'a' && u <= 'z') || (u >= 'A' && u <= 'Z') || (u >= '0' && u <= '9') || u == '-' ||
                      u == '_' || u == '.';
    if (!keep) c = '_';
  }
  if (!s.empty() && s.front() == '.') s.front() = '_';  // never a hidden file, never "." or ".."
  return s;
}

void setBookmark(std::vector<CameraBookmark>& marks, const std::string& name, const ViewCamera& camera) {
  for (CameraBookmark& m : marks)
    if (m.name == name) {
      m.camera = camera;
      return;
    }
  marks.push_back({name, camera});
}

std::filesystem::path uniqueCapturePath(const std::filesystem::path& dir, const std::string& level,
                                        const std::string& label, double levelTime,
                                        std::map<std::string, std::uint32_t>& counters, const std::string& camera) {
  const std::string tag = safeFileName(label);
  // The highest number this label already has on disk ("before-0007_…" says 7).
  std::uint32_t last = counters[tag];
  std::error_code ec;
  for (std::filesystem::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    if (name.size() < tag.size() + 6 || name.compare(0, tag.size(), tag) != 0 || name[tag.size()] != '-') continue;
    std::uint32_t n = 0;
    const char* first = name.data() + tag.size() + 1;
    const auto [stop, bad] = std::from_chars(first, name.data() + name.size(), n);
    if (bad == std::errc{} && stop - first >= 4 && stop < name.data() + name.size() && *stop == '_') last = std::max(last, n);
  }
  char t[48];
  std::snprintf(t, sizeof t, "_t%08lldms", static_cast<long long>(std::llround(levelTime * 1000.0)));
  for (std::uint32_t n = last + 1;; ++n) {
    char number[16];
    std::snprintf(number, sizeof number, "-%04u_", n);
    const std::filesystem::path p =
        dir / (tag + number + safeFileName(level) + (camera.empty() ? "" : "_" + safeFileName(camera)) + t + ".png");
    if (!std::filesystem::exists(p, ec)) {
      counters[tag] = n;
      return p;
    }
  }
}

std::optional<std::string> reportCommand(const std::vector<CaptureEntry>& entries, const std::filesystem::path& dir) {
  std::vector<std::string> labels;  // in the order of their latest capture, newest last
  for (const CaptureEntry& e : entries) {
    if (e.levelTime < 0) continue;  // a PNG from disk
    const std::string name = e.file.filename().string();
    const std::size_t dash = loader::captureNumberDash(name);
    if (dash == std::string::npos) continue;
    const std::string label = name.substr(0, dash);
    std::erase(labels, label);
    labels.push_back(label);
  }
  if (labels.size() < 2) return std::nullopt;
  const std::string d = dir.string();
  return "kiln report " + d + "/" + labels[labels.size() - 2] + " " + d + "/" + labels.back() + " -o report.html";
}

std::optional<CaptureEntry> captureFromFile(const std::filesystem::path& path, core::Diagnostic& error) {
  auto image = loader::decodeImageFile(path, error);
  if (!image) return std::nullopt;
  CaptureEntry e;
  e.label = path.filename().string();
  e.levelTime = -1;  // not a capture of this session: no level time
  e.file = path;
  e.image = std::move(*image);
  return e;
}

std::string captureListLabel(const CaptureEntry& e, std::size_t i) {
  char line[512];
  if (e.levelTime < 0)
    std::snprintf(line, sizeof line, "%zu: %s (from disk)", i, e.file.filename().string().c_str());
  else
    std::snprintf(line, sizeof line, "%zu: %s @%.3f s (%s)", i, e.label.c_str(), e.levelTime,
                  e.file.filename().string().c_str());
  return line;
}

CaptureJob captureJob(const std::vector<double>& times, const std::vector<CameraBookmark>& bookmarks,
                      const ViewCamera& current, const std::string& label) {
  CaptureJob job;
  job.label = label.empty() ? "current" : label;
  job.times = times;
  job.cameras = bookmarks;
  if (job.cameras.empty()) job.cameras.push_back({"", current});
  return job;
}

render::ImageComparison compareEntries(const CaptureEntry& a, const CaptureEntry& b) {
  return render::compareImages(a.image, b.image);
}

}  // namespace kiln::viewer
