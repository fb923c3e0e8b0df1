// Writers for raw.csv, raw_ranks.csv, summary.csv and manifest.json.
#include "runtime/output/results_files.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <limits>

#include "runtime/output/json_file.h"
#include "runtime/output/result_cells.h"
#include "runtime/plan/diagnostics.h"
#include "runtime/results/result_columns.h"

namespace metron::out {

std::vector<std::string> factor_columns(const Plan& plan) {
  std::vector<std::string> names;
  for (const auto& j : plan.jobs)
    for (const auto& [k, v] : j.factors)
      if (std::find(names.begin(), names.end(), k) == names.end()) names.push_back(k);
  return names;  // written as var_<name> columns (docs/output.md)
}

namespace {

// The columns of a list of the table (result_columns.h), as the CSV header takes them.
template <std::size_t N>
std::vector<std::string> names(const std::string_view (&list)[N]) {
  return std::vector<std::string>(std::begin(list), std::end(list));
}

}  // namespace

bool ResultsFiles::open(const std::string& dir, const Plan& plan, bool per_rank, bool simulated,
                        std::string& error) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) {
    error = message_text(DiagId::cannot_create_folder, dir, ec.message());
    return false;
  }
  dir_ = dir;
  simulated_ = simulated;
  factor_names_ = factor_columns(plan);
  auto cols = [&](std::vector<std::string> tail) {
    std::vector<std::string> c = names(col::kJobColumns);
    // Loop variables get a prefix: SKaMPI scripts call theirs `count`, a fixed column too.
    for (const auto& f : factor_names_) c.push_back(std::string(col::kVarPrefix) + f);
    c.insert(c.end(), tail.begin(), tail.end());
    return c;
  };
  if (!raw_.open(dir + "/raw.csv") || !summary_.open(dir + "/summary.csv")) {
    error = message_text(DiagId::cannot_write_into_folder, dir);
    return false;
  }
  // A simulated launch's rows carry `simulated` = 1, last, so that a CSV file taken out of its
  // folder still says so; measured folders keep their columns (docs/output.md).
  std::vector<std::string> raw_cols = cols(names(col::kObservationColumns));
  if (simulated_) raw_cols.push_back("simulated");
  raw_.header(raw_cols);
  // Only plans with `expect` get the guideline columns, so that other folders keep theirs.
  guidelines_ = std::any_of(plan.jobs.begin(), plan.jobs.end(),
                            [](const Job& j) { return !j.guideline.empty(); });
  std::vector<std::string> guideline_cols;
  if (guidelines_)
    guideline_cols = {"guideline", "guideline_side", "guideline_factor", "guideline_check"};
  // The table's columns; new ones are appended, so that readers by position keep working.
  std::vector<std::string> summary_cols = cols(names(col::kSummaryColumns));
  // Only for plans with `expect`, after every other column.
  summary_cols.insert(summary_cols.end(), guideline_cols.begin(), guideline_cols.end());
  if (simulated_) summary_cols.push_back("simulated");
  summary_.header(summary_cols);

  // Headers only: the first job's rows are synced with them, and a launch that ends before its
  // first job loses nothing to a crash of the machine (an fsync here was a millisecond of every
  // launch's start).
  raw_.flush(false);
  summary_.flush(false);
  if (per_rank) {
    if (!ranks_.open(dir + "/raw_ranks.csv")) {
      error = message_text(DiagId::cannot_write_into_folder, dir);
      return false;
    }
    ranks_.header({col::launch, col::job, col::rep, "rank", "world_rank", col::time_s});
    ranks_.flush(false);
  }
  for (CsvWriter* w : {&raw_, &summary_, &ranks_})
    if (!w->ok()) {
      error = message_text(DiagId::cannot_write_file_why, w->path(), w->error());
      return false;
    }
  for (CsvWriter* w : {&raw_, &summary_, &ranks_})
    if (w->is_open()) w->commit();  // the headers stay when a job's rows are cut off
  return true;
}

void ResultsFiles::common_fields(CsvWriter& w, const rt::JobResult& r) {
#define JOB_COLUMN(name, type, value) cell(w, kind::type{}, rt::job_column::name(r));
#include "runtime/results/result_fields.def"
  const Job& j = *r.job;
  for (const auto& name : factor_names_) {
    std::string text;
    for (const auto& [k, v] : j.factors)
      if (k == name) text = to_cell(v);
    w.field(text);
  }
}

// One row per observation: raw.csv's, or raw_attempts.csv's with the measurement's number.
void ResultsFiles::observation_rows(CsvWriter& w, const rt::JobResult& r, bool attempt) {
  for (std::size_t i = 0; i < r.time_s.size(); ++i) {
    common_fields(w, r);
    if (attempt) w.field(r.attempt);
#define OBSERVATION_COLUMN(name, type, value) cell(w, kind::type{}, rt::observation::name(r, i));
#include "runtime/results/result_fields.def"
    if (simulated_) w.field(true);
    w.end_row();
  }
}

// raw_attempts.csv: raw.csv's columns with `attempt` before the observation's; opened, with its
// header, when a job first supersedes a measurement.
bool ResultsFiles::write_superseded(const std::vector<rt::SupersededAttempt>& superseded,
                                    std::string& error) {
  if (superseded.empty()) return true;
  if (!attempts_.is_open()) {
    if (!attempts_.open(dir_ + "/raw_attempts.csv")) {
      error = message_text(DiagId::cannot_write_into_folder, dir_);
      return false;
    }
    std::vector<std::string> cols = names(col::kJobColumns);
    for (const auto& f : factor_names_) cols.push_back(std::string(col::kVarPrefix) + f);
    cols.push_back(col::attempt);
    for (std::string_view c : col::kObservationColumns) cols.emplace_back(c);
    if (simulated_) cols.push_back("simulated");
    attempts_.header(cols);
    attempts_.flush(false);
    if (!attempts_.commit()) {
      error = message_text(DiagId::cannot_write_file_why, attempts_.path(), attempts_.error());
      return false;
    }
  }
  for (const rt::SupersededAttempt& a : superseded) observation_rows(attempts_, *a.result, true);
  attempts_.flush();
  return true;
}

bool ResultsFiles::write_job(const rt::JobResult& r, const rt::JobSummary& s,
                             const std::vector<rt::SupersededAttempt>& superseded,
                             std::string& error) {
  if (!write_superseded(superseded, error)) return false;
  observation_rows(raw_, r, false);
  common_fields(summary_, r);
#define METRON_CSV_Csv(name, type) cell(summary_, kind::type{}, rt::field::name(r, s));
#define METRON_CSV_NoCsv(name, type)
#define RESULT_FIELD(name, type, csv, value, manifest, when, reduction) METRON_CSV_##csv(name, type)
#include "runtime/results/result_fields.def"
#undef METRON_CSV_Csv
#undef METRON_CSV_NoCsv
  if (guidelines_) {
    const Job& j = *r.job;
    summary_.field(j.guideline).field(j.guideline_side);
    if (j.guideline.empty())
      summary_.field(std::string_view()).field(std::string_view());
    else
      summary_.field(j.guideline_factor).field(j.guideline_check);
  }
  if (simulated_) summary_.field(true);
  summary_.end_row();
  if (ranks_.is_open() && !r.world_ranks.empty()) {
    // Every measuring rank: with `set multi = on` the ranks of all groups, not one group's.
    const std::size_t p = r.world_ranks.size();
    for (std::size_t i = 0; i * p < r.rank_time_s.size(); ++i)
      for (std::size_t k = 0; k < p; ++k) {
        ranks_.field(r.launch).field(r.job->id).field(static_cast<std::int64_t>(i));
        ranks_.field(static_cast<std::int64_t>(k)).field(r.world_ranks[k]);
        ranks_.field(r.rank_time_s[i * p + k]);
        ranks_.end_row();
      }
    ranks_.flush();
  }
  raw_.flush();
  summary_.flush();
  for (CsvWriter* w : {&raw_, &summary_, &ranks_, &attempts_})
    if (!w->ok()) {
      error = message_text(DiagId::cannot_write_file_why, w->path(), w->error());
      for (CsvWriter* v : {&raw_, &summary_, &ranks_, &attempts_})
        if (v->is_open()) v->rollback();
      return false;
    }
  for (CsvWriter* w : {&raw_, &summary_, &ranks_, &attempts_})
    if (w->is_open()) w->commit();
  sko_.add_job(r, s);
  return true;
}

bool ResultsFiles::write_sko(const Plan& plan, const std::string& started,
                             const std::string& finished, double duration_s) const {
  return sko_.write(dir_ + "/results.sko", plan, started, finished, duration_s);
}

bool ResultsFiles::write_manifest(const nlohmann::json& manifest) {
  return write_json_file(dir_ + "/manifest.json", manifest);
}

bool ResultsFiles::write_manifest_text(const std::string& text) {
  return write_json_text(dir_ + "/manifest.json", text);
}

bool ResultsFiles::write_manifest_last(const nlohmann::json& manifest) {
  return write_json_file(dir_ + "/manifest.json", manifest) ||
         write_json_in_place(dir_ + "/manifest.json", manifest);
}

}  // namespace metron::out
