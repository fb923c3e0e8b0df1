// Pairwise timestamp exchanges between two ranks: the SKaMPI ping-pong (Alg. 7), the Netgauge
// min-RTT offset (Alg. 12), RTT estimation (Alg. 17) and the fitpoints of Learn_Model (Alg. 15).
#pragma once

#include <mpi.h>

#include <span>
#include <vector>

#include "runtime/clocksync/local_clock.h"
#include "runtime/clocksync/model/clock_model.h"
#include "runtime/clocksync/model/fitpoints.h"

namespace metron::rt::clocksync {

// Result of a SKaMPI ping-pong at one side: bounds on (peer clock - my clock) and their middle.
struct OffsetEstimate {
  double peer_minus_mine_s = 0.0;  // (lower_s + upper_s) / 2, Alg. 7's diff
  double lower_s = 0.0;            // td_min
  double upper_s = 0.0;            // td_max
  double min_rtt_s = 0.0;          // shortest round trip seen from this side
  double at_s = 0.0;               // my clock at the middle of the exchange
};

// Alg. 7, SKaMPI_PingPong, run by both ranks of a pair (`initiator` true on exactly one). Each
// side reads `clock` (a local clock, or an already synchronized one) and gets the other's clock
// minus its own. The messages are chained: every message both answers the previous one and
// starts the next round trip, so each side brackets the peer's timestamp between two of its own
// readings, n_pingpongs times. (Alg. 7 as printed gives the second rank the bounds of an
// unrelated pair of readings; the chained form is what makes both sides' bounds valid.)
OffsetEstimate skampi_pingpong(MPI_Comm comm, int peer, bool initiator, int n_pingpongs,
                               const GlobalClock& clock);

// The reference side of every client-driven exchange below: answer each ping from `client`
// with a reading of `clock` until the client sends a stop message.
void serve_timestamps(MPI_Comm comm, int client, const GlobalClock& clock);

// Client side: ends a serve_timestamps loop at `ref`.
void stop_serving(MPI_Comm comm, int ref);

// Client side of Alg. 17 (Compute_Rtt): `warmup` untimed exchanges, then n_pingpongs timed
// round trips, returned raw (make_fitpoints reduces them). The client measures, so the RTT is
// where Learn_Model needs it (in "MPI Benchmarking Revisited", Compute_Rtt leaves the RTT on the
// client while Sync_Clocks, Alg. 17, scatters it from the root). Ends with stop_serving.
std::vector<double> measure_rtts(MPI_Comm comm, int ref, int n_pingpongs, int warmup,
                                 const GlobalClock& clock);

// Client side of the exchanges of Learn_Model (Alg. 15/Alg. 4): out.size() exchanges with
// `ref`, recorded raw. Does not stop the server.
void measure_exchanges(MPI_Comm comm, int ref, std::span<RawExchange> out,
                       const GlobalClock& clock);

// Client side of Learn_Model_HCA (Alg. 4) with its Compute_Rtt: the RTT round trips (warmup,
// rtt_pingpongs), then fitpoints x exchanges exchanges against `ref` (one serve_timestamps
// loop each, ended with stop_serving), reduced by make_fitpoints and fit_drift_model. Returns
// the regression's slope and intercept.
ClockModel learn_pair_model(MPI_Comm comm, int ref, int fitpoints, int exchanges, int rtt_pingpongs,
                            int warmup, const GlobalClock& clock);

// Client side of Alg. 12 (Compute_Offset): exchange with `ref` until n_pingpongs consecutive
// round trips have not beaten the shortest one so far (at most 20 * n_pingpongs exchanges), and
// return local - ref from the shortest, diff = s + rtt/2 - remote. Ends with stop_serving.
double netgauge_offset(MPI_Comm comm, int ref, int n_pingpongs, const GlobalClock& clock);

}  // namespace metron::rt::clocksync
