// Where a script comes from: a file, standard input ('-'), the command line (-e TEXT) or a script
// that Metron generated (metron quick). A script that is not a file gets a name in angle
// brackets, as compilers name them; diagnostics and manifests use that name like a file's.
#pragma once

#include <optional>
#include <string>

#include "runtime/plan/source.h"

namespace metron {

inline constexpr const char* kStdinName = "<stdin>";
inline constexpr const char* kCommandLineName = "<command-line>";
inline constexpr const char* kQuickName = "<quick>";

struct ScriptInput {
  std::string name;                 // the path, or one of the names above
  std::optional<std::string> text;  // the text, when it is not read from the file `name`
  std::string stem;                 // names default results folders: results/<stem>-<time>
};

ScriptInput script_from_file(const std::string& path);
ScriptInput script_from_text(std::string name, std::string text, std::string stem);

// Reads standard input to its end; nullopt if it cannot be read or is longer than
// kMaxStreamScriptBytes.
std::optional<std::string> read_standard_input();

// Returns the input's text for its name and reads every other file (the includes) with `base`.
FileReader script_reader(const ScriptInput& in, FileReader base = read_file_from_disk);

}  // namespace metron
