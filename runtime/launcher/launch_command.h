// The launcher template: the command line that starts one launch, with placeholders, turned into
// an argv without a shell (no word splitting of values, no globbing, no injection). Pure.
#pragma once

#include <map>
#include <string>
#include <vector>

namespace metron::launcher {

// Placeholders: {np} {metron} {script} {dir} {launch} {replicate} {levels} {seed} {env}, and the
// word {env:FLAG} (FLAG NAME for each variable the launch sets: Open MPI's `{env:-x}`).

// The default template of this build: the launcher of the MPI library it was built with, found
// when it was configured (MPICH's `mpiexec.mpich`, Open MPI's `mpirun.openmpi` on Debian), with
// what that launcher needs to pass the launch's environment variables to every rank.
std::string default_launcher();

// The default template of the builds before the launcher followed the library: the plain
// `mpiexec` on PATH. A results folder that records it was run with the default.
inline constexpr const char* kLegacyDefaultLauncher =
    "mpiexec -n {np} {metron} exec {script} --out {dir} --launch {launch} --levels {levels} "
    "--seed {seed} --quiet";

// Whether a results folder's launcher is the default of the Metron build that recorded it: an
// MPI library's launcher (mpiexec, mpirun, mpiexec.mpich, mpirun.openmpi, orterun, ... at any
// path) starting `{metron} exec` exactly as a default template does. A replay or a resume then
// runs this build's default, the launcher of this binary's library, and never the recorded
// program. "" (none recorded) counts as the default.
bool is_default_launcher(const std::string& tmpl);

// Splits `tmpl` into words at blank space (single or double quotes group a word, as in a shell,
// but nothing else of a shell applies), then replaces each {name} inside each word by its value.
// A value never splits a word, so a path with blanks stays one argument; an empty value leaves
// an empty argument. `values["env"]` holds the names of the variables the launch sets, separated
// by commas; a word that is exactly {env:FLAG} becomes FLAG NAME for each (none when there are
// none). Returns an empty argv and sets `error` on an unknown placeholder, an
// unclosed quote or an empty template.
std::vector<std::string> expand_launcher(const std::string& tmpl,
                                         const std::map<std::string, std::string>& values,
                                         std::string& error);

// The placeholder names, for messages and docs.
const std::vector<std::string>& launcher_placeholders();

}  // namespace metron::launcher
