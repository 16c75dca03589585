// The docs' field tables from the field table (field_docs.hpp).
#include "source/field_docs.hpp"

#include <algorithm>
#include <array>

#include "source/field_help.hpp"

namespace kiln::source {
namespace {

const FieldSection* sectionNamed(std::string_view name) {
  for (const FieldSection& s : fieldSections())
    if (s.name == name) return &s;
  return nullptr;
}

// A cell's text: a pipe would end the cell, so it is escaped (markdown shows it as written).
std::string cell(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (c == '|') out += '\\';
    out += c;
  }
  return out;
}

std::size_t lineOf(std::string_view page, std::size_t at) {
  return 1 + static_cast<std::size_t>(std::count(page.begin(), page.begin() + static_cast<std::ptrdiff_t>(at), '\n'));
}

struct Marker {
  std::string section;
  bool begin = false;
  std::size_t at = 0;       // where "<!--" starts
  std::size_t lineEnd = 0;  // just past the marker's line, its newline included
};

}  // namespace

std::string fieldsBeginMarker(std::string_view section) { return "<!-- fields:" + std::string(section) + " begin -->"; }
std::string fieldsEndMarker(std::string_view section) { return "<!-- fields:" + std::string(section) + " end -->"; }

std::string fieldTableMarkdown(std::string_view section) {
  std::vector<const FieldHelp*> rows;
  for (const FieldHelp& f : fieldTable())
    if (f.section == section) rows.push_back(&f);
  const FieldSection* s = sectionNamed(section);
  // A section without a source path lists what a panel shows, by the panel's own labels.
  const bool source = s && !s->path.empty();
  struct Column {
    std::string_view header;
    std::string FieldHelp::*part;
  };
  const std::array<Column, 6> all{{{source ? "key" : "shown", &FieldHelp::key},
                                   {"type", &FieldHelp::type},
                                   {"unit", &FieldHelp::unit},
                                   {"default", &FieldHelp::fallback},
                                   {source ? "what it does" : "what it shows", &FieldHelp::help},
                                   {"rule", &FieldHelp::rule}}};
  std::vector<Column> columns;
  for (const Column& c : all)
    if (std::any_of(rows.begin(), rows.end(), [&](const FieldHelp* f) { return !(f->*c.part).empty(); }))
      columns.push_back(c);
  std::string out = "|", rule = "|";
  for (const Column& c : columns) out += " " + std::string(c.header) + " |", rule += "---|";
  out += "\n" + rule + "\n";
  for (const FieldHelp* f : rows) {
    out += "|";
    for (const Column& c : columns) {
      const std::string& text = f->*c.part;
      if (text.empty()) out += " |";
      else out += " " + (c.part == &FieldHelp::key ? "`" + cell(text) + "`" : cell(text)) + " |";
    }
    out += "\n";
  }
  return out;
}

FieldDocs withFieldTables(std::string_view page, std::string_view pagePath) {
  FieldDocs out{std::string(page), {}};
  auto problem = [&](std::size_t at, const std::string& what) {
    out.problems.push_back(std::string(pagePath) + ":" + std::to_string(lineOf(page, at)) + ": " + what);
  };
  constexpr std::string_view kOpen = "<!-- fields:";
  std::vector<Marker> markers;
  for (std::size_t at = page.find(kOpen); at != std::string_view::npos; at = page.find(kOpen, at + 1)) {
    const std::size_t close = page.find("-->", at);
    if (close == std::string_view::npos) {
      problem(at, "a fields marker is not closed with -->");
      break;
    }
    std::string_view inner = page.substr(at + kOpen.size(), close - at - kOpen.size());
    while (!inner.empty() && inner.back() == ' ') inner.remove_suffix(1);
    const std::size_t space = inner.find(' ');
    const std::string_view word = space == std::string_view::npos ? std::string_view{} : inner.substr(space + 1);
    Marker m{std::string(inner.substr(0, space)), word == "begin", at, close + 3};
    if (word != "begin" && word != "end") {
      problem(at, "a fields marker must end in 'begin -->' or 'end -->'");
      continue;
    }
    // The table is whole lines: each marker is a line of its own.
    if ((at > 0 && page[at - 1] != '\n') || (m.lineEnd < page.size() && page[m.lineEnd] != '\n')) {
      problem(at, "the marker of '" + m.section + "' is not on a line of its own");
      continue;
    }
    if (m.lineEnd < page.size()) ++m.lineEnd;
    markers.push_back(std::move(m));
  }
  std::string text;
  std::size_t copied = 0;
  std::vector<std::string> seen;
  for (std::size_t i = 0; i < markers.size(); ++i) {
    const Marker& b = markers[i];
    if (!b.begin) {
      problem(b.at, "'" + b.section + "' ends without a begin marker before it");
      continue;
    }
    if (i + 1 == markers.size() || markers[i + 1].begin || markers[i + 1].section != b.section) {
      problem(b.at, "'" + b.section + "' begins but the next fields marker is not its end (" +
                        fieldsEndMarker(b.section) + ")");
      continue;
    }
    const Marker& e = markers[++i];
    const FieldSection* s = sectionNamed(b.section);
    if (!s) {
      problem(b.at, "the field table has no section '" + b.section + "'");
      continue;
    }
    if (s->doc != pagePath) {
      problem(b.at, "'" + b.section + "' is printed by " + std::string(s->doc) + ", not here");
      continue;
    }
    if (std::find(seen.begin(), seen.end(), b.section) != seen.end()) {
      problem(b.at, "'" + b.section + "' is printed twice");
      continue;
    }
    seen.push_back(b.section);
    text += page.substr(copied, b.lineEnd - copied);
    text += fieldTableMarkdown(b.section);
    copied = e.at;
  }
  text += page.substr(copied);
  for (const FieldSection& s : fieldSections())
    if (s.doc == pagePath && std::find(seen.begin(), seen.end(), s.name) == seen.end())
      out.problems.push_back(std::string(pagePath) + ": has no table for '" + std::string(s.name) + "' (" +
                             fieldsBeginMarker(s.name) + " … " + fieldsEndMarker(s.name) + ")");
  if (out.problems.empty()) out.text = std::move(text);
  return out;
}

}  // namespace kiln::source
