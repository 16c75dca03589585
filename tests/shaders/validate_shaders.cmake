# Runs kiln-shader-dump, then Khronos' validators on every stage of every program it wrote:
#   glslangValidator FILE                       GLSL 4.60 (the #version line) for OpenGL
#   glslangValidator -G -o FILE.spv FILE        SPIR-V for OpenGL (ARB_gl_spirv semantics)
#   spirv-val --target-env opengl4.5 FILE.spv   the newest OpenGL environment spirv-val knows
#   glslangValidator -l VERT FRAG               the program's stages linked (interfaces match)
# Any failing exit status, and any ERROR or WARNING a validator prints, fails the test.
# Arguments: DUMP (kiln-shader-dump), SOURCE (the project root), OUT (scratch directory),
# GLSLANG, SPIRV_VAL (the validators; *-NOTFOUND when missing).
foreach(tool GLSLANG SPIRV_VAL)
  if(NOT ${tool} OR NOT EXISTS "${${tool}}")
    message(FATAL_ERROR "${tool} not found (${${tool}}): install Debian's glslang-tools and spirv-tools "
                        "(scripts/setup.sh), then run cmake again")
  endif()
endforeach()

execute_process(COMMAND ${DUMP} ${OUT} --source-root ${SOURCE} RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "kiln-shader-dump failed (${rc})")
endif()

set(failures 0)
set(checked 0)
# Runs one validator in DIR; fails on a non-zero status or a printed error or warning.
macro(validate dir)
  execute_process(COMMAND ${ARGN} WORKING_DIRECTORY ${dir} RESULT_VARIABLE vrc OUTPUT_VARIABLE vout
                  ERROR_VARIABLE vout)
  math(EXPR checked "${checked} + 1")
  string(REPLACE ";" " " vcmd "${ARGN}")
  get_filename_component(vname ${dir} NAME)
  if(NOT vrc EQUAL 0 OR vout MATCHES "(ERROR|WARNING|[Ee]rror|[Ww]arning)")
    math(EXPR failures "${failures} + 1")
    message("FAIL ${vname}: ${vcmd} (exit ${vrc})\n${vout}")
  endif()
endmacro()

file(STRINGS ${OUT}/programs.txt programs)
foreach(line ${programs})
  string(REPLACE " " ";" words "${line}")
  list(POP_FRONT words program)
  set(dir ${OUT}/${program})
  foreach(file ${words})
    validate(${dir} ${GLSLANG} ${file})
    validate(${dir} ${GLSLANG} -G -o ${file}.spv ${file})
    if(EXISTS ${dir}/${file}.spv)
      validate(${dir} ${SPIRV_VAL} --target-env opengl4.5 ${file}.spv)
    endif()
  endforeach()
  list(LENGTH words stages)
  if(stages GREATER 1)
    validate(${dir} ${GLSLANG} -l ${words})
  endif()
endforeach()

if(failures GREATER 0)
  message(FATAL_ERROR "${failures} of ${checked} validator runs failed (sources in ${OUT})")
endif()
message("all ${checked} validator runs passed (sources in ${OUT})")
