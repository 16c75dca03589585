// Dumping JSON under the one escaping rule (core/escape.hpp): every string value and every
// key is passed through escapeText first, so names and paths read from hostile files (invalid
// UTF-8, control bytes) can never make a dump throw. Header-only so core links no JSON library.
#pragma once

#include <string>

#include "core/escape.hpp"

namespace kiln::core {

// A copy of `j` whose strings and keys are escapeText'd (nlohmann::json or ordered_json).
template <class Json>
Json escapedJson(const Json& j) {
  if (j.is_string()) return Json(escapeText(j.template get_ref<const typename Json::string_t&>()));
  if (j.is_array()) {
    Json out = Json::array();
    for (const Json& x : j) out.push_back(escapedJson(x));
    return out;
  }
  if (j.is_object()) {
    Json out = Json::object();
    for (auto it = j.begin(); it != j.end(); ++it) out[escapeText(it.key())] = escapedJson(it.value());
    return out;
  }
  return j;
}

// j.dump(indent) after escapedJson: the only way Kiln prints JSON.
template <class Json>
std::string dumpJson(const Json& j, int indent = 2) {
  return escapedJson(j).dump(indent);
}

}  // namespace kiln::core
