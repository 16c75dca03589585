// The command queue: requests of one kind are taken oldest first; the others wait their turn.
#include <catch2/catch.hpp>

#include "logic/commands.hpp"

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
