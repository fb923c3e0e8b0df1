// From timestamp exchanges to a drift model (Learn_Model, Alg. 15, with Compute_Rtt, Alg. 17):
// the outlier-filtered round-trip time, the median fitpoints and the regression over them.
#pragma once

#include <optional>
#include <span>
#include <vector>

#include "runtime/clocksync/model/clock_model.h"

namespace metron::rt::clocksync {

// Alg. 17 (Compute_Rtt) removes outliers before averaging without saying how. Here an RTT is an
// outlier when it is more than twice the shortest positive RTT of the batch (fence_s); the rest
// are averaged (mean_s). A round trip can only be lengthened by delays, so the shortest is the
// undelayed wire-and-software time, and one more than twice as long carries a delay at least
// as long as a whole undelayed round trip. Unlike a quantile fence (Tukey's Q3 + 1.5 IQR or
// ReproMPI's 1.5 Q3, which break down once 25% of the values are delayed), it holds however
// many round trips were delayed. That matters when ranks share cores: every round trip that
// spans a descheduling then takes a time slice (milliseconds), and a biased rtt/2 shifts every
// offset of Learn_Model by the same amount.
struct RttEstimate {
  double mean_s = 0.0;   // mean of the RTTs <= fence_s
  double fence_s = 0.0;  // 2 x the shortest positive RTT (0 when all RTTs read 0)
};

// NaN fields for an empty input. Reorders `rtts`.
RttEstimate estimate_rtt(std::span<double> rtts);

// One exchange as the client saw it: its clock before sending the ping, the reference's
// timestamp from the reply, and its clock when the reply arrived.
struct RawExchange {
  double sent_s = 0.0;
  double remote_s = 0.0;
  double received_s = 0.0;
};

// One exchange of Learn_Model (Alg. 15): the client's local time when the reply arrived, its
// own round trip, and diff = local - remote - rtt/2 (rtt from estimate_rtt), an estimate of
// local - reference at that moment.
struct Exchange {
  double local_s = 0.0;
  double diff_s = 0.0;
  double rtt_s = 0.0;
};

// A point (x = local time, y = local - reference) for the drift regression. `clean` is false
// for a fitpoint whose exchanges all had a delayed round trip.
struct FitPoint {
  double x = 0.0;
  double y = 0.0;
  bool clean = true;
};

// Alg. 15 takes the median of the n_exchanges diffs and pairs it with "its" local time. The
// printed pseudocode sorts the diffs and then indexes the unsorted timestamps, which breaks the
// pairing (Learn_Model in "MPI Benchmarking Revisited"). Here the exchanges are sorted as (time,
// diff) pairs, and the lower median (index (n-1)/2) is used so the median is an actual exchange for
// even n too: for even n this equals the median of the first n-1 sorted values.
//
// Exchanges whose own round trip exceeds max_rtt_s are left out first: a delay inside the
// round trip shifts diff by up to the delay, and on shared cores delays come in bursts that can
// hit most exchanges of one fitpoint, which the median alone does not survive. Empty when no
// exchange is left. Reorders `exchanges`.
std::optional<FitPoint> median_fitpoint(std::span<Exchange> exchanges, double max_rtt_s);

// All fitpoints of one Learn_Model run. `exchanges` holds the fitpoints' exchanges back to back,
// n_exchanges each; `rtts` the round trips of Compute_Rtt. The RTT is estimated after the fact
// from those round trips together with the exchanges' own (each exchange is a round trip of
// the same kind), so a burst of delays during Compute_Rtt alone cannot bias rtt/2. A fitpoint
// none of whose exchanges passes the RTT fence is the median of all of them, marked not clean.
std::vector<FitPoint> make_fitpoints(std::span<const double> rtts,
                                     std::span<const RawExchange> exchanges, int n_exchanges);

// Linear_Fit of Alg. 15 as a clock model: least squares of y on x over the clean fitpoints, or
// over all of them when fewer than 2 are clean (a delayed fitpoint can be off by a whole time
// slice and would dominate the fit). Never fails, because every rank must return from a
// collective sync: with fewer than 2 distinct x it returns the offset-only model at the median
// y ({0, 0} when there are no points).
ClockModel fit_drift_model(std::span<const FitPoint> points);

}  // namespace metron::rt::clocksync
