// Threaded operations (threaded.h): binding the parts, the team that runs them, and the hooks
// that pass the parent's set-up, verification and buffer cycling on to every part.
#include "runtime/ops/threaded.h"

#include <string>
#include <string_view>

#include "runtime/ops/op_impl.h"
#include "runtime/ops/thread_level.h"
#include "runtime/plan/diagnostics.h"
#include "runtime/plan/measure_funcs.h"
#include "runtime/plan/op_usage.h"

namespace metron::rt::ops {

namespace {

ThreadedParts& parts_of(const BoundOp& b) {
  return *b.threaded;
}

// IMB-MT's names: the base operation is the name without "MT"; the point-to-point ones run
// IMB-MPI1's pair patterns (r, r + p/2) in every thread.
std::string imb_base_name(std::string_view mt) {
  if (mt == "PingPongMT") return "Multi_latency";
  if (mt == "PingPingMT") return "Multi_pingping";
  if (mt == "UniBandMT") return "Uniband";
  if (mt == "BiBandMT") return "Biband";
  return std::string(mt.substr(0, mt.size() - 2));
}

// Every thread's call once, all threads at once (verification, warm-up); the parts' first
// MPI error becomes the parent's.
void call_all(BoundOp& b) noexcept {
  ThreadedParts& th = parts_of(b);
  try {
    th.team->run([&th](int t) { th.parts[static_cast<std::size_t>(t)].call(); });
  } catch (...) {
    b.note(MPI_ERR_OTHER);  // call() is noexcept: a member cannot throw
  }
  for (BoundOp& p : th.parts) {
    b.note(p.error);
    p.error = MPI_SUCCESS;
  }
}

void fill_all(BoundOp& b) {
  for (BoundOp& p : parts_of(b).parts)
    if (p.fill_fn) p.fill_fn(p);
}

std::optional<std::string> check_all(const BoundOp& b) {
  // The parent's result buffer is part 0's (a verification fault lands there).
  for (const BoundOp& p : parts_of(b).parts)
    if (p.check_fn)
      if (auto m = p.check_fn(p)) return m;
  return std::nullopt;
}

void settle_all(BoundOp& b) {
  for (BoundOp& p : parts_of(b).parts)
    if (p.settle_fn) p.settle_fn(p);
}

void finish_all(BoundOp& b) noexcept {
  for (BoundOp& p : parts_of(b).parts) p.finish();
}

void advance_all(BoundOp& b) {
  for (BoundOp& p : parts_of(b).parts) p.advance();
}

// Collective, once every rank has bound: the parts' buffers in the parent's slots, their
// communicators, their own set-up, and the team.
void prepare_all(BoundOp& b) {
  ThreadedParts& th = parts_of(b);
  for (std::size_t t = 0; t < th.parts.size(); ++t) {
    BoundOp& p = th.parts[t];
    const auto i = static_cast<std::int64_t>(t);
    p.buf = b.buf.shifted(i * th.send_share, i * th.recv_share);
    if (th.own_comms) {
      MPI_Comm c = MPI_COMM_NULL;
      b.note(MPI_Comm_dup(b.comm, &c));
      if (c == MPI_COMM_NULL) continue;
      MPI_Comm_set_errhandler(c, MPI_ERRORS_RETURN);
      th.comms.push_back(c);
      p.comm = c;
    }
    p.prepare();
    b.note(p.error);
    p.error = MPI_SUCCESS;
  }
  th.team = std::make_unique<rt::ThreadTeam>(static_cast<int>(th.parts.size()));
}

void release_all(BoundOp& b) {
  ThreadedParts& th = parts_of(b);
  th.team.reset();
  for (BoundOp& p : th.parts) p.release();
  int finalized = 0;
  MPI_Finalized(&finalized);
  if (!finalized)
    for (MPI_Comm& c : th.comms) MPI_Comm_free(&c);
  th.comms.clear();
}

int threads_arg(const BoundOp& b, const Args& a) {
  const auto t = static_cast<int>(a.integer("threads"));  // 1 .. kMaxThreads (op_checks.h)
  const int provided = provided_thread_level();
  if (t > 1 && provided < MPI_THREAD_MULTIPLE)
    throw_message(DiagId::job_needs_thread_multiple, b.name, t, thread_level_name(provided));
  return t;
}

std::size_t param_index(const OpCall& c, const std::string& name) {
  for (std::size_t i = 0; i < c.func->params.size(); ++i)
    if (c.func->params[i].name == name) return i;
  throw_message(DiagId::bug_threaded_without_base, c.func->name);
}

template <auto... Members>
void copy_members(BoundOp& to, const BoundOp& from) {
  ((to.*Members = from.*Members), ...);
}

// The base operation's call with the parent's arguments of the same names.
OpCall base_call(const std::string& base, const Args& a) {
  const MeasureFunc* f = find_measure_func(base);
  if (!f) throw_message(DiagId::bug_threaded_without_base, base);
  std::vector<Value> args;
  for (const Param& p : f->params) args.push_back(a.value(p.name));
  return OpCall{f, std::move(args)};
}

// How the threads keep their messages apart: IMB-MT's communicator per thread, or (one shared
// communicator) osu_latency_mt's tag per thread, or not at all (any thread may match).
enum class Apart { OwnComms, OwnTags, Not };

// This rank's parts: how many, how they keep apart, and how many calls of the base operation a
// part makes per call of the job (`iterations` times this): osu_latency_mt's one sender makes
// the round trips of all the peer's threads.
struct PartSpec {
  int parts = 1;
  Apart apart = Apart::OwnComms;
  int iterations_scale = 1;
};

// The caller has checked the thread level (threads_arg), alike on every rank.
void bind_threaded(BoundOp& b, const Args& a, const std::string& base, const PartSpec& spec) {
  auto th = std::make_shared<ThreadedParts>();
  th->own_comms = spec.apart == Apart::OwnComms;
  OpCall call = base_call(base, a);
  if (spec.iterations_scale != 1)
    call.args[param_index(call, "iterations")] =
        Value(a.integer("iterations") * spec.iterations_scale);
  const std::int64_t tag = spec.apart == Apart::OwnTags ? a.integer("tag") : 0;
  for (int t = 0; t < spec.parts; ++t) {
    if (spec.apart == Apart::OwnTags) call.args[param_index(call, "tag")] = Value(tag + t);
    th->parts.push_back(bind_op(call, b.comm, *b.settings));
    th->parts.back().name = b.name;  // messages name what the script measures
  }
  const BoundOp& first = th->parts.front();
  th->send_share = thread_share_bytes(first.send_need_bytes);
  th->recv_share = thread_share_bytes(first.recv_need_bytes);
  b.send_need_bytes = th->send_share * spec.parts;
  b.recv_need_bytes = th->recv_share * spec.parts;
  // The job reports as its own what one thread's part measures.
  copy_members<&BoundOp::send_block_bytes, &BoundOp::recv_block_bytes, &BoundOp::send_count,
               &BoundOp::recv_count, &BoundOp::send_dt, &BoundOp::recv_dt, &BoundOp::peer,
               &BoundOp::iterations, &BoundOp::window, &BoundOp::divisor, &BoundOp::participates,
               &BoundOp::result_in_send>(b, first);
  b.threaded = std::move(th);
  b.call_fn = call_all;
  b.fill_fn = fill_all;
  b.check_fn = check_all;
  b.settle_fn = settle_all;
  b.finish_fn = finish_all;
  b.advance_fn = advance_all;
  b.prepare_fn = prepare_all;
  b.release_fn = release_all;
}

}  // namespace

void threaded_restart(BoundOp& b) noexcept {
  for (BoundOp& p : parts_of(b).parts) p.restart();
}

void bind_threaded_imb(BoundOp& b, const Args& a) {
  bind_threaded(b, a, imb_base_name(b.name), {threads_arg(b, a), Apart::OwnComms});
}

// osu_latency_mt. One sender (OSU's -t T): rank 0's one thread makes T round trips per call of
// the peer's T threads, which each answer one, whichever message they take; every rank divides
// by the T round trips, so both report one round trip's half. Otherwise (-t T:T) thread k of
// rank 0 ping-pongs with thread k of rank 1 on tag + k.
void bind_latency_mt(BoundOp& b, const Args& a) {
  const int threads = threads_arg(b, a);
  if (a.integer("one_sender") == 0)
    return bind_threaded(b, a, "Latency", {threads, Apart::OwnTags});
  const bool sender = b.rank == 0;
  bind_threaded(b, a, "Latency", {sender ? 1 : threads, Apart::Not, sender ? threads : 1});
  if (!sender) b.divisor *= threads;
  b.iterations = static_cast<int>(a.integer("iterations"));  // per thread of the peer, as OSU's
}

}  // namespace metron::rt::ops
