// The report's header (Hoefler & Belli's rule 9: say everything needed to interpret and repeat
// the experiment): the script with its hash, the machine, the MPI library and version, the
// environment and its differences, the seed, and the exact commands that replay it. No MPI.
#pragma once

#include <string>

#include "runtime/report/report_input.h"

namespace metron::report {

// The header as HTML (a <section>).
std::string header_html(const ReportInput& in);

// The command that reruns what the folder recorded (a shell line; paths quoted where needed).
std::string replay_command(const ReportInput& in);

// A word for a POSIX shell: unchanged when it has only safe characters, else single-quoted.
std::string shell_word(const std::string& s);

}  // namespace metron::report
