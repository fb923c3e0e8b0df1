// Names of setting values, and the table of setting keys (documented in docs/language.md).
#include "interpreter/settings.h"

namespace metron {

std::string timer_name(TimerKind k) {
  switch (k) {
    case TimerKind::Wtime: return "wtime";
    case TimerKind::Monotonic: return "monotonic";
    case TimerKind::Rdtscp: return "rdtscp";
  }
  return "?";
}
std::string scheme_name(SchemeKind k) {
  switch (k) {
    case SchemeKind::PerCall: return "per_call";
    case SchemeKind::LoopMean: return "loop_mean";
    case SchemeKind::LoopBarrier: return "loop_barrier";
  }
  return "?";
}
std::string proc_sync_name(ProcSyncKind k) {
  switch (k) {
    case ProcSyncKind::None: return "none";
    case ProcSyncKind::Barrier: return "barrier";
    case ProcSyncKind::DoubleBarrier: return "double_barrier";
    case ProcSyncKind::Dissemination: return "dissemination";
    case ProcSyncKind::Window: return "window";
    case ProcSyncKind::RoundTime: return "roundtime";
  }
  return "?";
}
std::string runtime_name(RuntimeKind k) { return k == RuntimeKind::Local ? "local" : "global"; }
std::string outlier_name(OutlierKind k) {
  switch (k) {
    case OutlierKind::None: return "none";
    case OutlierKind::Tukey: return "tukey";
    case OutlierKind::Trimmed: return "trimmed";
  }
  return "?";
}
std::string clock_name(ClockKind k) {
  switch (k) {
    case ClockKind::None: return "none";
    case ClockKind::SkampiOffset: return "skampi";
    case ClockKind::NetgaugeOffset: return "netgauge";
    case ClockKind::JonesKoenig: return "jk";
    case ClockKind::Hca: return "hca";
    case ClockKind::Hca2: return "hca2";
    case ClockKind::Hca3: return "hca3";
  }
  return "?";
}
std::string refine_name(RefineKind k) {
  switch (k) {
    case RefineKind::Metron: return "metron";
    case RefineKind::Skampi: return "skampi";
    case RefineKind::Mpptest: return "mpptest";
  }
  return "?";
}

}  // namespace metron
