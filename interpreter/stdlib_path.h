// The folder of the stdlib suites (stdlib-benchmarks/): the last place an @include is looked up,
// so that a script anywhere can include "Bcast.inc". The command line sets it once at start-up
// from the binary's own location, so that a relocated installation still finds its suites.
#pragma once

#include <string>

namespace metron {

// "" (the default): includes are looked up next to the script files only.
void set_stdlib_dir(std::string dir);
const std::string& stdlib_dir();

// The script a command names: `file` itself, or, when that relative path does not exist, the
// stdlib suite of that name (`metron check skampi_coll.ski` from any folder, as @include finds
// "Bcast.inc"). Unchanged when neither exists: the error names what the user typed.
std::string resolve_script_path(const std::string& file);

}  // namespace metron
