// Framebuffer readback for --screenshot and the script's `screenshot` action (written as PNG by
// loader::writePngFile).
#pragma once

#include "core/image.hpp"

namespace kiln::viewer {

// Reads the back buffer of the current context (call after rendering, before swapping);
// rows come out top to bottom, alpha forced opaque.
core::Image readBackBuffer(int width, int height);

}  // namespace kiln::viewer
