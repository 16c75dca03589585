// Framebuffer → PNG for --screenshot and the script's `screenshot` action.
#pragma once

#include <filesystem>
#include <string>

#include "core/image.hpp"

namespace kiln::viewer {

// Reads the back buffer of the current context (call after rendering, before swapping);
// rows come out top to bottom, alpha forced opaque.
core::Image readBackBuffer(int width, int height);

// Reverses row order in place (an image stored bottom-up becomes top-down).
void flipRows(core::Image& image);

bool writePng(const std::filesystem::path& path, const core::Image& image, std::string& error);

}  // namespace kiln::viewer
