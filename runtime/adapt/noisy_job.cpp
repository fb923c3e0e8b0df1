// after_measurement, least_contended (see noisy_job.h).
#include "runtime/adapt/noisy_job.h"

namespace metron::adapt {

NoisyJobStep after_measurement(NoisyJobKind kind, std::int64_t attempts, std::int64_t attempt,
                               bool flagged, bool oversubscribed) {
  if (!flagged) return NoisyJobStep::Keep;
  switch (kind) {
    case NoisyJobKind::Flag:
      return NoisyJobStep::Keep;
    case NoisyJobKind::Fail:
      return NoisyJobStep::Fail;
    case NoisyJobKind::Remeasure:
      return !oversubscribed && attempt < attempts ? NoisyJobStep::Remeasure : NoisyJobStep::Keep;
  }
  return NoisyJobStep::Keep;
}

std::size_t least_contended(std::span<const double> scores) {
  std::size_t best = 0;
  for (std::size_t i = 1; i < scores.size(); ++i)
    if (scores[i] <= scores[best]) best = i;
  return best;
}

}  // namespace metron::adapt
