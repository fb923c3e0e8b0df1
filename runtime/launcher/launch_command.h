// The launcher template: the command line that starts one launch, with placeholders, turned into
// an argv without a shell (no word splitting of values, no globbing, no injection). Pure.
#pragma once

#include <map>
#include <string>
#include <vector>

namespace metron::launcher {

// Placeholders: {np} {metron} {script} {dir} {launch} {replicate} {levels} {seed}.
inline constexpr const char* kDefaultLauncher =
    "mpiexec -n {np} {metron} exec {script} --out {dir} --launch {launch} --levels {levels} "
    "--seed {seed} --quiet";

// Splits `tmpl` into words at blank space (single or double quotes group a word, as in a shell,
// but nothing else of a shell applies), then replaces each {name} inside each word by its value.
// A value never splits a word, so a path with blanks stays one argument; an empty value leaves
// an empty argument. Returns an empty argv and sets `error` on an unknown placeholder, an
// unclosed quote or an empty template.
std::vector<std::string> expand_launcher(const std::string& tmpl,
                                         const std::map<std::string, std::string>& values,
                                         std::string& error);

// The placeholder names, for messages and docs.
const std::vector<std::string>& launcher_placeholders();

}  // namespace metron::launcher
