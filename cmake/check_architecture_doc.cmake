# docs/architecture.md names every folder under runtime/ and every operation family: a folder or a
# family added without a word in the contributors' map fails here. Test meta/architecture_doc:
#   cmake -DSOURCE_DIR=. -P cmake/check_architecture_doc.cmake
# A folder counts as named when "runtime/NAME" appears in the file; a family (the third column of
# an OP(...) entry in runtime/plan/operations.def) when "`Family`" does.
if(NOT SOURCE_DIR)
  message(FATAL_ERROR "usage: cmake -DSOURCE_DIR=<repo> -P check_architecture_doc.cmake")
endif()

file(READ "${SOURCE_DIR}/docs/architecture.md" doc)
set(missing "")

file(GLOB entries LIST_DIRECTORIES true "${SOURCE_DIR}/runtime/*")
foreach(entry ${entries})
  if(IS_DIRECTORY "${entry}")
    get_filename_component(name "${entry}" NAME)
    string(FIND "${doc}" "runtime/${name}" at)
    if(at EQUAL -1)
      list(APPEND missing "folder runtime/${name}")
    endif()
  endif()
endforeach()

file(STRINGS "${SOURCE_DIR}/runtime/plan/operations.def" ops REGEX "^OP\\(")
set(families "")
foreach(line ${ops})
  if(line MATCHES "^OP\\([^,]*,[^,]*,[ \t]*([A-Za-z]+)[ \t]*,")
    list(APPEND families "${CMAKE_MATCH_1}")
  endif()
endforeach()
list(REMOVE_DUPLICATES families)
if(NOT families)
  message(FATAL_ERROR "no OP(...) entry read from runtime/plan/operations.def")
endif()
foreach(family ${families})
  string(FIND "${doc}" "`${family}`" at)
  if(at EQUAL -1)
    list(APPEND missing "operation family `${family}`")
  endif()
endforeach()

if(missing)
  list(JOIN missing "\n  " text)
  message(FATAL_ERROR "docs/architecture.md does not name:\n  ${text}")
endif()
list(LENGTH families n)
message(STATUS "architecture.md: every runtime/ folder and all ${n} operation families are named")
