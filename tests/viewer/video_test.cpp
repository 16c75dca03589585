// Capture-set videos: finding ffmpeg on PATH, the concat list, the arguments, the frame rate.
#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>

#include "logic/video.hpp"

using namespace kiln::viewer;

TEST_CASE("ffmpeg is found only as an executable regular file on PATH") {
  const auto root = std::filesystem::temp_directory_path() / "kiln-video-path";
  std::filesystem::remove_all(root);
  std::filesystem::create_directories(root / "a");
  std::filesystem::create_directories(root / "b");
  std::filesystem::create_directories(root / "c" / "ffmpeg");  // a directory of that name
  { std::ofstream(root / "a" / "ffmpeg") << "not executable"; }
  { std::ofstream(root / "b" / "ffmpeg") << "#!/bin/sh\n"; }
  std::filesystem::permissions(root / "b" / "ffmpeg", std::filesystem::perms::owner_all);
  const std::string a = (root / "a").string(), b = (root / "b").string(), c = (root / "c").string();
  CHECK_FALSE(findProgram("ffmpeg", a));
  CHECK_FALSE(findProgram("ffmpeg", c));
  CHECK_FALSE(findProgram("ffmpeg", ""));
  CHECK(findProgram("ffmpeg", a + ":" + c + "::" + b) == root / "b" / "ffmpeg");
  std::filesystem::remove_all(root);
}

TEST_CASE("the concat list names every image in order with one step each, quotes are escaped") {
  std::string error;
  const auto list = concatList({"/x/a_0.png", "/x/it's.png"}, 4, error);
  REQUIRE(list);
  CHECK(*list == "ffconcat version 1.0\nfile '/x/a_0.png'\nduration 0.25\nfile '/x/it'\\''s.png'\nduration 0.25\n");
}

TEST_CASE("finding: a newline in a capture path cannot inject a directive into the concat list") {
  std::string error;
  // Just inside: a tab-free, newline-free odd name is quoted and kept whole.
  CHECK(concatList({"/x/a b;c.png"}, 4, error));
  // Just outside: a newline (which would start a new `duration` line) or any control byte.
  CHECK_FALSE(concatList({"/x/a\nduration 99\n.png"}, 4, error));
  CHECK(error.find("control character") != std::string::npos);
  CHECK(error.find("\\x0a") != std::string::npos);
  CHECK_FALSE(concatList({"/x/a\tb.png"}, 4, error));
}

TEST_CASE("the video is H.264 yuv420p at the set's rate, overwriting its output") {
  const auto args = videoArguments("/t/l.ffconcat", "/t/v.mp4", 10);
  REQUIRE(args.size() > 6);
  CHECK(args.back() == "/t/v.mp4");
  CHECK(std::find(args.begin(), args.end(), "-y") != args.end());
  CHECK(std::find(args.begin(), args.end(), "yuv420p") != args.end());
  const auto r = std::find(args.begin(), args.end(), "-r");
  REQUIRE(r != args.end());
  CHECK(*(r + 1) == "10");
  // One image per STEP of level time; a single image or a huge rate stays in 1..240.
  CHECK(videoRate({0, 0.1, 0.2}) == Approx(10));
  CHECK(videoRate({0}) == 30);
  CHECK(videoRate({0, 1e-6}) == 240);
  CHECK(videoRate({0, 5}) == 1);
}
