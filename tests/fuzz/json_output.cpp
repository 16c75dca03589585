// Fuzz entry: the one escaping rule (core/escape.hpp) on arbitrary bytes, as `validate --json`
// and the one-line diagnostic use it. The input is split into file name, field path and message
// at its first two 0xFF 0x00 pairs. Checks: dumpJson never throws and always parses back; the
// diagnostic line has no line break or control byte and is valid UTF-8; clean text is unchanged.
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "core/diagnostic.hpp"
#include "core/escape.hpp"
#include "core/json_text.hpp"
#include "fuzz_check.hpp"

namespace {

std::string_view take(std::string_view& rest) {
  const auto at = rest.find(std::string_view("\xff\x00", 2));
  const std::string_view head = rest.substr(0, at);
  rest = at == std::string_view::npos ? std::string_view() : rest.substr(at + 2);
  return head;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace kiln::core;
  std::string_view rest(reinterpret_cast<const char*>(data), size);
  const std::string file(take(rest)), path(take(rest)), message(rest);

  nlohmann::ordered_json j;
  j["file"] = file;
  j["valid"] = false;
  nlohmann::ordered_json d;
  d["code"] = "io-error";
  d["path"] = path;
  d["message"] = message;
  j["diagnostics"] = nlohmann::ordered_json::array({d});
  // Keys are escaped too. The free key goes into its own object: at the top level a path
  // spelled "file" would replace the file name checked below (the first libFuzzer campaign
  // found exactly that, a fault of this harness, not of the escaping).
  j["fields"][path] = message;
  std::string out;
  try {
    out = dumpJson(j);
  } catch (...) {
    KILN_FUZZ_CHECK(!"dumpJson threw");
  }
  KILN_FUZZ_CHECK(nlohmann::ordered_json::accept(out));
  const auto back = nlohmann::ordered_json::parse(out);
  KILN_FUZZ_CHECK(back["file"].get<std::string>() == escapeText(file));
  KILN_FUZZ_CHECK(back["fields"].size() == 1 && back["fields"].begin().key() == escapeText(path));

  const std::string line = file + ": " + format(Diagnostic{Code::IoError, path, message});
  const std::string shown = escapeText(file) + ": " + format(Diagnostic{Code::IoError, path, message});
  KILN_FUZZ_CHECK(shown.find('\n') == std::string::npos && shown.find('\r') == std::string::npos);
  KILN_FUZZ_CHECK(isPlainText(shown));
  // Escaping is the identity on text that is already plain, and idempotent otherwise.
  if (isPlainText(line)) KILN_FUZZ_CHECK(escapeText(line) == line);
  KILN_FUZZ_CHECK(escapeText(escapeText(message)) == escapeText(message));
  return 0;
}
