// The Viewport's output transform as the user sets it: the script's words, the keys and the
// summary the Viewport shows (logic/view_output.hpp). Each rule is checked on both sides.
#include <catch2/catch.hpp>

#include "logic/keys.hpp"
#include "logic/script.hpp"
#include "logic/view_output.hpp"

using namespace kiln;
using namespace kiln::viewer;

TEST_CASE("the viewer starts on HDR output with the neutral tone map at 0 EV") {
  ViewerState s;
  CHECK(s.view.output.hdr);
  CHECK(s.view.output.toneMap == render::ToneMap::Neutral);
  CHECK(s.view.output.exposure == 0);
  CHECK_FALSE(s.view.output.autoExposure);
  CHECK_FALSE(s.view.output.bloom.enabled);
  CHECK_FALSE(s.view.output.srgb);
  CHECK(outputSummary(s.view.output) == "HDR neutral +0.0 EV");
}

TEST_CASE("output settings take their words and values, and refuse others leaving the state as it was") {
  render::OutputOptions o = render::hdrDefaults();
  CHECK_FALSE(setOutput(o, "ldr", ""));
  CHECK_FALSE(o.hdr);
  CHECK(outputSummary(o) == "LDR (8-bit target)");
  // Any HDR setting shows the HDR output it changes.
  CHECK_FALSE(setOutput(o, "tonemap", "aces"));
  CHECK(o.hdr);
  CHECK(o.toneMap == render::ToneMap::Aces);
  CHECK_FALSE(setOutput(o, "exposure", "-1.5"));
  CHECK(o.exposure == -1.5);
  CHECK_FALSE(setOutput(o, "bloom", "on"));
  CHECK_FALSE(setOutput(o, "bloom-threshold", "2"));
  CHECK_FALSE(setOutput(o, "bloom-intensity", "0.5"));
  CHECK_FALSE(setOutput(o, "auto-exposure", "on"));
  CHECK_FALSE(setOutput(o, "srgb", "on"));
  CHECK(o.bloom.enabled);
  CHECK(o.bloom.threshold == 2.0f);
  CHECK(o.bloom.intensity == 0.5f);
  CHECK(outputSummary(o) == "HDR aces auto -1.5 EV bloom sRGB");

  const render::OutputOptions before = o;
  CHECK(setOutput(o, "tonemap", "reinhard")->find("clamp, neutral, aces or agx") != std::string::npos);
  CHECK(setOutput(o, "exposure", "20.5"));  // past the ±20 EV a user may ask for
  CHECK_FALSE(setOutput(o, "exposure", "20"));
  o.exposure = before.exposure;
  CHECK(setOutput(o, "exposure", "nan"));
  CHECK(setOutput(o, "bloom-intensity", "10.5"));
  CHECK(setOutput(o, "bloom-threshold", "-0.1"));
  CHECK(setOutput(o, "bloom", "yes"));
  CHECK(setOutput(o, "hdr", "on"));
  CHECK(setOutput(o, "gamma", "2.2")->find("unknown output setting 'gamma'") != std::string::npos);
  CHECK(o == before);
}

TEST_CASE("T cycles the tone map, Shift+T switches LDR and HDR, [ and ] step the exposure") {
  ViewerState s;
  CHECK(applyKey(s, {Key::T}) == KeyEffect::Done);
  CHECK(s.view.output.toneMap == render::ToneMap::Aces);
  applyKey(s, {Key::T});
  CHECK(s.view.output.toneMap == render::ToneMap::Agx);
  applyKey(s, {Key::T});
  CHECK(s.view.output.toneMap == render::ToneMap::Clamp);
  applyKey(s, {Key::T, false, true});
  CHECK_FALSE(s.view.output.hdr);
  // From LDR, T shows HDR again with the tone map it had.
  applyKey(s, {Key::T});
  CHECK(s.view.output.hdr);
  CHECK(s.view.output.toneMap == render::ToneMap::Clamp);

  applyKey(s, {Key::RightBracket});
  CHECK(s.view.output.exposure == 0.5);
  applyKey(s, {Key::LeftBracket});
  applyKey(s, {Key::LeftBracket});
  CHECK(s.view.output.exposure == -0.5);
  applyKey(s, {Key::RightBracket, false, true});
  CHECK(s.view.output.exposure == Approx(-0.4).margin(1e-12));
  // Held to ±20 EV.
  s.view.output.exposure = 19.8;
  applyKey(s, {Key::RightBracket});
  CHECK(s.view.output.exposure == 20);
  applyKey(s, {Key::RightBracket});
  CHECK(s.view.output.exposure == 20);
  CHECK(keyChordFromName("t") == KeyChord{Key::T});
  CHECK(keyChordFromName("shift+t") == KeyChord{Key::T, false, true});
  CHECK(keyChordFromName("[") == KeyChord{Key::LeftBracket});
  CHECK(keyChordFromName("]") == KeyChord{Key::RightBracket});
}

TEST_CASE("the script's output line is checked by the same setter when parsed") {
  const Script ok = parseScript("output ldr\noutput tonemap agx\noutput exposure 2\noutput bloom on\n");
  REQUIRE(ok.errors.empty());
  REQUIRE(ok.actions.size() == 4);
  CHECK(ok.actions[1].kind == ScriptAction::Kind::Output);
  CHECK(ok.actions[1].text == "tonemap");
  CHECK(ok.actions[1].name == "agx");
  const Script bad = parseScript("output tonemap filmic\noutput\noutput exposure 1 2\noutput exposure 99\n");
  REQUIRE(bad.errors.size() == 4);
  CHECK(bad.errors[0].message.find("clamp, neutral, aces or agx") != std::string::npos);
  CHECK(bad.errors[3].message.find("[-20, 20]") != std::string::npos);
  CHECK(bad.actions.empty());
}
