#version 460 core
// Debug line colour, unlit.
in vec4 vColor;
layout(location = 0) out vec4 outColor;
void main() { outColor = vColor; }
