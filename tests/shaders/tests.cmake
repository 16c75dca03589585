# tests/shaders: every program's final GLSL, assembled by render::assembleShader exactly as
# buildProgram compiles it (includes resolved, defines after #version, the generated
# shader_constants.glsl), through Khronos glslangValidator (GLSL 4.60 and SPIR-V for OpenGL)
# and spirv-val, so what one driver tolerates cannot hide what the specification forbids.
# No GL context: the validators are Debian's glslang-tools and spirv-tools (scripts/setup.sh).
add_executable(kiln-shader-dump ${CMAKE_CURRENT_LIST_DIR}/kiln_shader_dump.cpp)
target_link_libraries(kiln-shader-dump PRIVATE kiln::render_cpu kiln_options)

find_program(KILN_GLSLANG_VALIDATOR glslangValidator)
find_program(KILN_SPIRV_VAL spirv-val)
add_test(NAME "shaders: every program's final source passes glslangValidator and spirv-val"
         COMMAND ${CMAKE_COMMAND} -DDUMP=$<TARGET_FILE:kiln-shader-dump> -DSOURCE=${PROJECT_SOURCE_DIR}
                 -DOUT=${PROJECT_BINARY_DIR}/test-scratch/shaders -DGLSLANG=${KILN_GLSLANG_VALIDATOR}
                 -DSPIRV_VAL=${KILN_SPIRV_VAL} -P ${CMAKE_CURRENT_LIST_DIR}/validate_shaders.cmake)
set_tests_properties("shaders: every program's final source passes glslangValidator and spirv-val"
                     PROPERTIES LABELS "shaders")
