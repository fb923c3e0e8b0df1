// `metron exec --timeout S`: a thread that ends the launch when S seconds have passed since the
// process started, wherever it is (MPI_Init, a job, a clock synchronization, MPI_Finalize).
#pragma once

namespace metron::rt {

// Starts the watchdog (call once, first thing in the process). On expiry it calls
// end_launch_on_timeout (interruption.h), which records the timeout and ends the launch
// with exit code 70.
void start_launch_watchdog(double timeout_s);

}  // namespace metron::rt
