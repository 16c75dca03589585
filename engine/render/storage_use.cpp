// Storage-block use of each program's stages, compiled one at a time (storage_use.hpp).
#include "render/storage_use.hpp"

#include <algorithm>

#include "render/cpu/shader_programs.hpp"
#include "render/cpu/shader_source.hpp"
#include "render/gl_enums.hpp"
#include "render/gl_objects.hpp"

namespace kiln::render {
namespace {

struct StageUse {
  std::uint32_t blocks = 0, bindings = 0;
};

// One stage alone, as a separable program: its active storage blocks and highest binding + 1.
std::variant<StageUse, core::Diagnostic> measureStage(GLenum stage, std::string_view file, const std::string& text) {
  const char* source = text.c_str();
  const GLuint program = glCreateShaderProgramv(stage, 1, &source);
  GLint linked = 0;
  glGetProgramiv(program, GL_LINK_STATUS, &linked);
  if (!linked) {
    glDeleteProgram(program);
    return core::Diagnostic{core::Code::GlError, "render.storage-use", std::string(file) + " does not build alone"};
  }
  GLint blocks = 0;
  glGetProgramInterfaceiv(program, GL_SHADER_STORAGE_BLOCK, GL_ACTIVE_RESOURCES, &blocks);
  StageUse use{static_cast<std::uint32_t>(blocks), 0};
  for (GLint i = 0; i < blocks; ++i) {
    const GLenum prop = GL_BUFFER_BINDING;
    GLint binding = 0;
    glGetProgramResourceiv(program, GL_SHADER_STORAGE_BLOCK, static_cast<GLuint>(i), 1, &prop, 1, nullptr, &binding);
    use.bindings = std::max(use.bindings, static_cast<std::uint32_t>(binding) + 1);
  }
  glDeleteProgram(program);
  return use;
}

}  // namespace

std::variant<StorageUse, core::Diagnostic> measureStorageUse(const std::string& shaderDirectory) {
  StorageUse use;
  for (const ShaderProgram* p : kShaderPrograms) {
    // The variant with the most in it: a GPU's lanes, every output step on (neither adds a block).
    std::string defines;
    if (p->laneVariants) defines = stateLanesDefine(64);
    if (p->outputVariants) defines = outputVariantDefines(kOutputVariantCount - 1);
    std::uint32_t combined = 0;
    for (const std::string_view file : p->stages()) {
      const std::size_t dot = file.rfind('.');
      const GLenum stage = gl::shaderStage(dot == std::string_view::npos ? '?' : file[dot + 1]);
      std::string text, error;
      if (!assembleShader(file, shaderDirectory, defines, text, error))
        return core::Diagnostic{core::Code::GlError, "render.storage-use", error};
      auto measured = measureStage(stage, file, text);
      if (auto* d = std::get_if<core::Diagnostic>(&measured)) return *d;
      const StageUse s = std::get<StageUse>(measured);
      combined += s.blocks;
      use.bindings = std::max(use.bindings, s.bindings);
      std::uint32_t& perStage = stage == GL_COMPUTE_SHADER ? use.computeBlocks
                                : stage == GL_VERTEX_SHADER ? use.vertexBlocks
                                                            : use.fragmentBlocks;
      perStage = std::max(perStage, s.blocks);
    }
    use.combinedBlocks = std::max(use.combinedBlocks, combined);
  }
  return use;
}

}  // namespace kiln::render
