// Runtime resource proofs before any GPU allocation (seed 000): complete texture identity and
// frame compatibility. Pure CPU, no GL.
#pragma once

#include <span>

#include "core/diagnostic.hpp"
#include "core/image.hpp"
#include "particles/model.hpp"

namespace kiln::render {

// Every frame name of every preset has an image (unknown-name); one name never maps to two
// different images (texture-identity); frames are square and non-empty (texture-not-square);
// all frames of one preset share one size (texture-size-mismatch). Paths name the preset's
// sprite.frames[i]. All problems are returned at once.
core::Diagnostics checkTextures(const particles::Document& doc, std::span<const core::NamedImage> textures);

}  // namespace kiln::render
