// The clock synchronization interface: parameters, the ClockSync base class, the method table
// and the factory. The algorithms themselves live in one file each.
#pragma once

#include <mpi.h>

#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "runtime/clocksync/local_clock.h"
#include "runtime/clocksync/model/clock_model.h"

namespace metron::rt::clocksync {

// Parameters of all methods; each method uses a subset (ClockSync::used_params). Defaults are
// the paper's experiment values ("MPI Benchmarking Revisited", Appendix C), not ReproMPI's code
// defaults (20/10).
struct SyncParams {
  int fitpoints = 1000;      // n_fitpts: fitpoints per drift regression (JK, HCA*)
  int exchanges = 100;       // n_exchanges: exchanges per fitpoint, reduced by their median
  int pingpongs = 100;       // SKaMPI ping-pongs per offset (Alg. 7); Netgauge min-RTT window
  int rtt_pingpongs = 1000;  // round trips of the RTT estimate (Alg. 17; ReproMPI uses 1000)
  int warmup = 10;           // untimed exchanges before the RTT estimate (C.1/C.7 use 10)
  bool recompute_intercept = false;  // HCA3: replace the regression intercept by a SKaMPI offset
};

// Throws std::invalid_argument naming the parameter when one is out of range (fitpoints < 2,
// any count < 1, warmup < 0).
void validate(const SyncParams& params);

// One synchronization method. sync() is collective over `comm`; the reference is rank 0 of
// `comm`. It returns this rank's model against the reference, {0, 0} on rank 0.
class ClockSync {
 public:
  ClockSync(const LocalClock& clock, const SyncParams& params);
  virtual ~ClockSync() = default;
  ClockSync(const ClockSync&) = delete;
  ClockSync& operator=(const ClockSync&) = delete;

  virtual std::string_view name() const = 0;
  virtual ClockModel sync(MPI_Comm comm) = 0;
  // The parameters this method reads, as (name, value) text pairs for the manifest.
  virtual std::vector<std::pair<std::string, std::string>> used_params() const = 0;

  const LocalClock& clock() const { return clock_; }
  const SyncParams& params() const { return params_; }

 protected:
  // The local clock read as a GlobalClock with the identity model, for the exchange functions.
  GlobalClock local() const { return GlobalClock(clock_); }

 private:
  LocalClock clock_;
  SyncParams params_;
};

// A private duplicate of the user's communicator for one sync() call, so the protocol's point-
// to-point messages can never match the benchmark's.
class ScopedComm {
 public:
  explicit ScopedComm(MPI_Comm comm);
  ~ScopedComm();
  ScopedComm(const ScopedComm&) = delete;
  ScopedComm& operator=(const ScopedComm&) = delete;
  MPI_Comm get() const { return comm_; }
  int rank() const { return rank_; }
  int size() const { return size_; }

 private:
  MPI_Comm comm_ = MPI_COMM_NULL;
  int rank_ = 0;
  int size_ = 1;
};

// No synchronization: every rank's model is {0, 0}, so "global" time is local time.
class NoSync final : public ClockSync {
 public:
  using ClockSync::ClockSync;
  std::string_view name() const override { return "none"; }
  ClockModel sync(MPI_Comm) override { return {}; }
  std::vector<std::pair<std::string, std::string>> used_params() const override { return {}; }
};

// Method names accepted by make_clock_sync, in the order the harness reports them:
// none, skampi, netgauge, jk, hca, hca2, hca3, hca3o.
std::span<const std::string_view> clock_sync_methods();

// The method called `name` (case-sensitive, as listed above), or a two-level method
// `topo2[:INTER:INTRA]` (topo2.h, model/topo_spec.h). Throws std::invalid_argument for an
// unknown name or invalid parameters.
std::unique_ptr<ClockSync> make_clock_sync(std::string_view name, const LocalClock& clock,
                                           const SyncParams& params = {});

// A synchronization as run by a benchmark: the synchronized clock of this rank and Alg. 22's
// duration, the maximum over ranks of each rank's wall time inside sync() (on every rank).
struct SyncResult {
  GlobalClock clock;
  double duration_s = 0.0;
};
SyncResult run_sync(ClockSync& method, MPI_Comm comm);

}  // namespace metron::rt::clocksync
