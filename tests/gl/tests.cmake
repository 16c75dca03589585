# Extra gl tests: context creation in a process whose environment pins Mesa below 4.6.
if(TARGET test_gl)
  add_test(NAME "gl: a refused 4.6 context names the Mesa overrides" COMMAND test_gl "[.refused]")
  set_tests_properties("gl: a refused 4.6 context names the Mesa overrides" PROPERTIES LABELS "gl"
    ENVIRONMENT "LP_NUM_THREADS=2;MESA_GL_VERSION_OVERRIDE=4.5;MESA_GLSL_VERSION_OVERRIDE=450")
endif()
