# Generates Kiln's OpenGL 4.6 core + EGL 1.5 loader with glad 2 (Debian's python3-glad) into the
# build tree at build time, and builds it as the static library kiln_glad. Nothing generated is
# committed; --reproducible makes glad use the Khronos XML it ships, so the bytes are the same on
# every build and nothing is fetched.
find_program(KILN_GLAD_EXECUTABLE glad)
if(NOT KILN_GLAD_EXECUTABLE)
  message(FATAL_ERROR "Kiln generates its OpenGL loader with glad 2, which is not installed: "
                      "run scripts/setup.sh (Debian package python3-glad)")
endif()

# Every extension Kiln uses beyond OpenGL 4.6 core and EGL 1.5, and who uses it. glad generates
# a GLAD_<name> flag (and the entry points) for each; extensions not listed here do not exist
# for Kiln's code. render/gl_requirements.def says which GL ones a context must have.
set(KILN_GLAD_EXTENSIONS
  # Required (render/gl_requirements.def): shaders/events.vert reads gl_BaseInstance. A Mesa
  # version override reports 4.6 without adding what 4.6 promises, so the flag is checked.
  GL_ARB_shader_draw_parameters
  # Optional: the renderer's per-pass pipeline statistics (renderer.cpp, frame.cpp).
  GL_ARB_pipeline_statistics_query
  # headless_context.cpp: eglGetPlatformDisplayEXT, for both platforms below.
  EGL_EXT_platform_base
  # headless_context.cpp: a display per device, tried first (a GPU's before Mesa's software one).
  EGL_EXT_platform_device
  # headless_context.cpp: Mesa's surfaceless display, tried after the devices.
  EGL_MESA_platform_surfaceless
  # headless_context.cpp: eglQueryDevicesEXT, the devices of the device platform.
  EGL_EXT_device_enumeration
  # headless_context.cpp: eglQueryDeviceStringEXT, which finds EGL_MESA_device_software.
  EGL_EXT_device_query
  # headless_context.cpp: EGL_DRM_DEVICE_FILE_EXT, which names a GPU device in messages.
  EGL_EXT_device_drm
  # headless_context.cpp: eglGetDisplayDriverName, the driver a Mesa display loaded (swrast?).
  EGL_MESA_query_driver
  # headless_context.cpp: the OpenGL 4.6 core attributes on an EGL 1.4 display.
  EGL_KHR_create_context
  # headless_context.cpp: the context is made current without any surface (else a 1x1 pbuffer).
  EGL_KHR_surfaceless_context
  # headless_context.cpp: a context without an EGLConfig where the display allows it (else a
  # pbuffer-capable config).
  EGL_KHR_no_config_context
)

set(KILN_GLAD_DIR ${PROJECT_BINARY_DIR}/glad)
list(JOIN KILN_GLAD_EXTENSIONS "," kiln_glad_extension_arg)
# No --loader: Kiln hands glad the context's own proc-address function after creating it
# (render/gl_loader.cpp, render/headless_context.cpp).
set(KILN_GLAD_ARGS --quiet --reproducible --api "gl:core=4.6,egl=1.5" --extensions ${kiln_glad_extension_arg})
# Everything glad writes (tests/gl/tests.cmake regenerates them and compares the bytes).
set(KILN_GLAD_FILES src/gl.c src/egl.c include/glad/gl.h include/glad/egl.h include/KHR/khrplatform.h
    include/EGL/eglplatform.h)
list(TRANSFORM KILN_GLAD_FILES PREPEND ${KILN_GLAD_DIR}/ OUTPUT_VARIABLE kiln_glad_outputs)

# The inputs: this file (the list above), the generator, and the specification it ships (found
# next to its Python package, so upgrading python3-glad regenerates). Ninja also reruns the
# step when the command line changes.
set(kiln_glad_inputs ${CMAKE_CURRENT_LIST_FILE} ${KILN_GLAD_EXECUTABLE})
find_package(Python3 COMPONENTS Interpreter QUIET)
if(Python3_Interpreter_FOUND)
  execute_process(COMMAND ${Python3_EXECUTABLE} -c "import glad.files, os; print(os.path.dirname(glad.files.__file__))"
                  OUTPUT_VARIABLE kiln_glad_spec_dir OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
  foreach(spec gl.xml egl.xml khrplatform.h eglplatform.h)
    if(kiln_glad_spec_dir AND EXISTS ${kiln_glad_spec_dir}/${spec})
      list(APPEND kiln_glad_inputs ${kiln_glad_spec_dir}/${spec})
    endif()
  endforeach()
endif()

add_custom_command(
  OUTPUT ${kiln_glad_outputs}
  # A fresh directory each time: a file an older extension list produced cannot linger.
  COMMAND ${CMAKE_COMMAND} -E rm -rf ${KILN_GLAD_DIR}
  COMMAND ${KILN_GLAD_EXECUTABLE} ${KILN_GLAD_ARGS} --out-path ${KILN_GLAD_DIR} c
  DEPENDS ${kiln_glad_inputs}
  COMMENT "Generating the OpenGL/EGL loader with glad"
  VERBATIM)

add_library(kiln_glad STATIC ${KILN_GLAD_DIR}/src/gl.c ${KILN_GLAD_DIR}/src/egl.c)
# SYSTEM: the generated headers are not Kiln's code, so Kiln's warnings do not apply to them.
target_include_directories(kiln_glad SYSTEM PUBLIC ${KILN_GLAD_DIR}/include)
target_compile_options(kiln_glad PRIVATE -w)
