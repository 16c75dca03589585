// Shader text: the copies embedded at build time (cmake/EmbedShaders.cmake), an optional
// developer directory read at run time, and the tiny #include mechanism the shaders use.
#pragma once

#include <string>
#include <string_view>

namespace kiln::render {

// Text of shaders/NAME as embedded at build time; empty when there is no such file.
std::string_view embeddedShader(std::string_view name);

// The header the build generates from render/cpu/shader_constants.hpp. It is not in shaders/, so a
// developer directory that lacks it gets the embedded copy.
inline constexpr std::string_view kShaderConstantsFile = "shader_constants.glsl";

// Resolves `#include "NAME"` lines (one level deep is all the shaders use; nested includes
// work too, each file at most once). `directory` empty → embedded copies, otherwise files read
// from it. Returns false and sets `error` when a file is missing.
bool loadShader(std::string_view name, const std::string& directory, std::string& out, std::string& error);

// A shader file's final text, exactly as buildProgram (render/program.hpp) hands it to the
// driver: loadShader's text with `defines` (lines such as "#define KILN_STATE_LANES 8\n")
// inserted right after the #version line, which must stay first. GL-free, so the validator
// test (tests/shaders/) checks the very text the renderer compiles. Returns false and sets
// `error` when a file is missing. A non-empty `tail` (an event material's snippet) follows the
// text after a line end and `#line 1 1`, so a compiler numbers the tail's lines from 1 as source
// string 1 (Mesa's info log still says 0).
bool assembleShader(std::string_view name, const std::string& directory, std::string_view defines, std::string& out,
                    std::string& error, std::string_view tail = {});

}  // namespace kiln::render
