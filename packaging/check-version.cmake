# SPDX-License-Identifier: GPL-3.0-or-later
# ctest version_consistent: the version is written once (project()), and what repeats it by
# hand must agree: the newest entry of CHANGELOG.md and of the metainfo's <releases>, the
# manual page's header, and what `tasca --version` prints.
#   cmake -DVERSION=1.2.3 -DSRC=<source dir> -DTASCA=<tasca binary> -P check-version.cmake
file(READ ${SRC}/CHANGELOG.md changelog)
string(REGEX MATCH "\n## \\[([0-9][^]]*)\\] - [0-9]+-[0-9]+-[0-9]+" m "${changelog}")
if(NOT CMAKE_MATCH_1 STREQUAL VERSION)
  message(FATAL_ERROR "CHANGELOG.md: newest release is '${CMAKE_MATCH_1}', project() says ${VERSION}")
endif()
file(READ ${SRC}/data/tasca.metainfo.xml.in metainfo)
string(REGEX MATCH "<release version=\"([^\"]*)\"" m "${metainfo}")
if(NOT CMAKE_MATCH_1 STREQUAL VERSION)
  message(FATAL_ERROR "metainfo: newest release is '${CMAKE_MATCH_1}', project() says ${VERSION}")
endif()
file(READ ${SRC}/man/tasca.6 man)
string(REGEX MATCH "\n\\.TH [^\n]*\"Tasca ([^\"]*)\"" m "${man}")
if(NOT CMAKE_MATCH_1 STREQUAL VERSION)
  message(FATAL_ERROR "man/tasca.6: .TH says Tasca '${CMAKE_MATCH_1}', project() says ${VERSION}")
endif()
execute_process(COMMAND ${TASCA} --version OUTPUT_VARIABLE out RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 OR NOT out STREQUAL "tasca ${VERSION}\n")
  message(FATAL_ERROR "tasca --version printed '${out}' (exit ${rc}), expected 'tasca ${VERSION}'")
endif()
message(STATUS "version ${VERSION}: CHANGELOG.md, metainfo, man page and tasca --version agree")
