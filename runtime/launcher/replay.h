// `metron replay DIR`: reruns a recorded run (its script files, seed, process count, replicates
// and launch design) into a new folder, warns where the environment differs, and compares new
// and recorded per-launch medians job by job (verdict table, replay.csv).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace metron::launcher {

struct ReplayOptions {
  std::string recorded_dir;
  std::string out_dir;          // empty: <recorded_dir>-replay, -replay-2, ...
  std::int64_t replicates = 0;  // 0: as recorded
  std::string launcher;         // empty: as recorded
  double alpha = 0.05;
  std::vector<std::string> argv;
  bool quiet = false;
};

// Returns the exit code of the rerun (0 when every launch completed), or 64/74.
int replay_experiment(const ReplayOptions& o);

}  // namespace metron::launcher
