// The one escaping rule for text Kiln prints: diagnostics, file names and JSON strings. Names
// and paths come from hostile files, so they may hold invalid UTF-8 or control bytes; printed
// raw, those abort a JSON dump or split a one-line diagnostic in two.
#pragma once

#include <string>
#include <string_view>

namespace kiln::core {

// Returns `text` as valid UTF-8 with no control characters: every byte that is not part of a
// well-formed UTF-8 sequence, every C0 control byte (including tab and newline), DEL and every
// C1 control (U+0080..U+009F) becomes `\xNN` per byte. Valid printable text (ASCII or not) is
// unchanged, so clean diagnostics read exactly as before.
std::string escapeText(std::string_view text);

// True when escapeText(text) == text (a fast path for the common, clean case).
bool isPlainText(std::string_view text);

// `text` for an HTML page, in element text or a quoted attribute: <, >, & and " as entities.
// Kiln's reports (kiln report, kiln conformance check) escape every string they write with it.
std::string escapeHtml(std::string_view text);

}  // namespace kiln::core
