# Every message a user sees comes from the catalogue (runtime/plan/messages.def, diagnostics.def):
# fails on user-visible English built outside it in runtime/ and interpreter/. Test meta/messages
# runs it:
#   cmake -DSOURCE_DIR=. -P cmake/check_messages.cmake
# What it finds (a sentence: a string literal with two words in a row):
#   - an exception thrown with a sentence: throw std::runtime_error("..."), also through
#     std::string("...") or fmt::format("...")
#   - a sentence passed where a catalogue id belongs: bind_error(b, "..."), bad_why("..."),
#     bad_arg(i, "...")
#   - a sentence passed as an argument of a catalogue message: fail(DiagId::x, range, "..."),
#     message_text(DiagId::x, "..."); verification's places and findings are catalogue parts
#     too: verify_message(b, "...") is refused
#   - a sentence written to stderr directly: std::cerr << "...", fprintf(stderr, "..."),
#     fputs("...", stderr)
# Code throws MessageError (runtime/plan/message_error.h) or passes a DiagId with arguments.
if(NOT SOURCE_DIR)
  message(FATAL_ERROR "usage: cmake -DSOURCE_DIR=<repo> -P check_messages.cmake")
endif()
get_filename_component(SOURCE_DIR "${SOURCE_DIR}" ABSOLUTE)

# A string literal that holds two words in a row, e.g. "no such thing".
set(sentence "\"[^\"]*[A-Za-z]+ [A-Za-z]+[^\"]*\"")
set(patterns
    "throw [A-Za-z_:]+[({] *(std::string[({] *|fmt::format[({] *)?${sentence}"
    "(bind_error|bad_why|bad_arg)\\([^<\"]*${sentence}"
    "std::cerr *<< *${sentence}"
    "fprintf\\(stderr, *${sentence}"
    "fputs\\(${sentence}"
    "DiagId::[A-Za-z_]+,[^<\"]*${sentence}"
    "verify_message\\([^,]*, *\"")

set(violations "")
file(GLOB_RECURSE files "${SOURCE_DIR}/runtime/*.cpp" "${SOURCE_DIR}/runtime/*.h"
     "${SOURCE_DIR}/interpreter/*.cpp" "${SOURCE_DIR}/interpreter/*.h")
foreach(f ${files})
  file(RELATIVE_PATH rel "${SOURCE_DIR}" "${f}")
  file(READ "${f}" text)
  # Comments describe code; they are not messages.
  string(REGEX REPLACE "//[^\n]*" "" text "${text}")
  # One statement may span lines, and a literal may be split in two ("a " "b"): join both.
  string(REGEX REPLACE "\n[ \t]*" " " text "${text}")
  string(REGEX REPLACE "\" +\"" "" text "${text}")
  # A semicolon would split CMake's list of matches: mark statement ends with <sc> instead.
  string(REPLACE ";" "<sc>" text "${text}")
  foreach(pattern ${patterns})
    string(REGEX MATCHALL "${pattern}" hits "${text}")
    foreach(hit ${hits})
      list(APPEND violations "${rel}: ${hit}")
    endforeach()
  endforeach()
endforeach()

if(violations)
  list(JOIN violations "\n  " text)
  message(FATAL_ERROR "user-visible text built outside the message catalogue "
                      "(throw MessageError or pass a DiagId, runtime/plan/message_error.h):\n  ${text}")
endif()
message(STATUS "no user-visible text outside the message catalogue")
