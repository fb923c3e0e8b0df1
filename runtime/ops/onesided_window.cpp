// What SKaMPI's one-sided functions share (see onesided_window.h).
#include "runtime/ops/onesided_window.h"

#include <chrono>
#include <stdexcept>
#include <vector>

#include "runtime/plan/diagnostics.h"
#include "runtime/plan/rma_constants.h"

namespace metron::rt::ops {

namespace {

// The script's constants carry MPICH's values (rma_constants.h); this MPI's may differ.
int mpi_assertion(std::int64_t flags) {
  int out = 0;
  if (flags & ::metron::rma::kModeNoCheck) out |= MPI_MODE_NOCHECK;
  if (flags & ::metron::rma::kModeNoStore) out |= MPI_MODE_NOSTORE;
  if (flags & ::metron::rma::kModeNoPut) out |= MPI_MODE_NOPUT;
  if (flags & ::metron::rma::kModeNoPrecede) out |= MPI_MODE_NOPRECEDE;
  if (flags & ::metron::rma::kModeNoSucceed) out |= MPI_MODE_NOSUCCEED;
  return out;
}

int mpi_lock_type(std::int64_t t) {
  return t == ::metron::rma::kLockShared ? MPI_LOCK_SHARED : MPI_LOCK_EXCLUSIVE;
}

MPI_Group group_of(MPI_Group all, std::vector<int> ranks) {
  MPI_Group g = MPI_GROUP_EMPTY;
  MPI_Group_incl(all, static_cast<int>(ranks.size()), ranks.data(), &g);
  return g;
}

void free_group(MPI_Group& g) {
  if (g != MPI_GROUP_NULL && g != MPI_GROUP_EMPTY) MPI_Group_free(&g);
  g = MPI_GROUP_NULL;
}

}  // namespace

OneSidedState::~OneSidedState() {
  int finalized = 0;
  MPI_Finalized(&finalized);
  if (finalized) return;
  if (win != MPI_WIN_NULL) MPI_Win_free(&win);
  if (win2 != MPI_WIN_NULL) MPI_Win_free(&win2);
  if (fresh_type != MPI_DATATYPE_NULL) MPI_Type_free(&fresh_type);
  free_group(group);
  free_group(only0);
  free_group(only1);
  free_group(all_but0);
  if (info != MPI_INFO_NULL) MPI_Info_free(&info);
}

OneSidedState& win_state(BoundOp& b) {
  return *b.onesided;
}
const OneSidedState& win_state(const BoundOp& b) {
  return *b.onesided;
}

void bind_onesided(BoundOp& b, const Args& a, std::int64_t send_bytes, std::int64_t win_bytes,
                   int disp_unit) {
  b.onesided = std::make_shared<OneSidedState>();
  OneSidedState& s = *b.onesided;
  s.count = int_count(a, "count");
  b.send_count = b.recv_count = s.count;
  b.send_dt = b.recv_dt =
      a.has("datatype") ? a.type("datatype") : TypeDesc(datatype_named("MPI_INT"));
  b.send_type = b.recv_type = mpi_datatype(b.send_dt);
  s.block = block_bytes(s.count, b.send_dt);
  b.send_block_bytes = b.recv_block_bytes = s.block;
  if (a.has("assertion")) s.assertion = mpi_assertion(a.integer("assertion"));
  if (a.has("lock_type")) s.lock_type = mpi_lock_type(a.integer("lock_type"));
  if (a.has("dest_rank")) s.dest = static_cast<int>(a.integer("dest_rank"));
  if (a.has("do_a_put")) s.do_put = a.integer("do_a_put") != 0;
  if (a.has("msg_count")) s.msg_count = static_cast<int>(a.integer("msg_count"));
  if (a.has("delay_us")) s.delay_ns = a.integer("delay_us") * 1000;
  if (a.has("delay_rank")) s.delay_rank = static_cast<int>(a.integer("delay_rank"));
  if (a.has("disjoint")) s.disjoint = a.integer("disjoint") != 0;
  if (a.has("op")) {
    b.reduce_op = a.reduce_op("op");
    b.reduce = mpi_op(b.reduce_op);
  }
  s.win_bytes = win_bytes;
  s.disp_unit = disp_unit < 1 ? 1 : disp_unit;
  b.send_need_bytes = send_bytes;
  b.recv_need_bytes = win_bytes;

  const Value info = a.has("info") ? a.value("info") : Value(Spec{"MPI_INFO_NULL", {}});
  if (info.as_spec().name == "info") {
    MPI_Info_create(&s.info);
    for (const auto& [key, value] : info.as_spec().args)
      MPI_Info_set(s.info, key.c_str(), value.as_string().c_str());
  }
  MPI_Comm_group(b.comm, &s.group);
  s.only0 = group_of(s.group, {0});
  s.only1 = b.size > 1 ? group_of(s.group, {1}) : MPI_GROUP_EMPTY;
  std::vector<int> others;
  for (int r = 1; r < b.size; ++r) others.push_back(r);
  s.all_but0 = group_of(s.group, others);
}

void window_of_one_block(BoundOp& b, const Args& a) {
  const std::int64_t bytes = block_bytes(a.count("count"), a.type("datatype"));
  bind_onesided(b, a, bytes, bytes, 1);
}

void window_of_msg_blocks(BoundOp& b, const Args& a) {
  std::int64_t bytes = block_bytes(a.count("count"), a.type("datatype"));
  if (a.has("msg_count")) bytes *= a.integer("msg_count");
  bind_onesided(b, a, bytes, bytes, 1);
}

void window_block_per_rank_at_root(BoundOp& b, const Args& a) {
  const std::int64_t block = block_bytes(a.count("count"), a.type("datatype"));
  bind_onesided(b, a, block, b.rank == 0 ? block * b.size : 0, static_cast<int>(block));
}

void bind_epoch(BoundOp& b, const Args& a, const EpochVariant& v) {
  v.window(b, a);
  b.participates =
      v.timed == Timed::All || b.rank == 0 || (v.timed == Timed::Ranks01 && b.rank == 1);
  b.setup_fn = v.setup;
  b.call_fn = v.call;
  b.teardown_fn = v.teardown;
  b.fill_fn = v.fill;
  b.check_fn = v.check;
  b.result_in_send = v.result_in_send;
}

void require_unified_model(const BoundOp& b) {
  // A window of one rank, allocated: Open MPI 4.1 has no component that creates a window on
  // MPI_COMM_SELF from user memory (MPI_Win_create fails with MPI_ERR_WIN), while every library
  // allocates one.
  void* word = nullptr;
  MPI_Win w = MPI_WIN_NULL;
  MPI_Win_allocate(sizeof(int), 1, MPI_INFO_NULL, MPI_COMM_SELF, &word, &w);
  int* model = nullptr;
  int found = 0;
  MPI_Win_get_attr(w, MPI_WIN_MODEL, &model, &found);
  const bool unified = found && *model == MPI_WIN_UNIFIED;
  MPI_Win_free(&w);
  if (!unified) throw std::runtime_error(message_text(DiagId::job_needs_unified_windows, b.name));
}

void open_window(BoundOp& b) {
  OneSidedState& s = win_state(b);
  b.note(MPI_Win_create(b.buf.recv(), s.win_bytes, s.disp_unit, s.info, b.comm, &s.win));
  if (s.win != MPI_WIN_NULL) MPI_Win_set_errhandler(s.win, MPI_ERRORS_RETURN);
}

void free_window(BoundOp& b) {
  OneSidedState& s = win_state(b);
  if (s.win == MPI_WIN_NULL) return;
  MPI_Win_set_errhandler(s.win, MPI_ERRORS_RETURN);  // Win_create timed: not set there
  b.note(MPI_Win_free(&s.win));
}

void open_fenced_window(BoundOp& b, int extra_assert) {
  open_window(b);
  b.note(MPI_Win_fence(MPI_MODE_NOPRECEDE | extra_assert, win_state(b).win));
}

void close_fenced_window(BoundOp& b) {
  b.note(MPI_Win_fence(MPI_MODE_NOSUCCEED, win_state(b).win));
  free_window(b);
}

int assert_for_start(const BoundOp& b) {
  return win_state(b).assertion & MPI_MODE_NOCHECK;
}
int assert_for_post(const BoundOp& b) {
  return win_state(b).assertion & (MPI_MODE_NOCHECK | MPI_MODE_NOSTORE | MPI_MODE_NOPUT);
}
int assert_for_fence(const BoundOp& b) {
  return win_state(b).assertion &
         (MPI_MODE_NOSTORE | MPI_MODE_NOPUT | MPI_MODE_NOPRECEDE | MPI_MODE_NOSUCCEED);
}
int assert_for_lock(const BoundOp& b) {
  return win_state(b).assertion & MPI_MODE_NOCHECK;
}

void busy_wait(std::int64_t ns) noexcept {
  if (ns <= 0) return;
  const auto end = std::chrono::steady_clock::now() + std::chrono::nanoseconds(ns);
  while (std::chrono::steady_clock::now() < end) {
  }
}

void fill_origin_and_sentinel(BoundOp& b) {
  const OneSidedState& s = win_state(b);
  fill_pattern(b.buf.send(), b.send_dt, static_cast<std::int64_t>(s.count) * s.msg_count, b.rank,
               0);
  fill_sentinel(b.buf.recv(), s.win_bytes);
}

void fill_window_pattern(BoundOp& b) {
  fill_pattern(b.buf.recv(), b.recv_dt, win_state(b).count, b.rank, 0);
  fill_sentinel(b.buf.send(), b.send_need_bytes);
}

std::optional<std::string> check_window_from(const BoundOp& b, int source, std::int64_t offset,
                                             std::int64_t count) {
  if (auto m = check_pattern(b.buf.recv() + offset, b.recv_dt, count, source, 0)) {
    Mismatch at = *m;
    at.offset += offset;
    return verify_message(b, DiagId::verify_in_window, at);
  }
  return std::nullopt;
}

}  // namespace metron::rt::ops
