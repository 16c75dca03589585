// KWP1 decoding: one materializing walk that makes every check of the scan in the scan's order
// (so it fails exactly where the scan fails), then validation, including bit-equal stored bounds.
#include "core/header.hpp"
#include "particles/bounds.hpp"
#include "particles/kwp1/kwp1.hpp"
#include "particles/kwp1/schema.hpp"
#include "particles/validate.hpp"

namespace kiln::particles {
namespace {

const core::HeaderRules kRules{kKwp1Magic, Version, AlphaVersion, kMaxEncodedBytes};

template <bool Materialize>
using Reader = core::walk::Reader<Materialize>;

// KWP1 paths name presets and emitters ("emitters.brazier_left.yaw") and give counts their own
// segment ("presets.embers.size.count"), like validation's paths.
constexpr core::walk::PathStyle kPaths{true, true};

template <bool Materialize>
Reader<Materialize> payloadReader(const core::Framed& f) {
  return Reader<Materialize>(f.payload, core::kHeaderSize, f.header.documentVersion, kPaths);
}

// The payload walk, then "nothing left over" (the header is checked before).
template <bool Materialize>
bool walkPayload(Reader<Materialize>& r, Document& doc) {
  kwp1::documentFields(r, doc);
  if (r.ok() && !r.bytes().atEnd())
    r.fail(core::Code::TrailingBytes, r.bytes().offset(), "payload",
           std::to_string(r.bytes().remaining()) + " bytes follow the last emitter");
  return r.ok();
}

// The byte offset of the record a validation path names ("presets.embers..." → that preset).
std::uint64_t offsetForPath(const Document& doc, const std::vector<Reader<true>::TopLevel>& top,
                            const std::string& path) {
  std::uint64_t best = core::kHeaderSize;
  std::size_t bestLength = 0;
  auto consider = [&](const std::string& prefix, std::uint64_t at) {
    const bool match =
        path.size() >= prefix.size() && path.compare(0, prefix.size(), prefix) == 0 &&
        (path.size() == prefix.size() || path[prefix.size()] == '.' || path[prefix.size()] == '[');
    if (match && prefix.size() > bestLength) best = at, bestLength = prefix.size();
  };
  for (const auto& t : top) {
    for (std::size_t i = 0; i < t.start.size(); ++i) {
      if (t.field == "presets" && i < doc.presets.size()) consider(presetPath(doc.presets[i], i), t.start[i]);
      if (t.field == "emitters" && i < doc.emitters.size())
        consider(emitterPath(doc.emitters[i], i), t.start[i]);
    }
  }
  return best;
}

// Phase 1 over a payload whose header (and CRC) is already checked.
std::optional<core::DecodeError> scanPayload(const core::Framed& framed) {
  auto r = payloadReader<false>(framed);
  Document scratch;
  if (!walkPayload(r, scratch)) return r.error();
  return std::nullopt;
}

}  // namespace

std::optional<core::DecodeError> scanKwp1(std::span<const std::uint8_t> file) {
  auto framed = core::readHeader(file, kRules);
  if (auto* e = std::get_if<core::DecodeError>(&framed)) return *e;
  return scanPayload(std::get<core::Framed>(framed));
}

std::variant<Document, core::DecodeError> decodeKwp1(std::span<const std::uint8_t> file,
                                                     const DecodeOptions& options) {
  // The header and the payload's CRC.
  const auto header = core::readHeader(file, kRules);
  if (auto* e = std::get_if<core::DecodeError>(&header)) return *e;
  const auto& framed = std::get<core::Framed>(header);
  // Phase 1 while building: the reader sizes an array only after its count is proven against
  // its limit and the bytes left (Reader::count), which is all a separate scan would prove
  // first, and it stops at the first defect with the scan's code, offset and path.
  auto r = payloadReader<true>(framed);
  Document doc;
  doc.version = framed.header.documentVersion;
  if (!walkPayload(r, doc)) return r.error();

  ValidateOptions vo;
  vo.checkStoredBounds = false;  // checked below, bit for bit, with both boxes in the message
  vo.namesProven = true;         // the walk applied the name rule to every name
  const core::Diagnostics ds = validate(doc, vo);
  if (!ds.empty()) {
    const auto& d = ds.front();
    return core::DecodeError{d.code, offsetForPath(doc, r.topLevel(), d.path), d.path, d.message};
  }
  if (options.checkStoredBounds) {
    for (std::size_t i = 0; i < doc.emitters.size(); ++i) {
      const Emitter& e = doc.emitters[i];
      const Bounds recomputed = conservativeEmitterBounds(doc.presets[e.preset], e);
      if (sameBits(e.bounds, recomputed)) continue;
      std::uint64_t at = core::kHeaderSize;
      for (const auto& t : r.topLevel())
        if (t.field == "emitters" && i < t.end.size()) at = t.end[i] - 48;  // bounds close the record
      return core::DecodeError{
          core::Code::ForgedBounds, at, emitterPath(e, i) + ".bounds",
          boundsDifference(e.bounds, recomputed)};
    }
  }
  return doc;
}

std::variant<std::vector<FieldSpan>, core::DecodeError> layoutKwp1(std::span<const std::uint8_t> file) {
  auto framed = core::readHeader(file, kRules);
  if (auto* e = std::get_if<core::DecodeError>(&framed)) return *e;
  std::vector<FieldSpan> spans{{0, 4, "header.magic"},
                               {4, 2, "header.header_version"},
                               {6, 2, "header.document_version"},
                               {8, 4, "header.payload_size"},
                               {12, 4, "header.payload_crc32"}};
  auto r = payloadReader<false>(std::get<core::Framed>(framed));
  r.trace = &spans;
  Document scratch;
  if (!walkPayload(r, scratch)) return r.error();
  return spans;
}

}  // namespace kiln::particles
