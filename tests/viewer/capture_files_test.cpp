// Viewer captures: names that never overwrite, PNGs from disk for A/B with `kiln compare`'s
// metrics (checked against values worked out by hand), and the capture-set syntax.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cmath>
#include <filesystem>
#include <map>
#include <fstream>

#include "loader/capture_name.hpp"
#include "logic/capture_files.hpp"
#include "loader/loader.hpp"
#include "loader/time_range.hpp"
#include "logic/script.hpp"

using namespace kiln;
using namespace kiln::viewer;
namespace fs = std::filesystem;

namespace {

fs::path scratch() {
  static const fs::path dir = [] {
    fs::path d = fs::path(KILN_BINARY_DIR) / "test-scratch" / ("capture-files-" + std::to_string(::getpid()));
    fs::remove_all(d);
    fs::create_directories(d);
    return d;
  }();
  return dir;
}

core::Image solid(std::uint32_t w, std::uint32_t h, std::uint8_t r, std::uint8_t g, std::uint8_t b) {
  core::Image im;
  im.width = w, im.height = h;
  for (std::uint32_t i = 0; i < w * h; ++i) im.rgba.insert(im.rgba.end(), {r, g, b, 255});
  return im;
}

}  // namespace

TEST_CASE("two captures of one label at one time get two names, a file already there is skipped") {
  std::map<std::string, std::uint32_t> counters;
  const fs::path first = uniqueCapturePath(scratch(), "braziers", "review", 2.0, counters);
  CHECK(first.filename() == "review-0001_braziers_t00002000ms.png");
  std::ofstream(first) << "taken";
  const fs::path second = uniqueCapturePath(scratch(), "braziers", "review", 2.0, counters);
  CHECK(second.filename() == "review-0002_braziers_t00002000ms.png");
  CHECK(counters["review"] == 2);
  // A new session starts counting again but goes on past the files left on disk.
  std::ofstream(second) << "taken";
  std::map<std::string, std::uint32_t> fresh;
  CHECK(uniqueCapturePath(scratch(), "braziers", "review", 2.0, fresh).filename() == "review-0003_braziers_t00002000ms.png");
  // Labels typed by the user never make a path: spaces and separators become '_'.
  CHECK(uniqueCapturePath(scratch(), "my level", "a/b c", 0.0015, counters).filename() == "a_b_c-0001_my_level_t00000002ms.png");
}

TEST_CASE("each label counts on its own, so a before session and an after session pair up") {
  const fs::path dir = scratch() / "pairs";
  fs::remove_all(dir);
  fs::create_directories(dir);
  std::map<std::string, std::uint32_t> before, after;
  for (const double t : {0.5, 1.0}) std::ofstream(uniqueCapturePath(dir, "braziers", "before", t, before)) << "a";
  // A second session, another label, same times: numbered from 1 again, whatever the first wrote.
  CHECK(uniqueCapturePath(dir, "braziers", "after", 0.5, after).filename() == "after-0001_braziers_t00000500ms.png");
  CHECK(uniqueCapturePath(dir, "braziers", "after", 1.0, after).filename() == "after-0002_braziers_t00001000ms.png");
  // A label that only starts like another ("before2" vs "before") counts on its own too.
  std::map<std::string, std::uint32_t> other;
  CHECK(uniqueCapturePath(dir, "braziers", "before2", 0.5, other).filename() == "before2-0001_braziers_t00000500ms.png");
  // Files that only look numbered ("before-12.png", "before-x_…") are not counted.
  std::ofstream(dir / "before-12.png") << "a";
  std::ofstream(dir / "before-x_braziers.png") << "a";
  std::map<std::string, std::uint32_t> again;
  CHECK(uniqueCapturePath(dir, "braziers", "before", 2.0, again).filename() == "before-0003_braziers_t00002000ms.png");
}

TEST_CASE("a capture set carries the session's label, and each bookmark's name, so two sets pair up") {
  const fs::path dir = scratch() / "sets";
  fs::remove_all(dir);
  fs::create_directories(dir);
  ViewCamera here;
  const std::vector<CameraBookmark> marks = {{"door", here}, {"above", here}};
  const CaptureJob before = captureJob({0.5, 1.0}, marks, here, "before");
  CHECK(before.label == "before");
  CHECK(before.total() == 4);
  // Unnamed current camera without bookmarks; an empty label field counts as "current".
  const CaptureJob plain = captureJob({0.5}, {}, here, "");
  REQUIRE(plain.cameras.size() == 1);
  CHECK(plain.cameras[0].name.empty());
  CHECK(plain.label == "current");
  std::map<std::string, std::uint32_t> a, b;
  CHECK(uniqueCapturePath(dir, "braziers", "before", 0.5, a, "door").filename() == "before-0001_braziers_door_t00000500ms.png");
  CHECK(uniqueCapturePath(dir, "braziers", "before", 0.5, a, "above").filename() == "before-0002_braziers_above_t00000500ms.png");
  CHECK(uniqueCapturePath(dir, "braziers", "after", 0.5, b, "door").filename() == "after-0001_braziers_door_t00000500ms.png");
  // The camera part is made safe like the rest; none at all leaves the name as a single capture's.
  CHECK(uniqueCapturePath(dir, "braziers", "after", 0.5, b, "a/b").filename() == "after-0002_braziers_a_b_t00000500ms.png");
  CHECK(uniqueCapturePath(dir, "braziers", "after", 0.5, b).filename() == "after-0003_braziers_t00000500ms.png");
}

TEST_CASE("finding: a bookmark name holding a newline or tab never lands in a capture file name") {
  // Just inside: letters, digits, '-', '_' and '.' pass unchanged.
  CHECK(safeFileName("front-1_b.v2") == "front-1_b.v2");
  // Just outside: control bytes, separators, quotes and non-ASCII bytes each become '_'.
  CHECK(safeFileName("a\nb\tc") == "a_b_c");
  CHECK(safeFileName("x/y\\z'q\"") == "x_y_z_q_");
  CHECK(safeFileName("caf\xC3\xA9") == "caf__");
  CHECK(safeFileName(".hidden") == "_hidden");
  CHECK(safeFileName("..") == "_.");
  std::map<std::string, std::uint32_t> c;
  CHECK(uniqueCapturePath(scratch(), "l", "cam\nduration 9", 1.0, c).filename() == "cam_duration_9-0001_l_t00001000ms.png");
}

TEST_CASE("finding: bookmarking a name again replaces it instead of adding a duplicate") {
  std::vector<CameraBookmark> marks;
  ViewCamera a, b;
  a.distance = 3;
  b.distance = 9;
  setBookmark(marks, "front", a);
  setBookmark(marks, "side", a);
  setBookmark(marks, "front", b);
  REQUIRE(marks.size() == 2);
  CHECK(marks[0].name == "front");
  CHECK(marks[0].camera.distance == 9);
  CHECK(marks[1].name == "side");
  CHECK(marks[1].camera.distance == 3);
}

TEST_CASE("A/B of two PNGs from disk gives kiln compare's metrics") {
  // A: 2x1 of (10,20,30,255); B: the first pixel equal, the second (13,20,26,255).
  core::Image a = solid(2, 1, 10, 20, 30), b = solid(2, 1, 10, 20, 30);
  b.rgba[4] = 13, b.rgba[6] = 26;
  core::Diagnostic error;
  REQUIRE(loader::writePngFile(scratch() / "a.png", a, error));
  REQUIRE(loader::writePngFile(scratch() / "b.png", b, error));
  const auto ea = captureFromFile(scratch() / "a.png", error);
  const auto eb = captureFromFile(scratch() / "b.png", error);
  REQUIRE(ea);
  REQUIRE(eb);
  CHECK(ea->label == "a.png");
  CHECK(captureListLabel(*eb, 1) == "1: b.png (from disk)");
  const render::ImageComparison m = compareEntries(*ea, *eb);
  REQUIRE(m.sameSize);
  CHECK(m.maxAbsDiff == 4);
  // 8 channels, differences 3 and 4: mean 7/8; MSE 25/8; PSNR = 10·log10(255² / (25/8)).
  CHECK(m.meanAbsDiff == Approx(7.0 / 8.0));
  CHECK(m.psnr == Approx(10 * std::log10(255.0 * 255.0 * 8.0 / 25.0)));
  CHECK(m.changedPixels == 1);
  CHECK(m.changedPercent == Approx(50.0));
  // Identical images: nothing changed.
  CHECK(compareEntries(*ea, *ea).changedPixels == 0);
  // A file that is not there is an io-error naming it, not a crash.
  CHECK_FALSE(captureFromFile(scratch() / "missing.png", error));
  CHECK(error.code == core::Code::IoError);
  CHECK(error.path.find("missing.png") != std::string::npos);
}

TEST_CASE("capture sets take START:END:STEP like kiln capture --times") {
  std::string why;
  const auto t = loader::parseTimeRange("0:1:0.25", why);
  REQUIRE(t);
  CHECK(*t == std::vector<double>{0, 0.25, 0.5, 0.75, 1});
  // END is included even when the steps do not land on it exactly in binary.
  CHECK(loader::parseTimeRange("0:0.3:0.1", why)->size() == 4);
  CHECK(loader::parseTimeRange("2:2:1", why)->size() == 1);  // END == START: one frame
  CHECK_FALSE(loader::parseTimeRange("2:1.999:1", why));      // END < START
  CHECK_FALSE(loader::parseTimeRange("0:1:0", why));          // STEP must be > 0
  CHECK_FALSE(loader::parseTimeRange("0 0.5 1", why));        // the old list form is refused
  CHECK_FALSE(loader::parseTimeRange("0:1", why));
  CHECK_FALSE(loader::parseTimeRange("0:1:0.5:2", why));
  CHECK_FALSE(loader::parseTimeRange("0:nan:1", why));
  CHECK(loader::parseTimeRange("0:99999:1", why)->size() == loader::kMaxRangeFrames);
  CHECK_FALSE(loader::parseTimeRange("0:100000:1", why));
  CHECK(why.find("100001") != std::string::npos);
}

TEST_CASE("the panel actions have script twins, their malformed forms are refused") {
  const auto s = parseScript(
      "capture\ncapture review\ncapture-set 0:2:0.5\nbookmark overview\nsave\n"
      "solo emitter west_flame\nsolo pass off\nmute emitter west_flame on\nmute pass additive off\n"
      "ab a 0\nab b 3\nab mode side-by-side\nab load shots/a b.png\nab zoom 4\n"
      "expect-problem west_flame forged bounds\n");
  REQUIRE(s.errors.empty());
  REQUIRE(s.actions.size() == 15);
  CHECK(s.actions[0].text == "current");
  CHECK(s.actions[1].text == "review");
  CHECK(s.actions[2].kind == ScriptAction::Kind::CaptureSet);
  CHECK(s.actions[3].text == "overview");
  CHECK(s.actions[4].kind == ScriptAction::Kind::Save);
  CHECK((s.actions[5].kind == ScriptAction::Kind::Solo && s.actions[5].name == "west_flame" && s.actions[5].a == 1));
  CHECK((s.actions[6].text == "pass" && s.actions[6].a == 0));
  CHECK((s.actions[7].kind == ScriptAction::Kind::Mute && s.actions[7].a == 1));
  CHECK(s.actions[8].a == 0);
  CHECK((s.actions[10].text == "b" && s.actions[10].a == 3));
  CHECK(s.actions[11].a == 3);  // side-by-side, the fourth Comparison::Mode
  CHECK(s.actions[12].name == "shots/a b.png");
  CHECK(s.actions[13].a == 4);
  CHECK((s.actions[14].text == "west_flame" && s.actions[14].name == "forged bounds"));

  const auto bad = parseScript(
      "capture a b\ncapture-set 0 0.5 1\ncapture-set 1:0:1\nbookmark\nsave now\nsolo emitter\n"
      "mute emitter x maybe\nab c 0\nab a -1\nab mode blink\nab zoom 0.5\nab zoom 17\nexpect-problem west_flame\n"
      "captrue\n");
  CHECK(bad.actions.empty());
  REQUIRE(bad.errors.size() == 14);
  // An unknown action names the nearest one and lists them all.
  CHECK(bad.errors.back().message.find("did you mean 'capture'") != std::string::npos);
  CHECK(bad.errors.back().message.find("capture-set") != std::string::npos);
  // Just inside the zoom range parses.
  CHECK(parseScript("ab zoom 1\nab zoom 16\n").errors.empty());
  // capture-set's label: after the times, with or without video, in either order; once each.
  const auto labelled = parseScript("capture-set 0:1:0.5 label after\ncapture-set 0:1:0.5 video label b\n"
                                    "capture-set 0:1:0.5 label c video\ncapture-set 0:1:0.5\n");
  REQUIRE(labelled.errors.empty());
  CHECK((labelled.actions[0].name == "after" && labelled.actions[0].a == 0));
  CHECK((labelled.actions[1].name == "b" && labelled.actions[1].a == 1));
  CHECK((labelled.actions[2].name == "c" && labelled.actions[2].a == 1));
  CHECK(labelled.actions[3].name == "current");
  CHECK(parseScript("capture-set 0:1:0.5 label\ncapture-set 0:1:0.5 lable x\ncapture-set 0:1:0.5 video video\n"
                    "capture-set 0:1:0.5 label a label b\n").errors.size() == 4);
}

TEST_CASE("the report command names this session's last two labels, older first") {
  auto entry = [](const char* file, double t = 1.0) {
    CaptureEntry e;
    e.file = fs::path("kiln-captures") / file;
    e.levelTime = t;
    return e;
  };
  // The label is the name before the dash in front of the number, dashes and underscores kept.
  CHECK(kiln::loader::captureNumberDash("before_a-tune-0001_braziers_t00001000ms.png") == 13);
  CHECK(kiln::loader::captureNumberDash("after-12345.png") == 5);
  CHECK(kiln::loader::captureNumberDash("after-123_x.png") == std::string::npos);  // three digits
  CHECK(kiln::loader::captureNumberDash("after-1234x.png") == std::string::npos);  // no _ or . after
  CHECK(kiln::loader::captureNumberDash("shot_0001.png") == std::string::npos);
  std::vector<CaptureEntry> list = {entry("before-tune-0001_braziers_t00001000ms.png")};
  CHECK_FALSE(reportCommand(list, "kiln-captures").has_value());  // one label: nothing to compare
  list.push_back(entry("shot.png", -1));                            // a PNG from disk does not count
  CHECK_FALSE(reportCommand(list, "kiln-captures").has_value());
  list.push_back(entry("after-0001_braziers_door_t00001000ms.png"));
  CHECK(reportCommand(list, "kiln-captures") ==
        "kiln report kiln-captures/before-tune kiln-captures/after -o report.html");
  // Capturing under the first label again makes it the newer one.
  list.push_back(entry("before-tune-0002_braziers_t00002000ms.png"));
  CHECK(reportCommand(list, "kiln-captures") ==
        "kiln report kiln-captures/after kiln-captures/before-tune -o report.html");
}
