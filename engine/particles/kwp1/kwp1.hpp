// KWP1: the compiled binary form of a worldparticles document (docs/formats/kwp1.md).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <variant>
#include <vector>

#include "core/diagnostic.hpp"
#include "core/schema_walker.hpp"
#include "particles/model.hpp"
#include "particles/validate.hpp"

namespace kiln::particles {

inline constexpr std::string_view kKwp1Magic = "KWP1";

struct DecodeOptions {
  // Only the stored-bounds equality can be relaxed (the viewer's "inspect anyway").
  bool checkStoredBounds = true;
};

// Deterministic, canonical encoding (header included). The document should be valid;
// encoding does not validate.
std::vector<std::uint8_t> encodeKwp1(const Document& doc);

// Phase 1 (well-formedness: header, counts vs limits and bytes left, finite floats, known enums,
// indices, names), checked while the document is built, so an array is sized only after its
// count is proven; then phase 2 (full validation including recomputed bounds). The first error
// wins, and a phase-1 error is exactly scanKwp1's.
std::variant<Document, core::DecodeError> decodeKwp1(std::span<const std::uint8_t> file,
                                                     const DecodeOptions& options = {});

// Phase 1 alone, with no allocation sized by a declared count.
std::optional<core::DecodeError> scanKwp1(std::span<const std::uint8_t> file);

// One field of a file: its byte range and its path ("header.payload_size",
// "emitters.brazier_left.bounds.min.x", "presets.embers.size.count").
using FieldSpan = core::walk::FieldSpan;

// Every field of a well-formed file in order (header included), from the same schema walk
// as the scanner; the first scan error otherwise. For inspectors, docs and test fixtures.
std::variant<std::vector<FieldSpan>, core::DecodeError> layoutKwp1(std::span<const std::uint8_t> file);

}  // namespace kiln::particles
