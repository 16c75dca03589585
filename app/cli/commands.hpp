// The `kiln` subcommands: each takes its parsed options and returns the process exit code
// (0 ok, 1 invalid input with diagnostics printed, 2 usage or I/O error).
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "core/json_text.hpp"
#include "loader/loader.hpp"

namespace kiln::cli {

inline constexpr int kExitOk = 0;
inline constexpr int kExitInvalid = 1;
inline constexpr int kExitUsage = 2;

// JSON objects keep insertion order so the printed shapes read as docs/cli.md shows them.
using Json = nlohmann::ordered_json;
inline Json jsonVec(const particles::Vec3& v) { return Json::array({v.x, v.y, v.z}); }

// Prints every diagnostic one per line on stderr; returns 2 for an I/O failure, 1 otherwise.
int reportFailure(const loader::LoadResult& r);
// Prints an I/O failure (a core::ioError) through the same formatter; returns 2.
int reportIoError(const core::Diagnostic& io);
// Prints an output plan's refusals (core::OutputPlan::check), one per line; returns 2.
int reportRefusedOutputs(const core::Diagnostics& refused);

// copyTextures (the default; --no-copy-textures clears it): also write each texture to
// <out dir>/textures/NAME.png, where readers of compiled levels look.
int runCompile(const std::string& source, const std::string& out, bool copyTextures);
// Compiles each event material snippet with glslangValidator when it is on PATH (`checked`
// says whether it was): material-error for each that does not compile, naming its file:line.
core::Diagnostics checkMaterialsOffline(const sim::Events& events, bool& checked);
// Prints the findings of the relaxed checks (LoadResult::relaxedFindings) as warnings on stderr.
void reportRelaxedFindings(const loader::LoadResult& r);
// The options of a command that reads a level without textures; `unchecked` relaxes the checks
// --unchecked names (stored bounds, sector existence and fit).
loader::LoadOptions readOptions(bool unchecked, bool loadTextures = false);

int runValidate(const std::string& file, bool json);
int runInspect(const std::string& file, bool json, bool unchecked = false);
// `kiln eval --json`'s object for every emitter of a document at a level time.
Json evalJson(const particles::Document& doc, double time);
int runEval(const std::string& file, double time, const std::optional<std::string>& emitter, bool json,
            bool unchecked = false);

// `kiln escapes`: for each emitter, the first and the worst moment an actual particle's
// billboard is outside its stored box or its sector, or the closest approach when none is.
// Exit 1 when any particle escapes, 0 when none does.
struct EscapesOptions {
  std::string file;
  std::optional<std::string> emitter;
  double until = 60;  // a cycling emitter's cycles starting before this level time are searched
  bool json = false;
};
int runEscapes(const EscapesOptions& o);

// `kiln sim`: the event particle reference state at a level time (the JSON of docs/cli.md).
struct SimOptions {
  std::string file;
  double time = 0;
  std::optional<std::string> camera;  // eye_x,eye_y,eye_z,tx,ty,tz (default: the capture framing)
  std::optional<std::string> sort;    // view | iso | none (default: the level's)
  bool json = false;
};
int runSim(const SimOptions& o);
// The same state as `kiln sim --json` prints, into `out` (the exit code as runSim's; errors are
// printed on stderr); `warning`: the sprite budget's drop warning, when there is one.
int simulateJson(const SimOptions& o, Json& out, std::string& warning);

struct CaptureOptions {
  std::string file;
  double time = 0;
  std::string size = "640x360";
  std::string out;
  std::optional<std::string> camera;  // eye_x,eye_y,eye_z,tx,ty,tz
  std::optional<double> fov;          // with --camera: the vertical field of view, degrees (default 60)
  std::optional<double> ortho;        // with --camera: orthographic, this many metres top to bottom
  std::optional<std::string> times;   // START:END:STEP
  std::optional<std::string> frame;   // an emitter name: frame its bounds
  bool frameAll = false;              // frame every emitter's bounds
  bool unchecked = false;             // relax the inspectable checks; findings become warnings
  bool stats = false;                 // the sidecar records the frame's cost (timers, pipeline statistics, culling)
  bool noEvents = false;              // leave the event particles out
  bool force = false;                 // replace an existing PNG, sidecar or sequence frame
  bool glDebug = false;               // every GL debug message, with its id, on stderr (or KILN_GL_DEBUG=1)
  bool verbose = false;               // name the EGL platform, the driver and its limits on stderr
  // The output transform (docs/rendering.md, "Output"): ldr (the default) or hdr, implied by any
  // of the options after it and by an --out ending in .exr.
  std::optional<std::string> output;
  std::optional<double> exposure;  // EV
  bool autoExposure = false;
  std::optional<std::string> tonemap;  // clamp, neutral (default), aces, agx
  bool bloom = false;
  std::optional<double> bloomThreshold, bloomIntensity;
  bool srgb = false;  // sRGB-encode the tone map's values
};
int runCapture(const CaptureOptions& o);

// `kiln explain CODE`: the code's paragraph from docs/codes.md (built in); `--list` prints all names.
int runExplain(const std::string& code, bool list);

// One `--fail-above METRIC=VALUE` limit of `kiln compare`: exit 1 when the metric is above it.
struct CompareLimit {
  std::string metric;  // max, mean, changed, flip-mean, flip-median, flip-q1, flip-q3, flip-max
  double value = 0;
};
// "flip-mean=0.05" as a limit; nullopt (with `why` set) for an unknown metric or a bad number.
std::optional<CompareLimit> parseCompareLimit(const std::string& text, std::string& why);

struct CompareOptions {
  std::string a, b;
  std::optional<std::string> out;      // difference image; must not exist unless force, nor be A or B
  std::optional<std::string> flipMap;  // the ꟻLIP map as a magma PNG, under the same rules as out
  int threshold = 0;                   // per-channel tolerance of the pixel metrics, 0..255
  bool json = false;
  bool force = false;
  std::string metric = "pixels";  // pixels, or flip: the pixel metrics and LDR-ꟻLIP
  std::optional<double> ppd;      // else from the observer below, each defaulting to the paper's
  std::optional<double> viewingDistance, monitorWidth, monitorPixels;
  std::vector<std::string> failAbove;  // METRIC=VALUE, checked at parse time by parseCompareLimit
};
int runCompare(const CompareOptions& o);

// `kiln report BEFORE AFTER -o report.html`: the captures of two folders, paired by name, on one
// self-contained page (images, difference, ꟻLIP map, sidecars, a sortable table of metrics).
struct ReportOptions {
  std::string before, after, out;
  bool force = false;
  double ppd = 67.0206;  // ꟻLIP's observer (kiln compare's default)
};
int runReport(const ReportOptions& o);

}  // namespace kiln::cli
