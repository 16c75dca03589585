#version 460 core
// Debug line colour, unlit.
#include "shader_constants.glsl"
layout(location = kVaryingLineColor) in vec4 vColor;
layout(location = 0) out vec4 outColor;
void main() { outColor = vColor; }
