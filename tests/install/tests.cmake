# Kiln installs and runs from anywhere: the README's `cmake --install` into a prefix that is then
# moved (the moved programs render, and the viewer finds its layouts), and its `cpack -G DEB`
# (Depends and contents). Both read the built tree, so they need everything built (`all`).
if(NOT TARGET kiln OR NOT TARGET kiln-view)
  return()
endif()
find_package(Python3 COMPONENTS Interpreter)
if(NOT Python3_Interpreter_FOUND)
  return()
endif()
set(_install_test ${CMAKE_CURRENT_LIST_DIR}/install_test.py)
foreach(mode moved deb)
  set(_args ${mode} ${PROJECT_BINARY_DIR} ${PROJECT_SOURCE_DIR}
            ${PROJECT_BINARY_DIR}/test-scratch/install-${mode} ${CMAKE_COMMAND} ${CMAKE_CPACK_COMMAND})
  if(mode STREQUAL "moved")
    set(_name "install: a moved install renders, and kiln-view finds its layouts or says where it looked")
    set(_labels "install;gl;xvfb")
  else()
    set(_name "install: cpack -G DEB depends on the linked libraries' packages and holds programs and layouts")
    set(_labels "install;package")
  endif()
  add_test(NAME "${_name}" COMMAND ${Python3_EXECUTABLE} ${_install_test} ${_args})
  # Both write install_manifest.txt into the build folder, so they take turns.
  set_tests_properties("${_name}" PROPERTIES LABELS "${_labels}" TIMEOUT 300 RESOURCE_LOCK kiln_install
                       ENVIRONMENT "LP_NUM_THREADS=2")
endforeach()
