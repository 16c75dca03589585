// Compiling and linking GLSL programs from shader files (embedded or a developer directory).
// Internal to engine/render.
#pragma once

#include <functional>
#include <string>
#include <string_view>

#include "render/gl_objects.hpp"
#include "render/cpu/shader_programs.hpp"

namespace kiln::render {

// Builds a program from files named like "particle.vert", "particle.frag", "x.comp" (the stage
// comes from the extension). `defines` (lines such as "#define KILN_STATE_LANES 8\n") go right
// after each file's #version line (render::assembleShader builds each stage's text). Returns
// an empty Program and fills `error` (with the driver's log and the file name) on failure.
// `fragmentTail` (an event material's snippet) is the fragment stage's assembleShader tail.
gl::Program buildProgram(const ShaderProgram& program, const std::string& directory, std::string& error,
                         std::string_view defines = {}, const std::function<void(std::string_view)>& log = {},
                         std::string_view fragmentTail = {});

// Whether the current context's renderer is a CPU rasterizer (Mesa llvmpipe or softpipe).
bool softwareRenderer();

}  // namespace kiln::render
