// Synthetic: an operation with a known duration and no communication, for deterministic
// end-to-end tests of schemes, statistics and stopping rules. Rank r of p busy-waits on
// CLOCK_MONOTONIC for
//   time * (1 + imbalance * r / (p - 1))                  (p = 1: time)
//   + u * noise * time,  u uniform in [0, 1) from (seed, r, observation index)
//   + delay  on rank delay_rank, every delay_every-th observation (1-based: the k-th with
//            k % delay_every == 0)
// all multiplied by transient_factor for the first `transient` observations of Synthetic in the
// process (counted across jobs, warm-up included, never reset): a programmed start-up transient
// like MPICH's first Bcast calls, for the tests of the warm-up and the truncation. With
// transient_sync = 1 the transient's clock counts only observations that followed a process sync
// (rt::g_sync_points moved), and only such observations are slowed: a transient that exists only
// under per-observation sync, which calls run back to back never end
// (tests/e2e/warmup_sync_transient.sh: the warm-up must run the measured loop, sync included).
// Whether the next observation follows a sync is judged by the one that just ended. The wait of the
// next observation is computed by advance(), outside the timed region; call() only spins until the
// deadline.
#include <time.h>

#include <cmath>

#include "runtime/ops/op_impl.h"
#include "runtime/procsync/proc_sync.h"

namespace metron::rt::ops {

namespace {

// Synthetic observations this process has run (the transient's clock), and those of them that
// followed a process sync (the clock of transient_sync = 1).
std::int64_t g_observations = 0;
std::int64_t g_synced_observations = 0;

std::int64_t mono_ns() {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<std::int64_t>(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

void call_synthetic(BoundOp& b) noexcept {
  const std::int64_t deadline = mono_ns() + b.wait_ns;
  while (mono_ns() < deadline) {
  }
}

// SplitMix64 (Steele, Lea, Flood 2014): a stateless hash of (seed, rank, index) so that every
// observation's noise is reproducible on its own, whatever ran before it.
std::uint64_t splitmix64(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

double uniform01(std::uint64_t seed, int rank, std::int64_t index) {
  const std::uint64_t h =
      splitmix64(splitmix64(splitmix64(seed) ^ static_cast<std::uint64_t>(rank)) ^
                 static_cast<std::uint64_t>(index));
  return static_cast<double>(h >> 11) * 0x1.0p-53;  // 53 random bits -> [0, 1)
}

double nonneg_seconds(const BoundOp& b, const Value& v, std::string_view param) {
  const double s = v.as_seconds();
  if (!(s >= 0)) bind_error(b, DiagId::job_param_negative, param);
  return s;
}

}  // namespace

void synthetic_prepare_next(BoundOp& b) noexcept {
  const BoundOp::Synthetic& s = b.synth;
  double wait = s.base_s;
  if (s.noise_s > 0) wait += uniform01(s.seed, b.rank, s.rep) * s.noise_s;
  if (b.rank == s.delay_rank && (s.rep + 1) % s.delay_every == 0) wait += s.delay_s;
  const bool in_transient = s.transient_sync ? s.last_synced && g_synced_observations < s.transient
                                             : g_observations < s.transient;
  if (in_transient) wait *= s.transient_factor;
  b.wait_ns = std::llround(wait * 1e9);
}

void synthetic_advance(BoundOp& b) noexcept {
  BoundOp::Synthetic& s = b.synth;
  ++s.rep;
  ++g_observations;
  s.last_synced = g_sync_points != s.sync_seen;
  s.sync_seen = g_sync_points;
  if (s.last_synced) ++g_synced_observations;
  synthetic_prepare_next(b);
}

// (count, time, datatype, imbalance, noise, seed, delay_rank, delay, delay_every, transient,
//  transient_factor, transient_sync)
void bind_synthetic(BoundOp& b, const Args& a) {
  b.send_count = int_count(a, "count");
  b.send_dt = b.recv_dt = a.type("datatype");
  const double time = a.seconds("time");
  const double imbalance = a.fraction("imbalance");
  const double noise = a.fraction("noise");
  if (imbalance < 0 || noise < 0) bind_error(b, DiagId::job_synthetic_negative_factors);
  BoundOp::Synthetic& s = b.synth;
  s.base_s = b.size > 1 ? time * (1 + imbalance * b.rank / (b.size - 1)) : time;
  s.noise_s = noise * time;
  s.seed = static_cast<std::uint64_t>(a.integer("seed"));
  s.delay_rank = static_cast<int>(a.integer("delay_rank"));
  s.delay_s = nonneg_seconds(b, a.value("delay"), "delay");
  s.delay_every = a.integer("delay_every");
  if (s.delay_every < 1) bind_error(b, DiagId::job_param_below_one, "delay_every", s.delay_every);
  s.transient = a.integer("transient");
  s.transient_factor = a.number("transient_factor");
  if (s.transient < 0) bind_error(b, DiagId::job_param_negative, "transient");
  if (!(s.transient_factor > 0))
    bind_error(b, DiagId::job_param_not_positive, "transient_factor", s.transient_factor);
  s.transient_sync = a.integer("transient_sync") != 0;
  s.sync_seen = g_sync_points;
  s.last_synced = false;
  s.rep = 0;
  b.is_synthetic = true;
  b.call_fn = call_synthetic;
  synthetic_prepare_next(b);
}

}  // namespace metron::rt::ops
