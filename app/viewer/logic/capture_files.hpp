// Viewer capture files: names that never overwrite, and A/B images loaded from any PNG
// (GL-free, unit-tested in tests/viewer).
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>

#include "core/diagnostic.hpp"
#include "render/cpu/image_compare.hpp"
#include "logic/viewer_state.hpp"

namespace kiln::viewer {

// `name` as one portable file name part: every byte but ASCII letters, digits, '-', '_' and '.'
// becomes '_' (so a control character, a separator or a newline typed into a bookmark name never
// reaches a file name or a video list), and a leading '.' becomes '_'.
std::string safeFileName(std::string name);

// `LABEL-NNNN_LEVEL_tMMMMMMMMms.png` in `dir`, or `LABEL-NNNN_LEVEL_CAMERA_tMMMMMMMMms.png` for
// a capture set's bookmark CAMERA. Each label counts on its own from 0001, past the highest
// number that label already has in `dir` (an earlier session's) and past what this session used
// (`counters`, by label, advanced here): a "before" session and an "after" session write
// before-0001, before-0002, … and after-0001, after-0002, …, so pairs line up, and
// `kiln report kiln-captures/before kiln-captures/after` pairs them. The level time in
// milliseconds keeps a set readable. LABEL, LEVEL and CAMERA pass through safeFileName.
std::filesystem::path uniqueCapturePath(const std::filesystem::path& dir, const std::string& level,
                                        const std::string& label, double levelTime,
                                        std::map<std::string, std::uint32_t>& counters, const std::string& camera = "");

// The command that turns this session's last two labels into one before/after page:
// `kiln report DIR/A DIR/B -o report.html`, A the older label and B the newer, read from the
// captures' file names (LABEL-NNNN_…); nullopt until the session has captures of two labels.
std::optional<std::string> reportCommand(const std::vector<CaptureEntry>& entries, const std::filesystem::path& dir);

// A PNG from disk as a capture entry (label: the file name; time: none), for A/B comparison of
// any two images; nullopt with an io-error naming the file when it cannot be read or decoded.
std::optional<CaptureEntry> captureFromFile(const std::filesystem::path& path, core::Diagnostic& error);

// Bookmarks are unique by name: `name` again replaces that bookmark's camera.
void setBookmark(std::vector<CameraBookmark>& marks, const std::string& name, const ViewCamera& camera);

// The A/B list's line for entry i: "i: LABEL @T s (FILE)" or "i: FILE (from disk)".
std::string captureListLabel(const CaptureEntry& e, std::size_t i);

// A capture set labelled `label` (the panel's label field): every time × every bookmark (the
// current camera, unnamed, when there are none), in time-major order — the panel's button and
// the script's `capture-set` both.
CaptureJob captureJob(const std::vector<double>& times, const std::vector<CameraBookmark>& bookmarks,
                      const ViewCamera& current, const std::string& label);

// The metrics `kiln compare A B` prints, for two entries of the list (render::compareImages, the
// same function the CLI calls, with the CLI's default threshold 0).
render::ImageComparison compareEntries(const CaptureEntry& a, const CaptureEntry& b);

}  // namespace kiln::viewer
