# Bounded fuzz runs in every build: the libFuzzer entry points of tests/fuzz/ driven by a
# standalone replay-and-mutate main over the golden corpus (included by tests/CMakeLists.txt).
foreach(target kwp1_decode kwp1_roundtrip)
  add_executable(replay_${target} ${CMAKE_CURRENT_SOURCE_DIR}/fuzz/${target}.cpp
                 ${CMAKE_CURRENT_SOURCE_DIR}/fuzz/replay_main.cpp)
  target_include_directories(replay_${target} PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/fuzz)
  target_link_libraries(replay_${target} PRIVATE kiln_kwp1 kiln_options)
  add_test(NAME "kwp1: fuzz replay ${target}"
           COMMAND replay_${target} --mutations 20000 --seed 1 ${KILN_TEST_DATA}/kwp1)
  set_tests_properties("kwp1: fuzz replay ${target}" PROPERTIES LABELS "kwp1;fuzz" TIMEOUT 300)
endforeach()
