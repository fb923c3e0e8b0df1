// The launches in their order (see run_launches.h).
#include "runtime/launcher/run_launches.h"

#include <chrono>
#include <cstring>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "runtime/launcher/child_process.h"
#include "runtime/launcher/launch_attempt.h"
#include "runtime/launcher/progress.h"
#include "runtime/output/json_file.h"
#include "runtime/plan/diagnostics.h"

namespace metron::launcher {

namespace {

using json = nlohmann::json;
using out::read_json_file;

// A binding that did not take effect is said once, not only in a launch's stderr.txt.
bool note_binding_warning(const RunState& st, const Launch& l, ProgressPrinter& progress) {
  auto m = read_json_file(st.dir / "launches" / std::to_string(l.id) / "manifest.json");
  if (!m || !m->is_object() || !m->contains("system") || !(*m)["system"].is_object() ||
      !(*m)["system"].value("binding_warning", json()).is_string())
    return false;
  progress.note(
      message_line_of(Severity::Warning, (*m)["system"]["binding_warning"].get<std::string>()));
  return true;
}

// Why a launch failed, with the tail of its stderr.txt.
void note_failed_launch(const RunState& st, const Launch& l, const LaunchRecord& entry,
                        ProgressPrinter& progress) {
  const bool signalled = entry.signal && *entry.signal;
  const int sig = signalled ? static_cast<int>(**entry.signal) : 0;
  std::string why =
      entry.error                 ? *entry.error
      : entry.signal_of == "rank" ? message_text(DiagId::launch_rank_signal, sig, strsignal(sig))
      : !signalled ? message_text(DiagId::launch_ended_exit_code, or_null(entry.exit_code).dump())
                   : message_text(DiagId::launch_ended_signal, or_null(entry.signal).dump());
  std::string tail = entry.stderr_tail.value_or("");
  progress.note(message_line(DiagId::launch_failed, l.id, why,
                             (st.dir / entry.stderr_file.value_or("")).string(),
                             MultilineText{tail.empty() ? "" : ":\n"}, MultilineText{tail}));
}

}  // namespace

void run_launches(const RunOptions& o, RunState& st, const std::vector<Launch>& launches,
                  const std::vector<std::int64_t>& order) {
  ProgressPrinter progress(o.quiet);
  auto t0 = std::chrono::steady_clock::now();
  std::vector<double> durations;
  std::vector<LaunchRecord>& entries = *st.manifest.launches;
  // Launches left to run in this session (for the ETA): those whose folder is not complete.
  std::size_t to_run = 0;
  for (std::size_t i = 0; i < order.size(); ++i)
    if (launch_status_on_disk(st.dir / "launches" / std::to_string(order[i])) != "complete")
      ++to_run;
  std::size_t ran = 0;
  bool binding_warned = false;
  for (std::size_t i = 0; i < order.size() && !stop_requested(); ++i) {
    const Launch& l = launches[static_cast<std::size_t>(order[i])];
    LaunchRecord& entry = entries[i];
    if (o.resume &&
        launch_status_on_disk(st.dir / "launches" / std::to_string(l.id)) == "complete") {
      if (entry.status != "complete") entry.status = "complete";
      continue;
    }
    double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    progress.show(
        progress_line(i + 1, order.size(), l, elapsed, eta_seconds(durations, to_run - ran)));
    run_launch(st, l, entry, progress);
    ++ran;
    if (!st.write_error.empty()) break;  // the run manifest cannot be written: stop here
    if (!binding_warned) binding_warned = note_binding_warning(st, l, progress);
    if (entry.status == "complete") durations.push_back(entry.duration_s.value_or(0.0));
    if (entry.status == "failed") note_failed_launch(st, l, entry, progress);
    if (entry.status == "complete" && entry.note)
      progress.note(message_line_of(Severity::Status, *entry.note));
  }
  progress.end_line();
}

}  // namespace metron::launcher
