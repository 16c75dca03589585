// Applying event sandbox edits to the mounted level (GL-free): validate the working copy, and
// only a valid one replaces the level's `events:` section; the frame then re-prepares the event
// pass, which re-simulates from T = 0 (the state at T stays a function of the section alone).
#include <algorithm>
#include <cstdio>

#include "logic/viewer_state.hpp"

namespace kiln::viewer {

std::vector<std::string> textureNames(const MountedLevel& level) {
  std::vector<std::string> names;
  for (const auto& t : level.load.textures) names.push_back(t.image.name);
  return names;
}

bool ensureEventsSession(ViewerState& s) {
  if (!s.doc.level || !s.doc.level->load.level.events) return false;
  if (!s.doc.events.active()) s.doc.events.start(*s.doc.level->load.level.events);
  return true;
}

bool fireEvent(ViewerState& s, const glm::dvec3& position) {
  if (!ensureEventsSession(s)) {
    s.ui.status = "fire: this level has no events: section";
    return false;
  }
  events_edit::Session& t = s.doc.events;
  if (t.working.recipes.empty()) {
    s.ui.status = "fire: the events section has no recipe";
    return false;
  }
  t.recipe = std::min<std::uint32_t>(t.recipe, static_cast<std::uint32_t>(t.working.recipes.size() - 1));
  sim::Events fired = t.working;
  const std::size_t index = events_edit::fireBurst(fired, t.recipe, position, s.view.clock.time);
  // One undo point per burst.
  if (editEvents(s, fired, true) == EditOutcome::Refused) {
    s.ui.status = "fire: the events section does not validate (see the sandbox)";
    return false;
  }
  const sim::ScriptEvent& e = t.working.script[index];
  char text[256];
  std::snprintf(text, sizeof text, "fired %s at (%.2f, %.2f, %.2f), t %.3f s, seed %u (script:%zu)", e.recipe.c_str(),
                e.position[0], e.position[1], e.position[2], e.time, e.seed, index);
  s.ui.status = text;
  return true;
}

void useIsometricCamera(ViewerState& s) {
  ViewCamera& c = s.view.camera;
  c.setMode(ViewCamera::Mode::Orbit);
  c.yaw = 225.0;
  c.pitch = 35.264389682754654;  // atan(1/√2): the true isometric elevation
  auto& marks = s.view.bookmarks;
  marks.erase(std::remove_if(marks.begin(), marks.end(), [](const CameraBookmark& b) { return b.name == "iso"; }), marks.end());
  marks.push_back({"iso", c});
  s.ui.status = "isometric camera (bookmark \"iso\")";
}

}  // namespace kiln::viewer
