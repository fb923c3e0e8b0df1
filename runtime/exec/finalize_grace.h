// A rank that never returns from MPI_Finalize must not hold a launch whose data are complete.
// Some MPI stacks hang at exit (a transport spinning in its teardown, the process manager's exit
// barrier waiting for that rank); Metron cannot fix them, but it can stop waiting. The end of a
// launch is therefore acknowledged: every rank leaves the plan through one collective, then world
// rank 0 writes the launch's final manifest (and, under `metron run`, the marker file the launcher
// named in kLaunchDoneEnv). From then on each rank has a grace for MPI_Finalize; a rank still
// inside it when the grace passes ends its own process with the launch's exit code, rank 0 after
// recording in the manifest ("finalize") and on stderr that it did. `metron run` ends the launch's
// process tree itself a little later if the ranks could not (docs/experiments.md, "Finalize
// grace").
#pragma once

#include <string>

namespace metron::rt {

// Set by `metron run` in every launch's environment: the file rank 0 creates once the launch's
// data are complete and acknowledged by every rank (it holds the launch's status).
inline constexpr const char* kLaunchDoneEnv = "METRON_LAUNCH_DONE_FILE";

// The grace per level of the rank tree (exec, run and replay --finalize-grace).
inline constexpr double kDefaultFinalizeGraceS = 5;
// The other ranks wait this much longer than world rank 0: when rank 0 waits in MPI_Finalize for
// a rank that never comes, it records the note before that rank's end lets its finalize return.
inline constexpr double kFinalizeRootFirstS = 1;

// The grace on np ranks: base_s x ceil(log2 np), at least base_s (2 ranks: base_s; 64: 6 x). The
// exit barrier of a process manager is a tree over the ranks, and each level may wait on a
// transport's teardown.
double finalize_grace_s(double base_s, int np);

// Every rank, once the launch's end is acknowledged. World rank 0 passes the final manifest's
// path and status: it writes the launcher's marker (if one was named) and remembers the manifest
// for the note; the other ranks pass empty strings.
void note_launch_acknowledged(const std::string& manifest_path, const std::string& status);

// Every rank, right before MPI_Finalize: arms the grace (no effect unless the launch's end was
// acknowledged, or for grace_s <= 0). finalize_returned() right after MPI_Finalize disarms it.
void arm_finalize_grace(double grace_s, int world_rank, int exit_code);
void finalize_returned();

}  // namespace metron::rt
