// A launch's limit messages name where the launch was, from catalogue parts (messages.def,
// launch_where_*): as metron exec --timeout (runtime/exec/interruption.cpp) and metron run's
// deadlines (runtime/launcher/launcher.cpp) compose them; and a library loaded on first use that
// cannot be loaded (runtime/plan/shared_library.cpp).
#include <doctest/doctest.h>

#include <string>

#include "runtime/plan/diagnostics.h"

using namespace metron;

namespace {

std::string timed_out(DiagId where) {
  return message_text(DiagId::launch_timed_out, 3.0, " " + message_text(where));
}

}  // namespace

TEST_CASE("launch messages: exec --timeout says where the launch was") {
  CHECK(timed_out(DiagId::launch_where_startup) ==
        "the launch timed out: still running after 3 s (--timeout) in start-up (MPI_Init, reading "
        "the script)");
  CHECK(timed_out(DiagId::launch_where_after_last) ==
        "the launch timed out: still running after 3 s (--timeout) after its last job "
        "(MPI_Finalize)");
  CHECK(timed_out(DiagId::launch_where_before_first) ==
        "the launch timed out: still running after 3 s (--timeout) before its first job");
  CHECK(timed_out(DiagId::launch_where_between) ==
        "the launch timed out: still running after 3 s (--timeout) between jobs");
}

TEST_CASE("launch messages: a deadline names the job, with or without its block") {
  CHECK(message_text(DiagId::launch_deadline, 4.0,
                     " " + message_text(DiagId::launch_where_job_id, 7)) ==
        "still running at its deadline of 4 s in job 7");
  CHECK(message_text(DiagId::launch_deadline_from_plan, 12.5,
                     " " + message_text(DiagId::launch_where_job, 1, "h", "Synthetic", 2)) ==
        "still running at its deadline of 12.5 s (from the plan) in job 1 (block 'h', Synthetic "
        "2 B)");
  CHECK(message_text(DiagId::launch_failed, 0, message_text(DiagId::launch_ended_signal, 9),
                     "r/launches/0/stderr.txt", "",
                     "") == "launch 0 failed (signal 9); stderr in r/launches/0/stderr.txt");
}

TEST_CASE("read reasons: a stream that cannot be read") {
  CHECK(message_text(DiagId::file_not_found, "/dev/fd/63",
                     message_text(DiagId::read_stream_unreadable)) ==
        "cannot read file '/dev/fd/63' (a stream longer than 64 MiB, or unreadable)");
}

TEST_CASE("launch messages: a library that cannot be loaded, also without the linker's reason") {
  CHECK(message_text(DiagId::library_unavailable, "libarchive.so.13", "metron pack",
                     message_text(DiagId::library_no_reason)) ==
        "cannot load 'libarchive.so.13', which metron pack needs: the dynamic linker gave no "
        "reason");
}
