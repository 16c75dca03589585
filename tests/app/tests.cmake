# tests/app: the loader's Catch2 tests need stb_image_write for their PNG fixtures; the CLI is
# exercised end to end by python3 drivers running the built `kiln`, and the JSON Schema of the
# source is checked against the sample levels and a few broken sources.
if(TARGET test_app)
  target_link_libraries(test_app PRIVATE PkgConfig::STB)
endif()

if(TARGET kiln)
  find_package(Python3 COMPONENTS Interpreter)
  if(Python3_Interpreter_FOUND)
    set(_app ${CMAKE_CURRENT_LIST_DIR})
    add_test(NAME "app: cli rules and exit codes"
             COMMAND ${Python3_EXECUTABLE} ${_app}/cli_test.py $<TARGET_FILE:kiln> ${PROJECT_SOURCE_DIR}
                     ${PROJECT_BINARY_DIR}/test-scratch/cli)
    set_tests_properties("app: cli rules and exit codes" PROPERTIES LABELS "app;cli")
    add_test(NAME "app: validate SRC.yaml and validate of its compiled module give one verdict"
             COMMAND ${Python3_EXECUTABLE} ${_app}/routes_test.py $<TARGET_FILE:kiln> ${PROJECT_SOURCE_DIR}
                     ${PROJECT_BINARY_DIR}/test-scratch/routes)
    set_tests_properties("app: validate SRC.yaml and validate of its compiled module give one verdict"
                         PROPERTIES LABELS "app;cli")
    add_test(NAME "app: eval and inspect agree with independent formulas"
             COMMAND ${Python3_EXECUTABLE} ${_app}/eval_check.py $<TARGET_FILE:kiln> ${PROJECT_SOURCE_DIR}
                     ${PROJECT_BINARY_DIR}/test-scratch/eval)
    set_tests_properties("app: eval and inspect agree with independent formulas" PROPERTIES LABELS "app;cli")
    add_test(NAME "app: kiln sim recomputed independently"
             COMMAND ${Python3_EXECUTABLE} ${_app}/sim_check.py $<TARGET_FILE:kiln> ${PROJECT_SOURCE_DIR}
                     ${PROJECT_BINARY_DIR}/test-scratch/sim)
    set_tests_properties("app: kiln sim recomputed independently" PROPERTIES LABELS "app;cli;sim")
    add_test(NAME "app: kiln sim math backends agree on dyadic inputs"
             COMMAND ${Python3_EXECUTABLE} ${_app}/sim_math_check.py $<TARGET_FILE:kiln> ${PROJECT_SOURCE_DIR}
                     ${PROJECT_BINARY_DIR}/test-scratch/sim-math)
    set_tests_properties("app: kiln sim math backends agree on dyadic inputs" PROPERTIES LABELS "app;cli;sim")
    add_test(NAME "app: README kiln commands run as written"
             COMMAND ${Python3_EXECUTABLE} ${_app}/readme_test.py $<TARGET_FILE:kiln> ${PROJECT_SOURCE_DIR}
                     ${PROJECT_BINARY_DIR}/test-scratch/readme)
    set_tests_properties("app: README kiln commands run as written" PROPERTIES LABELS "app;cli;gl")
    add_test(NAME "app: kiln capture --gl-debug prints the renderer's debug output with ids"
             COMMAND ${Python3_EXECUTABLE} ${_app}/gl_debug_check.py $<TARGET_FILE:kiln> ${PROJECT_SOURCE_DIR}
                     ${PROJECT_BINARY_DIR}/test-scratch/gl-debug)
    set_tests_properties("app: kiln capture --gl-debug prints the renderer's debug output with ids" PROPERTIES
                         LABELS "app;cli;gl"
                         ENVIRONMENT "LP_NUM_THREADS=2;MESA_GL_VERSION_OVERRIDE=4.6;MESA_GLSL_VERSION_OVERRIDE=460")
    add_test(NAME "app: docs/source.md minimal level compiles and captures framed elsewhere"
             COMMAND ${Python3_EXECUTABLE} ${_app}/doc_example_test.py $<TARGET_FILE:kiln> ${PROJECT_SOURCE_DIR}
                     ${PROJECT_BINARY_DIR}/test-scratch/doc-example)
    set_tests_properties("app: docs/source.md minimal level compiles and captures framed elsewhere"
                         PROPERTIES LABELS "app;cli;gl")
    add_test(NAME "app: braziers event captures: not blank, differ with --no-events at particles, repeatable"
             COMMAND ${Python3_EXECUTABLE} ${_app}/event_capture_test.py $<TARGET_FILE:kiln> ${PROJECT_SOURCE_DIR}
                     ${PROJECT_BINARY_DIR}/test-scratch/event-capture)
    set_tests_properties("app: braziers event captures: not blank, differ with --no-events at particles, repeatable"
                         PROPERTIES LABELS "app;cli;gl")
    add_test(NAME "app: iso2d sample: kiln sim prints 2D positions, the --ortho capture is not blank"
             COMMAND ${Python3_EXECUTABLE} ${_app}/iso2d_capture_test.py $<TARGET_FILE:kiln> ${PROJECT_SOURCE_DIR}
                     ${PROJECT_BINARY_DIR}/test-scratch/iso2d-capture)
    set_tests_properties("app: iso2d sample: kiln sim prints 2D positions, the --ortho capture is not blank"
                         PROPERTIES LABELS "app;cli;gl")
    add_test(NAME "app: soot sample: the material changes the capture; a broken snippet is refused by compile and validate at its line, captured without it; a .klm keeps the material and a palette"
             COMMAND ${Python3_EXECUTABLE} ${_app}/material_test.py $<TARGET_FILE:kiln> ${PROJECT_SOURCE_DIR}
                     ${PROJECT_BINARY_DIR}/test-scratch/material)
    set_tests_properties("app: soot sample: the material changes the capture; a broken snippet is refused by compile and validate at its line, captured without it; a .klm keeps the material and a palette"
                         PROPERTIES LABELS "app;cli;gl")
    add_test(NAME "app: glass sample: the palette shards write only table colours; bad tables are refused at the field"
             COMMAND ${Python3_EXECUTABLE} ${_app}/palette_test.py $<TARGET_FILE:kiln> ${PROJECT_SOURCE_DIR}
                     ${PROJECT_BINARY_DIR}/test-scratch/palette)
    set_tests_properties("app: glass sample: the palette shards write only table colours; bad tables are refused at the field"
                         PROPERTIES LABELS "app;cli;gl")
    add_test(NAME "app: level schema"
             COMMAND ${Python3_EXECUTABLE} ${_app}/schema_check.py ${PROJECT_SOURCE_DIR})
    set_tests_properties("app: level schema" PROPERTIES LABELS "app;schema")
  endif()
endif()

# The bounds debug set through validate --json (against its schema) and --unchecked.
if(TARGET kiln AND Python3_Interpreter_FOUND AND TARGET kiln-make-debug-levels)
  add_test(NAME "app: validate --json schema, --unchecked on the debug set, unknown commands"
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/unchecked_check.py $<TARGET_FILE:kiln>
                   ${PROJECT_SOURCE_DIR} ${CMAKE_CURRENT_BINARY_DIR}/assets_work/debug
                   ${PROJECT_BINARY_DIR}/test-scratch/unchecked)
  set_tests_properties("app: validate --json schema, --unchecked on the debug set, unknown commands"
                       PROPERTIES LABELS "app;cli;gl;schema" FIXTURES_REQUIRED assets_debug_set)
endif()

# kiln escapes against kiln eval on the debug set and the samples (recomputed in the test).
if(TARGET kiln AND Python3_Interpreter_FOUND AND TARGET kiln-make-debug-levels)
  add_test(NAME "app: escapes agree with eval on the debug set and the samples"
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/escapes_check.py $<TARGET_FILE:kiln>
                   ${CMAKE_CURRENT_BINARY_DIR}/assets_work/debug ${PROJECT_SOURCE_DIR})
  set_tests_properties("app: escapes agree with eval on the debug set and the samples"
                       PROPERTIES LABELS "app;cli" FIXTURES_REQUIRED assets_debug_set)
endif()

# Issue 17: hostile inputs end to end (labels hostile; the viewer part runs under Xvfb).
if(TARGET kiln AND Python3_Interpreter_FOUND)
  set(_hostile_view "")
  if(TARGET kiln-view)
    set(_hostile_view $<TARGET_FILE:kiln-view>)
  endif()
  add_test(NAME "app: hostile input (issue 17 defects, CLI and viewer)"
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/hostile_test.py $<TARGET_FILE:kiln>
                   ${PROJECT_SOURCE_DIR} ${PROJECT_BINARY_DIR}/test-scratch/hostile ${_hostile_view})
  set_tests_properties("app: hostile input (issue 17 defects, CLI and viewer)" PROPERTIES
    LABELS "app;cli;hostile;gl" ENVIRONMENT "LP_NUM_THREADS=2;MESA_GL_VERSION_OVERRIDE=4.6;MESA_GLSL_VERSION_OVERRIDE=460"
    TIMEOUT 600)
endif()

# Nothing lost: the output plan, --force, numeric options, PNG-only images and printable output,
# end to end through `kiln` (the capture part needs headless GL and is skipped without it).
if(TARGET kiln AND Python3_Interpreter_FOUND)
  add_test(NAME "app: nothing lost (outputs never over inputs, --force, PNG only, printable output)"
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/nothing_lost_cli_test.py $<TARGET_FILE:kiln>
                   ${PROJECT_SOURCE_DIR} ${PROJECT_BINARY_DIR}/test-scratch/nothing-lost)
  set_tests_properties("app: nothing lost (outputs never over inputs, --force, PNG only, printable output)"
    PROPERTIES LABELS "app;cli;hostile;gl"
    ENVIRONMENT "LP_NUM_THREADS=2;MESA_GL_VERSION_OVERRIDE=4.6;MESA_GLSL_VERSION_OVERRIDE=460" TIMEOUT 600)
endif()

# Issue 32: `kiln compare --metric flip`, --fail-above and --flip-map end to end (no GL).
if(TARGET kiln AND Python3_Interpreter_FOUND)
  add_test(NAME "app: kiln compare --metric flip, --fail-above exit codes, --flip-map refusals"
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/compare_flip_test.py $<TARGET_FILE:kiln>
                   ${PROJECT_SOURCE_DIR} ${PROJECT_BINARY_DIR}/test-scratch/compare-flip)
  set_tests_properties("app: kiln compare --metric flip, --fail-above exit codes, --flip-map refusals"
                       PROPERTIES LABELS "app;cli;compare" TIMEOUT 300)
endif()

# Issue 34: HDR output and EXR captures through the CLI, the EXR read back by oiiotool.
if(TARGET kiln AND Python3_Interpreter_FOUND)
  add_test(NAME "app: kiln capture --output hdr and .exr (read back by oiiotool), kiln compare of two EXRs with HDR-FLIP"
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/hdr_capture_test.py $<TARGET_FILE:kiln>
                   ${PROJECT_SOURCE_DIR} ${PROJECT_BINARY_DIR}/test-scratch/hdr-capture)
  set_tests_properties("app: kiln capture --output hdr and .exr (read back by oiiotool), kiln compare of two EXRs with HDR-FLIP"
                       PROPERTIES LABELS "app;cli;gl;compare" TIMEOUT 600
                       ENVIRONMENT "LP_NUM_THREADS=2;MESA_GL_VERSION_OVERRIDE=4.6;MESA_GLSL_VERSION_OVERRIDE=460")
endif()

# Issue 32: `kiln report` of a before/after capture set, loaded in headless Chromium.
if(TARGET kiln AND Python3_Interpreter_FOUND)
  add_test(NAME "app: kiln report pairs two capture sets on one page that Chromium loads cleanly"
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/report_test.py $<TARGET_FILE:kiln>
                   ${PROJECT_SOURCE_DIR} ${PROJECT_BINARY_DIR}/test-scratch/report)
  set_tests_properties("app: kiln report pairs two capture sets on one page that Chromium loads cleanly"
                       PROPERTIES LABELS "app;cli;compare" TIMEOUT 600
                       ENVIRONMENT "MESA_GL_VERSION_OVERRIDE=4.6;MESA_GLSL_VERSION_OVERRIDE=460")
endif()

# Bounded costs and refused nonsense end to end: the event budget counts births, degenerate
# cameras and level times past 1e9 s are refused, script numbers are bounded (the viewer part
# runs under Xvfb). Every run inside has its own timeout of seconds.
if(TARGET kiln AND Python3_Interpreter_FOUND)
  set(_budget_view "")
  if(TARGET kiln-view)
    set(_budget_view $<TARGET_FILE:kiln-view>)
  endif()
  add_test(NAME "app: nothing lost: budgets count births, cameras and times are checked"
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/nothing_lost_budget_test.py $<TARGET_FILE:kiln>
                   ${PROJECT_SOURCE_DIR} ${PROJECT_BINARY_DIR}/test-scratch/nothing-lost-budget ${_budget_view})
  set_tests_properties("app: nothing lost: budgets count births, cameras and times are checked" PROPERTIES
    LABELS "app;cli;sim;gl" ENVIRONMENT "LP_NUM_THREADS=2;MESA_GL_VERSION_OVERRIDE=4.6;MESA_GLSL_VERSION_OVERRIDE=460"
    TIMEOUT 300)
endif()

# docs/architecture.md's layer arrows against engine/CMakeLists.txt's links and the layers'
# includes, and the same check catching an altered diagram or build (so it cannot pass empty).
find_package(Python3 COMPONENTS Interpreter)
if(Python3_Interpreter_FOUND)
  add_test(NAME "app: the architecture diagram draws the engine's links and includes"
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/architecture_check.py ${PROJECT_SOURCE_DIR})
  add_test(NAME "app: the architecture check catches a missing or extra arrow"
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/architecture_check.py ${PROJECT_SOURCE_DIR}
                   --self-test)
  set_tests_properties("app: the architecture diagram draws the engine's links and includes"
                       "app: the architecture check catches a missing or extra arrow" PROPERTIES LABELS "app;docs")
endif()

# `kiln conformance`: the small kit exported, answered by Kiln and checked; wrong hosts (a verdict
# flipped, a particle moved 1e-3, a capture without an emitter, a case left out) fail naming
# that case; rule coverage and expected values recomputed without Kiln.
if(TARGET kiln AND Python3_Interpreter_FOUND)
  add_test(NAME "app: kiln conformance export, run and check; wrong hosts fail with their case named"
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/conformance_test.py $<TARGET_FILE:kiln>
                   ${PROJECT_SOURCE_DIR} ${PROJECT_BINARY_DIR}/test-scratch/conformance)
  set_tests_properties("app: kiln conformance export, run and check; wrong hosts fail with their case named"
                       PROPERTIES LABELS "app;cli;gl;conformance" TIMEOUT 300
                       ENVIRONMENT "LP_NUM_THREADS=2;MESA_GL_VERSION_OVERRIDE=4.6;MESA_GLSL_VERSION_OVERRIDE=460")
endif()
