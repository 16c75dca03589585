// resolveTextureFile: plain names only, so texture files stay inside their folder.
#include "core/texture_name.hpp"

#include "core/escape.hpp"

namespace kiln::core {

std::optional<std::string> textureNameProblem(std::string_view name) {
  if (name.empty()) return "is empty";
  for (const char c : name) {
    const auto b = static_cast<unsigned char>(c);
    if (b == 0) return "holds a NUL byte";
    if (b < 0x20 || b == 0x7F) return "holds a control byte";
    if (c == '/' || c == '\\') return "holds a path separator ('/' or '\\')";
  }
  if (name.find("..") != std::string_view::npos) return "holds '..'";
  if (name.size() >= 2 && name[1] == ':' &&
      ((name[0] >= 'A' && name[0] <= 'Z') || (name[0] >= 'a' && name[0] <= 'z')))
    return "starts with a drive prefix";
  return std::nullopt;
}

std::variant<std::filesystem::path, Diagnostic> resolveTextureFile(const std::filesystem::path& folder,
                                                                   std::string_view name,
                                                                   const std::string& fieldPath) {
  if (auto problem = textureNameProblem(name))
    return Diagnostic{Code::UnsafeTextureName, fieldPath,
                      "texture name '" + escapeText(name) + "' " + *problem +
                          "; a texture name must be a plain file name (its file is <dir>/textures/NAME.png)"};
  std::string file(name);
  file += ".png";
  return folder / file;
}

}  // namespace kiln::core
