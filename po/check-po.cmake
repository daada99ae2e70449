# SPDX-License-Identifier: GPL-3.0-or-later
# ctest po_complete: every catalogue compiles and translates every message.
foreach(po ${PO_FILES})
  execute_process(COMMAND ${MSGFMT} --check --statistics -o /dev/null ${po}
                  RESULT_VARIABLE rc ERROR_VARIABLE stats OUTPUT_VARIABLE out)
  string(STRIP "${stats}" stats)
  message(STATUS "${po}: ${stats}")
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${po} does not compile")
  endif()
  if(stats MATCHES "untranslated" OR stats MATCHES "fuzzy")
    message(FATAL_ERROR "${po} is incomplete: ${stats}")
  endif()
endforeach()
