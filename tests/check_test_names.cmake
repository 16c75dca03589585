# CTest check (`cmake -P`): no Catch test case name holds a ';' or a '\'. CTest splits a
# discovered name at ';', and Catch reads a '\' in the name CTest passes back as an escape, so
# neither name matches its test case and the test would never run (the discovery's
# --warn NoTests makes those fail; this names the culprit).  -DTESTS=<tests dir>
cmake_minimum_required(VERSION 3.25)
file(GLOB_RECURSE sources "${TESTS}/*.cpp")
set(bad "")
foreach(f ${sources})
  file(READ "${f}" text)
  # TEST_CASE( then its first string literal: the name.
  string(REGEX MATCHALL "TEST_CASE\\([ \t\r\n]*\"[^\"]*\"" cases "${text}")
  foreach(c ${cases})
    # MATCHALL's list splits at a ';' in a match: a piece without TEST_CASE is the tail of one.
    if(NOT c MATCHES "^TEST_CASE")
      list(APPEND bad "${f}: ...${c}")
    endif()
    string(FIND "${c}" "\\" backslash)
    if(NOT backslash EQUAL -1)
      list(APPEND bad "${f}: ${c}")
    endif()
  endforeach()
endforeach()
if(bad)
  list(JOIN bad "\n  " lines)
  message(FATAL_ERROR "test case names with ';' or a backslash (CTest cannot run them):\n  ${lines}")
endif()
