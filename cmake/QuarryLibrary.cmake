# quarry_library(NAME DEPS...): one static library from every .cc file in the
# calling folder and its internal/ subfolder. Sources are globbed so that adding
# a file needs no CMake edit; CONFIGURE_DEPENDS re-globs on every build.
function(quarry_library name)
  file(GLOB_RECURSE srcs CONFIGURE_DEPENDS "${CMAKE_CURRENT_SOURCE_DIR}/*.cc")
  list(FILTER srcs EXCLUDE REGEX ".*_main\\.cc$")
  if(srcs)
    add_library(${name} STATIC ${srcs})
    target_include_directories(${name} PUBLIC ${PROJECT_SOURCE_DIR})
    target_link_libraries(${name} PUBLIC ${ARGN})
  else()
    add_library(${name} INTERFACE)
    target_include_directories(${name} INTERFACE ${PROJECT_SOURCE_DIR})
    target_link_libraries(${name} INTERFACE ${ARGN})
  endif()
endfunction()

# quarry_test(NAME DIR DEPS...): one GoogleTest binary from every *_test.cc (and
# helper .cc) under tests/DIR, registered with CTest. Its main is GoogleTest's,
# or quarry_stores_test_main's when DEPS name it (binaries that open graphs).
function(quarry_test name dir)
  file(GLOB_RECURSE srcs CONFIGURE_DEPENDS "${PROJECT_SOURCE_DIR}/tests/${dir}/*.cc")
  if(NOT srcs)
    return()
  endif()
  add_executable(${name} ${srcs})
  set(test_main GTest::gtest_main)
  if(quarry_stores_test_main IN_LIST ARGN)
    set(test_main "")
  endif()
  target_link_libraries(${name} PRIVATE quarry_testutil ${ARGN} GTest::gtest GTest::gmock
                        ${test_main})
  add_test(NAME ${name} COMMAND ${name} --gtest_brief=1
           WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
endfunction()
