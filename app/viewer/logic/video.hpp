// Writing a capture set as a video through ffmpeg, when one is installed (detected at run time;
// Kiln does not link or ship it). GL-free: finding the program and the exact arguments are
// logic (tested in tests/viewer); running it is video_run.cpp's.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kiln::viewer {

// The first executable regular file named `program` in the ':'-separated directories of
// `pathVariable` (the PATH environment variable's value); nullopt when there is none.
std::optional<std::filesystem::path> findProgram(std::string_view program, std::string_view pathVariable);

// ffmpeg's concat-demuxer list for `frames` shown one after another at `fps` frames per second.
// Every path is quoted ('\'' for a quote inside it); nullopt with `error` for a path holding a
// control character, which the list's line-by-line syntax cannot carry.
std::optional<std::string> concatList(const std::vector<std::filesystem::path>& frames, double fps, std::string& error);

// The arguments (without the program) that turn the concat list into an H.264 MP4 that every
// player opens (even dimensions, yuv420p), overwriting `out`.
std::vector<std::string> videoArguments(const std::filesystem::path& list, const std::filesystem::path& out, double fps);

// The frame rate a capture set's video plays at: one image per STEP of level time (real time),
// kept within 1..240 frames per second.
double videoRate(const std::vector<double>& times);

// Runs ffmpeg (no shell, its output to stderr); false with `error` when it cannot start or fails.
bool runVideo(const std::filesystem::path& ffmpeg, const std::vector<std::string>& arguments, std::string& error);

}  // namespace kiln::viewer
