// The host conformance kit (`kiln conformance export|run|check`, docs/conformance.md): the cases,
// the reference host's answers and the checker, as plain functions the command wires together.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "cli/commands.hpp"

namespace kiln::cli::conformance {

// The kit's own version: a host's results name it, and the checker refuses another.
inline constexpr int kKitVersion = 1;

// The small kit (CI) or the full one (`kiln conformance export DIR --full`).
enum class Profile : std::uint8_t { Small, Full };

// A file of the kit, relative to its folder (forward slashes).
struct KitFile {
  std::string path;
  std::vector<std::uint8_t> bytes;
};

// One binary document with its expected verdict. The case names the code it means to provoke;
// the exporter checks Kiln's own decoder agrees before anything is written.
struct VerdictCase {
  std::string id;        // "verdict.kwp1.capacity.outside-max"
  std::string format;    // KWP1, KWS1, KLM1, KEV1
  std::string rule;      // a code of docs/codes.md, or "accepted-edge" for an inside case of a rule
  std::string side;      // inside (accepted), outside (rejected), malformed (rejected)
  std::string docs;      // the docs section that states the rule
  std::string tests;     // one sentence: what the document is
  std::vector<std::uint8_t> bytes;
  std::optional<std::string> expectCode;  // nullopt: accepted
  // The offset the format fixes, where the case's builder computed it by hand from the layout
  // (the KLM1 entry table); the exporter refuses a kit whose decoder disagrees.
  std::optional<std::uint64_t> expectOffset;
};

// Every verdict case of the profile. `klmBase` is a compiled level with sectors, particles and
// events (the braziers sample), the base of the KWS1, KEV1 and KLM1 cases.
std::vector<VerdictCase> verdictCases(Profile profile, std::span<const std::uint8_t> klmBase);

// A code of the document sections of the code table that no decoded document can carry, and why
// (docs/conformance.md, "Codes no document gives").
struct NotFromDocuments {
  std::string_view code, why;
};
std::span<const NotFromDocuments> notFromDocuments();

// The codes of the document sections of the code table (the binary, particle, world and event
// sections) that no case names, as its expected code or as its rule, and that are not in
// notFromDocuments(): the kit's gaps, which the manifest lists.
std::vector<std::string> uncoveredCodes(const std::vector<VerdictCase>& cases);

// Kiln as the host: {"verdict":"accepted"} or {"verdict":"rejected","code":C,"offset":N,"path":P}.
Json decodeVerdict(const std::string& format, std::span<const std::uint8_t> bytes);

// A string's bytes, to write as a file.
std::span<const std::uint8_t> bytesOf(const std::string& s);

// The float32 bit pattern of a value, as "0x3f800000".
std::string f32Bits(double v);

// The expected eval state of a level at a time: `kiln eval --json`'s object, each particle with
// "bits" (the float32 patterns of position, size, rotation and colour).
Json evalState(const std::filesystem::path& level, double time, std::string& error);
// The expected event state: `kiln sim --json`'s object at `time` (the level's default view).
Json simState(const std::filesystem::path& level, double time, std::string& error);

// A case's fields every area has: its id, area, rule, the docs that state the rule, what it tests.
Json caseBase(const std::string& id, const std::string& area, const std::string& rule, const std::string& docs,
              const std::string& tests);
// A time as case ids write it: "%.6g" with '.' and '+' as '_' ("2_5", "5e_06").
std::string idTime(double t);

// Adds the state cases (each level's eval state at its times) and the sim cases (each level's
// event state at its steps, a twin checked against its twin) to the kit's files and cases,
// computed from the kit's levels as written in `scratch`. Return an exit code.
int addStateCases(Profile profile, const std::filesystem::path& scratch, std::vector<KitFile>& files,
                  Json& cases);
int addSimCases(Profile profile, const std::filesystem::path& scratch, std::vector<KitFile>& files, Json& cases);

// A level the kit writes itself for the event features of seeds 003 and 004: a YAML source the
// exporter compiles (the sim cases read the compiled module, the palette picture the source).
struct GeneratedLevel {
  std::string name;    // "dyadic", "iso_layers", "depth_override", "palette"
  std::string source;  // YAML; textures at textures/NAME.png beside it
  bool module = true;  // also compiled to levels/NAME.klm
};
std::vector<GeneratedLevel> generatedLevels();
// The palette picture's 256×256 translucency table as PNG bytes, computed from its formula
// (docs/conformance.md "Picture cases").
std::vector<std::uint8_t> paletteTablePng();
// Adds the levels of the event feature cases to the kit's files (and each data-folder file it
// reads to `inputs`): the iso2d sample's module; the soot sample's source with its material
// snippet (KEV1 stores no snippet); the generated levels, compiled in `scratch`, and the palette
// table; in the full kit the iso2d module in fpx16_16 too. Returns an exit code.
int addEventFeatureLevels(Profile profile, const std::filesystem::path& levelsIn,
                          const std::filesystem::path& scratch, std::vector<KitFile>& files,
                          std::vector<std::filesystem::path>& inputs);

// One case's outcome.
struct Outcome {
  std::string id, area;
  bool pass = false;
  // The first difference: which field, what the kit expected, what the host gave, the tolerance.
  std::string field, expected, got, tolerance;
  std::string note;  // a picture's measured figures, a missing case, …
};

// Checks a host's result for one manifest case (`result` null when the host gave none).
Outcome checkCase(const Json& manifestCase, const std::filesystem::path& kitDir, const Json* result,
                  const std::filesystem::path& resultsDir);

// The report page: the summary by area and every case, failures first.
std::string reportHtml(const Json& manifest, const std::vector<Outcome>& outcomes);

}  // namespace kiln::cli::conformance

namespace kiln::cli {

struct ConformanceOptions {
  std::string action;  // export, run, check
  std::string kit;
  std::string results;  // run: -o; check: the second positional
  bool full = false;
  bool force = false;
  std::vector<std::string> areas, cases;
  std::optional<std::string> report;
};
int runConformance(const ConformanceOptions& o);

}  // namespace kiln::cli

namespace kiln::cli::conformance {

// `kiln conformance export`: writes the kit to o.kit (conformance_export.cpp). Returns an exit code.
int exportKit(const ConformanceOptions& o);

}  // namespace kiln::cli::conformance
