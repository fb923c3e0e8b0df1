// Text that someone else may have written (a name in a bundle, a cell of a published-values
// file, a string of a manifest), made safe to show: the one function every message and table
// passes such text through (docs/security.md). No MPI.
#pragma once

#include <string>
#include <string_view>

namespace metron {

// `s` with every control character (C0 such as ESC, DEL, and C1, U+0080..U+009F) and every byte
// that is not part of valid UTF-8 written as \xNN (ESC is \x1b), so that nothing in it moves the
// cursor, recolours the terminal, sets its title or forges a line. With keep_newlines, '\n' and
// '\t' stay (a multi-line text such as a launch's stderr). A backslash stays as it is: the
// function may be applied twice.
std::string printable_text(std::string_view s, bool keep_newlines = false);

// A message argument that keeps its line breaks (see message_text).
struct MultilineText {
  std::string text;
};

}  // namespace metron
