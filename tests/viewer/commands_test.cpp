// The command queue: requests of one kind are taken oldest first; the others wait their turn.
#include <catch2/catch.hpp>

#include "logic/commands.hpp"
#include "logic/viewer_state.hpp"

using namespace kiln::viewer;

TEST_CASE("take removes only its own kind, oldest first") {
  CommandQueue q;
  CHECK(q.take<OpenLevel>().empty());
  q.push(OpenLevel{"a.yaml"});
  q.push(CaptureNow{});
  q.push(OpenLevel{"b.klm", true});
  q.push(Undo{});
  const auto opens = q.take<OpenLevel>();
  REQUIRE(opens.size() == 2);
  CHECK(opens[0].path == "a.yaml");
  CHECK_FALSE(opens[0].relaxed);
  CHECK(opens[1].path == "b.klm");
  CHECK(opens[1].relaxed);
  REQUIRE(q.size() == 2);
  CHECK(std::holds_alternative<CaptureNow>(q.items()[0]));
  CHECK(std::holds_alternative<Undo>(q.items()[1]));
  CHECK(q.take<Redo>().empty());
  CHECK(q.size() == 2);
  CHECK(q.take<CaptureNow>().size() == 1);
  CHECK(q.take<Undo>().size() == 1);
  CHECK(q.empty());
}

// The Viewport's frame-rate readout: fps from the mean frame time, and the 95th percentile by
// nearest rank, so five slow frames in a hundred do not move it and six do.
TEST_CASE("frame timings give fps, mean and 95th percentile frame time") {
  FrameTimings t;
  CHECK(t.summary().fps == 0);
  for (int i = 0; i < 95; ++i) t.push(10);
  for (int i = 0; i < 5; ++i) t.push(50);
  FrameTimings::Summary s = t.summary();
  CHECK(s.meanMs == Approx(12.0));
  CHECK(s.fps == Approx(1000.0 / 12.0));
  CHECK(s.p95Ms == 10);
  FrameTimings u;
  for (int i = 0; i < 94; ++i) u.push(10);
  for (int i = 0; i < 6; ++i) u.push(50);
  CHECK(u.summary().p95Ms == 50);
  // Only the last FrameTimings::kWindow frames count.
  FrameTimings w;
  for (std::size_t i = 0; i < FrameTimings::kWindow; ++i) w.push(100);
  for (std::size_t i = 0; i < FrameTimings::kWindow; ++i) w.push(20);
  CHECK(w.summary().meanMs == Approx(20.0));
}

TEST_CASE("dropped PNGs join the A/B list and the first other file opens as the level") {
  CommandQueue q;
  pushDroppedFiles(q, {"before.png", "level.yaml", "AFTER.PNG", "other.klm"});
  const auto images = q.take<LoadCaptureImage>();
  REQUIRE(images.size() == 2);
  CHECK(images[0].path == "before.png");
  CHECK(images[1].path == "AFTER.PNG");
  const auto opens = q.take<OpenLevel>();
  REQUIRE(opens.size() == 1);  // one level at a time: other.klm is not opened over level.yaml
  CHECK(opens[0].path == "level.yaml");
  CHECK_FALSE(opens[0].discard);  // unsaved edits are still asked about
  CHECK(q.empty());

  pushDroppedFiles(q, {"shot.png"});
  CHECK(q.take<OpenLevel>().empty());  // a PNG alone never replaces the level
  CHECK(q.take<LoadCaptureImage>().size() == 1);
}
