// BoundOp: a measurement function bound once per job to its MPI handles, counts, buffers and
// communicator, so that call() performs exactly one operation with nothing left to decide.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "runtime/ops/arena.h"
#include "runtime/ops/mpi_handles.h"  // <mpi.h>, after the front end's MPI names
#include "runtime/plan/plan.h"
#include "runtime/plan/rma_names.h"

namespace metron::rt {

namespace rma {
struct Window;  // runtime/ops/rma_window.h
}

struct BoundOp;
struct IoJob;  // runtime/ops/io_job.h
namespace ops {
struct OneSidedState;  // runtime/ops/onesided_window.h
struct ThreadedParts;  // runtime/ops/threaded.h
}  // namespace ops
using CallFn = void (*)(BoundOp&) noexcept;
using FillFn = void (*)(BoundOp&);
using CheckFn = std::optional<std::string> (*)(const BoundOp&);

// For tests of verification: flip one byte of the result on one rank before it is checked.
struct VerifyFault {
  int rank = 0;
  std::int64_t byte_offset = 0;
};

// Derived datatypes committed by commit_type() (derived_types.h), freed by BoundOp::release().
// Moved, never copied, so that no handle is freed twice.
struct OwnedTypes {
  std::vector<MPI_Datatype> handles;
  OwnedTypes() = default;
  OwnedTypes(const OwnedTypes&) = delete;
  OwnedTypes& operator=(const OwnedTypes&) = delete;
  OwnedTypes(OwnedTypes&& o) noexcept : handles(std::move(o.handles)) { o.handles.clear(); }
  OwnedTypes& operator=(OwnedTypes&& o) noexcept {
    handles.swap(o.handles);
    return *this;
  }
  void free_all() noexcept;
};

// Plain data: the implementation files (collectives.cpp, handmade.cpp, pingpong.cpp,
// synthetic.cpp) fill it in their bind functions and read it in their call functions.
struct BoundOp {
  // --- what call() needs ---------------------------------------------------------------
  CallFn call_fn = nullptr;
  MPI_Comm comm = MPI_COMM_NULL;  // the job communicator (errors return, not abort)
  int rank = 0;
  int size = 1;
  BufferCycle buf;
  MPI_Datatype send_type = MPI_DATATYPE_NULL;
  MPI_Datatype recv_type = MPI_DATATYPE_NULL;
  MPI_Op reduce = MPI_OP_NULL;
  int send_count = 0;
  int recv_count = 0;
  int root = 0;
  // `set root_shift = on` (IMB's -root_shift): advance() moves root to the next rank of the
  // communicator, restart() back to first_root (the root argument).
  bool root_shift = false;
  int first_root = 0;
  int tag = 0;         // ping-pongs: the tag of 0 -> 1 (and both ways unless tag_back differs)
  int tag_back = 0;    // Pingpong_Sendrecv: the tag of 1 -> 0
  int peer = -1;       // ping-pongs: the other rank of 0 and 1; -1 on ranks that stay idle
  int iterations = 1;  // ping-pongs: round trips per call()
  int window = 1;      // windowed bandwidth: messages in flight per window
  bool single_block = false;  // windowed bandwidth: the window's receives share one block
  int stride = 1;             // IMB's rings: the distance to the right neighbour (IMB-MT: p / 2)
  // IMB-P2P's random patterns (pt2pt_random.cpp): this rank's part of the schedule, in order.
  std::vector<int> schedule;
  std::vector<int> send_counts, send_displs, recv_counts, recv_displs;  // v-variants
  std::vector<MPI_Request> requests;                                    // hand-made
  // Alltoallw variants: byte displacements and one datatype per block (equal counts).
  std::vector<MPI_Aint> send_byte_displs, recv_byte_displs;
  std::vector<MPI_Datatype> send_types, recv_types;
  // Neighbourhood collectives (neighbourhood.cpp): the periodic Cartesian communicator that
  // prepare() makes and release() frees, and its neighbours in MPI's order (per dimension the
  // one below, then the one above).
  struct Topology {
    int ndims = 0;
    MPI_Comm comm = MPI_COMM_NULL;
    std::vector<int> neighbours;
  } topo;
  std::vector<char> scratch;  // mock-ups: intermediate buffer, allocated and touched at bind
  int scaled = 0;             // mock-ups: the count of the composite's other call (p blocks, ...)
  std::int64_t send_block_bytes = 0;  // extent of one block (count * extent) on each side
  std::int64_t recv_block_bytes = 0;
  std::int64_t wait_ns = 0;  // Synthetic: the busy-wait of the next call (set by advance())
  // Nonblocking collectives with overlap (nonblocking_collectives.cpp): the compute between
  // post and wait, and the calibration prepare() makes.
  struct Overlap {
    bool enabled = false;
    double requested_s = 0;  // the `compute` argument; 0: the calibrated pure time
    std::int64_t compute_ns = 0;
    int tests = 0;            // MPI_Test calls spread over the compute
    double pure_s = -1;       // calibrated post + wait; -1 before prepare()
    const char* method = "";  // how prepare() calibrated pure_s, for the job's record
  } overlap;
  // One-sided operations (rma_window.h): the job's window, shared by copies of the BoundOp and
  // freed by release(); the sync mode and lock type of its epochs.
  std::shared_ptr<rma::Window> rma;
  RmaSync rma_sync = RmaSync::Fence;
  RmaLock rma_lock = RmaLock::Shared;
  bool rma_both_ways = false;  // ranks 0 and 1 are both origin and target
  int error = MPI_SUCCESS;     // the first MPI error code of any call since clear_error()

  // --- what the runner and verification need --------------------------------------------
  const MeasureFunc* func = nullptr;
  std::string name;
  TypeDesc send_dt{};  // predefined or derived (runtime/plan/type_desc.h)
  TypeDesc recv_dt{};
  OwnedTypes owned_types;  // send_type / recv_type when they are derived
  ReduceOp reduce_op{};
  std::int64_t send_need_bytes = 0;  // buffer per rank, from real extents
  std::int64_t recv_need_bytes = 0;
  bool result_in_send = false;  // Bcast variants work in place in the send slot
  bool participates = true;     // ping-pongs: false on ranks other than 0 and 1
  int divisor = 1;              // operations per call() the reported time is divided by
  FillFn fill_fn = nullptr;     // verification: pattern into the send side, sentinel elsewhere
  CheckFn check_fn = nullptr;   // verification: this rank's result; null: nothing to check
  FillFn prepare_fn = nullptr;  // collective set-up once every rank has bound (calibration)
  FillFn release_fn = nullptr;  // frees what prepare() made (persistent requests)
  // Per observation, outside the timed region (SKaMPI's one-sided functions: a window and an
  // access epoch opened before the process sync, closed and freed after the second timer
  // read). Only the per_call scheme runs them (JobRunner refuses the loop schemes).
  FillFn setup_fn = nullptr;     // before the process sync of each observation
  FillFn teardown_fn = nullptr;  // after the second timer read of each observation
  // Verification: collective, run by every rank right after the checked call, before check_fn
  // (one-sided: complete the origin's operations at the target so the target can read them).
  FillFn settle_fn = nullptr;
  // Completes what call() leaves pending by definition (SKaMPI's MPI_Wait after the second
  // timer read, the MPI_Comm_free of a timed MPI_Comm_dup): after each observation, outside
  // the timed region, and after verification's call.
  CallFn finish_fn = nullptr;
  int calls_per_observation = 1;     // calls before finish(): loop_iterations in the loop schemes
  std::vector<MPI_Comm> made_comms;  // Comm_dup, Comm_split: freed by finish()
  double seconds_arg = 0;            // delayed_*, waitpattern_*: the wait; Wtime: unused
  int delayed_rank = -1;             // delayed_*: the rank that waits before the call
  // After each observation (and verification's call), outside the timed region: the set-up the
  // next call needs (MPI-IO: close the file the call opened, reopen the one it closed).
  FillFn advance_fn = nullptr;
  std::shared_ptr<IoJob> io;           // MPI-IO operations: files, views, access plan
  const Settings* settings = nullptr;  // the job's settings, during bind only
  // Synthetic parameters (synthetic.cpp).
  struct Synthetic {
    double base_s = 0;   // time * (1 + imbalance * r / (p - 1)) for this rank
    double noise_s = 0;  // noise * time: upper bound of the uniform extra
    std::uint64_t seed = 0;
    int delay_rank = -1;
    double delay_s = 0;
    std::int64_t delay_every = 1;
    std::int64_t rep = 0;           // index of the next observation
    std::int64_t transient = 0;     // the first `transient` observations in the process ...
    double transient_factor = 1.0;  // ... take this many times as long
    // transient_sync = 1: the transient counts and slows only observations that followed a
    // per-observation process sync (rt::g_sync_points moved since the previous one).
    bool transient_sync = false;
    std::int64_t sync_seen = 0;  // g_sync_points at the previous observation's end
    bool last_synced = false;    // the previous observation followed a sync
  } synth;
  bool is_synthetic = false;
  // SKaMPI's one-sided functions: the window, groups, info and arguments (onesided_window.h).
  std::shared_ptr<ops::OneSidedState> onesided;
  // Threaded operations (IMB-MT, osu_latency_mt; runtime/ops/threaded.h): the per-thread parts,
  // their communicators and the thread team. The schemes run them with run_threaded.
  std::shared_ptr<ops::ThreadedParts> threaded;

  // Collective: run by every rank of the communicator after all have bound, before verify.
  void prepare() {
    if (prepare_fn) prepare_fn(*this);
  }
  // Local: frees what prepare() made; the owner calls it once, before MPI_Finalize.
  void release() {
    finish();
    if (release_fn) release_fn(*this);
    owned_types.free_all();
  }
  // Outside the timed region: completes what the calls since the last finish() left pending.
  void finish() noexcept {
    if (finish_fn) finish_fn(*this);
  }
  // One operation. Stores the first MPI error; checking it is the caller's job, after the
  // timed region.
  void call() noexcept { call_fn(*this); }
  // Per-observation set-up and teardown around the sync and call() (setup_fn, teardown_fn).
  void setup() {
    if (setup_fn) setup_fn(*this);
  }
  void teardown() {
    if (teardown_fn) teardown_fn(*this);
  }
  bool per_observation_setup() const { return setup_fn || teardown_fn; }
  // After each observation, outside the timed region: next buffer slot (cycling), the next
  // root (root_shift) and, for Synthetic, the duration of the next observation.
  void advance() noexcept;
  // Restart the observation index (Synthetic's seed sequence), the buffer cycle and the root.
  void restart() noexcept;
  void note(int rc) noexcept { error = error != MPI_SUCCESS ? error : rc; }
  char* result_buffer() const { return result_in_send ? buf.send() : buf.recv(); }
};

// Binds a measurement function on the job communicator. Throws std::runtime_error with a
// message for the user when it cannot: no implementation, too few ranks, root out of range,
// count too large for an MPI int, a reduction MPI does not define for the datatype, buffers
// that do not fit.
BoundOp bind_op(const OpCall& call, MPI_Comm comm, const Settings& s);

// Verification (`set verify = on`), collective over the job communicator: fill the send side
// with a pattern of rank and byte index, run the operation once, check the receive side. Every
// rank returns the same answer: nullopt, or the message of the lowest failing rank naming the
// rank and the first bad byte offset. `fault` corrupts one result byte (tests).
std::optional<std::string> verify_op(BoundOp& op, const VerifyFault* fault = nullptr);

}  // namespace metron::rt
