// `kiln compile`'s and `kiln validate`'s check of event material snippets with Khronos
// glslangValidator, when it is on PATH: each snippet is assembled into the events fragment shader exactly as the renderer builds
// it (render::assembleShader with kEventMaterialDefine and the snippet as tail) and compiled.
// Without glslangValidator nothing is checked here; the driver still checks at prepare time.
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>

#include "core/file.hpp"
#include "cli/commands.hpp"
#include "render/cpu/shader_programs.hpp"
#include "render/cpu/shader_source.hpp"

extern char** environ;

namespace kiln::cli {

namespace {

namespace fs = std::filesystem;

// The first executable glslangValidator along PATH; empty when there is none.
fs::path findGlslang() {
  const char* path = std::getenv("PATH");
  if (!path) return {};
  std::stringstream dirs(path);
  std::string dir;
  while (std::getline(dirs, dir, ':')) {
    if (dir.empty()) continue;
    const fs::path p = fs::path(dir) / "glslangValidator";
    if (::access(p.c_str(), X_OK) == 0) return p;
  }
  return {};
}

// glslangValidator's "ERROR: 1:3: 'x' : undeclared identifier" lines with source string 1 (the
// snippet, after `#line 1 1`) rewritten as "FILE:3: 'x' : ..."; other lines dropped, except
// when no line names a location (then the whole output is kept).
std::string snippetErrors(const std::string& output, const std::string& file) {
  std::stringstream in(output);
  std::string line, out;
  while (std::getline(in, line)) {
    const std::string lead = "ERROR: 1:";
    if (line.rfind(lead, 0) != 0) continue;
    out += (out.empty() ? "" : "; ") + file + ":" + line.substr(lead.size());
  }
  return out.empty() ? output : out;
}

}  // namespace

core::Diagnostics checkMaterialsOffline(const sim::Events& events, bool& checked) {
  core::Diagnostics found;
  checked = false;
  if (events.materials.empty()) return found;
  const fs::path glslang = findGlslang();
  if (glslang.empty()) return found;
  checked = true;
  std::error_code ec;
  const fs::path dir = fs::temp_directory_path(ec) / ("kiln-material-check-" + std::to_string(::getpid()));
  fs::create_directories(dir, ec);
  for (const sim::Material& m : events.materials) {
    const std::string at = "events.materials." + m.name;
    std::string text, error;
    if (!render::assembleShader(render::kEventsProgram.files[1], "", render::kEventMaterialDefine, text, error,
                                m.text)) {
      found.push_back({core::Code::MaterialError, at, error});
      continue;
    }
    // glslangValidator picks the stage from the extension.
    const fs::path shader = dir / "material.frag", log = dir / "material.log";
    core::Diagnostic ioError;
    if (!core::writeFile(shader, std::span(reinterpret_cast<const std::uint8_t*>(text.data()), text.size()), ioError)) {
      found.push_back({core::Code::MaterialError, at, "the snippet could not be checked: " + ioError.message,
                       core::Severity::Warning});
      continue;
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 1, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    posix_spawn_file_actions_adddup2(&actions, 1, 2);
    std::string program = glslang.string(), file = shader.string();
    char* argv[] = {program.data(), file.data(), nullptr};
    pid_t pid = 0;
    int status = 0;
    const int rc = posix_spawn(&pid, program.c_str(), &actions, nullptr, argv, environ);
    posix_spawn_file_actions_destroy(&actions);
    if (rc != 0 || waitpid(pid, &status, 0) < 0 || !WIFEXITED(status)) {
      found.push_back({core::Code::MaterialError, at, "glslangValidator could not be run on the snippet",
                       core::Severity::Warning});
      continue;
    }
    if (WEXITSTATUS(status) == 0) continue;
    std::ifstream in(log, std::ios::binary);
    std::stringstream output;
    output << in.rdbuf();
    found.push_back({core::Code::MaterialError, at,
                     "material '" + m.name + "' does not compile (glslangValidator): " +
                         snippetErrors(output.str(), m.file.empty() ? m.name : m.file)});
  }
  fs::remove_all(dir, ec);
  return found;
}

}  // namespace kiln::cli
