// The field table (field_help.hpp). Limits and enumeration words are read from the engine's
// constants and spelling tables, so a limit that changes there changes here, in the docs and in
// every tooltip at once.
#include "source/field_help.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <limits>

#include "core/spelling.hpp"
#include "particles/model.hpp"
#include "sim/model.hpp"

namespace kiln::source {
namespace {

// A limit as the docs write it: whole numbers without a decimal point, others in the fewest
// digits that read back the same, with a plain exponent ("1e-6").
std::string num(double v) {
  if (v == std::floor(v) && std::fabs(v) < 1e15) return std::to_string(static_cast<std::int64_t>(v));
  char buf[32];
  const auto r = std::to_chars(buf, buf + sizeof buf, v);
  std::string s(buf, r.ptr);
  if (const std::size_t e = s.find("e-0"); e != std::string::npos) s.erase(e + 2, 1);
  return s;
}
std::string num(std::uint64_t v) { return std::to_string(v); }

// "`a` or `b`", "`a`, `b` or `c`": an enumeration's words in the order it lists them to authors.
template <class E, std::size_t N>
std::string words(const core::SpellingTable<E, N>& table) {
  std::string out;
  for (std::size_t i = 0; i < N; ++i)
    out += (i == 0 ? "" : i + 1 == N ? " or " : ", ") + ("`" + std::string(table[i].text) + "`");
  return out;
}
template <class E, std::size_t N>
std::string first(const core::SpellingTable<E, N>& table) {
  return "`" + std::string(table[0].text) + "`";
}

constexpr std::array kSections{
    FieldSection{"presets", "presets.NAME.", "docs/source.md"},
    FieldSection{"emitters", "emitters.NAME.", "docs/source.md"},
    FieldSection{"events", "events.", "docs/source.md"},
    FieldSection{"events.recipes", "events.recipes.NAME.", "docs/source.md"},
    FieldSection{"events.emitters", "events.emitters.NAME.", "docs/source.md"},
    FieldSection{"events.script", "events.script[i].", "docs/source.md"},
    FieldSection{"bounds", "", "docs/viewer.md"},
};

std::vector<FieldHelp> buildTable() {
  namespace wp = kiln::particles;
  const std::string seconds = "0.." + num(wp::kMaxSeconds);
  const std::string seedRange = "0.." + num(std::uint64_t{std::numeric_limits<std::uint32_t>::max()});
  const std::string eventSeconds = "0.." + num(sim::kMaxSeconds);
  const std::string eventCapacity = "1.." + num(static_cast<std::uint64_t>(sim::kMaxCapacity));
  std::vector<FieldHelp> t;
  auto add = [&](std::string_view section, std::string key, std::string type, std::string unit, std::string fallback,
                 std::string help, std::string rule) {
    t.push_back({section, std::move(key), std::move(type), std::move(unit), std::move(fallback), std::move(help),
                 std::move(rule)});
  };

  // --- presets: how many, where particles start, how they move, how long they live, how they look
  const std::string_view p = "presets";
  add(p, "capacity", "integer", "particles", "required",
      "How many particles each emitter of this preset can show at once. Every slot is reserved whether it is used "
      "or not, so aim close to what the emitters need.",
      "1.." + num(std::uint64_t{wp::kMaxSlotsPerEmitter}) +
          ", and at least what each emitter using it needs alive at once (`kiln inspect` shows `required_capacity`)");
  add(p, "spawn", "`{shape, half_extents}`", "", "point",
      "Where particles are born, around the emitter's position: all at one point, or scattered through a box.",
      "a map of `shape` and `half_extents`");
  add(p, "spawn.shape", words(wp::kSpawnShapeSpellings), "", first(wp::kSpawnShapeSpellings),
      "`point` starts every particle exactly at the emitter; `box` starts each one somewhere inside the box "
      "`half_extents` describes.",
      "one of the words (`unknown-enum`)");
  add(p, "spawn.half_extents", "`[x, y, z]`", "m", "`[0, 0, 0]`",
      "Half the spawn box's size on each axis: the cloud of new particles is twice this wide. The emitter's yaw "
      "turns it and its scale grows it.",
      "box only; each ≥ 0 (a box of 2·half_extents)");
  add(p, "velocity", "`{min: [x, y, z], max: [x, y, z]}`", "m/s", "zeros",
      "The speed and direction particles leave with: each picks every axis at random between min and max. A wide "
      "range gives a loose spray, min equal to max a tight jet.",
      "min ≤ max on every axis");
  add(p, "lifetime", "`{min: S, max: S}`", "s", "required",
      "How long each particle lives, picked at random between min and max. Longer lives draw longer trails and "
      "keep more particles alive at once.",
      "0 < min ≤ max ≤ " + num(wp::kMaxSeconds));
  add(p, "acceleration", "`[x, y, z]`", "m/s²", "`[0, 0, 0]`",
      "A steady push on every particle: negative z falls like debris, positive z rises like smoke.",
      "any finite numbers");
  add(p, "drag", "number", "1/s", "0",
      "How quickly the air slows particles down. 0 keeps their speed; larger values stop them sooner, so the "
      "effect stays close to where it starts.",
      "≥ 0");
  add(p, "rotation.angle", "`{min: N, max: N}`", "degrees", "0",
      "How far each sprite is turned at birth, picked between min and max; 0 to 360 hides that every sprite is "
      "the same image.",
      "min ≤ max");
  add(p, "rotation.speed", "`{min: N, max: N}`", "degrees/s", "0",
      "How fast each sprite spins, picked between min and max; negative spins the other way.", "min ≤ max");
  add(p, "size", "2–4 keys `{age, value}`", "m", "required",
      "The sprite's edge length over its life, blended from key to key: the particle grows or shrinks as it ages. "
      "An age is a fraction of each particle's own lifetime.",
      "ages are fractions of the lifetime, the first 0, the last 1, strictly increasing; values ≥ 0");
  add(p, "color", "2–4 keys `{age, rgba: [r, g, b, a]}`", "0..1", "required",
      "Colour and opacity over the life, blended from key to key; alpha 0 at the last key fades particles out "
      "instead of letting them pop.",
      "linear colour; the same age rules as `size`; each component in 0..1");
  add(p, "sprite.frames", "list of texture names", "", "required",
      "The image each particle shows, or the images of its flipbook in order. Frames are square and all one size.",
      "1 to " + num(std::uint64_t{wp::kMaxFrames}) + " names from `textures`");
  add(p, "sprite.fps", "number", "frames/s", "0",
      "How fast the flipbook plays, counted from each particle's birth; 0 shows the first frame.",
      "≥ 0; > 0 when there is more than one frame");
  add(p, "sprite.flipbook", words(wp::kFlipbookSpellings), "", first(wp::kFlipbookSpellings),
      "`once` plays the frames one time and holds the last; `cycle` loops them for as long as the particle lives.",
      "one of the words (`unknown-enum`)");
  add(p, "sprite.facing", words(wp::kFacingSpellings), "", first(wp::kFacingSpellings),
      "`camera` turns every sprite to face you from any angle; `upright` keeps sprites standing and turns them "
      "only about Z (flames, sparks standing up).",
      "one of the words (`unknown-enum`)");
  add(p, "sprite.blend", words(wp::kBlendSpellings), "", first(wp::kBlendSpellings),
      "How the sprite mixes with what is behind it: `additive` adds light (fire, glows), `cutout` draws solid "
      "texels and drops the rest (leaves), `alpha` covers (dust, smoke), `premultiplied` can glow and cover in one "
      "material (flame turning to smoke).",
      "`alpha` and `premultiplied` need `version: " + num(std::uint64_t{wp::AlphaVersion}) + "`");

  // --- emitters: where a preset is placed and when it emits
  const std::string_view e = "emitters";
  add(e, "name", "text", "", "required", "What the outliner, the diagnostics and `--frame` call this emitter.",
      "unique among emitters");
  add(e, "preset", "preset name", "", "required", "The look and motion this emitter places in the level.",
      "defined under `presets`");
  add(e, "sector", "sector name", "", "found from `position`",
      "The room the emitter belongs to; every place its particles can reach must lie inside it.",
      "the sector whose volume contains `position` when omitted (`no-sector` when none does)");
  add(e, "position", "`[x, y, z]`", "m", "`[0, 0, 0]`",
      "Where the particles come from: the centre of the preset's spawn shape.",
      "inside the sector, far enough from its walls, floor and ceiling for the whole envelope (`outside-sector`)");
  add(e, "yaw", "number", "degrees", "0",
      "Turns the whole preset about Z: its spawn box, its velocities and its acceleration.",
      "normalised into -180..180");
  add(e, "scale", "number", "", "1",
      "Makes the whole effect larger or smaller: the spawn box, the motion and the sprite size, so 2 is the same "
      "effect twice as big.",
      "> 0");
  add(e, "seed", "integer", "", "0",
      "Picks this emitter's random variation: two emitters of one preset with different seeds look alike but not "
      "the same, and one seed always gives the same picture.",
      seedRange);
  add(e, "rate", "number", "births/s", "0", "Particles born per second, evenly spaced, for `duration_seconds`.",
      "≥ 0; a positive rate needs `duration_seconds` > 0");
  add(e, "duration_seconds", "number", "s", "0",
      "How long the rate keeps emitting after the emitter starts (after each start, when it cycles).", seconds);
  add(e, "bursts", "list of `{time: S, count: N}`", "s, particles", "none",
      "Particles born all at once: `count` of them, `time` seconds after the emitter starts.",
      "up to " + num(std::uint64_t{wp::kMaxBursts}) + "; count ≥ 1; time " + seconds + " from the emitter's start");
  add(e, "mode", words(wp::kPlayModeSpellings), "", first(wp::kPlayModeSpellings),
      "`once` plays the emission one time; `cycle` starts it again every `period_seconds`, for ever.",
      "one of the words (`unknown-enum`)");
  add(e, "period_seconds", "number", "s", "0", "How often a cycling emitter starts its emission again.",
      "with `cycle`: 0 < period ≤ " + num(wp::kMaxSeconds) + " and ≥ `duration_seconds`; with `once`: leave it out");
  add(e, "delay_seconds", "number", "s", "0", "How long after the level starts the emitter begins.", seconds);

  // --- events: the section's own settings
  const std::string_view v = "events";
  add(v, "capacity", "integer", "particles", "required",
      "How many event particles can be alive at once. When the pool is full the oldest particle makes room for "
      "the newest; old particles vanishing early means this is too low.",
      eventCapacity + " (`event-capacity`)");
  add(v, "step_hz", "number", "steps/s", num(sim::kDefaultStepHz),
      "How many fixed steps the simulation takes a second. An emitter throws the same number of particles at any "
      "rate; a higher rate follows fast motion more closely and costs more time.",
      num(sim::kMinStepHz) + ".." + num(sim::kMaxStepHz) + " (`step-rate`)");
  add(v, "max_sprites", "integer", "sprites", "capacity",
      "The most event sprites drawn in one frame. Past it the oldest are left out of that frame, counted as "
      "dropped, and a warning says so.",
      eventCapacity + " (`max-sprites`)");
  add(v, "sort", words(sim::kSortModeSpellings), "", first(sim::kSortModeSpellings),
      "The order sprites are drawn in: `view` far to near, so near ones cover; `iso` by the isometric key, for a "
      "fixed isometric camera; `none` in birth order (cheapest, and fine for light).",
      "one of the words (`unknown-enum`)");
  add(v, "math", words(sim::kMathBackendSpellings), "", first(sim::kMathBackendSpellings),
      "The arithmetic the simulation runs in: `fp32` is float32; `fpx16_16` is 16.16 fixed point, the same bits "
      "on every machine, for a game whose own particles run in it (positions within ±32768 m, steps of 2^-16).",
      "one of the words (`unknown-enum`)");
  add(v, "dimensions", "`" + num(static_cast<std::uint64_t>(sim::kDefaultDimensions)) + "` or `" +
                            num(static_cast<std::uint64_t>(sim::kPlanarDimensions)) + "`",
      "", "`" + num(static_cast<std::uint64_t>(sim::kDefaultDimensions)) + "`",
      "`2` runs the particles in a plane, for a 2D or isometric game: positions are (x, y); z of origins is "
      "ignored, bursts keep only the x and y of their velocity, gravity pulls along y (y is up) and the renderer "
      "draws them at z = 0 of the level.",
      "`" + num(static_cast<std::uint64_t>(sim::kDefaultDimensions)) + "` or `" +
          num(static_cast<std::uint64_t>(sim::kPlanarDimensions)) + "` (`unknown-enum`)");
  add(v, "matter_light", "`[r, g, b]`, `{sky_radiance, sun_irradiance}` or `sector`", "linear RGB", "`[1, 1, 1]`",
      "The light falling on matter (particles that do not glow). Match the level's lighting, or grey dust on a "
      "dark floor shines brighter than the floor. A sky `{sky_radiance: [r, g, b], sun_irradiance: [r, g, b]}` "
      "gives sky_radiance + sun_irradiance / 4π. `sector` lights each particle by the ambient of the sector it "
      "is in (0.15 grey before world version 3), and by `[1, 1, 1]` outside every sector.",
      "each ≥ 0 (`negative-color`); a sky needs both keys (`missing-field`)");
  add(v, "recipes", "map name → recipe", "", "none",
      "The kinds of event particle, each named so emitters and the script can throw it.",
      "at most " + num(std::uint64_t{sim::kMaxRecipes}) + " (`recipe-count`); names unique (`duplicate-name`)");
  add(v, "emitters", "list of emitters", "", "none",
      "Steady streams of a recipe, so many particles a second, standing still or moving along a path.",
      "at most " + num(std::uint64_t{sim::kMaxEmitters}) + " (`event-emitter-count`)");
  add(v, "script", "list of `{time, recipe, position, seed}`", "", "none",
      "Bursts at level times: the gameplay moments the viewer and captures replay, so a burst can be tuned without "
      "the game.",
      "at most " + num(std::uint64_t{sim::kMaxScriptEvents}) + " (`script-length`)");
  add(v, "materials", "map name → snippet path", "", "none",
      "Fragment snippets a recipe's sprite may name for its own look: each file, relative to the source, defines "
      "`vec4 kilnMaterial(vec4 color, vec4 texel, vec4 extra)` and is compiled into the level (docs/events.md "
      "\"Materials\").",
      "at most " + num(std::uint64_t{sim::kMaxMaterials}) + " (`count-over-limit`), each at most " +
          num(std::uint64_t{sim::kMaxMaterialBytes}) + " bytes (`count-over-limit`) of printable ASCII (`bad-name`); "
          "a file that cannot be read is `io-error`");

  // --- a recipe: one kind of event particle
  const std::string_view r = "events.recipes";
  add(r, "count", "integer", "particles", "0",
      "How many particles one burst of the script throws. Emitters do not use it: they throw one particle at a "
      "time, `rate` a second.",
      "≤ " + num(static_cast<std::uint64_t>(sim::kMaxBurstCount)) +
          " (`burst-size`); negative → 0 with `warning[count-clamped]`");
  add(r, "speed", "number", "m/s", "0",
      "How fast particles leave along the axis, varied ±25 % per particle; negative throws them the other way.",
      "any finite number");
  add(r, "spread", "number", "m/s", "0",
      "How fast particles leave across the axis, anywhere up to this much: 0 is a straight jet, more fans the burst "
      "out.",
      "any finite number");
  add(r, "lifetime", "number", "s", "0", "How long each particle lives, varied ±25 % per particle.",
      "≤ " + num(sim::kMaxSeconds) + " (`recipe-range`); below " + num(sim::kMinLifetime) + " → " +
          num(sim::kMinLifetime) + " with `warning[lifetime-clamped]`");
  add(r, "size", "number", "m", "0", "The sprite's edge length at birth, varied ±25 % per particle.",
      "≥ 0 (`recipe-range`)");
  add(r, "growth", "number", "", "0",
      "How the size changes over a life, size × (1 + growth·t): 1 doubles it by the end, -1 shrinks it to "
      "nothing, 0 keeps it.",
      "≥ -1 (`recipe-range`)");
  add(r, "gravity", "number", "m/s²", "-6.5",
      "A pull along Z, signed: negative falls (dust, debris), positive rises (embers, heat).", "any finite number");
  add(r, "drag", "number", "1/s", "2.4",
      "How quickly the air stops particles; more keeps a burst close to where it was thrown.",
      "≥ 0 (`recipe-range`)");
  add(r, "color", "`[r, g, b]`", "linear RGB", "`[0, 0, 0]`",
      "For a glowing particle the light it gives off (above 1 reads hot); for matter how much of `matter_light` "
      "it passes on.",
      "each ≥ 0 (`negative-color`), no upper limit");
  add(r, "opacity", "number", "0..1", "1", "How opaque a particle is at birth (how bright, for light).",
      "0..1 (`recipe-range`)");
  add(r, "fade", "number", "", "1",
      "How the opacity dies away, opacity × (1 − t)^fade: 1 fades evenly, 2 fades early, 0.5 holds on and drops at "
      "the end, 0 never fades.",
      "≥ 0 (`recipe-range`)");
  add(r, "glows", "`true` or `false`", "", "`false`",
      "`true` makes light: it adds its colour and covers nothing (sparks, embers). `false` makes matter: it covers "
      "what is behind by its opacity and is lit by `matter_light` (dust, smoke).",
      "`true` or `false` (`wrong-type`)");
  add(r, "axis", "`[x, y, z]`", "", "`[0, 0, 1]`", "The direction a burst is thrown along; only its direction counts.",
      "length ≥ " + num(sim::kMinAxisLength) + " (`zero-axis`)");
  add(r, "layer", "integer", "", "0",
      "The isometric layer (`sort: iso`): a higher layer draws over every lower one, whatever the rows.",
      num(static_cast<double>(sim::kMinLayer)) + ".." + num(static_cast<double>(sim::kMaxLayer)) + " (`recipe-range`)");
  add(r, "depth_override", "integer or `~`", "", "none",
      "A fixed sort key for every particle of the recipe, in place of the computed one, in any sort: lower keys "
      "draw first.",
      "0.." + num(static_cast<double>(sim::kMaxDepthOverride)) + " (`recipe-range`)");
  add(r, "sprite", "`{frame, blend, texture_alpha, alpha_test, material, palette}`", "", "none",
      "The image the particles show; without one they are plain white squares.", "`frame` is required in it");
  add(r, "sprite.frame", "texture name", "", "required in a sprite", "The texture each particle shows.",
      "a `textures:` name (`unknown-name`, with a suggestion)");
  add(r, "sprite.blend", words(sim::kBlendModeSpellings), "", first(sim::kBlendModeSpellings),
      "How sprites mix with the scene: `light_matter` follows `glows`; the others are the classic blends (normal "
      "covers, additive adds, multiply darkens, subtractive takes light away, premultiplied covers and glows); "
      "`palette` looks each pixel up in a translucency table (`sprite.palette`).",
      "one of the words (`unknown-enum`)");
  add(r, "sprite.texture_alpha", words(sim::kTextureAlphaSpellings), "", first(sim::kTextureAlphaSpellings),
      "Where the texture's coverage comes from: `alpha` its alpha channel, `brightness` its brightest colour "
      "channel times alpha (for images drawn on black).",
      "one of the words (`unknown-enum`)");
  add(r, "sprite.alpha_test", "number", "0..1", "0",
      "Drops every texel whose final alpha is at or below this, so nothing is drawn there; raise it to cut soft "
      "edges away. 0 drops only fully transparent texels.",
      "0..1 (`recipe-range`)");
  add(r, "sprite.material", "material name", "", "none",
      "A snippet of `events.materials` that computes the sprite's output from its colour, texel and `extra` "
      "(t, age, lifetime, recipe index); a snippet that does not compile draws as if absent, with a warning naming "
      "its file and line.",
      "an `events.materials` name (`unknown-name`, with a suggestion)");

  add(r, "sprite.palette", "texture name", "", "none; required with `blend: palette`",
      "The 256x256 translucency table `blend: palette` reads: the pixel at column = the sprite's luminance and "
      "row = the luminance behind it is what is drawn, as in a palette game's table.",
      "a `textures:` name (`unknown-name`); 256x256 and only with `blend: palette` (`palette-table`)");

  // --- an event emitter: a steady stream
  const std::string_view m = "events.emitters";
  add(m, "name", "text", "", "required", "What the viewer and the diagnostics call this stream.",
      "unique among event emitters (`duplicate-name`)");
  add(m, "recipe", "recipe name", "", "required", "The recipe this stream throws.",
      "defined under `recipes` (`unknown-name`)");
  add(m, "rate", "number", "particles/s", "0",
      "How many particles a second. The fraction left over carries to the next step, so 12 a second is 12 a "
      "second at any step rate.",
      "≤ " + num(sim::kMaxRate) + " (`emitter-rate`); negative → 0 with `warning[rate-clamped]`");
  add(m, "seed_base", "integer", "", "0",
      "The stream's j-th particle is varied with seed seed_base + j; another base gives another stream, as "
      "repeatable.",
      seedRange + " (`out-of-range`)");
  add(m, "position", "`[x, y, z]`", "m", "`[0, 0, 0]`", "Where the stream comes from when it has no path.",
      "any finite numbers");
  add(m, "path", "list of `{time, position}`", "s, m", "none",
      "Makes the stream move: its origin goes from key to key in straight lines and starts over after the last "
      "key's time. It replaces `position`.",
      "at most " + num(std::uint64_t{sim::kMaxPathKeys}) + " keys (`path-key-count`), times in " + eventSeconds +
          " (`event-time`) and strictly increasing (`path-order`)");

  // --- a script event: one burst at a level time
  const std::string_view s = "events.script";
  add(s, "time", "number", "s", "required", "The level time the burst goes off.", eventSeconds + " (`event-time`)");
  add(s, "recipe", "recipe name", "", "required", "The recipe the burst throws: `count` particles of it.",
      "defined under `recipes` (`unknown-name`)");
  add(s, "position", "`[x, y, z]`", "m", "`[0, 0, 0]`", "Where the burst goes off.", "any finite numbers");
  add(s, "seed", "integer", "", "0", "Varies the burst repeatably: one seed always gives the same particles.",
      seedRange + " (`out-of-range`)");

  // --- the bounds inspector (viewer): what each of its rows and columns shows
  const std::string_view b = "bounds";
  add(b, "emitter", "", "", "",
      "The emitter inspected. The list flags an emitter whose stored box is forged or does not fit its sector.", "");
  add(b, "forged", "", "", "",
      "FORGED when the box stored in the level is not the box Kiln computes from its preset and emitter now. "
      "Such a level opens only with Inspect anyway; the Viewport draws the stored box red, the recomputed cyan.",
      "stored and recomputed bounds are equal bit for bit (`forged-bounds`)");
  add(b, "stored", "", "m", "",
      "Where the box the level file stores puts this face: the box a host trusts for culling and for the sector "
      "check.",
      "");
  add(b, "recomputed", "", "m", "",
      "Where the box computed now from the preset and the emitter puts this face: it holds every place any "
      "billboard of the emitter can reach.",
      "");
  add(b, "difference", "", "m", "",
      "Stored minus recomputed, red when it differs. A face that stops short (a min too high, a max too low) lets "
      "particles reach past it; the headline names the worst such face.",
      "0 in a valid level");
  add(b, "float32 steps", "", "", "",
      "How many float32 values lie between the stored and the recomputed face: 1 is the smallest difference a "
      "file can hold.",
      "0 in a valid level");
  add(b, "escapes", "", "s", "",
      "When a real particle's billboard first leaves the stored box or crosses a wall of its sector, and the worst "
      "moment; when none does, the closest approach. The same search as `kiln escapes`; the buttons set the clock "
      "there, select the particle and frame it with the crossed face.",
      "");
  add(b, "billboard radius", "", "m", "",
      "How far a sprite's corner reaches from its centre, facing any way: the largest `size` × `scale` × 0.707. "
      "Every face of the box is pushed out by it.",
      "");
  add(b, "margin", "", "m", "",
      "Extra room on every face for the GPU's float32 arithmetic (and the series it moves particles with under "
      "drag), so every particle the GPU draws stays inside the box.",
      "");
  add(b, "face", "", "", "",
      "The face of the box the row is about, min.x to max.z, named as `kiln escapes` names it. In the table of "
      "differences, hover it for why the recomputed face is where it is.",
      "");
  add(b, "term", "", "", "",
      "What carries particles furthest toward that face: the spawn box and velocity at birth, the end of the "
      "longest lifetime, or the turning point of a trajectory.",
      "");
  add(b, "age", "", "s", "", "The particle age at which that furthest point is reached.", "");
  add(b, "lifetime", "", "s", "", "The lifetime the face is computed for: the preset's longest.", "");
  add(b, "local extent", "", "m", "",
      "How far particle centres reach from the emitter toward that face, before scale, billboard radius and "
      "margin are added.",
      "");
  add(b, "sector fit", "", "m", "",
      "Whether the stored box fits the emitter's sector. Each line is one corner, the sector plane it is nearest "
      "(or furthest outside), and its distance to that plane, positive outside.",
      "every corner inside (`outside-sector`)");
  return t;
}

// "velocity.min[1]" → "velocity.min", "size[0].age" → "size.age".
std::string withoutItems(std::string_view path) {
  std::string out;
  for (std::size_t i = 0; i < path.size(); ++i) {
    if (path[i] == '[') {
      const std::size_t close = path.find(']', i);
      if (close == std::string_view::npos) break;
      i = close;
      continue;
    }
    out += path[i];
  }
  return out;
}

std::string withoutBackticks(std::string_view text) {
  std::string out;
  std::copy_if(text.begin(), text.end(), std::back_inserter(out), [](char c) { return c != '`'; });
  return out;
}

}  // namespace

std::span<const FieldSection> fieldSections() { return kSections; }

const std::vector<FieldHelp>& fieldTable() {
  static const std::vector<FieldHelp> table = buildTable();
  return table;
}

const FieldHelp* fieldHelp(std::string_view section, std::string_view key) {
  for (const FieldHelp& f : fieldTable())
    if (f.section == section && f.key == key) return &f;
  return nullptr;
}

const FieldHelp* fieldHelpForPath(std::string_view section, std::string_view path) {
  std::string key = withoutItems(path);
  while (!key.empty()) {
    if (const FieldHelp* f = fieldHelp(section, key)) return f;
    const std::size_t dot = key.rfind('.');
    if (dot == std::string::npos) break;
    key.resize(dot);
  }
  return nullptr;
}

std::string sourcePath(const FieldHelp& f) {
  for (const FieldSection& s : kSections)
    if (s.name == f.section) return std::string(s.path) + f.key;
  return f.key;
}

std::string tooltipText(const FieldHelp& f) {
  std::string out = withoutBackticks(f.help);
  if (!f.rule.empty()) out += "\nRule: " + withoutBackticks(f.rule);
  std::string facts;
  auto fact = [&](std::string_view label, const std::string& value) {
    if (!value.empty()) facts += (facts.empty() ? "" : "   ") + std::string(label) + withoutBackticks(value);
  };
  fact("unit: ", f.unit);
  fact("default: ", f.fallback);
  for (const FieldSection& s : kSections)
    if (s.name == f.section && !s.path.empty()) fact("source: ", sourcePath(f));
  if (!facts.empty()) out += "\n" + facts;
  return out;
}

}  // namespace kiln::source
