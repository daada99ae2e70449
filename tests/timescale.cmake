# SPDX-License-Identifier: GPL-3.0-or-later
# TASCA_TEST_TIME_SCALE: one setting for every wait of the tests (tests/timescale.h).
#
# A number >= 1 (default 1), taken from the environment when cmake runs (or -D). Every
# directory that registers tests ends with tasca_test_time_scale_dir(), which multiplies
# the TIMEOUT of each of its tests by it and passes it to the test's environment, so that
# ctest's timeouts and the tests' own deadlines always use the same value. The top level
# checks, once every directory is read, that no test was left out.
set(_tasca_doc
    "Multiplies the tests' deadlines and ctest's TIMEOUTs (a number >= 1: a slow or busy machine)")
set(TASCA_TEST_TIME_SCALE 1 CACHE STRING "${_tasca_doc}")
set(_tasca_scale "${TASCA_TEST_TIME_SCALE}")
if(NOT "$ENV{TASCA_TEST_TIME_SCALE}" STREQUAL "")
  set(_tasca_scale "$ENV{TASCA_TEST_TIME_SCALE}")
endif()
# In thousandths, for CMake's integer arithmetic (checked before it goes into the cache).
if(NOT _tasca_scale MATCHES "^([0-9]+)(\\.([0-9]*))?$")
  message(FATAL_ERROR "TASCA_TEST_TIME_SCALE=${_tasca_scale}: a number from 1 to 1000 (3, 1.5)")
endif()
set(_tasca_whole "${CMAKE_MATCH_1}")
string(SUBSTRING "${CMAKE_MATCH_3}000" 0 3 _tasca_frac)
math(EXPR TASCA_TEST_TIME_SCALE_MILLI "${_tasca_whole} * 1000 + 1${_tasca_frac} - 1000")
if(TASCA_TEST_TIME_SCALE_MILLI LESS 1000 OR TASCA_TEST_TIME_SCALE_MILLI GREATER 1000000)
  message(FATAL_ERROR "TASCA_TEST_TIME_SCALE=${_tasca_scale}: a number from 1 to 1000 (3, 1.5)")
endif()
set(TASCA_TEST_TIME_SCALE "${_tasca_scale}" CACHE STRING "${_tasca_doc}" FORCE)
if(NOT TASCA_TEST_TIME_SCALE_MILLI EQUAL 1000)
  message(STATUS "Test deadlines and TIMEOUTs scaled by ${TASCA_TEST_TIME_SCALE}")
endif()

# The helper the C tests read it with (tests/timescale.c); no dependency of its own.
add_library(tasca_test_time STATIC EXCLUDE_FROM_ALL ${CMAKE_CURRENT_LIST_DIR}/timescale.c)
target_include_directories(tasca_test_time PUBLIC ${CMAKE_CURRENT_LIST_DIR})
find_package(Threads REQUIRED)
target_link_libraries(tasca_test_time PUBLIC Threads::Threads m)

# libFuzzer's -timeout: one input that runs longer than this many seconds is a failure.
math(EXPR TASCA_FUZZ_INPUT_TIMEOUT "(10 * ${TASCA_TEST_TIME_SCALE_MILLI} + 999) / 1000")

# Call at the end of every CMakeLists.txt (and the top level) that adds tests.
function(tasca_test_time_scale_dir)
  get_property(tests DIRECTORY PROPERTY TESTS)
  foreach(t IN LISTS tests)
    get_test_property(${t} TIMEOUT timeout)
    if(timeout)
      math(EXPR timeout "(${timeout} * ${TASCA_TEST_TIME_SCALE_MILLI} + 999) / 1000")
      set_tests_properties(${t} PROPERTIES TIMEOUT ${timeout})
    endif()
    set_property(TEST ${t} APPEND PROPERTY ENVIRONMENT
                 "TASCA_TEST_TIME_SCALE=${TASCA_TEST_TIME_SCALE}")
    # Moulin's endgame tables stop at 4 pieces a side in every test: the 5-piece ones take
    # a minute of CPU to build (test_moulin_endgame asks for them itself).
    set_property(TEST ${t} APPEND PROPERTY ENVIRONMENT "TASCA_MOULIN_EG_PIECES=4")
  endforeach()
  list(LENGTH tests n)
  set_property(DIRECTORY PROPERTY TASCA_TEST_TIME_SCALED ${n})
endfunction()

# At the end of the top level: every test of every directory went through the function.
function(tasca_test_time_scale_check dir)
  get_property(tests DIRECTORY ${dir} PROPERTY TESTS)
  get_property(done DIRECTORY ${dir} PROPERTY TASCA_TEST_TIME_SCALED)
  list(LENGTH tests n)
  if(n GREATER 0 AND NOT "${done}" STREQUAL "${n}")
    message(FATAL_ERROR "${dir}: its tests are not scaled by TASCA_TEST_TIME_SCALE: end its "
                        "CMakeLists.txt with tasca_test_time_scale_dir() (tests/timescale.cmake)")
  endif()
  get_property(subdirs DIRECTORY ${dir} PROPERTY SUBDIRECTORIES)
  foreach(sub IN LISTS subdirs)
    tasca_test_time_scale_check(${sub})
  endforeach()
endfunction()
