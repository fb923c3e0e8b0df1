// A script loaded from a recording (replay, run --resume) reads only the recorded files: an
// include or published file named by an absolute path is refused, and one that the recording
// does not hold is not read from this machine.
#include <doctest/doctest.h>

#include <map>
#include <string>

#include "interpreter/program.h"
#include "runtime/plan/diagnostics.h"

using namespace metron;

namespace {

// The recorded files, as replay's loader serves them.
std::unique_ptr<Program> load_recorded(const std::map<std::string, std::string>& files) {
  BuildOptions b;
  b.np = 2;
  b.from_recording = true;
  return load_program("main.bench", b, [files](const std::string& p, FileUse) -> FileRead {
    if (auto it = files.find(p); it != files.end()) return {it->second};
    return {std::nullopt, false, false, message_text(DiagId::read_not_recorded)};
  });
}

std::string first_message(const Program& p) {
  return p.diags.all().empty() ? "" : p.diags.all().front().message;
}

}  // namespace

TEST_CASE("recorded sources: an absolute include or published path is refused") {
  // Both recorded: the text is there, but the launches would read this machine's file.
  auto p = load_recorded({{"main.bench", "@include \"/etc/inc.bench\"\n"}, {"/etc/inc.bench", ""}});
  CHECK(first_message(*p) ==
        "'@include' names the absolute path '/etc/inc.bench': in a script from a results folder "
        "or bundle, the launches would read this machine's file of that name, not a recorded one");
  p = load_recorded({{"main.bench", "published \"/etc/values.csv\"\n"}});
  CHECK(first_message(*p) ==
        "'published' names the absolute path '/etc/values.csv': in a script from a results "
        "folder or bundle, the launches would read this machine's file of that name, not a "
        "recorded one");
}

TEST_CASE("recorded sources: a relative include that was not recorded is not read") {
  auto p = load_recorded({{"main.bench", "@include \"../../etc/inc.bench\"\n"}});
  CHECK(first_message(*p) ==
        "cannot read included file '../../etc/inc.bench' (not one of the files recorded with the "
        "script)");
  p = load_recorded({{"main.bench",
                      "@include \"inc.bench\"\nmeasure MPI_COMM_WORLD : "
                      "Synthetic(1, 10us)\n"},
                     {"inc.bench", "set reps = 5\n"}});
  CHECK_FALSE(p->diags.has_errors());
}
