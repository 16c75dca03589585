# Extra gl tests: context creation in a process whose environment pins Mesa below 4.6, and the
# generated loader's reproducibility.
if(TARGET test_gl)
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
