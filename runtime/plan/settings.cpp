// Names of setting values, and the table of setting keys (documented in docs/language.md).
#include "runtime/plan/settings.h"

#include <fmt/format.h>

namespace metron {

std::string timer_name(TimerKind k) {
  switch (k) {
    case TimerKind::Wtime:
      return "wtime";
    case TimerKind::Monotonic:
      return "monotonic";
    case TimerKind::Rdtscp:
      return "rdtscp";
  }
  return "?";
}
std::string scheme_name(SchemeKind k) {
  switch (k) {
    case SchemeKind::PerCall:
      return "per_call";
    case SchemeKind::LoopMean:
      return "loop_mean";
    case SchemeKind::LoopBarrier:
      return "loop_barrier";
  }
  return "?";
}
std::string proc_sync_name(ProcSyncKind k) {
  switch (k) {
    case ProcSyncKind::None:
      return "none";
    case ProcSyncKind::Barrier:
      return "barrier";
    case ProcSyncKind::DoubleBarrier:
      return "double_barrier";
    case ProcSyncKind::Dissemination:
      return "dissemination";
    case ProcSyncKind::Window:
      return "window";
    case ProcSyncKind::RoundTime:
      return "roundtime";
  }
  return "?";
}
std::string runtime_name(RuntimeKind k) {
  return k == RuntimeKind::Local ? "local" : "global";
}
std::string outlier_name(OutlierKind k) {
  switch (k) {
    case OutlierKind::None:
      return "none";
    case OutlierKind::Tukey:
      return "tukey";
    case OutlierKind::Trimmed:
      return "trimmed";
  }
  return "?";
}
std::string clock_name(ClockKind k) {
  switch (k) {
    case ClockKind::None:
      return "none";
    case ClockKind::SkampiOffset:
      return "skampi";
    case ClockKind::NetgaugeOffset:
      return "netgauge";
    case ClockKind::JonesKoenig:
      return "jk";
    case ClockKind::Hca:
      return "hca";
    case ClockKind::Hca2:
      return "hca2";
    case ClockKind::Hca3:
      return "hca3";
  }
  return "?";
}
std::string refine_name(RefineKind k) {
  switch (k) {
    case RefineKind::Metron:
      return "metron";
    case RefineKind::Skampi:
      return "skampi";
    case RefineKind::Mpptest:
      return "mpptest";
  }
  return "?";
}

namespace {
std::string on_off(bool b) {
  return b ? "on" : "off";
}
std::string seconds_text(double s) {
  if (s != 0 && s < 1e-3) return fmt::format("{:.12g}us", s * 1e6);
  if (s != 0 && s < 1) return fmt::format("{:.12g}ms", s * 1e3);
  return fmt::format("{:.12g}s", s);
}
std::string bytes_text(std::int64_t b) {
  if (b >= (1 << 20) && b % (1 << 20) == 0) return fmt::format("{}MiB", b >> 20);
  if (b >= 1024 && b % 1024 == 0) return fmt::format("{}KiB", b >> 10);
  return std::to_string(b);
}
std::string percent_text(double f) {
  return fmt::format("{:.12g}%", f * 100);
}
std::string clock_text(const ClockSettings& c) {
  if (c.kind == ClockKind::None) return "none";
  return fmt::format("{}(fitpoints = {}, exchanges = {}, offset_only = {})", clock_name(c.kind),
                     c.fitpoints, c.exchanges, on_off(c.offset_only));
}
}  // namespace

std::string setting_value_text(const Settings& s, std::string_view key) {
  const SyncSettings& y = s.sync;
  if (key == "timer") return timer_name(s.timer);
  if (key == "scheme") return scheme_name(s.scheme);
  if (key == "sync") {
    if (y.kind == ProcSyncKind::Window)
      return fmt::format("window(size = {}, wait = {}, adaptive = {}, clock = {})",
                         seconds_text(y.window_s), seconds_text(y.wait_time_s), on_off(y.adaptive),
                         clock_text(y.clock));
    if (y.kind == ProcSyncKind::RoundTime)
      return fmt::format("roundtime(mult = {:.12g}, budget = {}, clock = {})", y.bcast_mult,
                         seconds_text(y.roundtime_budget_s), clock_text(y.clock));
    return proc_sync_name(y.kind);
  }
  if (key == "clock") return clock_text(y.clock);
  if (key == "resync") return seconds_text(y.clock.resync_every_s);
  if (key == "runtime") return runtime_name(s.runtime);
  if (key == "reps") return s.reps ? std::to_string(*s.reps) : "unset";
  if (key == "min_reps") return std::to_string(s.min_reps);
  if (key == "max_reps") return std::to_string(s.max_reps);
  if (key == "max_rse") return percent_text(s.max_rse);
  if (key == "max_time") return seconds_text(s.max_time_s);
  if (key == "warmup") return s.warmup_reps == kWarmupAuto ? "auto" : std::to_string(s.warmup_reps);
  if (key == "truncation") return s.truncation ? "mser5" : "none";
  if (key == "iterations") return std::to_string(s.loop_iterations);
  if (key == "batch") return fmt::format("{}({})", s.batch_schedule, s.batch_step);
  if (key == "outliers")
    return s.outliers == OutlierKind::Tukey ? fmt::format("tukey({:.12g})", s.tukey_k)
                                            : outlier_name(s.outliers);
  if (key == "buffer") return bytes_text(s.buffer_bytes);
  if (key == "buffer_cycling") return on_off(s.buffer_cycling);
  if (key == "send_alignment") return std::to_string(s.send_alignment);
  if (key == "recv_alignment") return std::to_string(s.recv_alignment);
  if (key == "cache_size") return bytes_text(s.cache_bytes);
  if (key == "verify") return on_off(s.verify);
  if (key == "raw_per_rank") return on_off(s.raw_per_rank);
  if (key == "refine") {
    const RefineSettings& r = s.refine;
    switch (r.kind) {
      case RefineKind::Metron:
        return fmt::format("metron(tolerance = {}, max_points = {}, max_time = {}, min_gap = {})",
                           percent_text(r.rel_tolerance), r.max_points, seconds_text(r.max_time_s),
                           r.min_gap);
      case RefineKind::Skampi:
        return fmt::format("skampi(factor = {:.12g})", r.factor);
      case RefineKind::Mpptest:
        return fmt::format("mpptest(autorel = {}, autodx = {})", percent_text(r.rel_tolerance),
                           r.min_gap);
    }
  }
  return {};
}

}  // namespace metron
