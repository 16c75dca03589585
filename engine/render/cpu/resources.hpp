// Runtime resource proofs before any GPU allocation (seed 000): complete texture identity and
// frame compatibility. Pure CPU, no GL.
#pragma once

#include <cstdint>
#include <span>
#include <variant>

#include "core/diagnostic.hpp"
#include "core/image.hpp"
#include "particles/model.hpp"
#include "render/cpu/atlas.hpp"

namespace kiln::render {

// Every frame name of every preset has an image (unknown-name); one name never maps to two
// different images (texture-identity); frames are square and non-empty (texture-not-square);
// all frames of one preset share one size (texture-size-mismatch). Paths name the preset's
// sprite.frames[i]. All problems are returned at once.
core::Diagnostics checkTextures(const particles::Document& doc, std::span<const core::NamedImage> textures);

// The whole proof that a level's sprite frames can be drawn: checkTextures, then packAtlas on
// each frame's edge length. It works from rectangles only and makes no page pixels (the
// renderer builds those with buildAtlasPage when it uploads), so proving a level costs a few
// bytes per frame beyond the decoded textures it is given. Errors: checkTextures' diagnostics,
// or else packAtlas's atlas-packing ones.
std::variant<AtlasLayout, core::Diagnostics> planAtlas(const particles::Document& doc,
                                                       std::span<const core::NamedImage> textures,
                                                       std::uint32_t maxTextureSize);

}  // namespace kiln::render
