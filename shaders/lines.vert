#version 460 core
// Debug lines (bounds boxes, sector outlines) in world space with a colour per vertex.

layout(std140, binding = 0) uniform Frame {
  mat4 viewProjection;
  vec4 cameraRight;
  vec4 cameraUp;
  vec4 cameraForward;
  uvec4 options;
};

layout(location = 0) in vec3 aPosition;
layout(location = 1) in vec4 aColor;
out vec4 vColor;

void main() {
  vColor = aColor;
  gl_Position = viewProjection * vec4(aPosition, 1.0);
}
