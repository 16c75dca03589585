// Saving the viewer's edits back to the YAML source (GL-free). Only the edited values' bytes
// change; the result is compiled again and compared with the edited objects before the file is
// replaced; a source changed on disk since it was loaded is never written over unasked.
#include "core/file.hpp"
#include "loader/yaml_edit.hpp"
#include "logic/viewer_state.hpp"

namespace kiln::viewer {
namespace {

using core::Code;

std::span<const std::uint8_t> bytesOf(const std::string& text) {
  return {reinterpret_cast<const std::uint8_t*>(text.data()), text.size()};
}

struct Changes {
  bool preset = false, emitter = false, events = false;
  bool any() const { return preset || emitter || events; }
};

Changes changesOf(const DocumentState& d) {
  return {d.tuning.active() && !(d.tuning.committed == d.tuning.saved),
          d.emitterEdit.active() && !(d.emitterEdit.committed == d.emitterEdit.saved),
          d.events.active() && !(d.events.committed == d.events.saved)};
}

// Bounds are derived (recomputed by every compile and every applied edit), so two emitters are
// the same edit when everything else is.
bool sameAuthored(particles::Emitter a, const particles::Emitter& b) {
  a.bounds = b.bounds;
  return a == b;
}

// The source the edits produced, compiled again, must hold exactly what the viewer shows: the
// edited objects as committed and, when the edits went into the bytes the viewer loaded, every
// other object as mounted. nullopt when it does; otherwise where it differs.
std::optional<std::string> mismatch(const loader::LoadResult& saved, const DocumentState& d, const Changes& c,
                                    bool ontoLoaded) {
  if (!saved.ok()) {
    for (const auto& x : saved.diagnostics)
      if (x.diagnostic.severity == core::Severity::Error) return "it no longer compiles: " + loader::format(x);
    return "it no longer compiles";
  }
  const particles::Document none;
  const particles::Document& got = saved.level.particles ? *saved.level.particles : none;
  const particles::Document* shown = d.level->particles();
  if (c.preset) {
    const auto it = std::find_if(got.presets.begin(), got.presets.end(),
                                 [&](const particles::Preset& p) { return p.name == d.tuning.saved.name; });
    if (it == got.presets.end() || !(*it == d.tuning.committed)) return "preset " + d.tuning.saved.name + " reads back differently";
  }
  if (c.emitter) {
    const std::uint32_t i = d.emitterEdit.index;
    if (i >= got.emitters.size() || !sameAuthored(got.emitters[i], d.emitterEdit.committed))
      return "emitter " + d.emitterEdit.saved.name + " reads back differently";
  }
  if (c.events && !(saved.level.events && *saved.level.events == d.events.committed))
    return "the events section reads back differently";
  if (!ontoLoaded || !shown) return std::nullopt;
  if (got.presets.size() != shown->presets.size() || got.emitters.size() != shown->emitters.size())
    return "the number of presets or emitters changed";
  for (std::size_t i = 0; i < got.presets.size(); ++i)
    if (!(c.preset && i == d.tuning.index) && !(got.presets[i] == shown->presets[i]))
      return "preset " + got.presets[i].name + " changed although it was not edited";
  for (std::size_t i = 0; i < got.emitters.size(); ++i)
    if (!(c.emitter && i == d.emitterEdit.index) && !sameAuthored(got.emitters[i], shown->emitters[i]))
      return "emitter " + got.emitters[i].name + " changed although it was not edited";
  if (!c.events && !(saved.level.events == d.level->load.level.events))
    return "the events section changed although it was not edited";
  return std::nullopt;
}

}  // namespace

SaveResult saveSource(ViewerState& s, SaveMode mode, core::Diagnostic* why) {
  auto end = [&](SaveResult r, core::Diagnostic d, const std::string& status) {
    s.ui.status = status;
    if (why) *why = std::move(d);
    return r;
  };
  if (!s.doc.level) return end(SaveResult::Refused, {Code::IoError, "", "no level open"}, "save: no level open");
  MountedLevel& level = *s.doc.level;
  const std::filesystem::path path = level.path;
  const std::string file = path.filename().string();
  if (!level.isSource())
    return end(SaveResult::Refused, {Code::IoError, path.string(), "is a compiled level"},
               "save: " + file + " is compiled; open its .yaml source to save edits");
  const Changes c = changesOf(s.doc);
  // A field holding a value that does not validate (its gesture still under way) blocks the save:
  // the file would not get what the field shows. Named, so the user knows where to look.
  for (const core::Diagnostics* held : {s.doc.tuning.invalid() ? &s.doc.tuning.diagnostics : nullptr,
                                        s.doc.emitterEdit.invalid() ? &s.doc.emitterEdit.diagnostics : nullptr,
                                        s.doc.events.invalid() ? &s.doc.events.diagnostics : nullptr}) {
    if (!held) continue;
    const core::Diagnostic& d = held->front();
    return end(SaveResult::Refused, {d.code, path.string() + ":" + d.path, d.message},
               "save: " + d.path + " blocks the save (file unchanged): " + d.message);
  }

  if (!c.any()) return end(SaveResult::Saved, {}, "nothing to save");

  std::vector<loader::ScalarEdit> edits;
  if (c.preset) edits = tuning::changedScalars(s.doc.tuning.saved, s.doc.tuning.committed);
  if (c.emitter) {
    auto more = emitter_edit::changedScalars(s.doc.emitterEdit.saved, s.doc.emitterEdit.committed, s.doc.emitterEdit.index);
    edits.insert(edits.end(), more.begin(), more.end());
  }
  if (c.events) {
    core::Diagnostic lossy;
    auto more = events_edit::changedScalars(s.doc.events.saved, s.doc.events.committed, &lossy);
    if (!more) {
      const std::string field = lossy.path;
      lossy.path = path.string() + ":" + field;
      return end(SaveResult::Refused, lossy, "save refused (file unchanged, edits kept): " + field + ": " + lossy.message);
    }
    edits.insert(edits.end(), more->begin(), more->end());
  }

  // What is on disk now decides what the edits go into.
  core::Diagnostic io;
  const auto disk = core::readFile(path, io, loader::kMaxSourceBytes);
  if (!disk) return end(SaveResult::Failed, io, "save failed: " + core::format(io));
  const std::uint64_t diskHash = bytesHash(*disk);
  const bool changedOnDisk = diskHash != level.loadedHash;
  if (changedOnDisk && mode == SaveMode::Ask)
    return end(SaveResult::Conflict,
               {Code::ChangedOnDisk, path.string(),
                "changed on disk since it was loaded (" + std::to_string(level.sourceText.size()) + " bytes then, " +
                    std::to_string(disk->size()) + " now); saving would write over that change"},
               "save: " + file + " changed on disk since it was loaded; nothing written");
  const bool ontoLoaded = !changedOnDisk || mode == SaveMode::Overwrite;
  const std::string base = ontoLoaded ? level.sourceText : std::string(disk->begin(), disk->end());

  core::Diagnostic refused;
  const std::optional<std::string> out = loader::applySourceEdits(base, edits, refused);
  if (!out) {
    refused.path = path.string() + (refused.path.empty() ? "" : ":" + refused.path);
    return end(SaveResult::Refused, refused, "save refused (file unchanged, edits kept): " + refused.message);
  }
  // Read the result back as the compiler will, before it replaces anything.
  const loader::LoadResult again = loader::compileSourceText(*out, path.string(), path.parent_path());
  if (const auto wrong = mismatch(again, s.doc, c, ontoLoaded))
    return end(SaveResult::Refused, {Code::EditNotLossless, path.string(), "the saved text would not match the edit: " + *wrong},
               "save refused (file unchanged, edits kept): the saved text would not match the edit: " + *wrong);

  // Written through links with the file's mode, and only if the file is still what was just read.
  core::WriteOptions options;
  options.expectHash = diskHash;
  if (!core::writeFile(path, bytesOf(*out), io, options))
    return end(io.code == Code::ChangedOnDisk ? SaveResult::Conflict : SaveResult::Failed, io,
               "save failed (file unchanged): " + core::format(io));

  // The hot-reload watch knows this write: no reload, so undo, solo/mute, the selection, the
  // pick and the clock all stay as they are.
  level.sourceText = *out;
  level.loadedHash = bytesHash(bytesOf(*out));
  s.doc.watch.ownWrite(path, bytesOf(*out));
  if (c.preset) s.doc.tuning.saved = s.doc.tuning.committed;
  if (c.emitter) s.doc.emitterEdit.saved = s.doc.emitterEdit.committed;
  if (c.events) s.doc.events.saved = s.doc.events.committed;
  const std::string how = changedOnDisk ? (mode == SaveMode::Overwrite ? " over the change on disk" : " into the changed file") : "";
  return end(SaveResult::Saved, {}, "saved " + file + how + " (undo history kept)");
}

}  // namespace kiln::viewer
