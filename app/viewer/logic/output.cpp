// The viewer's own files (screenshots, captures, bookmarks, video lists) written through the
// output plan, so none ever lands on the level it shows or one of that level's textures (GL-free).
#include "core/output_plan.hpp"
#include "loader/loader.hpp"
#include "logic/viewer_state.hpp"

namespace kiln::viewer {

std::vector<std::filesystem::path> levelInputs(const DocumentState& doc) {
  std::vector<std::filesystem::path> out;
  if (!doc.level) return out;
  out.push_back(doc.level->path);
  for (const loader::Texture& t : doc.level->load.textures)
    if (!t.image.origin.empty() && t.image.origin != "generated") out.push_back(t.image.origin);
  return out;
}

bool writeViewerFiles(const DocumentState& doc, std::span<const ViewerOutput> files, core::Diagnostic& error) {
  core::OutputPlan plan;
  for (const std::filesystem::path& in : levelInputs(doc))
    plan.addInput(in, in == doc.level->path ? "level shown" : "texture of the level shown");
  // What the session reads besides the level: its script, the level on the command line, every
  // file the script names to open or copy, every image added to the A/B list. A screenshot
  // taken before the `open` of a level may not land on it either.
  for (const auto& [in, what] : doc.sessionInputs) plan.addInput(in, what);
  std::vector<std::pair<std::size_t, std::span<const std::uint8_t>>> outputs;
  for (const ViewerOutput& f : files)
    outputs.emplace_back(plan.addOutput(f.path, f.role, core::OutputPlan::Existing::Replace), f.bytes);
  if (const core::Diagnostics refused = plan.check(); !refused.empty()) {
    error = refused.front();
    return false;
  }
  // Together: an image and its sidecar are never left one without the other.
  return outputs.size() == 1 ? plan.write(outputs[0].first, outputs[0].second, error) : plan.writeTogether(outputs, error);
}

bool writeViewerFile(const DocumentState& doc, const std::filesystem::path& path, std::span<const std::uint8_t> bytes,
                     const std::string& role, core::Diagnostic& error) {
  const ViewerOutput one{path, bytes, role};
  return writeViewerFiles(doc, std::span(&one, 1), error);
}

bool writeViewerPng(const DocumentState& doc, const std::filesystem::path& path, const core::Image& image,
                    const std::string& role, core::Diagnostic& error) {
  std::vector<std::uint8_t> png;
  if (!loader::encodePngBytes(image, png, error)) {
    error.path = path.string();
    return false;
  }
  return writeViewerFile(doc, path, png, role, error);
}

}  // namespace kiln::viewer
