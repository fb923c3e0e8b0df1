// The merge of a run's complete launches (see run_merge.h).
#include "runtime/launcher/run_merge.h"

#include <algorithm>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "runtime/analysis/startup_summary.h"
#include "runtime/launcher/launch_check.h"
#include "runtime/launcher/resume_checks.h"
#include "runtime/output/json_file.h"
#include "runtime/output/manifest.h"
#include "runtime/plan/diagnostics.h"
#include "runtime/plan/exit_codes.h"

namespace metron::launcher {

namespace {

namespace fs = std::filesystem;
using json = nlohmann::json;
using out::read_json_file;
using out::utc_now_iso8601;

// startup.csv and startup_summary.csv: the time of MPI_Init and of the first barrier in every
// launch that recorded them (a simulated one does not), and their medians across the launches.
int merge_startup_times(RunState& st, const std::vector<MergeSource>& sources,
                        const std::vector<std::string>& factor_names, json& merge) {
  std::vector<analysis::StartupLaunch> launches;
  for (const auto& s : sources) {
    const auto m = read_json_file(fs::path(s.dir) / "manifest.json");
    auto l = m ? analysis::startup_from_manifest(*m) : std::nullopt;
    if (!l) continue;
    l->launch = s.launch;
    l->replicate = s.replicate;
    l->factors = s.factors;
    launches.push_back(std::move(*l));
  }
  if (launches.empty()) return kExitOk;
  std::string err;
  if (!analysis::write_startup_files(launches, factor_names, st.dir.string(), err)) {
    print_error(err);
    st.manifest.error = err;
    return kExitIo;
  }
  merge["startup_rows"] = launches.size();
  st.startup = analysis::summarize_startup(launches);
  return kExitOk;
}

// Merges raw.csv, summary.csv, (where every launch has one) raw_ranks.csv and (those launches
// that have one) raw_attempts.csv into the run folder; the row counts go into `merge`. kExitIo
// with the error recorded if one cannot be.
int merge_launch_files(RunState& st, const std::vector<MergeSource>& sources, json& merge) {
  std::vector<std::string> factor_names;
  for (const auto& f : st.manifest.design.value_or(json::object()).value("factors", json::array()))
    factor_names.push_back(f.value("name", ""));
  std::string err;
  for (const char* file : {"raw.csv", "summary.csv", "raw_ranks.csv", "raw_attempts.csv"}) {
    // raw.csv and summary.csv are in every launch (check_launch_folder); raw_ranks.csv is
    // in those whose plans record per-rank times; raw_attempts.csv in those that measured a job
    // again under contention.
    std::vector<MergeSource> have;
    for (const auto& s : sources)
      if (fs::exists(fs::path(s.dir) / file)) have.push_back(s);
    if (have.size() < sources.size() && std::string(file) == "raw_ranks.csv") continue;
    if (have.empty() && std::string(file) == "raw_attempts.csv") continue;
    long long rows = merge_csv(have, factor_names, file, st.dir.string(), err);
    if (rows < 0) {
      print_error(err);
      st.manifest.error = err;
      return kExitIo;
    }
    merge[std::string(file).substr(0, std::string(file).find('.')) + "_rows"] = rows;
  }
  return merge_startup_times(st, sources, factor_names, merge);
}

}  // namespace

int complete_launches(RunState& st, const std::vector<Launch>& launches,
                      std::vector<MergeSource>& sources) {
  for (const auto& l : launches) {
    fs::path ldir = st.dir / "launches" / std::to_string(l.id);
    if (launch_status_on_disk(ldir) != "complete") continue;
    if (std::find(st.checked.begin(), st.checked.end(), l.id) == st.checked.end()) {
      const LaunchIdentity id = launch_identity(l, st.manifest);
      if (std::string bad = check_launch_folder(ldir.string(), &id); !bad.empty()) {
        print_error(bad);
        // Launches not checked before they ran were run now: their identity came from the
        // template's placeholders.
        if (launch_of_other_identity(ldir.string(), id))
          print_message(DiagId::launch_identity_from_template);
        st.manifest.status = "failed";
        st.manifest.error = bad;
        st.manifest.finished_at = utc_now_iso8601();
        save_manifest(st);
        return kExitIo;
      }
    }
    MergeSource s;
    s.dir = ldir.string();
    s.launch = l.id;
    s.replicate = l.replicate;
    for (const auto& lv : l.levels) s.factors.emplace_back(lv.factor, lv.value);
    sources.push_back(std::move(s));
  }
  return kExitOk;
}

int merge_run(RunState& st, const std::vector<MergeSource>& sources, std::size_t planned,
              RunOutcome& outcome) {
  std::vector<std::int64_t> merged;
  for (const MergeSource& s : sources) merged.push_back(s.launch);
  outcome.complete = sources.size();
  outcome.failed = planned - sources.size();
  for (const LaunchRecord& e : *st.manifest.launches)
    if (e.retries.value_or(0) > 0) ++outcome.retried;
  st.manifest.retried_launches = outcome.retried;
  json merge = {{"launches", merged}};
  int exit_code = outcome.failed == 0 ? kExitOk : kExitRuntime;
  if (!sources.empty() && merge_launch_files(st, sources, merge) != kExitOk) exit_code = kExitIo;
  st.manifest.merged = merge;
  outcome.startup = st.startup;
  st.manifest.status = outcome.failed == 0 && exit_code != kExitIo ? "complete" : "failed";
  return exit_code;
}

}  // namespace metron::launcher
