// The run manifest (DIR/manifest.json of `metron run`) as a typed record: its fields by name, one
// `LaunchRecord` per entry of "launches". This file's .cpp is the one place that converts it to
// and from JSON. Every field is optional: a key absent from a recorded manifest stays absent when
// it is written again, and a key this build does not know (from an older or newer Metron), or a
// known key whose value has another type, is kept as read in `extra` and written back unchanged.
// Sub-objects another module owns and writes (the design, the script's record, the scheduler,
// the limits, a deadline, a hang's record, the claims) stay JSON. No MPI.
#pragma once

#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "runtime/launcher/launch_plan.h"

namespace metron::launcher {

// A value or JSON null; as a field, std::optional<Nullable<T>> is absent, null or a value.
template <class T>
using Nullable = std::optional<T>;

// One attempt of a launch, in its entry's "attempts": when it ran, how it ended, and for a killed
// attempt kept for diagnosis, where it is.
struct AttemptRecord {
  std::optional<std::uint64_t> attempt;  // 1, 2, ...
  std::optional<std::string> started_at;
  std::optional<std::string> finished_at;
  std::optional<double> duration_s;
  std::optional<Nullable<std::int64_t>> exit_code;
  std::optional<Nullable<std::int64_t>> signal;
  std::optional<Nullable<std::string>> launch_status;
  std::optional<nlohmann::json> job_id;
  std::optional<nlohmann::json> timeout;    // hang_record, when it hung
  std::optional<std::int64_t> left_behind;  // processes killed after the child ended
  std::optional<std::string> status;
  std::optional<std::string> error;
  std::optional<std::string> note;
  std::optional<std::string> dir;          // "attempts/<id>-<attempt>": a killed attempt kept
  std::optional<std::string> stderr_file;  // key "stderr"
  std::optional<std::string> stderr_tail;
  nlohmann::json extra = nlohmann::json::object();  // as in LaunchRecord
  nlohmann::json numbers_as_read = nlohmann::json::object();
};

// A launch's entry in the run manifest's "launches" array: who the launch is, its deadline, and
// its latest attempt (every attempt is in `attempts`).
struct LaunchRecord {
  // Planned: who the launch is (launch_entry) and its deadline.
  std::optional<std::uint64_t> position;  // in the run order
  std::optional<std::int64_t> id;
  std::optional<std::int64_t> replicate;
  std::optional<std::int64_t> np;
  std::optional<std::map<std::string, std::string>> levels;         // factor -> level value
  std::optional<std::map<std::string, std::uint64_t>> level_index;  // factor -> level index
  std::optional<std::map<std::string, std::string>> env;            // variable -> value
  std::optional<std::string> dir;                                   // "launches/<id>"
  std::optional<std::string> status;  // pending, running, complete, failed, interrupted
  std::optional<double> deadline_s;
  std::optional<std::string> deadline_from;  // "option" or "plan"
  std::optional<nlohmann::json> deadline;    // deadline_json: how the plan's deadline adds up
  // The latest attempt.
  std::optional<std::vector<std::string>> argv;
  std::optional<std::string> started_at;
  std::optional<std::string> finished_at;
  std::optional<std::string> stdout_file;  // key "stdout"
  std::optional<std::string> stderr_file;  // key "stderr"
  std::optional<std::string> stderr_tail;
  std::optional<std::uint64_t> attempt;
  std::optional<nlohmann::json> job_id;  // the scheduler's job that ran it, or null
  std::optional<double> duration_s;
  std::optional<Nullable<std::int64_t>> exit_code;
  std::optional<Nullable<std::int64_t>> signal;
  std::optional<std::string> signal_of;  // "rank": a rank's signal, from the launcher's report
  std::optional<Nullable<std::string>> launch_status;  // the launch folder's own status
  std::optional<std::string> error;
  std::optional<std::string> note;
  std::optional<nlohmann::json> timeout;   // hang_record, when it hung
  std::optional<nlohmann::json> finalize;  // how MPI_Finalize ended after the data
  std::optional<std::vector<AttemptRecord>> attempts;
  std::optional<std::int64_t> retries;
  nlohmann::json extra = nlohmann::json::object();  // keys not above, or not of their type
  // Seconds written as integers (by hand): written back as integers while their value stays.
  nlohmann::json numbers_as_read = nlohmann::json::object();

  // A new attempt rewrites every known key: what `extra` holds of them goes.
  void forget_stale_keys();
};

struct RunManifest {
  std::optional<std::int64_t> run_schema_version;
  std::optional<nlohmann::json> metron;  // version and git commit
  std::optional<std::string> status;     // running, complete, failed, interrupted
  std::optional<std::string> started_at;
  std::optional<Nullable<std::string>> finished_at;
  std::optional<std::vector<std::string>> command;
  std::optional<nlohmann::json> script;  // script_json (script_copy.h)
  std::optional<std::uint64_t> seed;
  std::optional<std::uint64_t> launch_order_seed;
  std::optional<std::string> launcher;
  std::optional<bool> skip_unsupported;
  std::optional<nlohmann::json> settings_override;  // settings_json, or null
  std::optional<nlohmann::json> scheduler;          // rt::scheduler_context()
  std::optional<nlohmann::json> design;             // design_to_json
  std::optional<std::vector<std::int64_t>> order;   // launch ids in run order
  std::optional<nlohmann::json> limits;             // limits_json (run_state.h)
  std::optional<nlohmann::json> machine_warnings;
  std::optional<std::vector<LaunchRecord>> launches;  // in run order
  std::optional<bool> simulated;
  std::optional<std::int64_t> planned_replicates;
  std::optional<bool> planned_replicates_by_default;  // planned_replicates is run's --budget
  std::optional<nlohmann::json> simulation_limits;
  std::optional<std::string> replay_of;
  std::optional<std::vector<std::string>> replay_of_modified;
  std::optional<nlohmann::json> resumed;  // one {at, command, scheduler} per --resume
  std::optional<std::uint64_t> retried_launches;
  std::optional<nlohmann::json> merged;  // the merged launches and row counts
  std::optional<std::string> error;
  std::optional<nlohmann::json> claims;
  std::optional<nlohmann::json> replicates_auto;    // --replicates auto's rounds
  nlohmann::json extra = nlohmann::json::object();  // keys not above, or not of their type
  // Seconds written as integers (by hand): written back as integers while their value stays.
  nlohmann::json numbers_as_read = nlohmann::json::object();
};

// A record read from JSON that is not an object holds it in `extra`, and is written back as it was.
AttemptRecord attempt_record_from_json(const nlohmann::json& j);
nlohmann::json to_json(const AttemptRecord& r);
LaunchRecord launch_record_from_json(const nlohmann::json& j);
nlohmann::json to_json(const LaunchRecord& r);
RunManifest run_manifest_from_json(const nlohmann::json& j);
nlohmann::json to_json(const RunManifest& m);

// A launch's entry in the run manifest's "launches" array, status "pending".
LaunchRecord launch_entry(const Launch& l, std::size_t position);

// The value, or JSON null (absent or null), as a message shows it.
template <class T>
nlohmann::json or_null(const std::optional<Nullable<T>>& v) {
  return v && *v ? nlohmann::json(**v) : nlohmann::json(nullptr);
}

}  // namespace metron::launcher
