// `kiln`: the command-line face of Kiln — compile, validate, inspect, eval, sim, capture, compare,
// explain.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <iostream>

#include "cli/commands.hpp"
#include "cli/conformance.hpp"
#include "core/float.hpp"
#include "core/escape.hpp"
#include "loader/terminal.hpp"
#include "source/suggest.hpp"

namespace {

const char* kOverview = "Kiln: compile, check and render worldparticles levels.";

const char* kFooter = R"(Exit codes: 0 success, 1 invalid input (diagnostics printed as
FILE[:LINE:COL]: error[CODE]: FIELD.PATH: message), 2 usage or I/O error, or an output
refused before anything is written (output-is-input, output-clash, output-exists).

Examples:
  kiln compile assets/levels/braziers.yaml -o braziers.klm
  kiln validate braziers.klm --json
  kiln inspect braziers.klm --json
  kiln eval braziers.klm --time 2.5 --emitter west_flame --json
  kiln sim braziers.klm --time 3 --sort view --json
  kiln escapes forged_bounds.klm
  kiln explain outside-sector
  kiln capture braziers.klm --time 2 --size 640x360 --out shot.png
  kiln compare a.png b.png --out diff.png --threshold 2
  kiln compare ref.png shot.png --metric flip --fail-above flip-mean=0.05
  kiln conformance export kit && kiln conformance run kit -o results && kiln conformance check kit results)";

// Every numeric option goes through this one check: CLI11 reads an empty value as 0 and passes
// nan, inf or 1e999 on to the command, so `--time ''` would quietly mean t = 0.
const CLI::Validator kFiniteNumber(
    [](std::string& text) -> std::string {
      if (text.empty()) return "needs a number, got an empty value";
      const auto v = kiln::core::parseDecimal(text);
      if (!v) return "needs a finite decimal number, got '" + kiln::core::escapeText(text) + "'";
      if (*v == 0) text = "0";  // -0 is 0
      return {};
    },
    "");

// `kiln compil x`: name the unknown word, list the commands and suggest the nearest, instead of
// CLI11's "A subcommand is required". nullopt when argv[1] is an option or a known command.
std::optional<int> refuseUnknownCommand(const CLI::App& app, int argc, char** argv) {
  if (argc < 2 || argv[1][0] == '-') return std::nullopt;
  const std::string word = argv[1];
  std::vector<std::string> names;
  for (const CLI::App* sub : app.get_subcommands({})) names.push_back(sub->get_name());
  if (std::find(names.begin(), names.end(), word) != names.end()) return std::nullopt;
  std::cerr << "kiln: unknown command '" << kiln::core::escapeText(word) << "'"
            << kiln::source::didYouMean(word, names)
            << "\ncommands: " << kiln::source::listOf(names) << "\n(kiln --help describes each)\n";
  return kiln::cli::kExitUsage;
}

}  // namespace

int main(int argc, char** argv) {
  kiln::loader::installPrintableOutput();
  using namespace kiln::cli;
  CLI::App app{kOverview, "kiln"};
  app.footer(kFooter);
  app.require_subcommand(1);
  app.set_version_flag("--version", std::string("kiln ") + KILN_VERSION);

  std::string file, out;
  bool json = false;

  auto* compile = app.add_subcommand("compile", "Validate a level source and write a level module (.klm)");
  compile->footer(
      "Every rule is checked (vocabulary, particles, world, sector fit, textures); all diagnostics are\n"
      "printed at once. The same source always gives the same bytes.\n\n"
      "Examples:\n  kiln compile assets/levels/braziers.yaml -o braziers.klm\n"
      "  kiln compile assets/levels/braziers.yaml -o out/braziers.klm --no-copy-textures\n\n"
      "Each texture is copied to <out dir>/textures/NAME.png, where readers of a .klm look, so the\n"
      "output folder is self-contained; --no-copy-textures leaves that to you. A copy that would land\n"
      "on its own source is left in place. The .klm and the copies replace what is there, but never\n"
      "one of the inputs (output-is-input) or each other (output-clash): then nothing is written.");
  compile->add_option("SRC", file, "Level source (.yaml)")->required();
  compile->add_option("-o,--out", out, "Output level module (.klm)")->required();
  bool copyTextures = true;
  compile->add_flag("!--no-copy-textures", copyTextures,
                    "Do not copy the textures to <out dir>/textures/NAME.png");
  bool copyAnyway = false;  // the former opt-in, now the default; kept so old scripts still run
  compile->add_flag("--copy-textures", copyAnyway, "Copy the textures (the default)");

  auto* validate = app.add_subcommand("validate", "Check a .klm, .kwp or .yaml against every rule");
  validate->footer(
      "Checks recomputed bounds and the fit of every envelope in its sector. --json prints\n"
      "{\"file\",\"valid\",\"diagnostics\":[{\"code\",\"severity\",\"file\",\"path\",\"message\",\"line\",\"col\",\n"
      "\"offset\"}]}; a forged-bounds or outside-sector diagnostic also carries\n"
      "\"bounds\":{\"stored\":{\"min\",\"max\"},\"recomputed\":{\"min\",\"max\"}} (docs/cli.md has the schema)."
      "\n\n"
      "Examples:\n  kiln validate braziers.klm\n  kiln validate assets/levels/braziers.yaml --json");
  validate->add_option("FILE", file, "Level module, particle document or source")->required();
  validate->add_flag("--json", json, "Print a JSON report");

  auto* inspect =
      app.add_subcommand("inspect", "Print a level's contents (features, sectors, presets, emitters)");
  inspect->footer(
      "Emitters show birth_count, cycle_groups, required_capacity, bounds and schedule.\n\n"
      "Examples:\n  kiln inspect braziers.klm\n  kiln inspect braziers.klm --json\n"
      "  kiln inspect forged_bounds.klm --unchecked   # warning[forged-bounds] ..., exit 0");
  inspect->add_option("FILE", file, "Level module, particle document or source")->required();
  inspect->add_flag("--json", json, "Print the document as JSON");
  bool unchecked = false;
  const char* uncheckedHelp =
      "Open a .klm/.kwp even with forged bounds, a missing sector or corners outside the sector; "
      "print those findings as warnings and carry on";
  inspect->add_flag("--unchecked", unchecked, uncheckedHelp);

  double time = 0;
  std::optional<std::string> emitter;
  kiln::cli::SimOptions simOptions;
  auto* sim = app.add_subcommand("sim", "Event particles: the deterministic simulation's state at a level time");
  sim->footer(
      "Runs the level's events: section (recipes, emitters, script) for floor(T * step_hz) fixed steps\n"
      "from an empty pool and prints every live particle in spawn order: where and how it was born\n"
      "(source, seed, index, birth step, origin, initial velocity, lifetime, size0) and its state now\n"
      "(age, position, velocity, size, opacity, rgb, coverage), its sort key and the draw order.\n"
      "hash is FNV-1a 64 of the render buffers (docs/events.md). The view sort looks from the\n"
      "capture's default camera unless --camera is given. FILE may be a .klm or a .yaml source.\n\n"
      "Examples:\n  kiln sim braziers.klm --time 3 --json\n"
      "  kiln sim assets/levels/braziers.yaml --time 2.5 --camera 0,-8,5,0,0,1 --sort view --json\n"
      "  kiln sim braziers.klm --time 4 --sort iso");
  sim->add_option("FILE", file, "Level module or source with an events: section")->required();
  sim->add_option("-t,--time", simOptions.time, "Level time in seconds (0 or more)")
      ->required()
      ->check(kFiniteNumber);
  sim->add_option("--camera", simOptions.camera, "eye_x,eye_y,eye_z,target_x,target_y,target_z for the view sort");
  sim->add_option("--sort", simOptions.sort, "view | iso | none (default: the level's sort)");
  sim->add_flag("--json", json, "Print the state as JSON, every particle with its initial values (docs/cli.md; default is a readable summary)");

  auto* eval = app.add_subcommand("eval", "CPU reference state of every alive particle at a level time");
  eval->footer(
      "Each particle: slot, birth, cycle, birth_time (level time), age, lifetime, spawn and velocity\n"
      "(local, before yaw and scale), position (world), size (scale applied), rotation (degrees),\n"
      "color, frame.\n\nExample:\n  kiln eval braziers.klm --time 2.5 --emitter west_flame --json");
  eval->add_option("FILE", file, "Level module, particle document or source")->required();
  eval->add_option("-t,--time", time, "Level time in seconds")->required()->check(kFiniteNumber);
  eval->add_option("--emitter", emitter, "Only this emitter");
  eval->add_flag("--json", json, "Print JSON (default is a table)");
  eval->add_flag("--unchecked", unchecked, uncheckedHelp);

  EscapesOptions esc;
  auto* escapes = app.add_subcommand("escapes", "Where and when an actual particle leaves its stored box or sector");
  escapes->footer(
      "The evidence behind a forged bound or a sector misfit. For every emitter: the first moment a\n"
      "particle's billboard (centre +- half-diagonal, yaw and scale applied) is outside the stored box\n"
      "(face min.x .. max.z) or its sector (wall K, floor, ceiling), with the slot, birth, cycle, age,\n"
      "position and how far outside; the worst moment (largest distance); or, when nothing escapes,\n"
      "the closest approach (the smallest margin left). The search solves each particle's trajectory\n"
      "(no time sampling) and every moment it prints is what `kiln eval --unchecked` shows at that\n"
      "time. The bounds checks are always relaxed: this is the tool for modules that fail them.\n"
      "A cycling emitter throws fresh particles every cycle, so its cycles that start before --until\n"
      "are searched (default 60 s). Exit 0 when nothing escapes, 1 when something does.\n\n"
      "Examples:\n  kiln escapes forged_bounds.klm\n  kiln escapes outside_sector.klm --emitter west_flame --json");
  escapes->add_option("FILE", esc.file, "Level module, particle document or source")->required();
  escapes->add_option("--emitter", esc.emitter, "Only this emitter (shown even when it is sound)");
  escapes->add_option("--until", esc.until, "Search the cycles that start before this level time, seconds (default 60)")
      ->check(kFiniteNumber);
  escapes->add_flag("--json", esc.json, "Print JSON (docs/cli.md)");

  CaptureOptions cap;
  auto* capture = app.add_subcommand("capture", "Render a level headlessly (EGL, no X server) to PNG, or the linear HDR scene to EXR");
  capture->footer(
      "Writes F.png and a JSON sidecar F.json. --times START:END:STEP writes F_0000.png, F_0001.png, ...\n"
      "with a progress bar on stderr. An existing PNG or sidecar is refused (output-exists) before\n"
      "anything is rendered; --force replaces it. An output naming an input is always refused.\n"
      "A .klm or .kwp finds its textures at <dir>/textures/NAME.png; a .yaml uses its textures map.\n"
      "Without --camera the camera frames the whole level; --frame EMITTER frames that emitter's\n"
      "bounds, --frame-all every emitter's.\n"
      "Event particles (the events: section, its emitters and script) are simulated to --time and\n"
      "drawn; --no-events leaves them out. The sidecar records their step rate and script.\n"
      "Output: ldr (the default) draws into an 8-bit target, where colours above 1 clamp, as a host\n"
      "without a float target shows them. hdr draws into RGBA16F and then applies --exposure EV,\n"
      "--bloom and --tonemap (neutral by default; aces, agx, or clamp), and --srgb the sRGB encode;\n"
      "any of those options implies hdr. --out F.exr writes the linear HDR scene (before exposure and tone\n"
      "map) as a half-float OpenEXR; the sidecar records the output settings.\n\n"
      "Examples:\n  kiln capture braziers.klm --time 2 --size 640x360 --out shot.png\n"
      "  kiln capture braziers.klm --times 0:2:0.5 --out seq.png --camera 5,-6,4,5,4,1\n"
      "  kiln capture braziers.klm --time 3 --frame west_flame --out flame.png\n"
      "  kiln capture iso2d.klm --time 2.1 --camera 12,12,7.5,4,4,-0.5 --ortho 9 --out iso.png\n"
      "  kiln capture braziers.klm --time 2.5 --no-events --out without_events.png\n"
      "  kiln capture braziers.klm --time 2 --output hdr --tonemap agx --exposure -0.5 --out hot.png\n"
      "  kiln capture braziers.klm --time 2 --bloom --out glow.png\n"
      "  kiln capture braziers.klm --time 2 --out linear.exr");
  capture->add_option("FILE", cap.file, "Level module, particle document or source")->required();
  capture->add_option("-t,--time", cap.time, "Level time in seconds")->check(kFiniteNumber);
  capture->add_option("--size", cap.size, "Image size WxH, each side 1..8192")->capture_default_str();
  capture->add_option("-o,--out", cap.out, "Output PNG, or .exr for the linear HDR scene (not .json: that is the sidecar's name)")->required();
  capture->add_flag("--force", cap.force,
                    "Replace the PNG and its sidecar (every frame of --times) if they exist");
  auto* cameraOpt = capture->add_option("--camera", cap.camera, "eye_x,eye_y,eye_z,target_x,target_y,target_z");
  auto* fovOpt = capture->add_option("--fov", cap.fov,
                      "With --camera: vertical field of view in degrees, 1..170 (default 60; kiln-view's camera: 50, "
                      "as its capture sidecars record)")
      ->check(CLI::Range(1.0, 170.0))
      ->needs(cameraOpt);
  capture->add_option("--ortho", cap.ortho,
                      "With --camera: an orthographic view HEIGHT metres tall (0.001..1e6), for an isometric or "
                      "top-down look; the width follows the image's aspect")
      ->check(CLI::Range(0.001, 1e6))
      ->needs(cameraOpt)
      ->excludes(fovOpt);
  capture->add_option("--times", cap.times, "A sequence START:END:STEP (END included)");
  capture->add_flag("--unchecked", cap.unchecked,
                    std::string(uncheckedHelp) + "; the sidecar records checks_relaxed and the findings");
  auto* frameOpt = capture->add_option("--frame", cap.frame, "Frame this emitter's bounds (with a margin)");
  auto* frameAllOpt = capture->add_flag("--frame-all", cap.frameAll, "Frame the bounds of every emitter");
  capture->add_flag("--stats", cap.stats,
                    "Record in the JSON sidecar what the frame cost: per pass GPU time, draw calls, vertex- and "
                    "fragment-shader invocations and primitives, and emitters drawn or culled");
  capture->add_flag("--no-events", cap.noEvents,
                    "Leave the event particles (the events: section and its script) out of the picture");
  capture->add_flag("--gl-debug", cap.glDebug,
                    "Print every OpenGL debug message, notifications included, with its source, type and id "
                    "(also KILN_GL_DEBUG=1); errors and warnings are printed always");
  capture->add_flag("-v,--verbose", cap.verbose,
                    "Print on stderr how the OpenGL context was made (EGL platform and display), the driver "
                    "(GL vendor, renderer, version) and the GL limits Kiln relies on with the driver's values");
  capture->add_option("--output", cap.output, "ldr (8-bit target, the default) or hdr (RGBA16F, exposure, tone map)")
      ->check(CLI::IsMember({"ldr", "hdr"}));
  capture->add_option("--exposure", cap.exposure, "HDR: exposure in EV, -20..20 (default 0; scene x 2^EV)")
      ->check(CLI::Range(-20.0, 20.0));
  capture->add_flag("--auto-exposure", cap.autoExposure,
                    "HDR: expose the frame's log-average luminance to mid grey (0.18); --exposure adds to it");
  capture->add_option("--tonemap", cap.tonemap, "HDR: neutral (default), aces, agx, or clamp");
  capture->add_flag("--bloom", cap.bloom, "HDR: add a bloom of what is brighter than the threshold");
  capture->add_option("--bloom-threshold", cap.bloomThreshold, "HDR bloom: luminance it starts at (default 1)")
      ->check(CLI::Range(0.0, 1e6));
  capture->add_option("--bloom-intensity", cap.bloomIntensity, "HDR bloom: how much of it is added, 0..10 (default 0.15)")
      ->check(CLI::Range(0.0, 10.0));
  capture->add_flag("--srgb", cap.srgb,
                    "HDR: sRGB-encode the tone map's values (the scene read as scene-linear light); without it "
                    "they are written as they are, as every LDR value is");
  frameOpt->excludes(frameAllOpt);
  cameraOpt->excludes(frameOpt);
  cameraOpt->excludes(frameAllOpt);

  std::string code;
  bool listCodes = false;
  auto* explain = app.add_subcommand("explain", "Explain a diagnostic code (what it means, how to fix it)");
  explain->footer("Prints the code's paragraph from docs/codes.md.\n\nExamples:\n  kiln explain outside-sector\n"
                  "  kiln explain --list");
  explain->add_option("CODE", code, "A code as printed in error[CODE]");
  explain->add_flag("--list", listCodes, "List every code");

  kiln::cli::CompareOptions cmp;
  ReportOptions rep;
  auto* report = app.add_subcommand("report", "A before/after capture set as one HTML page");
  report->footer(
      "Pairs the PNGs of BEFORE and AFTER by name (the same file name, or the same name after a\n"
      "LABEL- prefix: before-0001_x.png meets after-0001_x.png) and writes one self-contained page:\n"
      "per pair A, B, |A-B| and the FLIP map, A flickering to B under the mouse, both sidecars, and\n"
      "a table of FLIP, PSNR, changed pixels and SSIM sorted worst first (click a column to sort).\n"
      "BEFORE or AFTER may also be FOLDER/LABEL: the captures in FOLDER named LABEL-NNNN..., as\n"
      "kiln-view writes a session's labelled captures into one kiln-captures folder.\n"
      "An existing page is kept unless --force. Exit 1 when no capture has a partner.\n\n"
      "Examples:\n  kiln capture braziers.klm --times 0:2:0.5 --out before/shot.png\n"
      "  kiln capture tuned.klm --times 0:2:0.5 --out after/shot.png\n"
      "  kiln report before after -o report.html\n"
      "  kiln report kiln-captures/before kiln-captures/after -o report.html   (kiln-view's labels)");
  report->add_option("BEFORE", rep.before, "Folder of the A captures, or FOLDER/LABEL")->required();
  report->add_option("AFTER", rep.after, "Folder of the B captures, or FOLDER/LABEL")->required();
  report->add_option("-o,--out", rep.out, "The HTML page to write")->required();
  report->add_flag("--force", rep.force, "Replace an existing page");
  report->add_option("--ppd", rep.ppd, "FLIP's pixels per degree (default 67: kiln compare's observer)")
      ->check(CLI::Range(1.0, 1000.0));

  auto* compare = app.add_subcommand("compare", "Difference metrics of two PNG images, or of two EXR captures");
  compare->footer(
      "Prints max and mean absolute difference, PSNR and the changed-pixel percentage; --metric flip\n"
      "adds LDR-FLIP, the difference a person sees flipping between A and B (0 none, 1 most; see\n"
      "docs/compare.md), for an observer at --ppd pixels per degree (default: 0.7 m from a 0.7 m\n"
      "wide, 3840 pixel monitor, 67 ppd). A channel difference above --threshold (0..255) counts as\n"
      "a change. Exit 1 when a pixel changed, or, with --fail-above, only when a named metric is\n"
      "above its value (max, mean, changed %, flip-mean, flip-median, flip-q1, flip-q3, flip-max);\n"
      "exit 2 for usage and I/O errors. --out and --flip-map refuse an existing file\n"
      "(output-exists) unless --force, and A or B always (output-is-input).\n"
      "Two EXR captures (kiln capture --out F.exr) are compared on their linear values: max, mean,\n"
      "RMSE and PSNR against A's peak, changed pixels; --metric flip is then HDR-FLIP (LDR-FLIP over\n"
      "the exposures from A's brightest pixel to its median, the largest error per pixel); --out\n"
      "writes |A-B| as an EXR. A PNG and an EXR are never compared (exit 2).\n\n"
      "Examples:\n  kiln compare a.png b.png --out diff.png --threshold 2\n"
      "  kiln compare before.exr after.exr --fail-above max=0.01\n"
      "  kiln compare before.exr after.exr --metric flip --flip-map hdrflip.png --fail-above flip-mean=0.02\n"
      "  kiln compare ref.png shot.png --metric flip --flip-map flip.png --fail-above flip-mean=0.05\n"
      "  kiln compare ref.png shot.png --metric flip --viewing-distance 0.5 --monitor-width 0.6 \\\n"
      "      --monitor-pixels 2560 --json");
  compare->add_option("A", cmp.a, "First image (the reference)")->required();
  compare->add_option("B", cmp.b, "Second image (the test image)")->required();
  compare->add_option("-o,--out", cmp.out, "Write the difference image here (not over an existing file)");
  compare->add_flag("--force", cmp.force, "Replace the difference image or FLIP map if it exists");
  compare->add_option("--threshold", cmp.threshold, "Per-channel tolerance 0..255")
      ->check(kFiniteNumber)
      ->check(CLI::Range(0, 255));
  compare->add_option("--metric", cmp.metric, "pixels (default), or flip: the pixel metrics and LDR-FLIP")
      ->check(CLI::IsMember({"pixels", "flip"}));
  auto* ppdOpt = compare->add_option("--ppd", cmp.ppd, "FLIP observer: pixels per degree of visual angle")
                     ->check(kFiniteNumber)
                     ->check(CLI::PositiveNumber);
  auto* distanceOpt = compare->add_option("--viewing-distance", cmp.viewingDistance,
                                          "FLIP observer: metres from the screen (default 0.7)")
                          ->check(kFiniteNumber)
                          ->check(CLI::PositiveNumber);
  auto* widthOpt = compare->add_option("--monitor-width", cmp.monitorWidth,
                                       "FLIP observer: the screen's width in metres (default 0.7)")
                       ->check(kFiniteNumber)
                       ->check(CLI::PositiveNumber);
  auto* pixelsOpt = compare->add_option("--monitor-pixels", cmp.monitorPixels,
                                        "FLIP observer: the screen's width in pixels (default 3840)")
                        ->check(kFiniteNumber)
                        ->check(CLI::PositiveNumber);
  for (auto* observer : {distanceOpt, widthOpt, pixelsOpt}) ppdOpt->excludes(observer);
  compare->add_option("--flip-map", cmp.flipMap, "Write the FLIP error map here, in magma colours (not over an "
                                                 "existing file)");
  compare->add_option("--fail-above", cmp.failAbove,
                      "METRIC=VALUE: exit 1 when METRIC is above VALUE (repeatable), e.g. flip-mean=0.05")
      ->expected(1)
      ->take_all()
      ->check(CLI::Validator(
          [](std::string& text) {
            std::string why;
            return kiln::cli::parseCompareLimit(text, why) ? std::string{} : why;
          },
          "METRIC=VALUE"));
  compare->add_flag("--json", cmp.json, "Print JSON");

  // `kiln conformance export|run|check`: the host conformance kit (docs/conformance.md).
  ConformanceOptions conf;
  auto* conformance = app.add_subcommand("conformance", "The host conformance kit: export it, answer it, check answers");
  conformance->require_subcommand(1);
  conformance->footer(
      "A kit is a folder of cases a host engine checks its own worldparticles and event particle\n"
      "implementation against: binary documents with their expected verdict (accepted, or rejected\n"
      "with a code and byte offset), expected particle states at chosen times, and reference\n"
      "captures with the tolerance a GPU may differ by. manifest.json lists every case (its schema\n"
      "is manifest.schema.json beside it). A host writes RESULTS/results.json (results.schema.json)\n"
      "and RESULTS/captures/ID.png; check compares them and exits 0 only when every case passes.\n"
      "docs/conformance.md says what a host must produce, file by file.\n\n"
      "Examples:\n  kiln conformance export kit                  # the small kit (as CI checks it)\n"
      "  kiln conformance export kit-full --full      # every state and picture case\n"
      "  kiln conformance run kit -o results          # Kiln as the host\n"
      "  kiln conformance check kit results --report conformance.html\n"
      "  kiln conformance check kit results --area verdict\n"
      "  kiln conformance check kit results --case verdict.kwp1.capacity.max.outside");
  auto* confExport = conformance->add_subcommand("export", "Write a conformance kit into DIR");
  confExport->footer("Writes DIR/manifest.json, its schema, verdicts/, levels/, states/ and pictures/ (a headless\n"
                     "capture per picture case). Existing kit files are kept (output-exists) unless --force.\n\n"
                     "Examples:\n  kiln conformance export kit\n  kiln conformance export kit-full --full");
  confExport->add_option("DIR", conf.kit, "The kit folder")->required();
  confExport->add_flag("--full", conf.full, "Every state, event and picture case (the small kit has one of each kind)");
  confExport->add_flag("--force", conf.force, "Replace existing kit files");
  auto* confRun = conformance->add_subcommand("run", "Answer a kit with Kiln as the host");
  confRun->footer("Writes RESULTS/results.json and RESULTS/captures/ID.png, in the shape a host's own harness\n"
                  "writes them (docs/conformance.md). Existing results are kept unless --force.\n\n"
                  "Example:\n  kiln conformance run kit -o results");
  confRun->add_option("DIR", conf.kit, "The kit folder")->required();
  confRun->add_option("-o,--out", conf.results, "The results folder to write")->required();
  confRun->add_flag("--force", conf.force, "Replace existing results");
  auto* confCheck = conformance->add_subcommand("check", "Check a host's results against a kit");
  confCheck->footer("Prints FAIL CASE: FIELD: expected E, got G (tolerance T) for each failing case, then the\n"
                    "passed count per area. Exit 0 only when every selected case passes, 1 otherwise, 2 for\n"
                    "usage and I/O errors.\n\n"
                    "Examples:\n  kiln conformance check kit results\n"
                    "  kiln conformance check kit results --area state --area sim\n"
                    "  kiln conformance check kit results --report conformance.html --force");
  confCheck->add_option("DIR", conf.kit, "The kit folder")->required();
  confCheck->add_option("RESULTS", conf.results, "The host's results folder (results.json, captures/)")->required();
  confCheck->add_option("--area", conf.areas, "Only this area: verdict, state, sim, picture (repeatable)")
      ->check(CLI::IsMember({"verdict", "state", "sim", "picture"}));
  confCheck->add_option("--case", conf.cases, "Only this case id (repeatable)");
  confCheck->add_option("--report", conf.report, "Also write an HTML report");
  confCheck->add_flag("--force", conf.force, "Replace an existing report");

  if (const auto refused = refuseUnknownCommand(app, argc, argv)) return *refused;
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    app.exit(e);
    return kExitUsage;
  }

  if (compile->parsed()) return runCompile(file, out, copyTextures);
  if (validate->parsed()) return runValidate(file, json);
  if (inspect->parsed()) return runInspect(file, json, unchecked);
  if (eval->parsed()) return runEval(file, time, emitter, json, unchecked);
  if (sim->parsed()) {
    simOptions.file = file;
    simOptions.json = json;
    return runSim(simOptions);
  }
  if (escapes->parsed()) return runEscapes(esc);
  if (capture->parsed()) return runCapture(cap);
  if (explain->parsed()) return runExplain(code, listCodes);
  if (compare->parsed()) return runCompare(cmp);
  if (report->parsed()) return runReport(rep);
  if (conformance->parsed()) {
    conf.action = confExport->parsed() ? "export" : confRun->parsed() ? "run" : "check";
    return runConformance(conf);
  }
  return kExitUsage;
}
