# Finds the Debian packages scripts/setup.sh installs (README, "Set up and go").
find_package(PkgConfig REQUIRED)
find_package(ZLIB REQUIRED)
find_package(Threads REQUIRED)
find_package(glm REQUIRED)
find_package(nlohmann_json 3 REQUIRED)
find_package(CLI11 REQUIRED)
find_package(yaml-cpp REQUIRED)
find_package(glfw3 3.3 REQUIRED)
# EXR captures: OpenEXR 3 (libopenexr-dev), its CMake package.
find_package(OpenEXR 3 CONFIG REQUIRED)
find_package(benchmark QUIET)
if(KILN_BUILD_TESTS)
  find_package(Catch2 2 REQUIRED)
  include(Catch)
endif()
pkg_check_modules(STB REQUIRED IMPORTED_TARGET stb)
# OpenGL and EGL come through the loader glad generates at build time (python3-glad).
include(${CMAKE_CURRENT_LIST_DIR}/KilnGlad.cmake)
