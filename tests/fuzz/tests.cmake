# Bounded fuzz runs for the world codecs and the source compiler in every build: the libFuzzer
# entry points of this directory driven by replay_main.cpp over their seed corpora (included by
# tests/CMakeLists.txt; the KWP1 ones are in tests/kwp1/tests.cmake). See docs/fuzzing.md.
set(kiln_fuzz_dir ${CMAKE_CURRENT_SOURCE_DIR}/fuzz)
# parseYaml is compiled in directly: the fuzz preset builds no apps, so no kiln_loader.
set(kiln_fuzz_yaml ${PROJECT_SOURCE_DIR}/app/loader/yaml_tree.cpp)
set(kiln_fuzz_source_corpus ${KILN_TEST_DATA}/sources ${PROJECT_SOURCE_DIR}/assets/levels/braziers.yaml
    ${PROJECT_SOURCE_DIR}/assets/levels/smoke_fire.yaml)

function(kiln_fuzz_replay target)
  add_executable(replay_${target} ${kiln_fuzz_dir}/${target}.cpp ${kiln_fuzz_dir}/replay_main.cpp ${ARGN})
  target_include_directories(replay_${target} PRIVATE ${kiln_fuzz_dir} ${PROJECT_SOURCE_DIR}/app)
  target_link_libraries(replay_${target} PRIVATE kiln_source yaml-cpp kiln_options)
endfunction()

kiln_fuzz_replay(kws1_decode)
kiln_fuzz_replay(klm1_decode)
kiln_fuzz_replay(source_compile ${kiln_fuzz_yaml})
kiln_fuzz_replay(kev1_decode)
add_test(NAME "sim: fuzz replay kev1_decode"
         COMMAND replay_kev1_decode --mutations 20000 --seed 1 ${KILN_TEST_DATA}/kev1)
set_tests_properties("sim: fuzz replay kev1_decode" PROPERTIES LABELS "sim;fuzz" TIMEOUT 300)
add_test(NAME "world: fuzz replay kws1_decode"
         COMMAND replay_kws1_decode --mutations 20000 --seed 1 ${KILN_TEST_DATA}/kws1)
add_test(NAME "world: fuzz replay klm1_decode"
         COMMAND replay_klm1_decode --mutations 20000 --seed 1 ${KILN_TEST_DATA}/klm1)
add_test(NAME "source: fuzz replay source_compile"
         COMMAND replay_source_compile --mutations 3000 --seed 1 ${kiln_fuzz_source_corpus})
set_tests_properties("world: fuzz replay kws1_decode" "world: fuzz replay klm1_decode"
                     PROPERTIES LABELS "world;fuzz" TIMEOUT 300)
set_tests_properties("source: fuzz replay source_compile" PROPERTIES LABELS "source;fuzz" TIMEOUT 300)

# Issue 17: the escaping rule and the texture resolver, replayed in every build.
foreach(target json_output texture_name)
  add_executable(replay_${target} ${kiln_fuzz_dir}/${target}.cpp ${kiln_fuzz_dir}/replay_main.cpp)
  target_include_directories(replay_${target} PRIVATE ${kiln_fuzz_dir})
  target_link_libraries(replay_${target} PRIVATE kiln_core nlohmann_json::nlohmann_json kiln_options)
endforeach()
# fuzz_seeds/json_output: inputs libFuzzer campaigns found (docs/fuzzing.md), replayed as seeds.
add_test(NAME "core: fuzz replay json_output" COMMAND replay_json_output --mutations 20000 --seed 1
         ${KILN_TEST_DATA}/hostile/text ${KILN_TEST_DATA}/fuzz_seeds/json_output)
add_test(NAME "core: fuzz replay texture_name" COMMAND replay_texture_name --mutations 20000 --seed 1 ${KILN_TEST_DATA}/hostile/names)
set_tests_properties("core: fuzz replay json_output" "core: fuzz replay texture_name"
                     PROPERTIES LABELS "core;fuzz;hostile" TIMEOUT 300)
