// Compiling and linking GLSL programs from shader files (embedded or a developer directory).
// Internal to engine/render.
#pragma once

#include <initializer_list>
#include <string>
#include <string_view>

#include "render/gl_objects.hpp"

namespace kiln::render {

// Builds a program from files named like "particle.vert", "particle.frag", "x.comp" (the stage
// comes from the extension). `defines` (lines such as "#define KILN_STATE_LANES 8\n") go right
// after each file's #version line. Returns an empty Program and fills `error` (with the
// driver's log and the file name) on failure.
gl::Program buildProgram(std::string_view label, std::initializer_list<std::string_view> files,
                         const std::string& directory, std::string& error, std::string_view defines = {});

// Whether the current context's renderer is a CPU rasterizer (Mesa llvmpipe or softpipe).
bool softwareRenderer();

}  // namespace kiln::render
