# The fuzz entry points of this directory, each defined once below (included by
# tests/CMakeLists.txt; docs/fuzzing.md). Every build compiles each one with replay_main.cpp as
# replay_NAME and runs it as the CTest "AREA: fuzz replay NAME" over its seed corpus; with
# -DKILN_FUZZ=ON (clang, the fuzz preset) the same entry point is also the libFuzzer target
# fuzz_NAME in build/<preset>/tests/fuzz/.
set(kiln_fuzz_dir ${CMAKE_CURRENT_LIST_DIR})
set(kiln_fuzz_bin ${CMAKE_CURRENT_BINARY_DIR}/fuzz)

if(KILN_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
    message(FATAL_ERROR "KILN_FUZZ needs clang (libFuzzer); configure with the fuzz preset")
  endif()
  # Coverage feedback must reach the code under test, not only the entry points.
  foreach(lib kiln_core kiln_particles kiln_kwp1 kiln_sim kiln_world kiln_source)
    target_compile_options(${lib} PRIVATE -fsanitize=fuzzer-no-link)
  endforeach()
endif()

# kiln_fuzz_target(NAME AREA area LIBS lib... [SOURCES extra.cpp...] [CORPUS path... MUTATIONS n]
#                  [LABELS label...])
# NAME.cpp holds LLVMFuzzerTestOneInput. Without CORPUS the target is libFuzzer-only (no replay).
function(kiln_fuzz_target name)
  cmake_parse_arguments(F "" "AREA;MUTATIONS" "LIBS;SOURCES;CORPUS;LABELS" ${ARGN})
  set(srcs ${kiln_fuzz_dir}/${name}.cpp ${F_SOURCES})
  set(kinds)
  if(F_CORPUS)
    add_executable(replay_${name} ${srcs} ${kiln_fuzz_dir}/replay_main.cpp)
    list(APPEND kinds replay)
    add_test(NAME "${F_AREA}: fuzz replay ${name}"
             COMMAND replay_${name} --mutations ${F_MUTATIONS} --seed 1 ${F_CORPUS})
    set(labels ${F_AREA} fuzz ${F_LABELS})
    set_tests_properties("${F_AREA}: fuzz replay ${name}" PROPERTIES LABELS "${labels}" TIMEOUT 300)
  endif()
  if(KILN_FUZZ)
    add_executable(fuzz_${name} ${srcs})
    target_compile_options(fuzz_${name} PRIVATE -fsanitize=fuzzer)
    target_link_options(fuzz_${name} PRIVATE -fsanitize=fuzzer)
    set_target_properties(fuzz_${name} PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${kiln_fuzz_bin})
    list(APPEND kinds fuzz)
  endif()
  foreach(kind ${kinds})
    target_include_directories(${kind}_${name} PRIVATE ${kiln_fuzz_dir} ${PROJECT_SOURCE_DIR}/app)
    target_link_libraries(${kind}_${name} PRIVATE ${F_LIBS} kiln_options)
  endforeach()
endfunction()

# The source targets compile parseYaml in directly: the fuzz preset builds no apps, so no kiln_loader.
set(kiln_fuzz_yaml ${PROJECT_SOURCE_DIR}/app/loader/yaml_tree.cpp)

# KWP1: decode and scan agree; every accepted file re-encodes to its bytes.
kiln_fuzz_target(kwp1_decode AREA kwp1 LIBS kiln_kwp1 CORPUS ${KILN_TEST_DATA}/kwp1 MUTATIONS 20000)
kiln_fuzz_target(kwp1_roundtrip AREA kwp1 LIBS kiln_kwp1 CORPUS ${KILN_TEST_DATA}/kwp1 MUTATIONS 20000)
# The structure-aware KWP1 mutator (decode → mutate fields → encode, so every mutant carries a
# valid crc32): its custom mutator is libFuzzer's, so it has no replay.
kiln_fuzz_target(kwp1_structured AREA kwp1 LIBS kiln_kwp1)
# The world codecs and the source compiler.
kiln_fuzz_target(kws1_decode AREA world LIBS kiln_source yaml-cpp CORPUS ${KILN_TEST_DATA}/kws1 MUTATIONS 20000)
kiln_fuzz_target(klm1_decode AREA world LIBS kiln_source yaml-cpp CORPUS ${KILN_TEST_DATA}/klm1 MUTATIONS 20000)
kiln_fuzz_target(kev1_decode AREA sim LIBS kiln_source yaml-cpp CORPUS ${KILN_TEST_DATA}/kev1 MUTATIONS 20000)
kiln_fuzz_target(source_compile AREA source LIBS kiln_source yaml-cpp SOURCES ${kiln_fuzz_yaml}
                 CORPUS ${KILN_TEST_DATA}/sources ${PROJECT_SOURCE_DIR}/assets/levels/braziers.yaml
                        ${PROJECT_SOURCE_DIR}/assets/levels/smoke_fire.yaml
                 MUTATIONS 3000)
# The escaping rule behind --json and diagnostics, and the texture resolver; fuzz_seeds/json_output
# holds inputs libFuzzer campaigns found (docs/fuzzing.md), replayed as seeds.
kiln_fuzz_target(json_output AREA core LIBS kiln_core nlohmann_json::nlohmann_json LABELS hostile
                 CORPUS ${KILN_TEST_DATA}/hostile/text ${KILN_TEST_DATA}/fuzz_seeds/json_output MUTATIONS 20000)
kiln_fuzz_target(texture_name AREA core LIBS kiln_core nlohmann_json::nlohmann_json LABELS hostile
                 CORPUS ${KILN_TEST_DATA}/hostile/names MUTATIONS 20000)

if(KILN_FUZZ)
  # Not a fuzz target: writes the largest valid KWP1/KWS1/KLM1/KEV1 documents (the compiled
  # stress level and an events section at every limit) as seeds; tests/data/fuzz_seeds/ holds
  # its output.
  add_executable(fuzz_make_seeds ${kiln_fuzz_dir}/make_seeds.cpp ${kiln_fuzz_yaml})
  set_target_properties(fuzz_make_seeds PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${kiln_fuzz_bin})
  target_include_directories(fuzz_make_seeds PRIVATE ${PROJECT_SOURCE_DIR}/app ${PROJECT_SOURCE_DIR}/tests)
  target_link_options(fuzz_make_seeds PRIVATE -fsanitize=fuzzer-no-link)
  target_link_libraries(fuzz_make_seeds PRIVATE kiln_source yaml-cpp kiln_options)
endif()
