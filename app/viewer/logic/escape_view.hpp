// "Jump to first escape": the escape finder (world::findEmitterEscapes) behind the Bounds
// inspector and the Errors panel, the camera that frames its answer, and the mark the overlay
// draws. GL-free.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <glm/glm.hpp>

#include "logic/camera.hpp"
#include "particles/escapes.hpp"
#include "world/escapes.hpp"

namespace kiln::viewer {

struct ViewerState;

enum class EscapeWhich { First, Worst, Closest };
inline const char* escapeWhichName(EscapeWhich w) {
  return w == EscapeWhich::First ? "first" : w == EscapeWhich::Worst ? "worst" : "closest";
}

// The search of one emitter, kept until the level is mounted again or edited.
struct EscapeCache {
  std::uint64_t generation = ~0ull;
  std::uint32_t emitter = 0;
  world::EmitterEscapes result;
};

// What the last jump showed: the overlay marks the particle (at that time) and the plane.
struct EscapeMark {
  std::uint32_t emitter = 0;
  EscapeWhich which = EscapeWhich::First;
  particles::EscapeMoment moment;
  particles::Plane plane;
  // The crossed face or wall as a closed polygon in world space (a box face, a wall from floor
  // to ceiling, or the sector's floor or ceiling), drawn hatched so it shows from either side.
  std::vector<glm::dvec3> outline;
  std::uint64_t generation = 0;  // the level generation it belongs to
};

// The search for emitter `e` of the mounted level (cached); null without particles.
const world::EmitterEscapes* escapesOf(ViewerState& s, std::uint32_t e);

// The moment a jump of this kind goes to: first and worst when something escapes, closest when
// nothing does (first and worst then have none).
const particles::EscapeMoment* escapeMoment(const world::EmitterEscapes& r, EscapeWhich which);

// An orbit camera that shows the particle, the stored box and the crossed plane: it looks along
// the plane at a slant (from inside a sector's wall, floor or ceiling, so the renderer draws it;
// from just outside a box face, which is a wireframe), turned as near to `current` as allows,
// far enough back to hold the box and the billboard with kFrameMargin.
ViewCamera escapeCamera(const ViewCamera& current, const particles::EscapeMoment& m, const particles::Plane& plane,
                        bool sectorPlane, const particles::Bounds& box, double aspect);

// Sets the clock to the moment (paused), selects the emitter and the particle, frames them and
// marks them. False, with `why`, when there is no such moment.
bool jumpToEscape(ViewerState& s, std::uint32_t emitter, EscapeWhich which, std::string& why);

// Why the last jump's answer is not in view, nullopt when it is: the clock still at its moment,
// the particle, every corner of the stored box and the point where the billboard crosses the
// plane inside the Viewport's image, and a sector's plane seen from its inner side (where the
// renderer draws it).
std::optional<std::string> escapeFramingProblem(const ViewerState& s);

// The emitter a diagnostic's field path names ("emitters.west_flame.bounds", also inside a
// module: "@world/particles:emitters.west_flame.bounds"); empty when it names none by name.
std::string emitterNameInPath(std::string_view path);

// One line for a button or the Errors panel: "first escape t=1.101 s: slot 12 crosses max.z".
std::string escapeSummary(const world::EmitterEscapes& r, EscapeWhich which);

}  // namespace kiln::viewer
