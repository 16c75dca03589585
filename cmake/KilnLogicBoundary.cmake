# The viewer's boundary, checked (cmake -P, run by tests/viewer/tests.cmake): no file in a logic
# folder includes an ImGui, GLFW, GL or EGL header, directly or through the Kiln headers it
# includes, nor a header of the side that links them.
#
#   cmake -DLOGIC_DIRS=a;b -DINCLUDE_DIRS=x;y -DAPP_DIRS=p;q -DGL_SOURCES=f.cpp;... -P KilnLogicBoundary.cmake
#
# LOGIC_DIRS    folders whose *.cpp and *.hpp are checked (not recursive)
# INCLUDE_DIRS  where a quoted include is looked for after the including file's own folder
# APP_DIRS      folders of the windowed side: a logic file may not include a header from one
# GL_SOURCES    the .cpp files of the GL side (kiln_engine): the header beside one is that side's
#               (render/renderer.hpp is GL-free text, but what it declares lives in kiln_engine)
#
# Prints every finding as the logic file with the chain of includes that leads to it and fails;
# prints one summary line and succeeds when there is none.

cmake_minimum_required(VERSION 3.25)

# System headers of the windowed side, as written between <> or "".
set(forbidden_re "^(imgui[A-Za-z0-9_]*\\.h|imgui/.*|backends/.*|GLFW/.*|GL/.*|GLES[0-9]*/.*|glad/.*|EGL/.*|KHR/.*)$")

foreach(var LOGIC_DIRS INCLUDE_DIRS)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "KilnLogicBoundary.cmake: ${var} is not set")
  endif()
endforeach()

set(gl_stems)
foreach(src ${GL_SOURCES})
  get_filename_component(dir ${src} DIRECTORY)
  get_filename_component(stem ${src} NAME_WE)
  list(APPEND gl_stems ${dir}/${stem})
endforeach()

set(findings)
set(checked 0)

# The file a quoted include names, or "" when it is none of ours (a generated or third-party one).
function(resolve_include from name out)
  get_filename_component(here ${from} DIRECTORY)
  foreach(root ${here} ${INCLUDE_DIRS})
    if(EXISTS ${root}/${name} AND NOT IS_DIRECTORY ${root}/${name})
      get_filename_component(path ${root}/${name} ABSOLUTE)
      set(${out} ${path} PARENT_SCOPE)
      return()
    endif()
  endforeach()
  set(${out} "" PARENT_SCOPE)
endfunction()

# Appends to `findings` every forbidden include reachable from `file`; `chain` says how the
# walk got there. `visited` keeps each header walked once per logic file.
function(walk file chain)
  file(STRINGS ${file} lines REGEX "^[ \t]*#[ \t]*include[ \t]*[<\"]")
  foreach(line ${lines})
    if(NOT line MATCHES "^[ \t]*#[ \t]*include[ \t]*([<\"])([^>\"]+)[>\"]")
      continue()
    endif()
    set(kind ${CMAKE_MATCH_1})
    set(name ${CMAKE_MATCH_2})
    set(at "${chain}${file}")
    if(name MATCHES "${forbidden_re}")
      if(kind STREQUAL "<")
        set(written "<${name}>")
      else()
        set(written "\"${name}\"")
      endif()
      list(APPEND findings "${at}: includes ${written}, an ImGui/GL header")
      continue()
    endif()
    if(NOT kind STREQUAL "\"")
      continue()
    endif()
    resolve_include(${file} ${name} target)
    if(target STREQUAL "")
      continue()
    endif()
    get_filename_component(target_dir ${target} DIRECTORY)
    get_filename_component(target_stem ${target} NAME_WE)
    if(target_dir IN_LIST APP_DIRS)
      list(APPEND findings "${at}: includes \"${name}\", a header of the windowed application (${target_dir})")
      continue()
    endif()
    if("${target_dir}/${target_stem}" IN_LIST gl_stems)
      list(APPEND findings "${at}: includes \"${name}\", the GL renderer's (its ${target_stem}.cpp is in kiln_engine)")
      continue()
    endif()
    if(target IN_LIST visited)
      continue()
    endif()
    list(APPEND visited ${target})
    set(visited ${visited} PARENT_SCOPE)
    walk(${target} "${at} -> ")
    set(visited ${visited} PARENT_SCOPE)
  endforeach()
  set(findings ${findings} PARENT_SCOPE)
endfunction()

foreach(dir ${LOGIC_DIRS})
  if(NOT IS_DIRECTORY ${dir})
    message(FATAL_ERROR "KilnLogicBoundary.cmake: logic folder ${dir} does not exist")
  endif()
  file(GLOB files ${dir}/*.cpp ${dir}/*.hpp)
  foreach(f ${files})
    set(visited)
    walk(${f} "")
    math(EXPR checked "${checked} + 1")
  endforeach()
endforeach()

list(LENGTH LOGIC_DIRS folders)
if(findings)
  list(LENGTH findings count)
  string(REPLACE ";" "\n  " text "${findings}")
  message(FATAL_ERROR "${count} include(s) cross the viewer's logic boundary (a logic folder holds "
                      "no ImGui or GL code; move the file out of the logic folder or the include out of it):\n  ${text}")
endif()
message(STATUS "${checked} files in ${folders} logic folder(s): no ImGui or GL include, direct or through a Kiln header")
