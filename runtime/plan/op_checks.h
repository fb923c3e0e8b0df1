// The checks of an operation call that need the communicator: ranks needed, counts that fit an
// MPI int, roots in range, tags in range, iterations and times, reductions MPI defines for the
// datatype. One set, used by the front end (reported at the argument's source range) and by the
// runtime's bind_op (jobs made by hand in tests and benchmarks).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "runtime/plan/diagnostics.h"
#include "runtime/plan/measure_funcs.h"

namespace metron {

// Bounds of the windowed bandwidths' `window`, the overlap measurements' `compute` and `tests`
// and the neighbourhood collectives' `ndims`. A window needs two requests per message in memory,
// and a rank posts them all at once; the others keep a typing slip (1e9 tests, a compute of
// hours) from looking like a hang.
constexpr std::int64_t kMaxWindow = 1 << 20;
constexpr double kMaxComputeSeconds = 3600;
constexpr std::int64_t kMaxTests = 1'000'000;
constexpr std::int64_t kMaxDims = 16;
// Synthetic's imbalance and noise (a fraction of its time): at most 100, i.e. 10000%.
constexpr double kMaxSyntheticFactor = 100;
constexpr std::int64_t kMaxThreads = 256;  // threads per rank of a threaded operation
// IMB-IO's accesses per call: a file cycles through at most this many positions (io_imb.cpp).
constexpr std::int64_t kMaxIoTransfers = 64;

struct OpProblem {
  DiagId id;
  int param = -1;                 // the argument the problem is about; -1: the communicator
  std::vector<std::string> args;  // the catalogue message's arguments
  std::string message() const { return format_message(id, args); }
};

// The first problem of a call of f with args (one per parameter, defaults filled) on a
// communicator of comm_size ranks, in the order: ranks, each argument in declared order, roots,
// reductions. tag_ub: MPI_TAG_UB, or -1 where it is not known (the front end).
// Whether the operations of a family read their datatypes with args.type() and so take derived
// types (runtime/plan/type_desc.h says how a family adopts them).
bool accepts_derived_types(OpFamily family);

std::optional<OpProblem> check_op_call(const MeasureFunc& f, const std::vector<Value>& args,
                                       int comm_size, std::int64_t tag_ub = -1);

}  // namespace metron
