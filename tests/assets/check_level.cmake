# CTest check of one sample level (`cmake -P`): `kiln compile` twice gives identical bytes, and
# `kiln validate` accepts the module.
#   -DKILN=<kiln> -DSRC=<level.yaml> -DWORK=<scratch dir>
cmake_minimum_required(VERSION 3.25)
get_filename_component(name "${SRC}" NAME_WE)
file(MAKE_DIRECTORY "${WORK}")
foreach(run a b)
  file(REMOVE "${WORK}/${name}.${run}.klm")
  execute_process(COMMAND "${KILN}" compile "${SRC}" -o "${WORK}/${name}.${run}.klm"
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "kiln compile ${SRC} (run ${run}) exited ${rc}:\n${out}${err}")
  endif()
endforeach()
execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files "${WORK}/${name}.a.klm" "${WORK}/${name}.b.klm"
                RESULT_VARIABLE same)
if(NOT same EQUAL 0)
  message(FATAL_ERROR "two compiles of ${SRC} wrote different bytes")
endif()
execute_process(COMMAND "${KILN}" validate "${WORK}/${name}.a.klm" RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "kiln validate ${name}.klm exited ${rc}:\n${out}${err}")
endif()
