# CTest fixture (`cmake -P`): compiles braziers.yaml and derives the bounds debug set from it
# with kiln-make-debug-levels (which itself refuses to write a file that does not raise its code).
#   -DKILN=<kiln> -DTOOL=<kiln-make-debug-levels> -DSRC=<braziers.yaml> -DWORK=<dir>
cmake_minimum_required(VERSION 3.25)
file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}")
execute_process(COMMAND "${KILN}" compile "${SRC}" -o "${WORK}/good.klm" RESULT_VARIABLE rc
                OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "kiln compile ${SRC} exited ${rc}:\n${out}${err}")
endif()
execute_process(COMMAND "${TOOL}" "${WORK}/good.klm" "${WORK}" RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "kiln-make-debug-levels exited ${rc}:\n${out}${err}")
endif()
message(STATUS "${out}")
