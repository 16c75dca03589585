// The conformance check's HTML page: one self-contained file with the summary by area and every
// case, failures first, then the rest under an anchor per area; a filter box hides the rows that
// do not contain its text (also set by the page's address, `report.html#filter=TEXT`).
#include <map>
#include <string>

#include "core/escape.hpp"
#include "cli/conformance.hpp"

namespace kiln::cli::conformance {
namespace {

std::string html(const std::string& s) { return core::escapeHtml(s); }

std::string text(const Json& j) { return j.is_string() ? j.get<std::string>() : j.dump(); }

std::string row(const Outcome& o) {
  return "<tr class=\"case " + std::string(o.pass ? "pass" : "fail") + "\" id=\"case-" + html(o.id) +
         "\" data-case=\"" + html(o.id) + "\" data-area=\"" + html(o.area) + "\"><td><code>" + html(o.id) +
         "</code></td><td>" + (o.pass ? "pass" : "FAIL") + "</td><td>" + html(o.field) + "</td><td>" +
         html(o.expected) + "</td><td>" + html(o.got) + "</td><td>" + html(o.tolerance) + "</td><td>" +
         html(o.note) + "</td></tr>\n";
}

// Rows that do not contain the filter text (case-insensitive) are hidden; a group heading is
// hidden when a filter hides all its rows. The count says how many cases show.
constexpr const char* kScript = R"(<script>
(function () {
  var box = document.getElementById('filter');
  var rows = Array.prototype.slice.call(document.querySelectorAll('tr.case'));
  var heads = Array.prototype.slice.call(document.querySelectorAll('tr.group'));
  function apply() {
    var q = box.value.trim().toLowerCase(), shown = 0;
    rows.forEach(function (r) {
      var hide = q !== '' && r.textContent.toLowerCase().indexOf(q) < 0;
      r.hidden = hide;
      if (!hide) shown++;
    });
    heads.forEach(function (h) {
      var any = rows.some(function (r) { return r.dataset.group === h.dataset.group && !r.hidden; });
      h.hidden = q !== '' && !any;
    });
    document.getElementById('shown').textContent = shown + ' of ' + rows.length + ' cases shown';
  }
  var m = /^#filter=(.*)$/.exec(location.hash);
  if (m) box.value = decodeURIComponent(m[1]);
  box.addEventListener('input', apply);
  apply();
})();
</script>
)";

}  // namespace

std::string reportHtml(const Json& manifest, const std::vector<Outcome>& outcomes) {
  std::map<std::string, std::pair<int, int>> byArea;  // passed, total
  int failures = 0;
  for (const Outcome& o : outcomes) {
    auto& [passed, total] = byArea[o.area];
    passed += o.pass ? 1 : 0;
    ++total;
    failures += o.pass ? 0 : 1;
  }
  std::string out =
      "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Kiln conformance report</title>\n<style>\n"
      "body{font:14px/1.4 sans-serif;background:#15161b;color:#dde;margin:24px}a{color:#9bf}\n"
      "table{border-collapse:collapse;margin-bottom:24px}th,td{padding:4px 10px;border-bottom:1px solid #333;text-align:left}\n"
      "th{background:#22242c}.pass{color:#7d7}.fail{color:#f77}tr.case.pass{color:inherit}code{color:#cce}\n"
      "tr.group th{background:#2c2f3a}input{font:inherit;padding:4px;width:28em}\n"
      "</style></head><body>\n<h1>Kiln conformance report</h1>\n<p>Kit version " +
      text(manifest.value("version", Json())) + ", profile " + html(text(manifest.value("profile", Json()))) +
      " (docs/conformance.md says what each area checks). " + std::to_string(failures) + " of " +
      std::to_string(outcomes.size()) + " cases fail.</p>\n<table><thead><tr><th>area</th><th>passed</th>"
      "<th>cases</th></tr></thead><tbody>\n";
  if (failures)
    out += "<tr><td><a href=\"#failures\">failures</a></td><td class=\"fail\">0</td><td>" + std::to_string(failures) +
           "</td></tr>\n";
  for (const auto& [area, counts] : byArea)
    out += "<tr><td><a href=\"#area-" + html(area) + "\">" + html(area) + "</a></td><td class=\"" +
           (counts.first == counts.second ? "pass" : "fail") + "\">" + std::to_string(counts.first) + "</td><td>" +
           std::to_string(counts.second) + "</td></tr>\n";
  out += "</tbody></table>\n<p><input id=\"filter\" type=\"search\" placeholder=\"filter: case id, field, value, note\" "
         "aria-label=\"filter the cases\"> <span id=\"shown\"></span></p>\n"
         "<table id=\"cases\"><thead><tr><th>case</th><th>result</th><th>field</th><th>expected</th><th>got</th>"
         "<th>tolerance</th><th>note</th></tr></thead><tbody>\n";
  auto group = [&](const std::string& id, const std::string& title) {
    out += "<tr class=\"group\" id=\"" + html(id) + "\" data-group=\"" + html(id) + "\"><th colspan=\"7\">" +
           html(title) + "</th></tr>\n";
  };
  auto tagged = [](std::string r, const std::string& g) {
    return r.replace(r.find("<tr ") + 4, 0, "data-group=\"" + html(g) + "\" ");
  };
  if (failures) {
    group("failures", "failures (" + std::to_string(failures) + ")");
    for (const Outcome& o : outcomes)
      if (!o.pass) out += tagged(row(o), "failures");
  }
  for (const auto& [area, counts] : byArea) {
    group("area-" + area, area + " (" + std::to_string(counts.first) + " of " + std::to_string(counts.second) +
                              " passed" + (counts.first < counts.second ? "; the failures are above)" : ")"));
    for (const Outcome& o : outcomes)
      if (o.pass && o.area == area) out += tagged(row(o), "area-" + area);
  }
  out += "</tbody></table>\n";
  out += kScript;
  out += "</body></html>\n";
  return out;
}

}  // namespace kiln::cli::conformance
