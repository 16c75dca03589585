# Extra gl tests: a process with an ordinary (not debug) context, context creation in a process
# whose environment pins Mesa below 4.6, and the generated loader's reproducibility.
if(TARGET test_gl)
  add_test(NAME "gl: without a debug context debug output is asynchronous and logged at the next frame"
    COMMAND test_gl "[.plain-context]")
  set_tests_properties("gl: without a debug context debug output is asynchronous and logged at the next frame"
    PROPERTIES LABELS "gl" ENVIRONMENT "LP_NUM_THREADS=2")
  add_test(NAME "gl: a refused 4.6 context names the Mesa overrides" COMMAND test_gl "[.refused]")
  set_tests_properties("gl: a refused 4.6 context names the Mesa overrides" PROPERTIES LABELS "gl"
    ENVIRONMENT "LP_NUM_THREADS=2;MESA_GL_VERSION_OVERRIDE=4.5;MESA_GLSL_VERSION_OVERRIDE=450")
endif()

# The generated OpenGL/EGL loader (cmake/KilnGlad.cmake) must be the same bytes on every build:
# glad runs again into a scratch directory and every file is compared with the build's.
list(JOIN KILN_GLAD_ARGS "|" kiln_glad_args_joined)
list(JOIN KILN_GLAD_FILES "|" kiln_glad_files_joined)
add_test(NAME "gl: the generated loader is the same bytes on every generation"
  COMMAND ${CMAKE_COMMAND} -DGLAD=${KILN_GLAD_EXECUTABLE} "-DARGS=${kiln_glad_args_joined}" -DBUILT=${KILN_GLAD_DIR}
          "-DFILES=${kiln_glad_files_joined}" -DOUT=${CMAKE_CURRENT_BINARY_DIR}/glad-regenerated
          -P ${PROJECT_SOURCE_DIR}/cmake/GladReproducible.cmake)
set_tests_properties("gl: the generated loader is the same bytes on every generation" PROPERTIES LABELS "gl")

# The EGL fallback routes, each proved on this machine's driver by hiding what a display lacks
# (KILN_EGL_HIDE_EXTENSIONS, render/cpu/egl_choice.hpp): the context must come up by the route
# left and draw, or, where none is left, be refused naming every display tried.
if(TARGET test_gl)
  foreach(route
      "EGL_KHR_no_config_context|a pbuffer-capable config without EGL_KHR_no_config_context"
      "EGL_KHR_surfaceless_context|a 1x1 pbuffer without EGL_KHR_surfaceless_context"
      "EGL_EXT_platform_device|Mesa's surfaceless platform without the device platform"
      "EGL_VERSION_1_5|EGL 1.4 with EGL_KHR_create_context"
      "EGL_KHR_no_config_context,EGL_KHR_surfaceless_context,EGL_VERSION_1_5|EGL 1.4, a config and a pbuffer at once")
    string(REPLACE "|" ";" parts "${route}")
    list(GET parts 0 hidden)
    list(GET parts 1 what)
    add_test(NAME "gl: the headless context comes up by ${what}" COMMAND test_gl "[.egl-route]")
    set_tests_properties("gl: the headless context comes up by ${what}" PROPERTIES LABELS "gl;egl"
      ENVIRONMENT "LP_NUM_THREADS=2;KILN_EGL_HIDE_EXTENSIONS=${hidden}")
  endforeach()
  foreach(refusal
      "EGL_VERSION_1_5,EGL_KHR_create_context|EGL 1.4 without EGL_KHR_create_context"
      "EGL_EXT_platform_device,EGL_MESA_platform_surfaceless|no headless platform")
    string(REPLACE "|" ";" parts "${refusal}")
    list(GET parts 0 hidden)
    list(GET parts 1 what)
    add_test(NAME "gl: ${what} is refused naming every display tried" COMMAND test_gl "[.egl-refused]")
    set_tests_properties("gl: ${what} is refused naming every display tried" PROPERTIES LABELS "gl;egl"
      ENVIRONMENT "LP_NUM_THREADS=2;KILN_EGL_HIDE_EXTENSIONS=${hidden}")
  endforeach()
endif()

# A second driver: Mesa's zink (OpenGL 4.6 on the lavapipe Vulkan driver, Debian's
# mesa-vulkan-drivers). It queues work and runs it behind the caller as a GPU does, which llvmpipe
# never shows, so the GL tests and the reference shots run on it as well (label `zink`;
# docs/rendering.md, "A second driver"). KILN_TEST_GL_RENDERER makes each test fail unless its
# context really is zink.
set(KILN_ZINK_ICD /usr/share/vulkan/icd.d/lvp_icd.x86_64.json)
if(TARGET test_gl AND NOT EXISTS ${KILN_ZINK_ICD})
  message(STATUS "Kiln: no lavapipe Vulkan driver (${KILN_ZINK_ICD}; scripts/setup.sh installs "
                 "mesa-vulkan-drivers): the zink tests are not registered")
elseif(TARGET test_gl)
  # zink's Vulkan side wants a runtime folder; any existing one keeps it quiet.
  file(MAKE_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR}/zink-runtime)
  set(kiln_zink_env "MESA_LOADER_DRIVER_OVERRIDE=zink" "LIBGL_ALWAYS_SOFTWARE=1" "LP_NUM_THREADS=2"
      "XDG_RUNTIME_DIR=${CMAKE_CURRENT_BINARY_DIR}/zink-runtime")
  # Every GL test, in two processes so that -j runs them side by side (about 25 s of CPU on zink).
  foreach(group "zero allocations|[allocation]" "everything else|[gl]~[allocation]")
    string(REPLACE "|" ";" parts "${group}")
    list(GET parts 0 what)
    list(GET parts 1 spec)
    add_test(NAME "gl (zink): ${what}" COMMAND test_gl "${spec}")
    set_tests_properties("gl (zink): ${what}" PROPERTIES LABELS "gl;zink"
      ENVIRONMENT "${kiln_zink_env};KILN_TEST_GL_RENDERER=zink")
  endforeach()
  if(TARGET kiln)
    find_package(Python3 COMPONENTS Interpreter)
    list(JOIN kiln_zink_env "," kiln_zink_env_joined)
    # Every shot of the list (about 20 s for both drivers).
    file(STRINGS ${CMAKE_CURRENT_LIST_DIR}/reference_shots.txt kiln_shot_lines REGEX "^[a-z0-9_]+ *\\|")
    set(kiln_reference_shots)
    foreach(line ${kiln_shot_lines})
      string(REGEX MATCH "^[a-z0-9_]+" shot "${line}")
      if(NOT shot STREQUAL "tolerance")
        list(APPEND kiln_reference_shots ${shot})
      endif()
    endforeach()
    add_test(NAME "gl (zink): the reference shots match llvmpipe's within the tolerance"
      COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/driver_shots_test.py $<TARGET_FILE:kiln>
              ${KILN_DATA_STAGE} ${CMAKE_CURRENT_LIST_DIR}/reference_shots.txt
              ${PROJECT_BINARY_DIR}/test-scratch/zink-shots zink ${kiln_zink_env_joined}
              ${kiln_reference_shots})
    set_tests_properties("gl (zink): the reference shots match llvmpipe's within the tolerance" PROPERTIES
      LABELS "gl;zink" ENVIRONMENT "LP_NUM_THREADS=2")
  endif()
endif()

# scripts/gpu-check.sh, both halves on this machine: pack this build (references rendered on
# llvmpipe), then run every step of the check against them. On llvmpipe each shot must equal its
# reference and every step pass. The GL tests and the timings are cut down here (a filter, three
# frames a configuration): the script is under test, not the renderer, which the rest of the
# suite covers.
if(TARGET test_gl AND TARGET kiln)
  add_test(NAME "gpu-check: packs a build and runs every step on llvmpipe"
    COMMAND bash ${PROJECT_SOURCE_DIR}/scripts/gpu-check.sh selftest ${PROJECT_BINARY_DIR}
            ${PROJECT_BINARY_DIR}/test-scratch/gpu-check)
  set_tests_properties("gpu-check: packs a build and runs every step on llvmpipe" PROPERTIES
    LABELS "gl;gpucheck" TIMEOUT 900
    ENVIRONMENT "LP_NUM_THREADS=2;GPU_CHECK_TEST_FILTER=[context],[queries];GPU_CHECK_TIMING_FRAMES=3")
endif()
