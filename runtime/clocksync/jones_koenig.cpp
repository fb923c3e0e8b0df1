// Jones & Koenig linear drift models (Alg. 15, 17).
#include "runtime/clocksync/jones_koenig.h"

#include <span>
#include <vector>

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
  const std::vector<double> rtts =
      measure_rtts(comm.get(), 0, prm.rtt_pingpongs, prm.warmup, local());
  const auto per_fitpoint = static_cast<std::size_t>(prm.exchanges);
  std::vector<RawExchange> raw(static_cast<std::size_t>(prm.fitpoints) * per_fitpoint);
  for (int idx = 0; idx < prm.fitpoints; ++idx) {
    measure_exchanges(comm.get(), 0,
                      std::span<RawExchange>(raw).subspan(idx * per_fitpoint, per_fitpoint),
                      local());
    stop_serving(comm.get(), 0);
  }
  // JK keeps the regression's intercept (Alg. 15 returns both); HCA replaces it.
  return fit_drift_model(make_fitpoints(rtts, raw, prm.exchanges));
}

std::vector<std::pair<std::string, std::string>> JonesKoenig::used_params() const {
  const SyncParams& prm = params();
  return {{"fitpoints", std::to_string(prm.fitpoints)},
          {"exchanges", std::to_string(prm.exchanges)},
          {"rtt_pingpongs", std::to_string(prm.rtt_pingpongs)},
          {"warmup", std::to_string(prm.warmup)}};
}

}  // namespace metron::rt::clocksync
