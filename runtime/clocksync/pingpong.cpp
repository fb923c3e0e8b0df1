// Pairwise timestamp exchanges (Alg. 7, 12, 15, 17).
#include "runtime/clocksync/pingpong.h"

#include <algorithm>
#include <limits>
#include <vector>

namespace metron::rt::clocksync {

namespace {

// Tags of the clock-sync protocol. The algorithms run on a duplicate of the user's
// communicator, so they cannot match anyone else's messages.
constexpr int kTagPing = 1;
constexpr int kTagReply = 2;
constexpr int kTagStop = 3;

double exchange(MPI_Comm comm, int ref) {
  double dummy = 0.0, remote = 0.0;
  MPI_Send(&dummy, 1, MPI_DOUBLE, ref, kTagPing, comm);
  MPI_Recv(&remote, 1, MPI_DOUBLE, ref, kTagReply, comm, MPI_STATUS_IGNORE);
  return remote;
}

}  // namespace

OffsetEstimate skampi_pingpong(MPI_Comm comm, int peer, bool initiator, int n_pingpongs,
                               const GlobalClock& clock) {
  constexpr double kInf = std::numeric_limits<double>::infinity();
  double lower = -kInf, upper = kInf, min_rtt = kInf;
  double first = 0.0, prev = 0.0, theirs = 0.0;
  if (initiator) {
    // Readings s_0..s_n; the peer's t_i falls between s_{i-1} and s_i.
    prev = first = clock.now();
    MPI_Send(&prev, 1, MPI_DOUBLE, peer, kTagPing, comm);
    for (int i = 0; i < n_pingpongs; ++i) {
      MPI_Recv(&theirs, 1, MPI_DOUBLE, peer, kTagReply, comm, MPI_STATUS_IGNORE);
      const double mine = clock.now();
      lower = std::max(lower, theirs - mine);
      upper = std::min(upper, theirs - prev);
      min_rtt = std::min(min_rtt, mine - prev);
      prev = mine;
      MPI_Send(&mine, 1, MPI_DOUBLE, peer, kTagPing, comm);
    }
  } else {
    // Readings t_1..t_{n+1}; the initiator's s_i falls between t_i and t_{i+1}.
    MPI_Recv(&theirs, 1, MPI_DOUBLE, peer, kTagPing, comm, MPI_STATUS_IGNORE);
    prev = first = clock.now();
    for (int i = 0; i < n_pingpongs; ++i) {
      MPI_Send(&prev, 1, MPI_DOUBLE, peer, kTagReply, comm);
      MPI_Recv(&theirs, 1, MPI_DOUBLE, peer, kTagPing, comm, MPI_STATUS_IGNORE);
      const double mine = clock.now();
      lower = std::max(lower, theirs - mine);
      upper = std::min(upper, theirs - prev);
      min_rtt = std::min(min_rtt, mine - prev);
      prev = mine;
    }
  }
  return OffsetEstimate{(lower + upper) / 2.0, lower, upper, min_rtt, (first + prev) / 2.0};
}

void serve_timestamps(MPI_Comm comm, int client, const GlobalClock& clock) {
  double dummy = 0.0;
  while (true) {
    MPI_Status status;
    MPI_Recv(&dummy, 1, MPI_DOUBLE, client, MPI_ANY_TAG, comm, &status);
    if (status.MPI_TAG == kTagStop) return;
    const double now = clock.now();
    MPI_Send(&now, 1, MPI_DOUBLE, client, kTagReply, comm);
  }
}

void stop_serving(MPI_Comm comm, int ref) {
  double dummy = 0.0;
  MPI_Send(&dummy, 1, MPI_DOUBLE, ref, kTagStop, comm);
}

std::vector<double> measure_rtts(MPI_Comm comm, int ref, int n_pingpongs, int warmup,
                                 const GlobalClock& clock) {
  for (int i = 0; i < warmup; ++i) exchange(comm, ref);
  std::vector<double> rtts(static_cast<std::size_t>(n_pingpongs));
  for (double& rtt : rtts) {
    const double s = clock.now();
    exchange(comm, ref);
    rtt = clock.now() - s;
  }
  stop_serving(comm, ref);
  return rtts;
}

void measure_exchanges(MPI_Comm comm, int ref, std::span<RawExchange> out,
                       const GlobalClock& clock) {
  for (RawExchange& e : out) {
    e.sent_s = clock.now();
    e.remote_s = exchange(comm, ref);
    e.received_s = clock.now();
  }
}

ClockModel learn_pair_model(MPI_Comm comm, int ref, int fitpoints, int exchanges, int rtt_pingpongs,
                            int warmup, const GlobalClock& clock) {
  const std::vector<double> rtts = measure_rtts(comm, ref, rtt_pingpongs, warmup, clock);
  std::vector<RawExchange> raw(static_cast<std::size_t>(fitpoints) *
                               static_cast<std::size_t>(exchanges));
  measure_exchanges(comm, ref, raw, clock);
  stop_serving(comm, ref);
  return fit_drift_model(make_fitpoints(rtts, raw, exchanges));
}

double netgauge_offset(MPI_Comm comm, int ref, int n_pingpongs, const GlobalClock& clock) {
  double best_rtt = std::numeric_limits<double>::infinity();
  double best_diff = 0.0;
  const int max_exchanges = 20 * n_pingpongs;
  for (int i = 0, since_best = 0; i < max_exchanges && since_best < n_pingpongs; ++i) {
    const double s = clock.now();
    const double remote = exchange(comm, ref);
    const double rtt = clock.now() - s;
    if (rtt < best_rtt) {
      best_rtt = rtt;
      best_diff = s + rtt / 2.0 - remote;
      since_best = 0;
    } else {
      ++since_best;
    }
  }
  stop_serving(comm, ref);
  return best_diff;
}

}  // namespace metron::rt::clocksync
