// Shader text from the embedded copies or a developer directory, with #include resolution.
#include "render/cpu/shader_source.hpp"

#include <fstream>
#include <sstream>
#include <vector>

namespace kiln::render {
namespace {

bool readText(std::string_view name, const std::string& directory, std::string& out) {
  if (directory.empty()) {
    const std::string_view text = embeddedShader(name);
    if (text.empty()) return false;
    out.assign(text);
    return true;
  }
  std::ifstream in(directory + "/" + std::string(name), std::ios::binary);
  if (!in && name == kShaderConstantsFile) return readText(name, {}, out);
  if (!in) return false;
  std::ostringstream s;
  s << in.rdbuf();
  out = s.str();
  return true;
}

bool expand(std::string_view name, const std::string& directory, std::vector<std::string>& seen,
            std::string& out, std::string& error) {
  for (const auto& s : seen)
    if (s == name) return true;  // each file once, so a shared include cannot be defined twice
  seen.emplace_back(name);
  std::string text;
  if (!readText(name, directory, text)) {
    error = "shader file '" + std::string(name) + "' not found" +
            (directory.empty() ? std::string(" among the embedded shaders") : " in " + directory);
    return false;
  }
  std::size_t lineNo = 0;
  std::size_t at = 0;
  while (at <= text.size()) {
    std::size_t end = text.find('\n', at);
    if (end == std::string::npos) end = text.size();
    std::string_view line(text.data() + at, end - at);
    ++lineNo;
    if (line.starts_with("#include \"")) {
      const std::size_t close = line.find('"', 10);
      if (close == std::string_view::npos) {
        error = std::string(name) + ":" + std::to_string(lineNo) + ": malformed #include";
        return false;
      }
      if (!expand(line.substr(10, close - 10), directory, seen, out, error)) return false;
      // Keep compiler line numbers pointing into this file after the included text.
      out += "#line " + std::to_string(lineNo + 1) + "\n";
    } else {
      out.append(line);
      out += '\n';
    }
    at = end + 1;
  }
  return true;
}

}  // namespace

bool loadShader(std::string_view name, const std::string& directory, std::string& out, std::string& error) {
  std::vector<std::string> seen;
  out.clear();
  return expand(name, directory, seen, out, error);
}

bool assembleShader(std::string_view name, const std::string& directory, std::string_view defines, std::string& out,
                    std::string& error, std::string_view tail) {
  if (!loadShader(name, directory, out, error)) return false;
  if (!defines.empty()) {
    // After the #version line, which must stay first; line numbers in logs shift by the
    // defines' lines, which the log's file name makes plain.
    const std::size_t eol = out.find('\n');
    out.insert(eol == std::string::npos ? out.size() : eol + 1, defines);
  }
  if (!tail.empty()) {
    if (!out.empty() && out.back() != '\n') out += '\n';
    out += "#line 1 1\n";
    out += tail;
  }
  return true;
}

}  // namespace kiln::render
