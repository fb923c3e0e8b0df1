// ClockSync base, parameter validation, the method table and the factory.
#include "runtime/clocksync/clock_sync.h"

#include <array>
#include <stdexcept>

#include "runtime/clocksync/hca.h"
#include "runtime/clocksync/hca3.h"
#include "runtime/clocksync/jones_koenig.h"
#include "runtime/clocksync/netgauge.h"
#include "runtime/clocksync/skampi_offset.h"
#include "runtime/clocksync/topo2.h"
#include "runtime/plan/diagnostics.h"

namespace metron::rt::clocksync {

void validate(const SyncParams& params) {
  auto require = [](bool ok, const char* name, int least) {
    if (!ok) throw std::invalid_argument(message_text(DiagId::clock_sync_at_least, name, least));
  };
  require(params.fitpoints >= 2, "fitpoints", 2);
  require(params.exchanges >= 1, "exchanges", 1);
  require(params.pingpongs >= 1, "pingpongs", 1);
  require(params.rtt_pingpongs >= 1, "rtt_pingpongs", 1);
  if (params.warmup < 0)
    throw std::invalid_argument(message_text(DiagId::clock_sync_negative, "warmup"));
}

ClockSync::ClockSync(const LocalClock& clock, const SyncParams& params)
    : clock_(clock), params_(params) {
  validate(params_);
}

ScopedComm::ScopedComm(MPI_Comm comm) {
  MPI_Comm_dup(comm, &comm_);
  MPI_Comm_rank(comm_, &rank_);
  MPI_Comm_size(comm_, &size_);
}

ScopedComm::~ScopedComm() {
  MPI_Comm_free(&comm_);
}

namespace {

// ORDER METHODS: the names here and the cases in make_clock_sync stay in step.
constexpr std::array<std::string_view, 8> kMethods = {"none", "skampi", "netgauge", "jk",
                                                      "hca",  "hca2",   "hca3",     "hca3o"};

}  // namespace

std::span<const std::string_view> clock_sync_methods() {
  return kMethods;
}

std::unique_ptr<ClockSync> make_clock_sync(std::string_view name, const LocalClock& clock,
                                           const SyncParams& params) {
  // ORDER METHODS
  if (name == "none") return std::make_unique<NoSync>(clock, params);
  if (name == "skampi") return std::make_unique<SkampiOffsets>(clock, params);
  if (name == "netgauge") return std::make_unique<NetgaugeOffsets>(clock, params);
  if (name == "jk") return std::make_unique<JonesKoenig>(clock, params);
  if (name == "hca") return std::make_unique<Hca>(clock, params, false);
  if (name == "hca2") return std::make_unique<Hca>(clock, params, true);
  if (name == "hca3") return std::make_unique<Hca3>(clock, params, false);
  if (name == "hca3o") return std::make_unique<Hca3>(clock, params, true);
  if (is_topo_name(name))
    return std::make_unique<Topo2>(clock, params, parse_topo_spec(name, kMethods));
  throw std::invalid_argument(message_text(DiagId::clock_sync_unknown_method, name));
}

SyncResult run_sync(ClockSync& method, MPI_Comm comm) {
  // Alg. 22: s = Get_Time(); sync; e = Get_Time(); MPI_Reduce(e - s, MAX). Allreduce so every
  // rank can record it.
  const double start = method.clock().now();
  const ClockModel model = method.sync(comm);
  const double mine = method.clock().now() - start;
  double longest = 0.0;
  MPI_Allreduce(&mine, &longest, 1, MPI_DOUBLE, MPI_MAX, comm);
  return SyncResult{GlobalClock(method.clock(), model), longest};
}

}  // namespace metron::rt::clocksync
