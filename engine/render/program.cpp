// Shader compilation with logs that name the file.
#include "render/program.hpp"

#include <algorithm>
#include <vector>

#include "render/gl_enums.hpp"
#include "render/cpu/shader_source.hpp"

namespace kiln::render {

bool softwareRenderer() {
  const auto* name = reinterpret_cast<const char*>(glGetString(GL_RENDERER));
  const std::string_view renderer = name ? name : "";
  return renderer.find("llvmpipe") != std::string_view::npos || renderer.find("softpipe") != std::string_view::npos;
}

namespace {

// A shader's or program's info log, without the trailing NUL and whitespace; empty when none.
std::string infoLog(GLuint object, bool isProgram) {
  GLint length = 0;
  if (isProgram) glGetProgramiv(object, GL_INFO_LOG_LENGTH, &length);
  else glGetShaderiv(object, GL_INFO_LOG_LENGTH, &length);
  if (length <= 1) return {};
  std::string log(static_cast<std::size_t>(length), '\0');
  if (isProgram) glGetProgramInfoLog(object, length, nullptr, log.data());
  else glGetShaderInfoLog(object, length, nullptr, log.data());
  while (!log.empty() && (log.back() == '\0' || log.back() == '\n' || log.back() == ' ')) log.pop_back();
  return log;
}

}  // namespace

gl::Program buildProgram(const ShaderProgram& source, const std::string& directory, std::string& error,
                         std::string_view defines, const std::function<void(std::string_view)>& log,
                         std::string_view fragmentTail) {
  const std::string_view label = source.label;
  gl::Program program(label);
  std::vector<gl::Shader> shaders;
  for (std::string_view file : source.stages()) {
    const std::size_t dot = file.rfind('.');
    const GLenum stage = gl::shaderStage(dot == std::string_view::npos ? '?' : file[dot + 1]);
    std::string text;
    // The one assembly of a stage's text (render/cpu/shader_source.hpp), shared with the offline
    // validator test (tests/shaders/).
    if (stage == GL_NONE ||
        !assembleShader(file, directory, defines, text, error, stage == GL_FRAGMENT_SHADER ? fragmentTail : "")) {
      if (stage == GL_NONE) error = "unknown shader stage for '" + std::string(file) + "'";
      return {};
    }
    gl::Shader shader(stage, file);
    const char* source = text.c_str();
    glShaderSource(shader.id(), 1, &source, nullptr);
    glCompileShader(shader.id());
    GLint ok = 0;
    glGetShaderiv(shader.id(), GL_COMPILE_STATUS, &ok);
    const std::string compileLog = infoLog(shader.id(), false);
    if (!ok) {
      error = std::string(file) + ": " + compileLog;
      return {};
    }
    // A driver's warnings come in the log of a shader that compiled: never dropped.
    if (!compileLog.empty() && log) log(std::string(file) + " (compile log): " + compileLog);
    glAttachShader(program.id(), shader.id());
    shaders.push_back(std::move(shader));
  }
  glLinkProgram(program.id());
  GLint linked = 0;
  glGetProgramiv(program.id(), GL_LINK_STATUS, &linked);
  const std::string linkLog = infoLog(program.id(), true);
  if (!linked) {
    error = std::string(label) + " (link): " + linkLog;
    return {};
  }
  if (!linkLog.empty() && log) log(std::string(label) + " (link log): " + linkLog);
  for (const auto& s : shaders) glDetachShader(program.id(), s.id());
  return program;
}

}  // namespace kiln::render
