// Jones & Koenig linear drift models (Alg. 15, 17).
#include "runtime/clocksync/jones_koenig.h"

#include <stdexcept>
#include <vector>

#include "runtime/clocksync/model/linear_fit.h"
#include "runtime/clocksync/pingpong.h"

namespace metron::rt::clocksync {

ClockModel JonesKoenig::sync(MPI_Comm user_comm) {
  const ScopedComm comm(user_comm);
  const int p = comm.size();
  const SyncParams& prm = params();
  if (comm.rank() == 0) {
    // Compute_Rtt with every rank, then the fitpoint rounds, each rank served in turn.
    for (int r = 1; r < p; ++r) serve_timestamps(comm.get(), r, local());
    for (int idx = 0; idx < prm.fitpoints; ++idx) {
      for (int r = 1; r < p; ++r) serve_timestamps(comm.get(), r, local());
    }
    return {};
  }
  const double rtt = measure_rtt(comm.get(), 0, prm.rtt_pingpongs, prm.warmup, local());
  std::vector<double> xs, ys;
  for (int idx = 0; idx < prm.fitpoints; ++idx) {
    const FitPoint fp = measure_fitpoint(comm.get(), 0, prm.exchanges, rtt, local());
    stop_serving(comm.get(), 0);
    xs.push_back(fp.x);
    ys.push_back(fp.y);
  }
  const auto fit = fit_line(xs, ys);
  if (!fit) throw std::runtime_error("clock sync jk: degenerate drift regression");
  // JK keeps the regression's intercept (Alg. 15 returns both); HCA replaces it.
  return ClockModel{fit->slope, fit->intercept};
}

std::vector<std::pair<std::string, std::string>> JonesKoenig::used_params() const {
  const SyncParams& prm = params();
  return {{"fitpoints", std::to_string(prm.fitpoints)},
          {"exchanges", std::to_string(prm.exchanges)},
          {"rtt_pingpongs", std::to_string(prm.rtt_pingpongs)},
          {"warmup", std::to_string(prm.warmup)}};
}

}  // namespace metron::rt::clocksync
