// The registry of measurement functions (SKaMPI's names and argument conventions): signature,
// family, how many ranks they need and how much buffer they use, expanded from the operation
// table runtime/plan/operations.def. The runtime binds every entry of the same table
// (runtime/ops/catalog.cpp).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "runtime/plan/value.h"

namespace metron {

// Parameter types as a bit set, so a parameter may accept several (e.g. a count or a size).
enum ParamType : std::uint32_t {
  kInt = 1u << 0,
  kDouble = 1u << 1,
  kString = 1u << 2,
  kDuration = 1u << 3,
  kPercent = 1u << 4,
  kList = 1u << 5,
  kDatatype = 1u << 6,
  kReduceOp = 1u << 7,
  kComm = 1u << 8,
  kOp = 1u << 9,
  kSpec = 1u << 10,
  kNumber = kInt | kDouble,
  kAny = 0xffffffffu,
};
std::string param_type_name(std::uint32_t mask);
bool value_matches(const Value& v, std::uint32_t mask);

// Which of the shared operation checks (op_checks.h) applies to a parameter.
enum class ParamRole {
  Plain,
  Count,          // an element count: 0 .. INT_MAX
  Root,           // a rank of the communicator
  Tag,            // 0 .. MPI_TAG_UB (checked where MPI_TAG_UB is known: the runtime)
  Iterations,     // at least 1
  Time,           // a duration that must not be negative
  RmaWindow,      // a one-sided window kind: create | allocate | shared | dynamic (rma_names.h)
  RmaSync,        // a one-sided sync mode: fence | pscw | lock | lock_all | flush | flush_local
  RmaActiveSync,  // an active-target sync mode only: fence | pscw
  RmaLock,        // a lock type: shared | exclusive
  Window,         // messages in flight per window: 1 .. kMaxWindow (op_checks.h)
  Compute,        // the compute of an overlap measurement: 0 s .. 1 h
  Tests,          // MPI_Test calls during that compute: 0 .. kMaxTests
  Dims,           // dimensions of a Cartesian communicator: 1 .. kMaxDims
  Threads,        // threads per rank of a threaded operation: 1 .. kMaxThreads
  Flag,           // a switch: 0 or 1
  IoTransfers,    // IMB-IO's accesses per call: 1 .. kMaxIoTransfers
};

struct Param {
  Param(std::string n, std::uint32_t t, std::optional<Value> d, ParamRole r = ParamRole::Plain,
        std::string same = {})
      : name(std::move(n)),
        type(t),
        default_value(std::move(d)),
        role(r),
        same_as(std::move(same)) {}
  std::string name;
  std::uint32_t type;
  std::optional<Value> default_value;  // nullopt: required; Value() (None): derived, see below
  ParamRole role = ParamRole::Plain;
  std::string same_as;  // a derived default: the value of this other parameter
};

enum class OpFamily {
  Collective,
  PingPong,
  HandMade,
  Synthetic,
  PointToPoint,   // OSU's and IMB's point-to-point patterns
  Nonblocking,    // MPI-3 nonblocking collectives (I<name>, I<name>_overlap)
  Persistent,     // MPI-4 persistent collectives (<name>_init)
  Neighbourhood,  // MPI-3 neighbourhood collectives on a Cartesian communicator
  OneSided,       // MPI-3 RMA: OSU's and IMB's RMA benchmarks, SKaMPI's one-sided functions
  Io,             // MPI-IO: SKaMPI's MPI_IO_* functions, IMB-IO
  Threaded,       // measured from several threads per rank: IMB-MT, osu_latency_mt
};

// What one reported time is: outputs name it (summary.csv time_is, the progress line), since
// SKaMPI reports a full round trip where OSU and IMB report half of it.
enum class TimeOf { OneCall, RoundTrip, OneWay, Window, Iteration };
// "call", "round_trip", "one_way", "window", "iteration"
const char* time_of_name(TimeOf t);
// "one call", "a round trip", "half a round trip (one way)", ...: for docs and messages.
const char* time_of_text(TimeOf t);

class OpArgs;

struct BufferUse {
  std::int64_t send_bytes = 0;  // per rank, the largest over ranks
  std::int64_t recv_bytes = 0;
  std::int64_t reported_bytes = 0;  // the message size reported in outputs (SKaMPI's convention)
  std::int64_t count = 0;           // the element count reported in outputs
  // What one reported time moves, for the rates in outputs (0: no rate): the bytes and messages
  // as the suite the function comes from counts them (OSU, IMB), see docs/measurements.md.
  std::int64_t rate_bytes = 0;
  std::int64_t rate_messages = 0;
};

struct MeasureFunc {
  std::string name;
  std::vector<Param> params;
  OpFamily family;
  int min_ranks;   // 2 for ping-pongs (ranks 0 and 1 of the communicator take part)
  TimeOf time_of;  // what one reported time is (a ping-pong's full round trip, as SKaMPI)
  BufferUse (*usage)(const OpArgs& args, int comm_size) = nullptr;
  std::string doc;

  // The index of the parameter `name`, or -1.
  int param_index(std::string_view name) const;
  bool round_trip() const { return time_of == TimeOf::RoundTrip; }
  // `set root_shift = on` moves its root (IMB's -root_shift): a library collective, blocking or
  // nonblocking, with a `root` parameter (Bcast, Reduce, Gather(v), Scatter(v), their I* and
  // _overlap forms). Persistent ones fix the root at MPI_*_init.
  bool shifts_root() const {
    return (family == OpFamily::Collective || family == OpFamily::Nonblocking) &&
           param_index("root") >= 0;
  }
};

const std::vector<MeasureFunc>& measure_funcs();
const MeasureFunc* find_measure_func(std::string_view name);
// Fills derived defaults (None values) from the parameter they follow (Param::same_as), e.g.
// recv_count = send_count.
void fill_derived(const MeasureFunc& f, std::vector<Value>& args);
// A SKaMPI 5 measurement function (runtime/plan/skampi_names.h) that the registry lacks: calling
// one is "not supported", not "unknown".
bool is_unsupported_skampi_measure(std::string_view name);
// "Bcast(count: integer, datatype: datatype, root: integer = 0)"
std::string signature(const MeasureFunc& f);

}  // namespace metron
