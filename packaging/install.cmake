# packaging/install.cmake: what `cmake --install` puts where, and the Debian package CPack
# builds from it (`cpack -G DEB` in the build folder). Included by the top CMakeLists.txt.
#
#   PREFIX/bin/tessera                                   the program
#   PREFIX/share/tessera/{scripts,levels,assets}         the bundled games, levels and art
#   PREFIX/share/doc/tessera/                            README, Lua API, tutorial, annotations
#   PREFIX/share/man/man1/tessera.1.gz                   the man page (from the command table)
#   PREFIX/share/bash-completion/completions/tessera     bash completion (same table)
#   PREFIX/share/applications/tessera.desktop            the menu entry, and its icons under
#   PREFIX/share/icons/hicolor/NxN/apps/tessera.png
#   PREFIX/share/metainfo/tessera.metainfo.xml           AppStream description

set(TESSERA_DOCDIR "${CMAKE_INSTALL_DATAROOTDIR}/doc/tessera")

install(TARGETS tessera RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})

# The data folder the binary finds through TESSERA_REL_DATA_DIR (app/paths.c).
install(DIRECTORY scripts/ DESTINATION ${TESSERA_INSTALL_DATADIR}/scripts
  FILES_MATCHING PATTERN "*.lua" PATTERN "types" EXCLUDE)
install(DIRECTORY levels/ DESTINATION ${TESSERA_INSTALL_DATADIR}/levels
  PATTERN "README.md" EXCLUDE)
install(FILES assets/sprites.png assets/sprites.txt assets/picture.png
  DESTINATION ${TESSERA_INSTALL_DATADIR}/assets)
install(DIRECTORY assets/sounds assets/skins DESTINATION ${TESSERA_INSTALL_DATADIR}/assets)

# Documentation.
install(FILES README.md BENCHMARKS.md scripts/API.md scripts/TUTORIAL.md DESTINATION ${TESSERA_DOCDIR})
install(FILES scripts/README.md DESTINATION ${TESSERA_DOCDIR} RENAME SCRIPTING.md)
install(FILES levels/README.md DESTINATION ${TESSERA_DOCDIR} RENAME LEVELS.md)
install(FILES scripts/types/tessera.lua DESTINATION ${TESSERA_DOCDIR}/types)
install(FILES packaging/copyright DESTINATION ${TESSERA_DOCDIR})

# The man page, compressed the way Debian wants it (gzip -9n: no name, no time stamp, so the
# package is reproducible), and the completion script, both from gen_clidoc.
find_program(GZIP_PROGRAM gzip)
if(GZIP_PROGRAM)
  add_custom_command(
    OUTPUT ${TESSERA_CLIDOC_DIR}/tessera.1.gz ${TESSERA_CLIDOC_DIR}/changelog.gz
    COMMAND ${GZIP_PROGRAM} -9nc ${TESSERA_CLIDOC_DIR}/tessera.1 > ${TESSERA_CLIDOC_DIR}/tessera.1.gz
    COMMAND ${GZIP_PROGRAM} -9nc ${CMAKE_CURRENT_SOURCE_DIR}/packaging/changelog > ${TESSERA_CLIDOC_DIR}/changelog.gz
    DEPENDS ${TESSERA_CLIDOC_DIR}/tessera.1 ${CMAKE_CURRENT_SOURCE_DIR}/packaging/changelog
    COMMENT "Compressing the man page and the changelog")
  add_custom_target(clidoc_gz ALL DEPENDS ${TESSERA_CLIDOC_DIR}/tessera.1.gz ${TESSERA_CLIDOC_DIR}/changelog.gz)
  install(FILES ${TESSERA_CLIDOC_DIR}/tessera.1.gz DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
  install(FILES ${TESSERA_CLIDOC_DIR}/changelog.gz DESTINATION ${TESSERA_DOCDIR})
else()
  install(FILES ${TESSERA_CLIDOC_DIR}/tessera.1 DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
  install(FILES packaging/changelog DESTINATION ${TESSERA_DOCDIR})
endif()
install(FILES ${TESSERA_CLIDOC_DIR}/tessera.bash
  DESTINATION ${CMAKE_INSTALL_DATAROOTDIR}/bash-completion/completions RENAME tessera)

# The desktop entry, its icons and the AppStream description.
install(FILES packaging/tessera.desktop DESTINATION ${CMAKE_INSTALL_DATAROOTDIR}/applications)
install(FILES packaging/tessera.metainfo.xml DESTINATION ${CMAKE_INSTALL_DATAROOTDIR}/metainfo)
foreach(size 16 32 48 64 128 256)
  install(FILES assets/icons/tessera-${size}.png
    DESTINATION ${CMAKE_INSTALL_DATAROOTDIR}/icons/hicolor/${size}x${size}/apps RENAME tessera.png)
endforeach()

# {=== the Debian package ====================================================================
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME tessera)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_VENDOR "The Tessera project")
set(CPACK_PACKAGE_CONTACT "Tessera developers <tessera-dev@example.org>")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_RESOURCE_FILE_LICENSE ${CMAKE_CURRENT_SOURCE_DIR}/LICENSE)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
# Not "games": Debian puts games in /usr/games, and tessera is also a command-line tool
# (solve, check, render, run) installed in /usr/bin like any other program.
set(CPACK_DEBIAN_PACKAGE_SECTION misc)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)       # Depends from the libraries the binary links
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "fonts-dejavu-core")
# The synopsis, then the long description (CPack indents it).
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "Lua-scriptable grid puzzle runtime")
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION "Tessera plays grid puzzles whose rules are short Lua scripts: Sokoban and
its variants (coloured crates, ice, holes, pulling, several players,
hexagons), the 15-puzzle on any board with a picture mode, and any other
grid puzzle a script defines.
.
Every game gets undo and redo, replays, hints and a solver, saved progress,
keyboard, mouse and gamepad play, and hot reload of its script and levels
while it runs. Mods written by others run in a sandbox. The command line
solves, checks, replays and draws levels without a display.")
include(CPack)
# }===========================================================================================
