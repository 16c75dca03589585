# What an install holds besides the programs and their data (the docs), and how `cpack -G DEB`
# packages it. The executables and share/kiln have their rules in app/ and assets/.

# The docs keep the repository's shape, so the README's links (docs/..., docs/images/...) work.
install(FILES ${PROJECT_SOURCE_DIR}/README.md DESTINATION ${CMAKE_INSTALL_DOCDIR})
file(GLOB kiln_doc_pages CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/docs/*.md)
install(FILES ${kiln_doc_pages} DESTINATION ${CMAKE_INSTALL_DOCDIR}/docs)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/docs/formats ${PROJECT_SOURCE_DIR}/docs/images
        DESTINATION ${CMAKE_INSTALL_DOCDIR}/docs)

set(KILN_PACKAGE_MAINTAINER "Kiln maintainers <maintainers@users.noreply.a-seed-d82172ef.example>"
    CACHE STRING "the Maintainer field of the Debian package (the repository's commit identity)")

set(CPACK_PACKAGE_NAME kiln)
set(CPACK_PACKAGE_VENDOR "Kiln")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "Kiln: ${PROJECT_DESCRIPTION}")
set(CPACK_PACKAGE_DESCRIPTION
    "Kiln compiles YAML level sources into level modules, validates and inspects the binaries, and\n"
    "renders their convex sectors and analytic particle billboards with OpenGL 4.6: in an\n"
    "interactive inspector (kiln-view) or headless, for reproducible comparison captures (kiln).\n"
    "The package holds both programs, their workspace layouts, the sample levels, the JSON\n"
    "schemas of the level source and the documentation.")
string(REPLACE ";" "" CPACK_PACKAGE_DESCRIPTION "${CPACK_PACKAGE_DESCRIPTION}")
# `cmake --install` keeps the build's debug info; the package ships the programs stripped (no
# debug info, so no build paths in them either).
set(CPACK_STRIP_FILES ON)
set(CPACK_GENERATOR DEB)

set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)  # kiln_VERSION_ARCH.deb
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "${KILN_PACKAGE_MAINTAINER}")
set(CPACK_DEBIAN_PACKAGE_SECTION graphics)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
# Depends: dpkg-shlibdeps (dpkg-dev) reads the libraries the programs link and names the Debian
# packages that hold them, with their minimum versions.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# The GL loader opens libEGL (headless captures) and libGL (the viewer's window) at run time, so
# no link names them and dpkg-shlibdeps cannot see them; they are listed here and merged in.
set(CPACK_DEBIAN_PACKAGE_DEPENDS "libegl1, libgl1")
# The GL drivers: libEGL and libGL dispatch to a vendor library, and Mesa's (llvmpipe included,
# which is what a machine without a GPU renders with) need the DRI drivers, which no library
# dependency pulls in for the EGL path that `kiln capture` takes.
# The viewer's UI font is DejaVu Sans when installed (it falls back to Dear ImGui's own).
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "libgl1-mesa-dri, fonts-dejavu-core")
# kiln-view needs a display; xvfb-run gives scripted sessions a virtual one.
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "xvfb, xauth")

include(CPack)
