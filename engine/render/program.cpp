// Shader compilation with logs that name the file.
#include "render/program.hpp"

#include <algorithm>
#include <vector>

#include "render/gl_enums.hpp"
#include "render/shader_source.hpp"

namespace kiln::render {

bool softwareRenderer() {
  const auto* name = reinterpret_cast<const char*>(glGetString(GL_RENDERER));
  const std::string_view renderer = name ? name : "";
  return renderer.find("llvmpipe") != std::string_view::npos || renderer.find("softpipe") != std::string_view::npos;
}

gl::Program buildProgram(std::string_view label, std::initializer_list<std::string_view> files,
                         const std::string& directory, std::string& error, std::string_view defines) {
  gl::Program program(label);
  std::vector<gl::Shader> shaders;
  for (std::string_view file : files) {
    const std::size_t dot = file.rfind('.');
    const GLenum stage = gl::shaderStage(dot == std::string_view::npos ? '?' : file[dot + 1]);
    std::string text;
    if (stage == GL_NONE || !loadShader(file, directory, text, error)) {
      if (stage == GL_NONE) error = "unknown shader stage for '" + std::string(file) + "'";
      return {};
    }
    if (!defines.empty()) {
      // After the #version line, which must stay first; line numbers in logs shift by the
      // defines' lines, which the log's file name makes plain.
      const std::size_t eol = text.find('\n');
      text.insert(eol == std::string::npos ? text.size() : eol + 1, defines);
    }
    gl::Shader shader(stage, file);
    const char* source = text.c_str();
    glShaderSource(shader.id(), 1, &source, nullptr);
    glCompileShader(shader.id());
    GLint ok = 0;
    glGetShaderiv(shader.id(), GL_COMPILE_STATUS, &ok);
    if (!ok) {
      GLint length = 0;
      glGetShaderiv(shader.id(), GL_INFO_LOG_LENGTH, &length);
      std::string log(static_cast<std::size_t>(std::max(length, 1)), '\0');
      glGetShaderInfoLog(shader.id(), length, nullptr, log.data());
      log.resize(log.find('\0') == std::string::npos ? log.size() : log.find('\0'));
      error = std::string(file) + ": " + log;
      return {};
    }
    glAttachShader(program.id(), shader.id());
    shaders.push_back(std::move(shader));
  }
  glLinkProgram(program.id());
  GLint linked = 0;
  glGetProgramiv(program.id(), GL_LINK_STATUS, &linked);
  if (!linked) {
    GLint length = 0;
    glGetProgramiv(program.id(), GL_INFO_LOG_LENGTH, &length);
    std::string log(static_cast<std::size_t>(std::max(length, 1)), '\0');
    glGetProgramInfoLog(program.id(), length, nullptr, log.data());
    log.resize(log.find('\0') == std::string::npos ? log.size() : log.find('\0'));
    error = std::string(label) + " (link): " + log;
    return {};
  }
  for (const auto& s : shaders) glDetachShader(program.id(), s.id());
  return program;
}

}  // namespace kiln::render
