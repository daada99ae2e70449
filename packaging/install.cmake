# SPDX-License-Identifier: GPL-3.0-or-later
# Installation layout and the Debian package (CPack). Included from the top-level
# CMakeLists.txt after po/ and data/.
#   bin/tasca
#   share/tasca/{fonts,assets/sounds,icons}     found from bin/../share/tasca at run time
#   share/locale/<lang>/LC_MESSAGES/tasca.mo    (po/)
#   share/applications, share/metainfo, share/icons/hicolor   (data/)
#   share/man/man6/tasca.6.gz, share/doc/tasca
include(GNUInstallDirs)

install(TARGETS tasca RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(DIRECTORY fonts/ DESTINATION ${CMAKE_INSTALL_DATADIR}/tasca/fonts
        FILES_MATCHING PATTERN "*.ttf" PATTERN "LICENSE*")
install(DIRECTORY assets/sounds/ DESTINATION ${CMAKE_INSTALL_DATADIR}/tasca/assets/sounds
        FILES_MATCHING PATTERN "*.wav")

# The manual page, compressed as Debian expects when gzip is there.
find_program(GZIP gzip)
if(GZIP)
  add_custom_command(OUTPUT ${CMAKE_BINARY_DIR}/tasca.6.gz
    COMMAND ${GZIP} -9n -c ${PROJECT_SOURCE_DIR}/man/tasca.6 > ${CMAKE_BINARY_DIR}/tasca.6.gz
    DEPENDS ${PROJECT_SOURCE_DIR}/man/tasca.6)
  add_custom_target(manpage ALL DEPENDS ${CMAKE_BINARY_DIR}/tasca.6.gz)
  install(FILES ${CMAKE_BINARY_DIR}/tasca.6.gz DESTINATION ${CMAKE_INSTALL_MANDIR}/man6)
else()
  install(FILES man/tasca.6 DESTINATION ${CMAKE_INSTALL_MANDIR}/man6)
endif()
# The licences of everything shipped go with it (NOTICE.md says which is which).
install(FILES README.md CHANGELOG.md NOTICE.md LICENSE packaging/copyright
        DESTINATION ${CMAKE_INSTALL_DOCDIR})

# `cpack -G DEB` in the build folder makes tasca_<version>_<arch>.deb (the version is
# project()'s); its dependencies
# come from dpkg-shlibdeps (Debian package dpkg-dev).
set(CPACK_PACKAGE_NAME tasca)
set(CPACK_PACKAGE_VENDOR "the Tasca authors")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "card table for Truco, Bisca, Buraco, 21 and Moulin against the computer")
set(CPACK_PACKAGE_DESCRIPTION
    "Tasca is a card table for one player: pick a game and a difficulty and play with the\n\
mouse or the keyboard against computer players. Games: Truco Paulista, Bisca, Buraco\n\
(with a judge that hosts bot programs), 21 and Moulin (Nine Men's Morris). Every move is\n\
saved as you play. Translated into Brazilian and European Portuguese and French.")
# No made-up address: a packager sets a real one (cmake -DCPACK_PACKAGE_CONTACT=...). A build
# folder configured before 1.0 still caches the old placeholder address: dropped here.
if(CPACK_PACKAGE_CONTACT MATCHES "@localhost")
  unset(CPACK_PACKAGE_CONTACT CACHE)
endif()
set(CPACK_PACKAGE_CONTACT "the Tasca authors" CACHE STRING "Maintainer of the .deb")
set(CPACK_STRIP_FILES ON)
set(CPACK_GENERATOR "DEB;TGZ")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION games)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "gnome-cards-data")
if(TASCA_HOMEPAGE_URL)
  set(CPACK_DEBIAN_PACKAGE_HOMEPAGE ${TASCA_HOMEPAGE_URL})
endif()
include(CPack)

add_test(NAME version_consistent
  COMMAND ${CMAKE_COMMAND} -DVERSION=${PROJECT_VERSION} -DSRC=${PROJECT_SOURCE_DIR}
          -DTASCA=$<TARGET_FILE:tasca> -P ${PROJECT_SOURCE_DIR}/packaging/check-version.cmake)
set_tests_properties(version_consistent PROPERTIES LABELS "packaging")

add_test(NAME spdx_headers
  COMMAND ${CMAKE_COMMAND} -DSRC=${PROJECT_SOURCE_DIR} -P ${PROJECT_SOURCE_DIR}/packaging/check-spdx.cmake)
set_tests_properties(spdx_headers PROPERTIES LABELS "packaging")
