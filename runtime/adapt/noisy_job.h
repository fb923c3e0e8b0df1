// What a job does when its contention for the CPU while it measured passes the thresholds
// (`set noisy_job`, contention.h): the decision after each measurement, taken on world rank 0
// and broadcast, and which of a job's measurements is kept. No MPI.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

namespace metron::adapt {

// The setting's values: flag the job (its noise column says why); measure it again, at most
// `attempts` times in all, keeping the least contended measurement; fail it.
enum class NoisyJobKind { Flag, Remeasure, Fail };

// After measurement `attempt` (1-based) of a job: keep what there is, measure again, or fail.
enum class NoisyJobStep { Keep, Remeasure, Fail };

// `flagged`: the measurement's contention passed the thresholds; `oversubscribed`: the launch has
// more ranks than cores on a host, so its ranks contend with each other and a new measurement
// would meet the same contention (the job is flagged, not measured again).
NoisyJobStep after_measurement(NoisyJobKind kind, std::int64_t attempts, std::int64_t attempt,
                               bool flagged, bool oversubscribed);

// The index of the measurement to keep, by contention_score (contention.h): the smallest, the
// later one on a tie (it ran after more warm-up of the same call). 0 for an empty list.
std::size_t least_contended(std::span<const double> scores);

}  // namespace metron::adapt
