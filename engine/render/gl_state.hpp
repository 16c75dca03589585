// The fixed-function and binding state a frame's passes set, remembered so that each call
// reaches GL only when it changes something. What GL holds is unknown whenever code outside the
// cache has run (the caller's UI between frames, the overdraw resolve, the compute passes):
// forget() then makes the next set of everything real. Internal to engine/render.
#pragma once

#include <array>
#include <optional>

#include "render/gl_enums.hpp"
#include "render/gl_objects.hpp"
#include "render/cpu/passes.hpp"

namespace kiln::render {

class GlState {
 public:
  void forget() { *this = GlState{}; }

  void depthTest(bool on) { set(depthTest_, on, [on] { on ? glEnable(GL_DEPTH_TEST) : glDisable(GL_DEPTH_TEST); }); }
  void depthMask(bool on) { set(depthMask_, on, [on] { glDepthMask(on ? GL_TRUE : GL_FALSE); }); }
  void colorMask(bool on) {
    set(colorMask_, on, [on] {
      const GLboolean b = on ? GL_TRUE : GL_FALSE;
      glColorMask(b, b, b, b);
    });
  }
  // Back faces culled with counter-clockwise fronts (sector_mesh.hpp: front faces look into
  // the sector), or no culling.
  void cullBackFaces(bool on) {
    set(cull_, on, [on] {
      if (!on) return glDisable(GL_CULL_FACE);
      glEnable(GL_CULL_FACE);
      glCullFace(GL_BACK);
      glFrontFace(GL_CCW);
    });
  }
  void blend(const BlendState& b) {
    set(blendOn_, b.enabled, [on = b.enabled] { on ? glEnable(GL_BLEND) : glDisable(GL_BLEND); });
    if (!b.enabled) return;  // a disabled blend leaves the factors as they are
    set(blendFactors_, std::array<BlendFactor, 4>{b.srcRgb, b.dstRgb, b.srcAlpha, b.dstAlpha}, [&b] {
      glBlendFuncSeparate(gl::blendFactor(b.srcRgb), gl::blendFactor(b.dstRgb), gl::blendFactor(b.srcAlpha),
                          gl::blendFactor(b.dstAlpha));
    });
  }
  void program(GLuint id) { set(program_, id, [id] { glUseProgram(id); }); }
  void vertexArray(GLuint id) { set(vertexArray_, id, [id] { glBindVertexArray(id); }); }
  void texture(GLuint unit, GLuint id) {
    if (unit >= textures_.size()) return glBindTextureUnit(unit, id);
    set(textures_[unit], id, [unit, id] { glBindTextureUnit(unit, id); });
  }

 private:
  template <class T, class F>
  static void set(std::optional<T>& known, T value, F apply) {
    if (known && *known == value) return;
    apply();
    known = value;
  }
  std::optional<bool> depthTest_, depthMask_, colorMask_, cull_, blendOn_;
  std::optional<std::array<BlendFactor, 4>> blendFactors_;
  std::optional<GLuint> program_, vertexArray_;
  std::array<std::optional<GLuint>, 4> textures_;
};

}  // namespace kiln::render
