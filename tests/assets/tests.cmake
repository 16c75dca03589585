# Checks of the sample cartridge (assets/): generated files match their generators, each sample
# compiles to the same bytes twice and validates, the bounds debug set raises its documented
# codes (docs/samples.md), and the compiled samples have the properties they exist to show.
if(NOT TARGET kiln OR NOT TARGET kiln-make-debug-levels OR NOT TARGET kiln-texgen)
  return()  # the apps (and so assets/CMakeLists.txt) are not built
endif()

set(assets_dir ${CMAKE_CURRENT_LIST_DIR})
set(assets_work ${CMAKE_CURRENT_BINARY_DIR}/assets_work)

find_package(Python3 COMPONENTS Interpreter)
if(Python3_Interpreter_FOUND)
  add_test(NAME "assets: stress.yaml matches the make_stress_level.py output"
           COMMAND Python3::Interpreter ${PROJECT_SOURCE_DIR}/tools/make_stress_level.py --check)
  set_tests_properties("assets: stress.yaml matches the make_stress_level.py output" PROPERTIES LABELS assets)
endif()

add_test(NAME "assets: textures match the kiln-texgen output"
         COMMAND ${CMAKE_COMMAND} -DTEXGEN=$<TARGET_FILE:kiln-texgen>
                 -DCOMMITTED=${PROJECT_SOURCE_DIR}/assets/textures -DWORK=${assets_work}/textures
                 -P ${assets_dir}/check_textures.cmake)
set_tests_properties("assets: textures match the kiln-texgen output" PROPERTIES LABELS assets)

file(GLOB asset_levels CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/assets/levels/*.yaml)
foreach(src ${asset_levels})
  get_filename_component(name ${src} NAME_WE)
  set(t "assets: ${name} compiles to identical bytes twice and validates")
  add_test(NAME "${t}" COMMAND ${CMAKE_COMMAND} -DKILN=$<TARGET_FILE:kiln> -DSRC=${src}
                               -DWORK=${assets_work}/levels -P ${assets_dir}/check_level.cmake)
  set_tests_properties("${t}" PROPERTIES LABELS assets)
endforeach()

# The bounds debug set, rebuilt from source by the test itself.
add_test(NAME "assets: debug set generates"
         COMMAND ${CMAKE_COMMAND} -DKILN=$<TARGET_FILE:kiln> -DTOOL=$<TARGET_FILE:kiln-make-debug-levels>
                 -DSRC=${PROJECT_SOURCE_DIR}/assets/levels/braziers.yaml -DWORK=${assets_work}/debug
                 -P ${assets_dir}/make_debug_set.cmake)
set_tests_properties("assets: debug set generates" PROPERTIES LABELS assets FIXTURES_SETUP assets_debug_set)
# (good.klm's acceptance is the braziers test above.)
foreach(pair "forged_bounds:forged-bounds" "outside_sector:outside-sector")
  string(REPLACE ":" ";" pair "${pair}")
  list(GET pair 0 file)
  list(GET pair 1 code)
  set(t "assets: kiln validate rejects ${file}.klm with ${code}")
  add_test(NAME "${t}" COMMAND ${CMAKE_COMMAND} -DKILN=$<TARGET_FILE:kiln> -DVERB=validate
                               -DFILE=${assets_work}/debug/${file}.klm -DCODE=${code}
                               -P ${assets_dir}/expect_invalid.cmake)
  set_tests_properties("${t}" PROPERTIES LABELS assets FIXTURES_REQUIRED assets_debug_set)
endforeach()
# The source-level twin: the same wall-hugging emitter, refused by the compiler's sector fit.
set(t "assets: kiln compile rejects outside_sector.yaml with outside-sector")
add_test(NAME "${t}" COMMAND ${CMAKE_COMMAND} -DKILN=$<TARGET_FILE:kiln> -DVERB=compile
                             -DFILE=${assets_dir}/data/outside_sector.yaml -DCODE=outside-sector
                             -DOUT=${assets_work}/outside_sector_source.klm -P ${assets_dir}/expect_invalid.cmake)
set_tests_properties("${t}" PROPERTIES LABELS assets)

# Properties of the compiled samples (they read the modules the kiln-assets target builds).
file(GLOB asset_test_srcs CONFIGURE_DEPENDS ${assets_dir}/*.cpp)
add_executable(test_assets ${asset_test_srcs} $<TARGET_OBJECTS:kiln_catch_main>)
target_link_libraries(test_assets PRIVATE Catch2::Catch2 kiln::engine kiln_options PkgConfig::STB
                      nlohmann_json::nlohmann_json)
target_compile_definitions(test_assets PRIVATE KILN_SOURCE_DIR="${PROJECT_SOURCE_DIR}"
                           KILN_ASSETS_OUT="${KILN_ASSETS_OUT}")
add_dependencies(test_assets kiln-assets)
target_compile_options(test_assets PRIVATE ${KILN_TEST_OPT})
kiln_test_pch(test_assets)
catch_discover_tests(test_assets TEST_PREFIX "assets: " EXTRA_ARGS --warn NoTests PROPERTIES LABELS assets DISCOVERY_TIMEOUT 60)
