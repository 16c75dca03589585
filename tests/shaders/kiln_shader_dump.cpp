// kiln-shader-dump: writes every program's final GLSL, stage by stage, exactly as the renderer
// hands it to the driver, so Khronos glslangValidator and spirv-val can check it offline
// (tests/shaders/validate_shaders.cmake). Each stage's text comes from render::assembleShader,
// the function buildProgram (render/program.cpp) compiles, and the programs are the renderer's
// own list, render::kShaderPrograms (render/cpu/shader_programs.hpp), the lane variants with the
// workgroup sizes the renderer and the GL tests build. With --source-root the tool also checks
// that every shader file is ASCII and used by some program.
//
// Usage: kiln-shader-dump OUT_DIR [--source-root ROOT] [--shader-dir DIR]
//   OUT_DIR/programs.txt lists one program per line: its directory, then its stage files.
//   --shader-dir reads the shaders from DIR, as RendererOptions::shaderDirectory does; without
//   it the embedded copies (what the renderer uses by default) are written.
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "render/cpu/shader_programs.hpp"
#include "render/cpu/shader_source.hpp"

namespace {

namespace fs = std::filesystem;
using kiln::render::assembleShader;

// One program the renderer builds, with the defines of one of its variants.
struct ProgramSpec {
  std::string label;               // buildProgram's label
  std::vector<std::string> files;  // in buildProgram's order
  std::string defines;             // as buildProgram receives them
  std::string variant;             // names the variant's directory; empty when there is one
  std::string fragmentTail;        // an event material's snippet (buildProgram's fragmentTail)
};

// The renderer's programs, each lane-variant one for 8 lanes (a CPU rasterizer), 64 (a GPU) and
// 256 (RendererOptions::stateLanes in the GL tests), and the output program in every variant.
std::vector<ProgramSpec> programs() {
  std::vector<ProgramSpec> out;
  for (const kiln::render::ShaderProgram* p : kiln::render::kShaderPrograms) {
    const std::vector<std::string> files(p->stages().begin(), p->stages().end());
    if (p->outputVariants) {
      for (std::uint32_t v = 0; v < kiln::render::kOutputVariantCount; ++v)
        out.push_back(
            {std::string(p->label), files, kiln::render::outputVariantDefines(v), "output" + std::to_string(v), ""});
      continue;
    }
    if (!p->laneVariants) {
      out.push_back({std::string(p->label), files, "", "", ""});
      // An event material's program, with the identity snippet after the fragment stage.
      if (p == &kiln::render::kEventsProgram)
        out.push_back({std::string(p->label), files, std::string(kiln::render::kEventMaterialDefine), "material",
                       std::string(kiln::render::kIdentityMaterial)});
      continue;
    }
    for (const unsigned lanes : {8u, 64u, 256u})
      out.push_back(
          {std::string(p->label), files, kiln::render::stateLanesDefine(lanes), "lanes" + std::to_string(lanes), ""});
  }
  return out;
}

std::string readFile(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// The first byte outside printable ASCII, tab, CR and LF, as "line L, byte 0xNN"; empty if none.
std::string nonAscii(const std::string& text) {
  std::size_t line = 1;
  for (const char ch : text) {
    const auto c = static_cast<unsigned char>(ch);
    if (c == '\n') ++line;
    if (c == '\n' || c == '\r' || c == '\t' || (c >= 0x20 && c < 0x7f)) continue;
    char hex[8];
    std::snprintf(hex, sizeof hex, "0x%02x", c);
    return "line " + std::to_string(line) + ", byte " + hex;
  }
  return {};
}

// Checks every file in ROOT/shaders: ASCII only, and each stage file used by a program.
// Returns the problems.
std::vector<std::string> checkSourceTree(const fs::path& root, const std::vector<ProgramSpec>& specs) {
  std::vector<std::string> problems;
  std::set<std::string> used;
  for (const auto& s : specs) used.insert(s.files.begin(), s.files.end());
  for (const auto& entry : fs::directory_iterator(root / "shaders")) {
    const std::string name = entry.path().filename().string();
    const std::string bad = nonAscii(readFile(entry.path()));
    if (!bad.empty()) problems.push_back("shaders/" + name + " is not ASCII-only (" + bad + ")");
    const std::string ext = entry.path().extension().string();
    if ((ext == ".vert" || ext == ".frag" || ext == ".geom" || ext == ".comp" || ext == ".tesc" || ext == ".tese") &&
        !used.count(name))
      problems.push_back("shaders/" + name + " is in no program kiln-shader-dump writes");
  }
  return problems;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: kiln-shader-dump OUT_DIR [--source-root ROOT] [--shader-dir DIR]\n");
    return 2;
  }
  const fs::path out = argv[1];
  std::string sourceRoot, shaderDir;
  for (int i = 2; i < argc; ++i) {
    const std::string a = argv[i];
    if ((a == "--source-root" || a == "--shader-dir") && i + 1 < argc) {
      (a == "--source-root" ? sourceRoot : shaderDir) = argv[++i];
    } else {
      std::fprintf(stderr, "kiln-shader-dump: unknown argument '%s'\n", a.c_str());
      return 2;
    }
  }
  const std::vector<ProgramSpec> specs = programs();
  int failures = 0;
  if (!sourceRoot.empty()) {
    for (const auto& p : checkSourceTree(sourceRoot, specs)) {
      std::fprintf(stderr, "kiln-shader-dump: %s\n", p.c_str());
      ++failures;
    }
  }

  // OUT is emptied first, but only when it is this tool's own earlier output (or empty): a
  // mistyped OUT must not cost anyone a folder.
  std::error_code ec;
  if (fs::exists(out, ec) && !fs::is_empty(out, ec) && !fs::exists(out / "programs.txt", ec)) {
    std::fprintf(stderr, "kiln-shader-dump: %s is not empty and holds no programs.txt; not clearing it\n",
                 out.c_str());
    return 2;
  }
  fs::remove_all(out, ec);
  fs::create_directories(out);
  std::ofstream manifest(out / "programs.txt", std::ios::binary);
  for (const auto& s : specs) {
    const std::string dir = s.variant.empty() ? s.label : s.label + "." + s.variant;
    fs::create_directories(out / dir);
    manifest << dir;
    for (const auto& file : s.files) {
      std::string text, error;
      const bool fragment = file.size() > 5 && file.substr(file.size() - 5) == ".frag";
      if (!assembleShader(file, shaderDir, s.defines, text, error, fragment ? s.fragmentTail : "")) {
        std::fprintf(stderr, "kiln-shader-dump: %s: %s\n", dir.c_str(), error.c_str());
        ++failures;
        continue;
      }
      const std::string bad = nonAscii(text);
      if (!bad.empty()) {
        std::fprintf(stderr, "kiln-shader-dump: %s/%s is not ASCII-only (%s)\n", dir.c_str(), file.c_str(),
                     bad.c_str());
        ++failures;
      }
      std::ofstream(out / dir / file, std::ios::binary) << text;
      manifest << ' ' << file;
    }
    manifest << '\n';
  }
  manifest.close();
  if (!manifest) {
    std::fprintf(stderr, "kiln-shader-dump: cannot write %s\n", (out / "programs.txt").c_str());
    return 1;
  }
  std::printf("kiln-shader-dump: %zu programs written to %s\n", specs.size(), out.c_str());
  return failures == 0 ? 0 : 1;
}
