// The one rule for everything `kiln` and `kiln-view` print: text passes, any other byte is
// escaped. Names, paths and script lines come from hostile files; printed raw, an ESC or BEL
// byte drives the user's terminal and invalid UTF-8 garbles what follows.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>

namespace kiln::loader {

// A stderr line longer than this many bytes is cut, with a note of how many bytes were cut.
inline constexpr std::size_t kMaxErrorLineBytes = 4096;

// The filter itself, on a stream of bytes: printable text and valid UTF-8 pass unchanged,
// '\n' is kept, every other byte becomes `\xNN` (core::escapeText's rule). The bytes of a
// character split between two put() calls are held until it is complete, so a character is
// never escaped for where a buffer happened to end. With `maxLine` (0: no limit) the bytes of a
// line past the limit are dropped and the line ends with " [... N bytes cut]".
class PrintableFilter {
 public:
  using Sink = std::function<void(std::string_view)>;
  PrintableFilter(Sink sink, std::size_t maxLine) : sink_(std::move(sink)), maxLine_(maxLine) {}
  void put(std::string_view bytes);
  // The end of the stream: held bytes of an unfinished character are escaped, and a cut line
  // gets its note.
  void finish();

 private:
  void line(std::string_view segment, std::string& out);
  Sink sink_;
  std::size_t maxLine_ = 0;
  std::string held_;           // an incomplete UTF-8 sequence at the end of the last put()
  std::size_t lineBytes_ = 0;  // bytes of the current line seen so far
  std::size_t cut_ = 0;        // of those, bytes dropped past maxLine_
};

// Puts the filter on stdout and stderr for the C++ streams (std::cout, std::cerr, std::clog)
// and C stdio (printf, fprintf(stderr, ...): glibc lets `stdout` and `stderr` be replaced by
// fopencookie streams) alike; stderr lines are cut at kMaxErrorLineBytes. Call it first in
// main(); a second call does nothing. Writes straight to file descriptors 1 and 2 (a driver
// library, a child process) are not covered.
void installPrintableOutput();

// Kiln's own progress text (a bar redrawn with '\r') written to stderr past the filter, in
// order with what was printed before. Only for text Kiln makes itself, never for user bytes.
void writeProgress(std::string_view text);

}  // namespace kiln::loader
