// JobRunner: binding, sync set-up, and the one switch that picks the scheme and timer instance.
#include "runtime/measure/job_runner.h"

#include <fmt/format.h>

#include <cstdlib>
#include <new>
#include <stdexcept>

#include "runtime/ops/error_agreement.h"
#include "runtime/plan/diagnostics.h"
#include "runtime/plan/measure_funcs.h"
#include "runtime/plan/message_error.h"
#include "runtime/procsync/barrier.h"
#include "runtime/schemes/scheme.h"
#include "runtime/test_hooks.h"
#include "runtime/timers/timer.h"
#include "runtime/timers/tsc.h"

namespace metron::rt {

void Observations::reserve(std::int64_t n) {
  start_s.reserve(static_cast<std::size_t>(n));
  end_s.reserve(static_cast<std::size_t>(n));
  valid.reserve(static_cast<std::size_t>(n));
}

void Observations::clear() {
  start_s.clear();
  end_s.clear();
  valid.clear();
}

namespace {

int world_rank() {
  int r = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &r);
  return r;
}

bool is_barrier_kind(ProcSyncKind k) {
  return k == ProcSyncKind::None || k == ProcSyncKind::Barrier ||
         k == ProcSyncKind::DoubleBarrier || k == ProcSyncKind::Dissemination;
}

}  // namespace

JobRunner::JobRunner(const Job& job, MPI_Comm job_comm, const Settings& settings,
                     SyncFactory sync_factory)
    : settings_(settings), comm_(job_comm) {
  if (job_comm == MPI_COMM_NULL) throw_message(DiagId::bug_no_job_comm);
  if (settings_.loop_iterations < 1)
    throw_message(DiagId::job_loop_iterations, settings_.loop_iterations);
  if (!sync_factory && !is_barrier_kind(settings_.sync.kind))
    throw_message(DiagId::bug_sync_not_provided, proc_sync_name(settings_.sync.kind));
  if (settings_.timer == TimerKind::Rdtscp) {
    if (!tsc_available()) throw_message(DiagId::job_rdtscp_unavailable);
    tsc_frequency();  // fixes RdtscpTimer::seconds_per_tick before any loop
    for (std::string& w : tsc_warnings()) warnings_.push_back(std::move(w));
  }

  MPI_Comm_set_errhandler(job_comm, MPI_ERRORS_RETURN);
  // Checks of the call throw alike on every rank, but memory can run out on one rank only: the
  // ranks agree before the collective set-up below, or the others would wait there forever.
  std::string bind_error;
  try {
    if (test_hook_number(TestHook::AllocFailRank, -1) == world_rank()) throw std::bad_alloc();
    op_ = bind_op(job.op, group_comm(job, job_comm), settings_);
  } catch (const std::bad_alloc&) {
    bind_error = message_text(DiagId::job_out_of_memory, world_rank(), job.op.func->name,
                              settings_.buffer_bytes);
  } catch (const std::exception& e) {
    bind_error = e.what();
  }
  // A loop scheme times calls back to back: no room for a per-observation set-up outside the
  // timed region. The same answer on every rank (bind_op has succeeded everywhere or thrown).
  if (bind_error.empty() && op_.per_observation_setup() && settings_.scheme != SchemeKind::PerCall)
    bind_error = message_text(DiagId::job_needs_per_call, job.op.func->name);
  if (bind_error.empty() && op_.threaded && settings_.scheme == SchemeKind::LoopBarrier)
    bind_error = message_text(DiagId::job_threads_need_loop, job.op.func->name);
  bind_error = agree_on_error(job_comm, bind_error);
  if (!bind_error.empty()) throw std::runtime_error(bind_error);
  // Collective set-up of the operation (the overlap calibration), now that every rank has bound.
  op_.prepare();
  if (op_.error != MPI_SUCCESS)
    bind_error = message_text(DiagId::job_calibration_mpi_error, job.op.func->name,
                              mpi_error_text(op_.error));
  op_.error = MPI_SUCCESS;
  bind_error = agree_on_error(job_comm, bind_error);
  if (!bind_error.empty()) throw std::runtime_error(bind_error);

  // The sync exchanges its own messages (the dissemination barrier's tokens) on a duplicate,
  // where no operation's receive (e.g. MPI_ANY_TAG) can take them.
  MPI_Comm_dup(job_comm, &sync_comm_);
  sync_ = sync_factory ? sync_factory(sync_comm_, settings_)
                       : make_barrier_sync(settings_.sync.kind, sync_comm_);
  if (!sync_) {
    MPI_Comm_free(&sync_comm_);
    throw_message(DiagId::bug_sync_not_set_up, proc_sync_name(settings_.sync.kind));
  }
  loop_barrier_ = dynamic_cast<BarrierSync*>(sync_.get());
  if (!loop_barrier_) {
    own_barrier_ = std::make_unique<MpiBarrier>(sync_comm_);
    loop_barrier_ = own_barrier_.get();
  }

  if (settings_.buffer_cycling && op_.buf.cycle_bytes() > 0 &&
      op_.buf.cycle_bytes() < settings_.cache_bytes)
    warnings_.push_back("buffer cycling walks " + std::to_string(op_.buf.cycle_bytes()) +
                        " bytes, less than cache_bytes (" + std::to_string(settings_.cache_bytes) +
                        "): the cache may stay warm");
}

JobRunner::~JobRunner() {
  op_.release();
  sync_.reset();
  own_barrier_.reset();
  if (sync_comm_ != MPI_COMM_NULL) MPI_Comm_free(&sync_comm_);
  if (group_comm_ != MPI_COMM_NULL) MPI_Comm_free(&group_comm_);
}

// `set multi = on` (IMB's -multi): job_comm holds every group, n = job.comm.size consecutive
// ranks each, and the operation runs on this rank's group alone; the job communicator as it is
// otherwise. Collective over job_comm.
MPI_Comm JobRunner::group_comm(const Job& job, MPI_Comm job_comm) {
  int rank = 0, size = 1;
  MPI_Comm_rank(job_comm, &rank);
  MPI_Comm_size(job_comm, &size);
  const int n = job.comm.size;
  if (!settings_.multi || n < 1 || n >= size) return job_comm;
  MPI_Comm_split(job_comm, rank / n, rank, &group_comm_);
  MPI_Comm_set_errhandler(group_comm_, MPI_ERRORS_RETURN);
  return group_comm_;
}

std::int64_t JobRunner::ops_per_observation() const {
  const std::int64_t loop = settings_.scheme == SchemeKind::PerCall ? 1 : settings_.loop_iterations;
  return loop * op_.divisor;
}

void JobRunner::run(std::int64_t n, double* start_s, double* end_s, std::uint8_t* valid) {
  SchemeRun r;
  r.op = &op_;
  r.sync = sync_.get();
  r.loop_barrier = loop_barrier_;
  r.first_index = next_index_;
  r.n = n;
  r.loop_iterations = settings_.loop_iterations;
  r.stamps_start = &stamps_start_;
  r.stamps_end = &stamps_end_;
  r.valid_scratch = &valid_scratch_;
  r.start_s = start_s;
  r.end_s = end_s;
  r.valid = valid;
  // The one switch: scheme x timer picks the template instance; the loop has no branch.
  with_timer(settings_.timer, [&](auto timer) {
    using T = decltype(timer);
    if (op_.threaded) {
      run_threaded<T>(r, settings_.scheme == SchemeKind::PerCall ? 1 : settings_.loop_iterations);
      return;
    }
    switch (settings_.scheme) {
      case SchemeKind::PerCall:
        run_per_call<T>(r);
        break;
      case SchemeKind::LoopMean:
        run_loop_mean<T>(r);
        break;
      case SchemeKind::LoopBarrier:
        run_loop_barrier<T>(r);
        break;
    }
  });
  next_index_ += n;
}

void JobRunner::check_errors() {
  std::string local;
  if (op_.error != MPI_SUCCESS)
    local = message_text(DiagId::job_mpi_error, op_.name, op_.rank, mpi_error_text(op_.error));
  else if (sync_->error() != MPI_SUCCESS)
    local = message_text(DiagId::job_sync_failed, sync_->name(), op_.rank,
                         mpi_error_text(sync_->error()));
  else if (own_barrier_ && own_barrier_->error() != MPI_SUCCESS)
    local = message_text(DiagId::job_loop_barrier_failed, op_.rank,
                         mpi_error_text(own_barrier_->error()));
  op_.error = MPI_SUCCESS;
  sync_->clear_error();
  if (own_barrier_) own_barrier_->clear_error();
  const std::string msg = agree_on_error(comm_, local);
  if (!msg.empty()) throw std::runtime_error(msg);
}

void JobRunner::run_untimed(std::int64_t n) {
  if (n <= 0) return;
  std::vector<double> s(static_cast<std::size_t>(n)), e(static_cast<std::size_t>(n));
  std::vector<std::uint8_t> v(static_cast<std::size_t>(n));
  run(n, s.data(), e.data(), v.data());
  check_errors();
}

void JobRunner::warmup(std::int64_t n) {
  run_untimed(n);
  next_index_ = 0;
  op_.restart();
}

void JobRunner::run_batch(std::int64_t n, Observations& out) {
  if (n <= 0) return;
  const std::size_t old = out.size();
  const std::size_t total = old + static_cast<std::size_t>(n);
  out.start_s.resize(total);
  out.end_s.resize(total);
  out.valid.resize(total);
  run(n, out.start_s.data() + old, out.end_s.data() + old, out.valid.data() + old);
  check_errors();
}

std::optional<std::string> JobRunner::verify() {
  return verify_op(op_);
}

}  // namespace metron::rt
