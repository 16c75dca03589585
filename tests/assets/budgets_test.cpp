// assets/budgets.json: the budgets inspector's targets name every renderer pass, once, with
// positive targets that fit inside the frame.
#include <catch2/catch.hpp>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <string>

#include "render/renderer.hpp"

TEST_CASE("budgets.json gives every renderer pass a GPU and a draw-call target within the frame") {
  std::ifstream in(std::string(KILN_SOURCE_DIR) + "/assets/budgets.json");
  REQUIRE(in);
  const nlohmann::json budgets = nlohmann::json::parse(in, nullptr, /*allow_exceptions=*/false);
  REQUIRE_FALSE(budgets.is_discarded());
  REQUIRE(budgets.contains("frame_ms"));
  REQUIRE(budgets.contains("passes"));
  const double frameMs = budgets["frame_ms"].get<double>();
  CHECK(frameMs > 0);

  std::set<std::string> passes;
  for (std::size_t i = 0; i < kiln::render::kPassCount; ++i)
    passes.insert(std::string(kiln::render::passName(static_cast<kiln::render::Pass>(i))));
  std::set<std::string> budgeted;
  double sum = 0;
  for (const auto& [name, target] : budgets["passes"].items()) {
    INFO(name);
    budgeted.insert(name);
    REQUIRE(target.contains("gpu_ms"));
    REQUIRE(target.contains("draw_calls"));
    CHECK(target["gpu_ms"].get<double>() > 0);
    CHECK(target["draw_calls"].is_number_unsigned());
    CHECK(target["draw_calls"].get<std::uint64_t>() > 0);
    sum += target["gpu_ms"].get<double>();
  }
  CHECK(budgeted == passes);
  CHECK(sum <= frameMs);
}
