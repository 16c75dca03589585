// kiln-view: the interactive worldparticles viewer (entry point and command line).
#include <CLI/CLI.hpp>
#include <cstdio>

#include "app.hpp"
#include "logic/layout.hpp"
#include "logic/ui_settings.hpp"
#include "loader/gl_debug.hpp"
#include "loader/terminal.hpp"

int main(int argc, char** argv) {
  kiln::loader::installPrintableOutput();
  kiln::viewer::ViewerOptions o;
  CLI::App cli{"kiln-view " KILN_VERSION ": interactive viewer for worldparticles levels (.klm) and level sources (.yaml)"};
  std::string level, script, screenshot, size = "1280x720";
  cli.add_option("LEVEL", level, "level module (.klm) or level source (.yaml, compiled on the fly)");
  cli.add_option("--frames", o.frames, "draw N frames at fixed 60 Hz steps, then exit")->check(CLI::PositiveNumber);
  cli.add_option("--screenshot", screenshot, "save a PNG of the window after the last frame");
  cli.add_option("--script", script, "run a file of actions (open, time, play, pause, panel, pick, capture, "
                                     "screenshot, select, wait, ...) and exit when it ends");
  cli.add_option("--size", size, "window size WxH")->capture_default_str();
  std::string uiScale;
  cli.add_option("--ui-scale", uiScale, "UI scale for this run, 0.5..3 (default: the View menu's, saved per user; the "
                                        "monitor's content scale comes on top)");
  cli.add_option("--workspace", o.workspace, "initial layout: tuning, bounds, capture or events (the event sandbox)")
      ->check(CLI::IsMember(std::vector<std::string>(kiln::viewer::kWorkspaceNames.begin(), kiln::viewer::kWorkspaceNames.end())))
      ->capture_default_str();
  cli.add_flag("--gl-debug", o.glDebug,
               "ask for an OpenGL debug context and show every GL debug message, notifications included, with its "
               "source, type and id, on stderr and in the Errors panel (also KILN_GL_DEBUG=1)");
  cli.footer("Examples:\n"
             "  kiln-view assets/levels/braziers.yaml                      tune the sample; Ctrl+S saves into the .yaml\n"
             "  kiln-view level.klm --workspace bounds                     chase a bound (F1 lists the keys)\n"
             "  kiln-view level.yaml --workspace capture                   captures and A/B of before/after\n"
             "  xvfb-run -a kiln-view level.yaml --frames 120 --screenshot shot.png\n"
             "  xvfb-run -a kiln-view --script session.txt --size 1920x1080 (docs/viewer.md lists the script words)\n"
             "\n"
             "Exit status: 0 success, 1 invalid script or level, 2 usage error, no display or no GL 4.6 context.\n"
             "Without a display run it under `xvfb-run -a`.");
  try {
    cli.parse(argc, argv);
    o.glDebug = kiln::loader::glDebugRequested(o.glDebug);
  } catch (const CLI::ParseError& e) {
    // --help is reported as a ParseError with exit code 0; every real usage error becomes 2.
    const int rc = cli.exit(e);
    return rc == 0 ? 0 : 2;
  }
  if (std::sscanf(size.c_str(), "%dx%d", &o.width, &o.height) != 2 || o.width < 64 || o.height < 64 ||
      o.width > 8192 || o.height > 8192) {
    std::fprintf(stderr, "kiln-view: --size must be WxH between 64 and 8192, got '%s'\n", size.c_str());
    return 2;
  }
  if (!uiScale.empty()) {
    o.uiScale = kiln::viewer::uiScaleFrom(uiScale);
    if (!o.uiScale) {
      std::fprintf(stderr, "kiln-view: --ui-scale must be a number from 0.5 to 3, got '%s'\n", uiScale.c_str());
      return 2;
    }
  }
  if (!level.empty()) o.level = level;
  if (!script.empty()) o.script = script;
  if (!screenshot.empty()) o.screenshot = screenshot;
  return kiln::viewer::runViewer(o);
}
