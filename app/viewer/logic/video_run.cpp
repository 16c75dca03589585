// Running ffmpeg for a capture set's video: fork and exec, no shell (see video.hpp).
#include <spawn.h>
#include <sys/wait.h>

#include <cstring>

#include "logic/video.hpp"

extern char** environ;

namespace kiln::viewer {

bool runVideo(const std::filesystem::path& ffmpeg, const std::vector<std::string>& arguments, std::string& error) {
  std::vector<std::string> args{ffmpeg.string()};
  args.insert(args.end(), arguments.begin(), arguments.end());
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  pid_t pid = 0;
  if (const int rc = posix_spawn(&pid, ffmpeg.c_str(), nullptr, nullptr, argv.data(), environ); rc != 0) {
    error = "cannot run " + ffmpeg.string() + ": " + std::strerror(rc);
    return false;
  }
  int status = 0;
  if (waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    error = ffmpeg.string() + " failed (exit " + std::to_string(WIFEXITED(status) ? WEXITSTATUS(status) : -1) + ")";
    return false;
  }
  return true;
}

}  // namespace kiln::viewer
