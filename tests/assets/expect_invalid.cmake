# CTest check (`cmake -P`) that a kiln command rejects its input as invalid (exit 1) with a
# diagnostic of the expected code, printed as `error[CODE]` (docs/cli.md).
#   -DKILN=<kiln> -DVERB=validate|compile -DFILE=<input> -DCODE=<code> [-DOUT=<klm for compile>]
cmake_minimum_required(VERSION 3.25)
set(args "${VERB}" "${FILE}")
if(VERB STREQUAL "compile")
  list(APPEND args -o "${OUT}")
endif()
execute_process(COMMAND "${KILN}" ${args} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 1)
  message(FATAL_ERROR "kiln ${VERB} ${FILE}: expected exit 1 (invalid), got ${rc}:\n${out}${err}")
endif()
string(FIND "${out}${err}" "error[${CODE}]" at)
if(at EQUAL -1)
  message(FATAL_ERROR "kiln ${VERB} ${FILE}: no error[${CODE}] among:\n${out}${err}")
endif()
