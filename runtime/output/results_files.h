// The results folder of one launch: raw.csv, summary.csv, raw_ranks.csv and raw_attempts.csv
// (optional), manifest.json and results.sko. Columns are documented in docs/output.md; the writers
// only format records.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "runtime/output/csv_writer.h"
#include "runtime/output/sko_writer.h"
#include "runtime/plan/plan.h"
#include "runtime/results/job_result.h"
#include "runtime/results/job_summary.h"

namespace metron::out {

inline constexpr int kOutputSchemaVersion = 1;

class ResultsFiles {
 public:
  // Creates dir if needed and opens the CSV files, writing their headers. The plan's loop
  // variables get one column each; a simulated launch's rows get a "simulated" column.
  bool open(const std::string& dir, const Plan& plan, bool per_rank, bool simulated,
            std::string& error);
  // Appends the job's rows and syncs them; the measurements it superseded go to
  // raw_attempts.csv (opened when the first one comes). False with `error` set when a file
  // cannot be written (a full disk): the job's rows are then cut off again, so every file ends
  // with the previous job's last whole row.
  bool write_job(const rt::JobResult& r, const rt::JobSummary& s,
                 const std::vector<rt::SupersededAttempt>& superseded, std::string& error);
  // manifest.json, written atomically (temp file + rename) so a reader never sees half of it.
  bool write_manifest(const nlohmann::json& manifest);
  bool write_manifest_text(const std::string& text);  // already rendered JSON
  // After a write failed: the final manifest, written in place of the old one if there is no
  // room for a second copy (docs/output.md).
  bool write_manifest_last(const nlohmann::json& manifest);
  const std::string& dir() const { return dir_; }
  // results.sko (SKaMPI's format) of every job written so far; at the end of the launch.
  bool write_sko(const Plan& plan, const std::string& started, const std::string& finished,
                 double duration_s) const;

 private:
  void common_fields(CsvWriter& w, const rt::JobResult& r);
  void observation_rows(CsvWriter& w, const rt::JobResult& r, bool attempt);
  bool write_superseded(const std::vector<rt::SupersededAttempt>& superseded, std::string& error);
  std::string dir_;
  std::vector<std::string> factor_names_;
  bool simulated_ = false;
  bool guidelines_ = false;  // the plan has `expect` jobs: summary.csv gets the guideline columns
  CsvWriter raw_, summary_, ranks_, attempts_;
  SkoWriter sko_;
};

std::vector<std::string> factor_columns(const Plan& plan);

}  // namespace metron::out
