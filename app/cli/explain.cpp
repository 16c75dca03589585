// `kiln explain CODE`: prints the paragraph docs/codes.md gives a diagnostic code, so every
// message can point at a longer explanation that ships inside the binary.
#include <iostream>
#include <sstream>

#include "cli/commands.hpp"
#include "source/suggest.hpp"

namespace kiln::cli {

// docs/codes.md, embedded at configure time (app/CMakeLists.txt).
extern const char* const kCodesMarkdown;

namespace {

// The text under "## `CODE`" up to the next heading, trimmed of blank edge lines.
std::string section(const std::string& doc, const std::string& code) {
  const std::string heading = "## `" + code + "`";
  std::istringstream in(doc);
  std::string line, body;
  bool inside = false;
  while (std::getline(in, line)) {
    if (line.rfind("## ", 0) == 0) {
      if (inside) break;
      inside = line == heading;
      continue;
    }
    if (inside) body += line + '\n';
  }
  while (!body.empty() && (body.front() == '\n')) body.erase(body.begin());
  while (body.size() > 1 && body[body.size() - 1] == '\n' && body[body.size() - 2] == '\n') body.pop_back();
  return body;
}

}  // namespace

int runExplain(const std::string& code, bool list) {
  if (list) {
    for (core::Code c : core::allCodes()) std::cout << core::codeName(c) << "  " << core::codeMeaning(c) << '\n';
    return kExitOk;
  }
  const auto known = core::codeFromName(code);
  if (!known) {
    std::vector<std::string> names;
    for (core::Code c : core::allCodes()) names.emplace_back(core::codeName(c));
    std::cerr << "kiln explain: '" << core::escapeText(code) << "' is not a code"
              << source::didYouMean(code, names) << "; kiln explain --list prints them all\n";
    return kExitUsage;
  }
  const std::string body = section(kCodesMarkdown, code);
  std::cout << code << ": " << core::codeMeaning(*known) << "\n\n" << body;
  if (body.empty()) std::cout << "(docs/codes.md has no paragraph for this code yet)\n";
  return kExitOk;
}

}  // namespace kiln::cli
