#version 460 core
// Debug lines (bounds boxes, sector outlines) in world space with a colour per vertex.

#include "frame.glsl"

layout(location = 0) in vec3 aPosition;
layout(location = 1) in vec4 aColor;
layout(location = kVaryingLineColor) out vec4 vColor;

void main() {
  vColor = aColor;
  gl_Position = viewProjection * vec4(aPosition, 1.0);
}
