// The printable-output filter on stdout and stderr: C stdio is routed through fopencookie
// streams and the C++ streams through those same FILEs, so both keep their order and one rule
// (core::escapeText, '\n' kept) applies to every line either program prints.
#include "loader/terminal.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <streambuf>

#include "core/escape.hpp"

namespace kiln::loader {
namespace {

// Length of the UTF-8 sequence a lead byte starts (0 for a byte that cannot lead one).
std::size_t leadLength(std::uint8_t b) {
  if (b >= 0xC2 && b <= 0xDF) return 2;
  if (b >= 0xE0 && b <= 0xEF) return 3;
  if (b >= 0xF0 && b <= 0xF4) return 4;
  return 0;
}

// How many bytes at the end of `text` start a UTF-8 sequence that is not complete yet.
std::size_t incompleteTail(std::string_view text) {
  for (std::size_t back = 1; back <= 3 && back <= text.size(); ++back) {
    const auto b = static_cast<std::uint8_t>(text[text.size() - back]);
    if ((b & 0xC0) == 0x80) continue;  // a continuation byte: look further back
    const std::size_t need = leadLength(b);
    return need > back ? back : 0;
  }
  return 0;
}

void writeAll(int fd, std::string_view bytes) {
  while (!bytes.empty()) {
    const ssize_t n = ::write(fd, bytes.data(), bytes.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;  // nowhere to report a failing stdout or stderr
    bytes.remove_prefix(static_cast<std::size_t>(n));
  }
}

std::string cutNote(std::size_t cut) {
  return " [... " + std::to_string(cut) + " bytes cut]";
}

// One filtered output: the filter, the descriptor it writes to and the FILE in front of it.
struct Filtered {
  int fd;
  PrintableFilter filter;
  FILE* file = nullptr;
  Filtered(int f, std::size_t maxLine)
      : fd(f), filter([f](std::string_view text) { writeAll(f, text); }, maxLine) {}
};

ssize_t cookieWrite(void* cookie, const char* data, std::size_t size) {
  static_cast<Filtered*>(cookie)->filter.put({data, size});
  return static_cast<ssize_t>(size);
}

// A C++ stream buffer that hands every byte to a C FILE at once, so std::cout and printf (and
// std::cerr and fprintf(stderr)) share one buffer and one order.
class FileBuf : public std::streambuf {
 public:
  explicit FileBuf(FILE* f) : file_(f) {}

 protected:
  int_type overflow(int_type c) override {
    if (traits_type::eq_int_type(c, traits_type::eof())) return traits_type::not_eof(c);
    return std::fputc(traits_type::to_char_type(c), file_) == EOF ? traits_type::eof() : c;
  }
  std::streamsize xsputn(const char* s, std::streamsize n) override {
    return static_cast<std::streamsize>(std::fwrite(s, 1, static_cast<std::size_t>(n), file_));
  }
  int sync() override { return std::fflush(file_) == 0 ? 0 : -1; }

 private:
  FILE* file_;
};

// Never destroyed: output printed by static destructors and stdio's exit flush still passes.
Filtered* gOut = nullptr;
Filtered* gErr = nullptr;

void finishAtExit() {
  for (Filtered* f : {gOut, gErr}) {
    std::fflush(f->file);
    f->filter.finish();
  }
}

Filtered* filtered(int fd, std::size_t maxLine, FILE* original, int mode) {
  std::fflush(original);
  auto* f = new Filtered(fd, maxLine);
  const cookie_io_functions_t io{nullptr, cookieWrite, nullptr, nullptr};
  f->file = ::fopencookie(f, "w", io);
  if (!f->file) {
    delete f;
    return nullptr;
  }
  std::setvbuf(f->file, nullptr, mode, mode == _IONBF ? 0 : 1u << 16);
  return f;
}

}  // namespace

void PrintableFilter::line(std::string_view segment, std::string& out) {
  if (maxLine_ == 0) {
    out += core::escapeText(segment);
    return;
  }
  std::size_t take = lineBytes_ < maxLine_ ? std::min(maxLine_ - lineBytes_, segment.size()) : 0;
  // A cut lands between characters, not inside one.
  if (take < segment.size())
    while (take > 0 && (static_cast<std::uint8_t>(segment[take]) & 0xC0) == 0x80) --take;
  out += core::escapeText(segment.substr(0, take));
  cut_ += segment.size() - take;
  lineBytes_ += segment.size();
}

void PrintableFilter::put(std::string_view bytes) {
  std::string data = std::move(held_);
  data.append(bytes);
  const std::size_t hold = incompleteTail(data);
  held_ = data.substr(data.size() - hold);
  std::string_view body(data.data(), data.size() - hold);
  std::string out;
  out.reserve(body.size() + 16);
  for (std::size_t nl; (nl = body.find('\n')) != std::string_view::npos; body.remove_prefix(nl + 1)) {
    line(body.substr(0, nl), out);
    if (cut_ > 0) out += cutNote(cut_);
    out += '\n';
    lineBytes_ = cut_ = 0;
  }
  line(body, out);
  if (!out.empty()) sink_(out);
}

void PrintableFilter::finish() {
  std::string out;
  line(held_, out);
  held_.clear();
  if (cut_ > 0) out += cutNote(cut_);
  cut_ = 0;
  if (!out.empty()) sink_(out);
}

void installPrintableOutput() {
  if (gOut || gErr) return;
  // Unbuffered stdout on a terminal would cost a write per printf; line buffering there and
  // full buffering into a pipe or file is what stdio does by default.
  gOut = filtered(STDOUT_FILENO, 0, stdout, ::isatty(STDOUT_FILENO) ? _IOLBF : _IOFBF);
  gErr = filtered(STDERR_FILENO, kMaxErrorLineBytes, stderr, _IONBF);
  if (!gOut || !gErr) {  // no memory for a FILE: print as before rather than not at all
    gOut = gErr = nullptr;
    return;
  }
  stdout = gOut->file;
  stderr = gErr->file;
  // Never destroyed either: std::cout is flushed after every static of ours is gone.
  auto* outBuf = new FileBuf(gOut->file);
  auto* errBuf = new FileBuf(gErr->file);
  std::cout.rdbuf(outBuf);
  std::cerr.rdbuf(errBuf);
  std::clog.rdbuf(errBuf);
  std::atexit(finishAtExit);
}

void writeProgress(std::string_view text) {
  std::cout.flush();
  if (gErr) {
    ::flockfile(gErr->file);
    std::fflush(gErr->file);
    writeAll(STDERR_FILENO, text);
    ::funlockfile(gErr->file);
    return;
  }
  std::cerr.flush();
  writeAll(STDERR_FILENO, text);
}

}  // namespace kiln::loader
