# kiln-view tests: GL-free panel logic (test_viewer) and windowed sessions under Xvfb.
if(NOT TARGET kiln-view)
  return()
endif()

file(GLOB viewer_test_srcs CONFIGURE_DEPENDS ${CMAKE_CURRENT_LIST_DIR}/*.cpp)
if(viewer_test_srcs)
  add_executable(test_viewer ${viewer_test_srcs} $<TARGET_OBJECTS:kiln_catch_main>)
  target_link_libraries(test_viewer PRIVATE Catch2::Catch2 kiln_options kiln_viewer_logic)
  target_compile_options(test_viewer PRIVATE ${KILN_TEST_OPT})
  kiln_test_pch(test_viewer)
  target_compile_definitions(test_viewer PRIVATE KILN_TEST_DATA="${KILN_TEST_DATA}"
    KILN_SOURCE_DIR="${PROJECT_SOURCE_DIR}" KILN_BINARY_DIR="${PROJECT_BINARY_DIR}")
  catch_discover_tests(test_viewer TEST_PREFIX "viewer: " EXTRA_ARGS --warn NoTests PROPERTIES LABELS "viewer"
    DISCOVERY_TIMEOUT 60)
endif()

# The folder is the boundary (app/CMakeLists.txt): no file in the logic folders reaches ImGui or
# GL, directly, through a header, or through a header of kiln-view or of the GL renderer; and
# the check itself finds each of those in trees written for it.
set(logic_dirs)
get_target_property(logic_srcs kiln_viewer_logic SOURCES)
foreach(src ${logic_srcs})
  get_filename_component(dir ${src} DIRECTORY)
  list(APPEND logic_dirs ${dir})
endforeach()
set(app_dirs)
get_target_property(app_srcs kiln-view SOURCES)
foreach(src ${app_srcs})
  get_filename_component(dir ${src} DIRECTORY)
  list(APPEND app_dirs ${dir})
endforeach()
list(REMOVE_DUPLICATES logic_dirs)
list(REMOVE_DUPLICATES app_dirs)
get_target_property(gl_srcs kiln_engine SOURCES)
list(FILTER gl_srcs INCLUDE REGEX "\\.cpp$")
set(boundary_check ${PROJECT_SOURCE_DIR}/cmake/KilnLogicBoundary.cmake)
add_test(NAME "viewer: no file in a logic folder includes an ImGui or GL header"
         COMMAND ${CMAKE_COMMAND} "-DLOGIC_DIRS=${logic_dirs}"
                 "-DINCLUDE_DIRS=${PROJECT_SOURCE_DIR}/app/viewer;${PROJECT_SOURCE_DIR}/app;${PROJECT_SOURCE_DIR}/engine"
                 "-DAPP_DIRS=${app_dirs}" "-DGL_SOURCES=${gl_srcs}" -P ${boundary_check})
add_test(NAME "viewer: the logic-folder check finds ImGui and GL includes however they are reached"
         COMMAND ${CMAKE_COMMAND} -DCHECKER=${boundary_check} -DWORK=${PROJECT_BINARY_DIR}/viewer-tests/logic_boundary
                 -DENGINE=${PROJECT_SOURCE_DIR}/engine "-DGL_SOURCES=${gl_srcs}"
                 -P ${CMAKE_CURRENT_LIST_DIR}/logic_boundary_test.cmake)
set_tests_properties("viewer: no file in a logic folder includes an ImGui or GL header"
                     "viewer: the logic-folder check finds ImGui and GL includes however they are reached"
                     PROPERTIES LABELS "viewer")

set(viewer_run ${CMAKE_CURRENT_LIST_DIR}/run_viewer.sh)
set(viewer_out ${PROJECT_BINARY_DIR}/viewer-tests)
add_test(NAME "viewer-app: --help exits 0" COMMAND $<TARGET_FILE:kiln-view> --help)
# The shipped dock layouts are exactly what kiln-layoutgen writes from the workspace plans.
if(TARGET kiln-layoutgen)
  add_test(NAME "viewer: imgui_layout/*.ini are kiln-layoutgen's output for the workspace plans"
           COMMAND $<TARGET_FILE:kiln-layoutgen> --check ${PROJECT_SOURCE_DIR}/imgui_layout)
  set_tests_properties("viewer: imgui_layout/*.ini are kiln-layoutgen's output for the workspace plans"
                       PROPERTIES LABELS "viewer")
endif()
add_test(NAME "viewer-app: bad --size is a usage error"
         COMMAND sh -c "\"$0\" --size 10 --frames 1; test $? -eq 2" $<TARGET_FILE:kiln-view>)
add_test(NAME "viewer-app: no display says so and exits 2"
         COMMAND sh -c "env -u DISPLAY -u WAYLAND_DISPLAY \"$0\" --frames 1 2>&1 | grep -q 'no display' && { env -u DISPLAY -u WAYLAND_DISPLAY \"$0\" --frames 1; test $? -eq 2; }" $<TARGET_FILE:kiln-view>)
add_test(NAME "viewer-app: a --ui-scale outside 0.5..3 is a usage error"
         COMMAND sh -c "\"$0\" --ui-scale 3.5 --frames 1; test $? -eq 2 && \"$0\" --ui-scale x --frames 1; test $? -eq 2" $<TARGET_FILE:kiln-view>)
set_tests_properties("viewer-app: a --ui-scale outside 0.5..3 is a usage error" PROPERTIES LABELS "viewer")
set_tests_properties("viewer-app: --help exits 0" "viewer-app: bad --size is a usage error"
  "viewer-app: no display says so and exits 2" PROPERTIES LABELS "viewer")

find_program(KILN_XVFB_RUN xvfb-run)
find_program(KILN_PYTHON3 python3)
if(KILN_XVFB_RUN AND KILN_PYTHON3)
  set(sessions ${CMAKE_CURRENT_LIST_DIR}/sessions)
  set(env "LP_NUM_THREADS=2;KILN_ASSETS=${PROJECT_SOURCE_DIR}/assets")
  if(KILN_SANITIZE)
    # A window under Xvfb leaks inside the X/GLX driver stack (a bare GLFW window does the same:
    # docs/architecture.md "Sanitizers"); ASan and UBSan errors still fail these sessions.
    list(APPEND env "ASAN_OPTIONS=detect_leaks=0")
  endif()
  add_test(NAME "viewer-app: --frames --screenshot writes a non-blank PNG"
           COMMAND ${viewer_run} $<TARGET_FILE:kiln-view> ${viewer_out}/frames - --frames 5 --screenshot shot.png)
  add_test(NAME "viewer-app: an expect-* line that does not hold fails the session"
           COMMAND ${CMAKE_CURRENT_LIST_DIR}/expect_fails.sh $<TARGET_FILE:kiln-view> ${viewer_out}/expect_fails)
  set_tests_properties("viewer-app: --frames --screenshot writes a non-blank PNG"
    "viewer-app: an expect-* line that does not hold fails the session" PROPERTIES
    LABELS "viewer;xvfb" ENVIRONMENT "${env}" TIMEOUT 300)

  # One scripted session: sessions/NAME.txt, checked by sessions/NAME.expect when it exists.
  function(kiln_viewer_session name size title)
    set(expect -)
    if(EXISTS ${sessions}/${name}.expect)
      set(expect ${sessions}/${name}.expect)
    endif()
    add_test(NAME "viewer-app: ${title}"
             COMMAND ${viewer_run} $<TARGET_FILE:kiln-view> ${viewer_out}/${name} ${expect}
                     --script ${sessions}/${name}.txt --size ${size})
    set(session_env ${env} ${ARGN})
    set_tests_properties("viewer-app: ${title}" PROPERTIES
      LABELS "viewer;xvfb" ENVIRONMENT "${session_env}" TIMEOUT 300)
  endfunction()

  # Issue 27, the viewer's half: unsaved edits, saves over changes on disk, links and modes,
  # capture sets and bookmark names, through the real kiln-view (python driver, Xvfb).
  add_test(NAME "viewer-app: nothing lost (unsaved edits, conflicts, links, capture sets)"
           COMMAND ${KILN_PYTHON3} ${CMAKE_CURRENT_LIST_DIR}/nothing_lost_test.py $<TARGET_FILE:kiln-view>
                   ${PROJECT_SOURCE_DIR} ${viewer_out}/nothing_lost)
  set_tests_properties("viewer-app: nothing lost (unsaved edits, conflicts, links, capture sets)" PROPERTIES
    LABELS "viewer;xvfb" ENVIRONMENT "${env}" TIMEOUT 900)

  # One capture path: the viewer's capture and kiln capture's of one view are the same bytes.
  add_test(NAME "viewer-app: a viewer capture and kiln capture of one view are the same PNG and sidecar bytes"
           COMMAND ${CMAKE_CURRENT_LIST_DIR}/capture_parity_test.sh $<TARGET_FILE:kiln-view> $<TARGET_FILE:kiln>
                   ${PROJECT_SOURCE_DIR} ${viewer_out}/capture_parity)
  set_tests_properties("viewer-app: a viewer capture and kiln capture of one view are the same PNG and sidecar bytes"
    PROPERTIES LABELS "viewer;xvfb" ENVIRONMENT "${env}" TIMEOUT 300)

  # Key taps shorter than a frame still count: xdotool taps Right 20 times into a waiting session.
  add_test(NAME "viewer-app: twenty quick taps of Right step twenty ticks"
           COMMAND ${KILN_PYTHON3} ${CMAKE_CURRENT_LIST_DIR}/key_taps_test.py $<TARGET_FILE:kiln-view>
                   ${PROJECT_SOURCE_DIR} ${viewer_out})
  set_tests_properties("viewer-app: twenty quick taps of Right step twenty ticks" PROPERTIES
    LABELS "viewer;xvfb" ENVIRONMENT "${env}" TIMEOUT 400)

  kiln_viewer_session(tour 1400x900 "scripted tour of a sample (timeline, every panel, pick, capture)")
  kiln_viewer_session(curve 1400x1000 "curve editor keys added, moved and removed by script")
  kiln_viewer_session(curve_hold 1280x720 "a curve key dragged a few pixels and held moves by what they mean, at 1280x720")
  add_test(NAME "viewer-app: a curve key dragged a few pixels and held moves by what they mean, at 1920x1080"
           COMMAND ${viewer_run} $<TARGET_FILE:kiln-view> ${viewer_out}/curve_hold_1080 ${sessions}/curve_hold.expect
                   --script ${sessions}/curve_hold.txt --size 1920x1080)
  set_tests_properties("viewer-app: a curve key dragged a few pixels and held moves by what they mean, at 1920x1080"
    PROPERTIES LABELS "viewer;xvfb" ENVIRONMENT "${env}" TIMEOUT 300)
  kiln_viewer_session(ab_viewport 1280x720 "A/B fills the Viewport: wipe, difference with gain, side by side zoomed, at 1280x720")
  kiln_viewer_session(hot_reload 1400x900
                      "hot reload keeps the last good level and its time, then reloads the fix")
  kiln_viewer_session(keys 1400x900 "key actions play, pause, step, frame, undo and redo")
  kiln_viewer_session(clock_invariance 1280x720
                      "the level clock is not moved by cameras, the top view, panels, workspaces or mutes")
  kiln_viewer_session(views 1400x900 "debug views (sector planes, bounds, overdraw) change the picture")
  kiln_viewer_session(output 1280x720 "the output transform: HDR by default, LDR, tone maps, exposure and bloom by menu words and keys")
  kiln_viewer_session(captures 1400x900
                      "captures never overwrite; A/B of two PNGs from disk; capture set, bookmark, solo, save")
  kiln_viewer_session(workbench 1280x720
                      "workbench: tiled tuning workspace, loop follows the effect, F frames, save keeps undo")
  kiln_viewer_session(video 1280x720 "a capture set is also written as a video through ffmpeg on PATH"
                      "PATH=${CMAKE_CURRENT_LIST_DIR}/fakebin:$ENV{PATH}")
  kiln_viewer_session(events 1280x720
                      "event sandbox: fire by key at the floor, pick, scrub back and forth, rate, sort, tune and save")
  kiln_viewer_session(events_fields 1280x720
                      "event sandbox: layer, fixed key, math, dimensions, material saved; palette refused at its field, then drawn through glass's table, at 1280x720")
  add_test(NAME "viewer-app: event sandbox: layer, fixed key, math, dimensions, material saved; palette refused at its field, then drawn through glass's table, at 1920x1080"
           COMMAND ${viewer_run} $<TARGET_FILE:kiln-view> ${viewer_out}/events_fields_1080 ${sessions}/events_fields.expect
                   --script ${sessions}/events_fields.txt --size 1920x1080)
  set_tests_properties("viewer-app: event sandbox: layer, fixed key, math, dimensions, material saved; palette refused at its field, then drawn through glass's table, at 1920x1080"
    PROPERTIES LABELS "viewer;xvfb" ENVIRONMENT "${env}" TIMEOUT 300)
  kiln_viewer_session(workspaces_1080 1920x1080 "every workspace docks its panels around the Viewport at 1920x1080")
  kiln_viewer_session(workspaces_720 1280x720 "every workspace docks its panels around the Viewport at 1280x720")
  kiln_viewer_session(readme_shot 1400x900
                      "the README screenshot session (docs/images/kiln-view.png) still runs")
  if(DEFINED KILN_ASSETS_OUT)
    # The debug set is compiled by assets/ into the build tree.
    set(debug "KILN_DEBUG_LEVELS=${KILN_ASSETS_OUT}/debug")
    kiln_viewer_session(forged 1400x900 "a forged-bounds level is inspected with bounds unchecked" ${debug})
    kiln_viewer_session(outside 1400x900
                        "an out-of-sector level is inspected with its corners outside marked" ${debug})
    kiln_viewer_session(inspect_clock 1280x720 "inspect anyway keeps the level time; a plain open starts at 0" ${debug})
    kiln_viewer_session(escape_jump 1280x720
                        "jump to the first and worst escape of both debug levels frames particle, box and plane at 1280x720" ${debug})
    kiln_viewer_session(escape_jump_1080 1920x1080
                        "jump to the first and worst escape of both debug levels frames particle, box and plane at 1920x1080" ${debug})
  endif()
endif()
