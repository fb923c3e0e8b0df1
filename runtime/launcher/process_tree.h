// The processes a launch leaves: MPICH's Hydra puts every proxy and every rank into a session of
// its own (setsid), so a process group cannot reach them. Instead `metron run` becomes a child
// subreaper: a process whose parent dies is re-parented to it rather than to init, and every
// process of a launch stays a descendant of `metron run` until it is gone. Linux only.
#pragma once

#include <sys/types.h>

#include <vector>

namespace metron::launcher {

// Makes this process the subreaper of its descendants (prctl PR_SET_CHILD_SUBREAPER). False if
// the system refuses (then orphans of a killed launch go to init and cannot be found).
bool become_subreaper();

// Every living descendant of `root` (children, their children, ...), zombies excluded, from a
// scan of /proc.
std::vector<pid_t> descendants(pid_t root);

// SIGKILLs every descendant of this process and reaps those that become its children, until
// none is left or `max_wait_s` passed. Returns how many processes it had to kill.
int kill_descendants(double max_wait_s);

}  // namespace metron::launcher
