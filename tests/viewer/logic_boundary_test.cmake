# Both sides of cmake/KilnLogicBoundary.cmake (cmake -P, from tests/viewer/tests.cmake): small
# viewer trees written here, each with one logic folder, are checked against the real engine/.
# A clean tree passes; every way of reaching ImGui or GL fails and names the file and include.
#
#   cmake -DCHECKER=... -DWORK=DIR -DENGINE=engine/ -DGL_SOURCES=... -P logic_boundary_test.cmake
cmake_minimum_required(VERSION 3.25)

# One tree: `files` is a list of RELATIVE_PATH=TEXT pairs (TEXT with \n for new lines).
function(check name expect_ok expect_text)
  set(root ${WORK}/${name})
  file(REMOVE_RECURSE ${root})
  file(MAKE_DIRECTORY ${root}/viewer/logic)
  foreach(entry ${ARGN})
    string(FIND "${entry}" "=" eq)
    string(SUBSTRING "${entry}" 0 ${eq} path)
    math(EXPR from "${eq} + 1")
    string(SUBSTRING "${entry}" ${from} -1 text)
    string(REPLACE "\\n" "\n" text "${text}")
    file(WRITE ${root}/viewer/${path} "${text}\n")
  endforeach()
  execute_process(
    COMMAND ${CMAKE_COMMAND} "-DLOGIC_DIRS=${root}/viewer/logic" "-DINCLUDE_DIRS=${root}/viewer;${ENGINE}"
            "-DAPP_DIRS=${root}/viewer" "-DGL_SOURCES=${GL_SOURCES}" -P ${CHECKER}
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  set(all "${out}${err}")
  set(ok FALSE)
  if(rc EQUAL 0)
    set(ok TRUE)
  endif()
  if(NOT ok STREQUAL expect_ok)
    message(SEND_ERROR "${name}: the check ${rc} (expected to pass: ${expect_ok}):\n${all}")
  elseif(NOT all MATCHES "${expect_text}")
    message(SEND_ERROR "${name}: output lacks \"${expect_text}\":\n${all}")
  else()
    message(STATUS "${name}: as expected")
  endif()
endfunction()

# GL-free includes: a logic header, the standard library, a GL-free renderer header (render_cpu,
# GLM through it), and an ImGui include that is only a comment.
check(clean TRUE "2 files in 1 logic folder"
      "logic/a.hpp=#pragma once\\n#include <vector>"
      "logic/a.cpp=#include \"logic/a.hpp\"\\n#include \"render/cpu/camera.hpp\"\\n// #include <imgui.h>")
check(imgui FALSE "logic/a.cpp: includes <imgui.h>"
      "logic/a.cpp=#include <vector>\\n  #  include <imgui.h>")
check(imgui_internal FALSE "logic/a.cpp: includes <imgui_internal.h>"
      "logic/a.cpp=#include <imgui_internal.h>")
check(imgui_backend FALSE "logic/a.cpp: includes <backends/imgui_impl_glfw.h>"
      "logic/a.cpp=#include <backends/imgui_impl_glfw.h>")
check(glfw FALSE "logic/a.cpp: includes <GLFW/glfw3.h>"
      "logic/a.cpp=#include <GLFW/glfw3.h>")
check(glad_quoted FALSE "logic/a.cpp: includes \"glad/gl.h\""
      "logic/a.cpp=#include \"glad/gl.h\"")
# Through a header of the logic folder itself.
check(through_header FALSE "logic/a.cpp -> [^ ]*logic/b.hpp: includes <GL/gl.h>"
      "logic/a.cpp=#include \"logic/b.hpp\""
      "logic/b.hpp=#pragma once\\n#include <GL/gl.h>")
# Through a real engine header that includes glad (no .cpp of its own).
check(through_engine FALSE "render/gl_objects.hpp: includes <glad/gl.h>"
      "logic/a.cpp=#include \"render/gl_objects.hpp\"")
# A GL-free header whose code is the GL renderer's.
check(renderer FALSE "includes \"render/renderer.hpp\", the GL renderer's"
      "logic/a.cpp=#include \"render/renderer.hpp\"")
# A harmless header of the windowed application is still the other side.
check(app_header FALSE "logic/a.cpp: includes \"frame.hpp\", a header of the windowed application"
      "frame.hpp=#pragma once"
      "logic/a.cpp=#include \"frame.hpp\"")
