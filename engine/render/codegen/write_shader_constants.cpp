// Build step: writes shader_constants.glsl, the GLSL copy of render::kShaderConstants (with the
// hash streams of particles/variation.hpp) and the drag-factor series of
// particles/motion_math.hpp, so no binding, flag or coefficient is typed twice.
// Usage: kiln-shader-constants OUT.glsl
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#include "particles/motion_math.hpp"
#include "render/cpu/shader_constants.hpp"

namespace {

using namespace kiln;

// c0 + q * (c1 + q * (… + q * c5)), each coefficient written as the fraction it is, so the
// shader's literal folds to the same number the C++ constant has.
template <std::size_t N>
std::string horner(const std::array<particles::detail::Fraction, N>& c) {
  std::string text, close;
  for (std::size_t i = 0; i < N; ++i) {
    const std::string term = "(" + std::to_string(c[i].num) + ".0 / " + std::to_string(c[i].den) + ".0)";
    text += i + 1 < N ? term + " + q * (" : term;
    if (i + 1 < N) close += ")";
  }
  return text + close;
}

std::string text() {
  std::ostringstream out;
  out << "// Generated at build time from engine/render/shader_constants.hpp and\n"
         "// engine/particles/motion_math.hpp by kiln-shader-constants; do not edit.\n";
  for (const render::ShaderConstant& c : render::kShaderConstants) {
    switch (c.kind) {
      case render::ShaderConstant::Heading: out << "\n// " << c.name << "\n"; break;
      case render::ShaderConstant::Int: out << "const int " << c.name << " = " << c.value << ";\n"; break;
      case render::ShaderConstant::Uint: out << "const uint " << c.name << " = " << c.value << "u;\n"; break;
    }
  }
  out << "\n// Drag-factor series for q = drag * age below kDragSeriesLimit: f = age * dragSeriesF(q),\n"
         "// g = age * age * dragSeriesG(q).\n";
  out << "const float kDragSeriesLimit = " << particles::detail::kDragSeriesLimit << ";\n";
  out << "float dragSeriesF(float q) {\n  precise float p = " << horner(particles::detail::kDragSeriesF)
      << ";\n  return p;\n}\n";
  out << "float dragSeriesG(float q) {\n  precise float p = " << horner(particles::detail::kDragSeriesG)
      << ";\n  return p;\n}\n";
  return out.str();
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: kiln-shader-constants OUT.glsl\n");
    return 2;
  }
  std::ofstream out(argv[1], std::ios::binary | std::ios::trunc);
  out << text();
  return out ? 0 : 1;
}
