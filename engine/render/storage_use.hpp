// What Kiln's programs use of the storage-buffer limits that render/gl_requirements.def lists,
// counted by the driver: each stage of every program in render/cpu/shader_programs.hpp is
// compiled alone as a separable program and its active storage blocks and their bindings are
// read back. (Mesa's GL_REFERENCED_BY_* answers for storage blocks are unreliable, so stages are
// measured one at a time rather than asked of a linked program.) Holds that table to the shaders
// (tests/gl) and lets a GPU check print both side by side. Needs a current 4.6 context.
#pragma once

#include <cstdint>
#include <string>
#include <variant>

#include "core/diagnostic.hpp"

namespace kiln::render {

struct StorageUse {
  std::uint32_t computeBlocks = 0;   // the most active storage blocks of one compute shader
  std::uint32_t vertexBlocks = 0;    // ... of one vertex shader
  std::uint32_t fragmentBlocks = 0;  // ... of one fragment shader
  std::uint32_t combinedBlocks = 0;  // the most in one program, its stages' together
  std::uint32_t bindings = 0;        // the highest binding point any block uses, plus one
};

// `shaderDirectory`: as RendererOptions::shaderDirectory (empty: the embedded shaders).
// gl-error naming the stage when one does not compile.
std::variant<StorageUse, core::Diagnostic> measureStorageUse(const std::string& shaderDirectory = {});

}  // namespace kiln::render
