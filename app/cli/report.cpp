// `kiln report BEFORE AFTER -o report.html`: a before/after capture set as one self-contained
// page. Captures are paired by name (the same file name, or the same name after the label, so
// `before-0001_braziers_t00003200ms.png` meets `after-0001_braziers_t00003200ms.png`); each pair
// shows A, B, their difference and ꟻLIP map, A and B enlarged where they differ, flickers on
// hover, carries its sidecars, and the table of metrics (ꟻLIP, PSNR, changed pixels, SSIM) sorts
// by any column, the worst pair first.
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <cmath>

#include "cli/commands.hpp"
#include "core/escape.hpp"
#include "core/file.hpp"
#include "core/output_plan.hpp"
#include "loader/capture_name.hpp"
#include "render/cpu/flip.hpp"
#include "render/cpu/image_compare.hpp"
#include "render/cpu/magma.hpp"
#include "render/cpu/ssim.hpp"

namespace kiln::cli {
namespace {

namespace fs = std::filesystem;

// The name a capture pairs by: its file name after the `LABEL-` in front of its number
// (loader::captureNumberDash: kiln-view's before-0001_braziers_t…), or the whole name.
std::string pairKey(const std::string& name) {
  const std::size_t dash = loader::captureNumberDash(name);
  return dash == std::string::npos ? name : name.substr(dash + 1);
}

// One side of the comparison: a folder of captures, or FOLDER/LABEL, the captures in FOLDER
// named LABEL-NNNN… (kiln-view writes a session's before-0001_… and after-0001_… into one
// kiln-captures folder). Empty `label`: every PNG of the folder.
struct CaptureSet {
  fs::path dir;
  std::string label;
};

// The side `arg` names, or nullopt when it is neither a folder nor FOLDER/LABEL of an existing
// folder holding LABEL- captures.
std::optional<CaptureSet> captureSet(const std::string& arg) {
  std::error_code ec;
  if (fs::is_directory(arg, ec)) return CaptureSet{arg, ""};
  const fs::path p(arg);
  const std::string label = p.filename().string();
  const fs::path dir = p.has_parent_path() ? p.parent_path() : fs::path(".");
  if (label.empty() || !fs::is_directory(dir, ec)) return std::nullopt;
  return CaptureSet{dir, label};
}

std::vector<fs::path> pngsIn(const CaptureSet& set) {
  std::vector<fs::path> out;
  std::error_code ec;
  for (fs::directory_iterator it(set.dir, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    if (it->is_regular_file() && it->path().extension() == ".png" &&
        (set.label.empty() || (loader::captureNumberDash(name) == set.label.size() && name.starts_with(set.label))))
      out.push_back(it->path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::string base64(std::span<const std::uint8_t> bytes) {
  static constexpr char kDigits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  out.reserve((bytes.size() + 2) / 3 * 4);
  for (std::size_t i = 0; i < bytes.size(); i += 3) {
    const std::uint32_t n = (std::uint32_t{bytes[i]} << 16) | (i + 1 < bytes.size() ? std::uint32_t{bytes[i + 1]} << 8 : 0) |
                            (i + 2 < bytes.size() ? bytes[i + 2] : 0);
    out += kDigits[(n >> 18) & 63];
    out += kDigits[(n >> 12) & 63];
    out += i + 1 < bytes.size() ? kDigits[(n >> 6) & 63] : '=';
    out += i + 2 < bytes.size() ? kDigits[n & 63] : '=';
  }
  return out;
}

std::string html(const std::string& text) { return core::escapeHtml(text); }

std::string dataUri(std::span<const std::uint8_t> png) { return "data:image/png;base64," + base64(png); }

std::string sidecarText(const fs::path& png) {
  fs::path side = png;
  side.replace_extension(".json");
  core::Diagnostic error;
  const auto bytes = core::readFile(side, error, 1u << 20);
  return bytes ? std::string(bytes->begin(), bytes->end()) : std::string("(no sidecar)");
}

struct Pair {
  fs::path a, b;
  std::vector<std::uint8_t> pngA, pngB, diff, flipMap;
  // Where it changed, enlarged: the framed change (render::framedChange) cut from A and B, shown
  // `zoom` times its size with square pixels. Empty when nothing changed, or when the change
  // covers so much of the picture that the full-size pair already shows it.
  core::PixelRect region;
  std::vector<std::uint8_t> zoomA, zoomB;
  std::uint32_t zoom = 1;
  render::ImageComparison metrics;
  render::FlipStatistics flip;
  double ssim = 0;
};

// The width the enlarged change is shown at, at most (the pictures' own max-width).
constexpr std::uint32_t kZoomWidth = 420;

// A rectangle's inclusive pixel spans as the captions write them: "x 300&ndash;331, y 180&ndash;200".
std::string spans(const core::PixelRect& r) {
  return "x " + std::to_string(r.x) + "&ndash;" + std::to_string(r.x + r.width - 1) + ", y " + std::to_string(r.y) +
         "&ndash;" + std::to_string(r.y + r.height - 1);
}

std::string fixed(const char* format, double v) {
  if (!std::isfinite(v)) return "inf";
  char buf[64];
  std::snprintf(buf, sizeof buf, format, v);
  return buf;
}

}  // namespace

int runReport(const ReportOptions& o) {
  std::vector<std::vector<fs::path>> sides;
  for (const std::string& arg : {o.before, o.after}) {
    const std::optional<CaptureSet> set = captureSet(arg);
    if (set) sides.push_back(pngsIn(*set));
    if (!set || (!set->label.empty() && sides.back().empty())) {
      std::cerr << "kiln report: " << core::escapeText(arg) << ": error[" << core::codeName(core::Code::IoError)
                << "]: not a folder of captures, nor FOLDER/LABEL of a folder holding LABEL-NNNN captures\n";
      return kExitUsage;
    }
  }
  const std::vector<fs::path>& before = sides[0];
  const std::vector<fs::path>& after = sides[1];
  std::map<std::string, fs::path> byKey;
  for (const fs::path& p : after) byKey.emplace(pairKey(p.filename().string()), p);
  core::OutputPlan plan;
  for (const auto* list : {&before, &after})
    for (const fs::path& p : *list) plan.addInput(p, "capture");
  const std::size_t page = plan.addOutput(o.out, "report");
  if (const core::Diagnostics refused = plan.check(o.force); !refused.empty()) return reportRefusedOutputs(refused);

  std::vector<Pair> pairs;
  std::vector<fs::path> alone;
  for (const fs::path& a : before) {
    const auto it = byKey.find(pairKey(a.filename().string()));
    if (it == byKey.end()) {
      alone.push_back(a);
      continue;
    }
    core::Diagnostic error;
    auto ia = loader::decodeImageFile(a, error);
    if (!ia) return reportIoError(error);
    auto ib = loader::decodeImageFile(it->second, error);
    if (!ib) return reportIoError(error);
    Pair p;
    p.a = a, p.b = it->second;
    p.metrics = render::compareImages(*ia, *ib);
    auto readBack = [&](const fs::path& f, std::vector<std::uint8_t>& out) {
      auto bytes = core::readFile(f, error, 256u << 20);
      if (bytes) out = std::move(*bytes);
      return bytes.has_value();
    };
    if (!readBack(a, p.pngA) || !readBack(it->second, p.pngB)) return reportIoError(error);
    if (p.metrics.sameSize) {
      const render::FlipResult f = render::flip(*ia, *ib, o.ppd);
      p.flip = f.stats;
      p.ssim = render::ssim(*ia, *ib).value_or(0);
      if (!loader::encodePngBytes(p.metrics.difference, p.diff, error) ||
          !loader::encodePngBytes(render::magmaImage(f.width, f.height, f.error), p.flipMap, error))
        return reportIoError(error);
      const core::PixelRect r = render::framedChange(p.metrics.changedRect, ia->width, ia->height);
      p.zoom = std::min<std::uint32_t>(8, kZoomWidth / std::max({r.width, r.height, 1u}));
      if (!r.empty() && p.zoom >= 2) {
        p.region = r;
        if (!loader::encodePngBytes(core::cropImage(*ia, r), p.zoomA, error) ||
            !loader::encodePngBytes(core::cropImage(*ib, r), p.zoomB, error))
          return reportIoError(error);
      }
    }
    pairs.push_back(std::move(p));
    byKey.erase(it);
  }
  for (const auto& [key, p] : byKey) alone.push_back(p);
  if (pairs.empty()) {
    std::cerr << "kiln report: no capture of " << core::escapeText(o.before) << " has a partner in "
              << core::escapeText(o.after) << " (pairs share a file name, or the name after LABEL-)\n";
    return kExitInvalid;
  }
  // The worst pair first: the largest mean ꟻLIP (pairs of other sizes last).
  std::stable_sort(pairs.begin(), pairs.end(), [](const Pair& x, const Pair& y) {
    if (x.metrics.sameSize != y.metrics.sameSize) return x.metrics.sameSize;
    return x.flip.mean > y.flip.mean;
  });

  std::string out =
      "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Kiln capture report</title>\n<style>\n"
      "body{font:14px/1.4 sans-serif;background:#15161b;color:#dde;margin:24px}\n"
      "table{border-collapse:collapse;margin-bottom:24px}th,td{padding:4px 10px;border-bottom:1px solid #333;text-align:right}\n"
      "th{cursor:pointer;background:#22242c}td:first-child,th:first-child{text-align:left}a{color:#9cf}\n"
      "section{margin:24px 0;padding:12px;background:#1c1e25;border-radius:6px}\n"
      ".row{display:flex;gap:8px;flex-wrap:wrap}figure{margin:0}figcaption{color:#99a}img{max-width:420px;display:block}\n"
      ".flicker{position:relative}.flicker .b{position:absolute;top:0;left:0;visibility:hidden}\n"
      ".flicker:hover .b{visibility:visible}.zoom img{max-width:none;image-rendering:pixelated}pre{white-space:pre-wrap;color:#aab;font-size:12px}\n"
      "</style></head><body>\n<h1>Kiln capture report</h1>\n<p>A: " +
      html(o.before) + " &nbsp; B: " + html(o.after) + " &nbsp; " + std::to_string(pairs.size()) +
      " pairs, the worst first (ꟻLIP at " + std::to_string(static_cast<int>(o.ppd + 0.5)) +
      " pixels per degree; docs/compare.md). Click a column to sort; hover a picture to flicker to B.</p>\n"
      "<table id=\"pairs\"><thead><tr><th>pair</th><th>FLIP mean</th><th>FLIP max</th><th>PSNR dB</th>"
      "<th>changed %</th><th>SSIM</th></tr></thead><tbody>\n";
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    const Pair& p = pairs[i];
    out += "<tr><td><a href=\"#p" + std::to_string(i) + "\">" + html(p.a.filename().string()) + "</a></td>";
    if (p.metrics.sameSize) {
      out += "<td>" + fixed("%.4f", p.flip.mean) + "</td><td>" + fixed("%.4f", p.flip.max) + "</td><td>" +
             fixed("%.2f", p.metrics.psnr) + "</td><td>" + fixed("%.3f", p.metrics.changedPercent) + "</td><td>" +
             fixed("%.4f", p.ssim) + "</td></tr>\n";
    } else {
      out += "<td colspan=\"5\">the images differ in size</td></tr>\n";
    }
  }
  out += "</tbody></table>\n";
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    const Pair& p = pairs[i];
    out += "<section id=\"p" + std::to_string(i) + "\"><h2>" + html(p.a.filename().string()) + " / " +
           html(p.b.filename().string()) + "</h2>\n<div class=\"row\">\n";
    out += "<figure class=\"flicker\"><img class=\"a\" alt=\"A\" src=\"" + dataUri(p.pngA) + "\"><img class=\"b\" alt=\"B\" src=\"" +
           dataUri(p.pngB) + "\"><figcaption>A (hover: B)</figcaption></figure>\n";
    out += "<figure><img alt=\"B\" src=\"" + dataUri(p.pngB) + "\"><figcaption>B</figcaption></figure>\n";
    if (p.metrics.sameSize) {
      out += "<figure><img alt=\"difference\" src=\"" + dataUri(p.diff) + "\"><figcaption>|A&minus;B| &times;4</figcaption></figure>\n";
      out += "<figure><img alt=\"FLIP\" src=\"" + dataUri(p.flipMap) + "\"><figcaption>&#xA7FB;LIP (magma: black none, pale yellow 1)</figcaption></figure>\n";
    }
    if (!p.region.empty()) {
      const std::string size = "width=\"" + std::to_string(p.region.width * p.zoom) + "\" height=\"" +
                               std::to_string(p.region.height * p.zoom) + "\"";
      const std::string where = spans(p.region) + " &times;" + std::to_string(p.zoom);
      out += "</div>\n<div class=\"row\">\n<figure class=\"flicker zoom\"><img class=\"a\" alt=\"A, where it changed\" " + size +
             " src=\"" + dataUri(p.zoomA) + "\"><img class=\"b\" alt=\"B, where it changed\" " + size + " src=\"" + dataUri(p.zoomB) +
             "\"><figcaption>A where it changed: " + where + " (hover: B)</figcaption></figure>\n";
      out += "<figure class=\"zoom\"><img alt=\"B, where it changed\" " + size + " src=\"" + dataUri(p.zoomB) +
             "\"><figcaption>B: every changed pixel lies in " + spans(p.metrics.changedRect) + "</figcaption></figure>\n";
    }
    out += "</div>\n<details><summary>sidecars</summary><pre>A: " + html(sidecarText(p.a)) + "\nB: " + html(sidecarText(p.b)) +
           "</pre></details></section>\n";
  }
  if (!alone.empty()) {
    out += "<section><h2>Without a partner</h2><ul>\n";
    for (const fs::path& p : alone) out += "<li>" + html(p.string()) + "</li>\n";
    out += "</ul></section>\n";
  }
  // Sorting: a click on a header orders the rows by that column (numbers as numbers), again to reverse.
  out += "<script>\n"
         "document.querySelectorAll('#pairs th').forEach((th, col) => {\n"
         "  let up = false;\n"
         "  th.addEventListener('click', () => {\n"
         "    const body = document.querySelector('#pairs tbody');\n"
         "    const rows = Array.from(body.rows);\n"
         "    const value = r => { const t = r.cells[col] ? r.cells[col].textContent : ''; const v = parseFloat(t); return isNaN(v) ? t : v; };\n"
         "    up = !up;\n"
         "    rows.sort((x, y) => { const a = value(x), b = value(y); return (a < b ? -1 : a > b ? 1 : 0) * (up ? 1 : -1); });\n"
         "    rows.forEach(r => body.appendChild(r));\n"
         "  });\n"
         "});\n</script>\n</body></html>\n";
  core::Diagnostic error;
  if (!plan.write(page, std::span(reinterpret_cast<const std::uint8_t*>(out.data()), out.size()), error)) return reportIoError(error);
  std::cout << "wrote " << core::escapeText(o.out) << " (" << pairs.size() << " pairs, " << alone.size() << " without a partner)\n";
  return kExitOk;
}

}  // namespace kiln::cli
