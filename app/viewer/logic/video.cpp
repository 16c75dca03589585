// Capture sets as videos: finding ffmpeg and its arguments (GL-free).
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>

#include "core/escape.hpp"
#include "logic/video.hpp"

namespace kiln::viewer {

std::optional<std::filesystem::path> findProgram(std::string_view program, std::string_view pathVariable) {
  std::size_t start = 0;
  while (start <= pathVariable.size()) {
    std::size_t end = pathVariable.find(':', start);
    if (end == std::string_view::npos) end = pathVariable.size();
    const std::string_view dir = pathVariable.substr(start, end - start);
    start = end + 1;
    if (dir.empty()) continue;  // an empty entry would mean the working folder: never searched
    const std::filesystem::path candidate = std::filesystem::path(dir) / program;
    struct stat st{};
    if (::stat(candidate.c_str(), &st) == 0 && S_ISREG(st.st_mode) && ::access(candidate.c_str(), X_OK) == 0)
      return candidate;
  }
  return std::nullopt;
}

std::optional<std::string> concatList(const std::vector<std::filesystem::path>& frames, double fps, std::string& error) {
  std::string out = "ffconcat version 1.0\n";
  char duration[64];
  std::snprintf(duration, sizeof duration, "duration %.9g\n", 1.0 / fps);
  for (const auto& f : frames) {
    // Single quotes inside a quoted path are written as '\'' (ffmpeg's concat quoting).
    std::string quoted;
    for (char c : std::filesystem::absolute(f).string()) {
      if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) {
        error = "the path " + core::escapeText(f.string()) + " holds a control character; a video list cannot name it";
        return std::nullopt;
      }
      quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
    }
    out += "file '" + quoted + "'\n";
    out += duration;
  }
  return out;
}

std::vector<std::string> videoArguments(const std::filesystem::path& list, const std::filesystem::path& out, double fps) {
  char rate[32];
  std::snprintf(rate, sizeof rate, "%.9g", fps);
  return {"-hide_banner", "-loglevel", "error", "-y",  "-f", "concat", "-safe", "0", "-i", list.string(),
          "-r",           rate,        "-vf",   "pad=ceil(iw/2)*2:ceil(ih/2)*2", "-c:v", "libx264",
          "-pix_fmt",     "yuv420p",   out.string()};
}

double videoRate(const std::vector<double>& times) {
  if (times.size() < 2 || !(times[1] > times[0])) return 30;
  const double fps = 1.0 / (times[1] - times[0]);
  return fps < 1 ? 1 : fps > 240 ? 240 : fps;
}

}  // namespace kiln::viewer
