// kiln-fielddoc: writes the docs' field tables between their marker comments from the one field
// table (engine/source/field_help.cpp), which the viewer's tooltips also read. `--check` compares
// instead of writing (a test runs it) and prints what differs.
//   kiln-fielddoc SOURCE_DIR           rewrite the tables of every page that prints one
//   kiln-fielddoc --check SOURCE_DIR   exit 1 with a diff for every page whose tables differ
#include <algorithm>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "source/field_docs.hpp"
#include "source/field_help.hpp"

namespace {

std::vector<std::string> linesOf(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

bool readText(const std::string& path, std::string& text) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::stringstream ss;
  ss << in.rdbuf();
  text = ss.str();
  return true;
}

// The lines that differ, as a diff from `have` to `want` (longest common subsequence; the pages
// are a few hundred lines), each changed line with the number it has in `have`.
void printDiff(const std::string& path, const std::string& have, const std::string& want) {
  const std::vector<std::string> a = linesOf(have), b = linesOf(want);
  const std::size_t n = a.size(), m = b.size();
  std::vector<std::vector<std::size_t>> lcs(n + 1, std::vector<std::size_t>(m + 1, 0));
  for (std::size_t i = n; i-- > 0;)
    for (std::size_t j = m; j-- > 0;)
      lcs[i][j] = a[i] == b[j] ? lcs[i + 1][j + 1] + 1 : std::max(lcs[i + 1][j], lcs[i][j + 1]);
  std::fprintf(stderr, "--- %s (as it is)\n+++ %s (as the field table writes it)\n", path.c_str(), path.c_str());
  std::size_t i = 0, j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[i] == b[j]) {
      ++i, ++j;
    } else if (j < m && (i == n || lcs[i][j + 1] >= lcs[i + 1][j])) {
      std::fprintf(stderr, "%5zu +%s\n", i + 1, b[j].c_str());
      ++j;
    } else {
      std::fprintf(stderr, "%5zu -%s\n", i + 1, a[i].c_str());
      ++i;
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  const bool check = argc == 3 && std::string(argv[1]) == "--check";
  if (argc != 2 && !check) {
    std::fprintf(stderr, "usage: kiln-fielddoc SOURCE_DIR | kiln-fielddoc --check SOURCE_DIR\n");
    return 2;
  }
  const std::string root = argv[argc - 1];
  std::vector<std::string_view> pages;
  for (const kiln::source::FieldSection& s : kiln::source::fieldSections())
    if (std::find(pages.begin(), pages.end(), s.doc) == pages.end()) pages.push_back(s.doc);
  int failed = 0;
  for (std::string_view page : pages) {
    const std::string path = root + "/" + std::string(page);
    std::string have;
    if (!readText(path, have)) {
      std::fprintf(stderr, "%s: cannot be read\n", path.c_str());
      return 2;
    }
    const kiln::source::FieldDocs docs = kiln::source::withFieldTables(have, page);
    for (const std::string& p : docs.problems) std::fprintf(stderr, "%s\n", p.c_str());
    if (!docs.problems.empty()) {
      ++failed;
      continue;
    }
    if (docs.text == have) continue;
    if (check) {
      printDiff(std::string(page), have, docs.text);
      std::fprintf(stderr,
                   "%s: its field tables differ from the field table (engine/source/field_help.cpp); edit the "
                   "table, not the page, then run `cmake --build BUILD --target fielddoc-update` "
                   "(or `kiln-fielddoc SOURCE_DIR`)\n",
                   std::string(page).c_str());
      ++failed;
      continue;
    }
    // In place, so a link is written through and the file keeps its mode; then read back.
    std::ofstream(path, std::ios::binary) << docs.text;
    std::string written;
    if (!readText(path, written) || written != docs.text) {
      std::fprintf(stderr, "%s: could not be written\n", path.c_str());
      return 2;
    }
    std::printf("wrote %s\n", path.c_str());
  }
  return failed ? 1 : 0;
}
