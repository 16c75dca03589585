// Loads OpenGL through the glad loader generated at build time (cmake/KilnGlad.cmake), for the
// context current on this thread, and checks it against what Kiln needs (render/cpu/gl_support.hpp).
// Both contexts use it: HeadlessContext with eglGetProcAddress, kiln-view with glfwGetProcAddress.
#pragma once

#include <optional>
#include <string>

#include "core/diagnostic.hpp"
#include "render/cpu/gl_support.hpp"

namespace kiln::render {

using GlProc = void (*)();
using GlProcLoader = GlProc (*)(const char* name);

// Loads every GL entry point through `getProc` (after the context is made current; glad keeps one
// set of pointers per process, so this reloads them for a later context) and checks the result.
// nullopt: the context is ready for the renderer; otherwise checkGlSupport's gl-error.
std::optional<core::Diagnostic> loadGl(GlProcLoader getProc);

// What the entry points loaded last offer: the report loadGl checks.
GlSupport loadedGlSupport();

// GL_RENDERER of the current context ("" before GL is loaded): what capture sidecars record.
std::string currentGlRenderer();

}  // namespace kiln::render
