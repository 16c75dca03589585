// KWP1 encoding: the schema walked by the core Writer, then framed by the common header.
#include "core/header.hpp"
#include "particles/kwp1/kwp1.hpp"
#include "particles/kwp1/schema.hpp"

namespace kiln::particles {

std::vector<std::uint8_t> encodeKwp1(const Document& doc) {
  core::walk::Writer w(doc.version);
  kwp1::documentFields(w, doc);
  return core::frame(kKwp1Magic, doc.version, w.bytes());
}

}  // namespace kiln::particles
