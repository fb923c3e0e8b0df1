// Reducing a batch of timestamp exchanges to one number: the median fitpoint of Alg. 15 and the
// outlier-filtered mean round-trip time of Alg. 17.
#pragma once

#include <span>

namespace metron::rt::clocksync {

// One exchange of Learn_Model (Alg. 15): the client's local time when the reply arrived and
// diff = local - remote - rtt/2, an estimate of local - reference at that moment.
struct Exchange {
  double local_s = 0.0;
  double diff_s = 0.0;
};

// A point (x = local time, y = local - reference) for the drift regression.
struct FitPoint {
  double x = 0.0;
  double y = 0.0;
};

// Alg. 15 takes the median of the n_exchanges diffs and pairs it with "its" local time. The
// printed pseudocode sorts the diffs and then indexes the unsorted timestamps, which breaks the
// pairing (seed-repro.md §3.9-1). Here the exchanges are sorted as (time, diff) pairs, and the
// lower median (index (n-1)/2) is used so the median is an actual exchange for even n too: for
// even n this equals the median of the first n-1 sorted values. Reorders `exchanges`.
// Precondition: exchanges is not empty.
FitPoint median_fitpoint(std::span<Exchange> exchanges);

// Alg. 17 (Compute_Rtt) removes outliers before averaging without saying how. Here: drop every
// RTT above Tukey's upper fence Q3 + 1.5 IQR (quantiles of type 7, as R's default), then take
// the mean. Only the upper side is filtered because an RTT cannot be shorter than the wire
// allows; delays only add. NaN for an empty input. Reorders `rtts`.
double filtered_mean_rtt(std::span<double> rtts);

}  // namespace metron::rt::clocksync
