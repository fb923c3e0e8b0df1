// Names of setting values and how setting values are written.
#include "runtime/plan/settings.h"

#include <fmt/format.h>

#include "runtime/plan/setting_table.h"

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
std::string noisy_job_name(NoisyJobKind k) {
  switch (k) {
    case NoisyJobKind::Flag:
      return "flag";
    case NoisyJobKind::Remeasure:
      return "remeasure";
    case NoisyJobKind::Fail:
      return "fail";
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
    case ClockKind::Topo2:
      return "topo2";
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
  if (c.kind == ClockKind::Topo2)
    return fmt::format("topo2(inter = {}, intra = {}, fitpoints = {}, exchanges = {})",
                       c.topo_inter, c.topo_intra, c.fitpoints, c.exchanges);
  return fmt::format("{}(fitpoints = {}, exchanges = {}, offset_only = {})", clock_name(c.kind),
                     c.fitpoints, c.exchanges, on_off(c.offset_only));
}
std::string setting_value_text(const Settings& s, std::string_view key) {
  const SettingInfo* info = find_setting(key);
  return info ? info->text(s) : std::string();
}

}  // namespace metron
