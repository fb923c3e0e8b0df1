// The end of a run (see run_end.h).
#include "runtime/launcher/run_end.h"

#include <cerrno>
#include <cstring>

#include "runtime/output/json_file.h"
#include "runtime/output/manifest.h"
#include "runtime/plan/diagnostics.h"
#include "runtime/plan/exit_codes.h"

namespace metron::launcher {

namespace {

using out::utc_now_iso8601;

}  // namespace

int end_on_write_error(RunState& st) {
  print_error(st.write_error);
  st.manifest.status = "failed";
  st.manifest.error = st.write_error;
  st.manifest.finished_at = utc_now_iso8601();
  if (!write_run_manifest(st))
    out::write_json_in_place(st.dir / "manifest.json", to_json(st.manifest));
  return kExitIo;
}

int end_on_stop_signal(RunState& st, RunOutcome& outcome, int sig) {
  st.manifest.status = "interrupted";
  st.manifest.finished_at = utc_now_iso8601();
  write_run_manifest(st);
  outcome.interrupted = true;
  print_message(DiagId::run_interrupted, st.dir.string());
  return 128 + sig;
}

int end_run(RunState& st, const RunOutcome& outcome, std::size_t planned) {
  st.manifest.finished_at = utc_now_iso8601();
  if (!write_run_manifest(st)) {
    const int e = errno;
    print_message(DiagId::cannot_write_file_why, (st.dir / "manifest.json").string(),
                  std::strerror(e));
    // A full disk: in place.
    out::write_json_in_place(st.dir / "manifest.json", to_json(st.manifest));
    return kExitIo;
  }
  if (outcome.failed > 0)
    print_message(DiagId::launches_failed, outcome.failed, planned,
                  (st.dir / "manifest.json").string());
  return kExitOk;
}

}  // namespace metron::launcher
