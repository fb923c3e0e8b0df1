// Writers for raw.csv, raw_ranks.csv, summary.csv and manifest.json.
#include "runtime/output/results_files.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <limits>

#include "runtime/output/json_file.h"
#include "runtime/plan/diagnostics.h"
#include "runtime/plan/measure_funcs.h"
#include "runtime/plan/op_rates.h"

namespace metron::out {

std::vector<std::string> factor_columns(const Plan& plan) {
  std::vector<std::string> names;
  for (const auto& j : plan.jobs)
    for (const auto& [k, v] : j.factors)
      if (std::find(names.begin(), names.end(), k) == names.end()) names.push_back(k);
  return names;  // written as var_<name> columns (docs/output.md)
}

namespace {
const std::vector<std::string> kCommon = {"launch",     "job",          "order",           "block",
                                          "op",         "comm_size",    "count",           "bytes",
                                          "round_trip", "refine_round", "refine_algorithm"};
}

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
    std::vector<std::string> c = kCommon;
    // Loop variables get a prefix: SKaMPI scripts call theirs `count`, a fixed column too.
    for (const auto& f : factor_names_) c.push_back("var_" + f);
    c.insert(c.end(), tail.begin(), tail.end());
    return c;
  };
  if (!raw_.open(dir + "/raw.csv") || !summary_.open(dir + "/summary.csv")) {
    error = message_text(DiagId::cannot_write_into_folder, dir);
    return false;
  }
  // A simulated launch's rows carry `simulated` = 1, last, so that a CSV file taken out of its
  // folder still says so; measured folders keep their columns (docs/output.md).
  std::vector<std::string> raw_cols =
      cols({"rep", "time_s", "valid", "global_start_s", "global_end_s"});
  if (simulated_) raw_cols.push_back("simulated");
  raw_.header(raw_cols);
  // Only plans with `expect` get the guideline columns, so that other folders keep theirs.
  guidelines_ = std::any_of(plan.jobs.begin(), plan.jobs.end(),
                            [](const Job& j) { return !j.guideline.empty(); });
  std::vector<std::string> guideline_cols;
  if (guidelines_)
    guideline_cols = {"guideline", "guideline_side", "guideline_factor", "guideline_check"};
  std::vector<std::string> summary_cols = cols(
      {"n", "valid_n", "outliers_removed", "used_n", "mean_s", "median_s", "min_s", "max_s", "sd_s",
       "mean_ci_lo_s", "mean_ci_hi_s", "median_ci_lo_s", "median_ci_hi_s", "p5_s", "p25_s", "p75_s",
       "p95_s", "p99_s", "ci_rel_half_width", "trimmed_mean_s", "stop_reason", "achieved_precision",
       "warmup", "elapsed_s", "verify",
       // issue 12: appended, so that readers by position keep working
       "warmup_end", "truncated", "trend_p", "trend_change", "stationary", "ties", "ci_coverage",
       "ci_widened", "ci_conservative", "achieved_coverage", "buffer_cycling", "noise",
       // issue 15: what a time is, and the rates from the median and its CI
       "time_is", "mb_per_s", "mb_per_s_ci_lo", "mb_per_s_ci_hi", "msg_per_s", "msg_per_s_ci_lo",
       "msg_per_s_ci_hi", "overlap_pct", "overlap_pure_s", "overlap_compute_s",
       // the warm-up's wall time, so that the cost of measuring can be told from it
       "warmup_s"});
  // issue 17: only for plans with `expect`, after every other column
  summary_cols.insert(summary_cols.end(), guideline_cols.begin(), guideline_cols.end());
  if (simulated_) summary_cols.push_back("simulated");
  summary_.header(summary_cols);

  raw_.flush();
  summary_.flush();
  if (per_rank) {
    if (!ranks_.open(dir + "/raw_ranks.csv")) {
      error = message_text(DiagId::cannot_write_into_folder, dir);
      return false;
    }
    ranks_.header({"launch", "job", "rep", "rank", "world_rank", "time_s"});
    ranks_.flush();
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
  const Job& j = *r.job;
  w.field(r.launch).field(j.id).field(r.order).field(j.block).field(j.op.func->name);
  w.field(r.comm_size).field(j.count).field(j.bytes).field(j.op.func->round_trip());
  if (r.refine_round >= 0)
    w.field(static_cast<std::int64_t>(r.refine_round)).field(refine_name(j.settings->refine.kind));
  else
    w.field(std::string_view()).field(std::string_view());
  for (const auto& name : factor_names_) {
    std::string cell;
    for (const auto& [k, v] : j.factors)
      if (k == name) cell = to_cell(v);
    w.field(cell);
  }
}

bool ResultsFiles::write_job(const rt::JobResult& r, const rt::JobSummary& s, std::string& error) {
  for (std::size_t i = 0; i < r.time_s.size(); ++i) {
    common_fields(raw_, r);
    raw_.field(static_cast<std::int64_t>(i)).field(r.time_s[i]);
    raw_.field(i < r.valid.size() ? r.valid[i] != 0 : true);
    if (i < r.global_start_s.size())
      raw_.field(r.global_start_s[i]).field(r.global_end_s[i]);
    else
      raw_.field(std::string_view()).field(std::string_view());
    if (simulated_) raw_.field(true);
    raw_.end_row();
  }
  common_fields(summary_, r);
  summary_.field(s.n).field(s.valid_n).field(s.outliers).field(s.used_n);
  summary_.field(s.mean).field(s.median).field(s.min).field(s.max).field(s.sd);
  summary_.field(s.mean_ci_lo).field(s.mean_ci_hi).field(s.median_ci_lo).field(s.median_ci_hi);
  summary_.field(s.p5).field(s.p25).field(s.p75).field(s.p95).field(s.p99);
  summary_.field(s.ci_rel_half_width).field(s.trimmed_mean);
  summary_.field(adapt::to_string(r.stop_reason));
  summary_.field(r.achieved_precision < 0 ? std::numeric_limits<double>::quiet_NaN()
                                          : r.achieved_precision);
  summary_.field(r.warmup).field(r.elapsed_s).field(std::string_view(r.verify));
  summary_.field(adapt::to_string(r.warmup_end)).field(s.truncated).field(s.trend_p);
  summary_.field(s.trend_change);
  summary_.field(s.stationary).field(s.ties).field(s.ci_coverage).field(s.ci_widened);
  summary_.field(s.ci_conservative);
  summary_.field(r.achieved_coverage < 0 ? std::numeric_limits<double>::quiet_NaN()
                                         : r.achieved_coverage);
  summary_.field(std::string_view(r.job->settings->buffer_cycling ? "on" : "off"));
  summary_.field(std::string_view(s.noise));
  summary_.field(std::string_view(time_of_name(r.job->op.func->time_of)));
  const OpRates& rates = s.rates;
  summary_.field(rates.mb_per_s).field(rates.mb_per_s_lo).field(rates.mb_per_s_hi);
  summary_.field(rates.msg_per_s).field(rates.msg_per_s_lo).field(rates.msg_per_s_hi);
  if (r.overlap_pure_s >= 0)
    summary_.field(overlap_percent(s.median, r.overlap_compute_s, r.overlap_pure_s))
        .field(r.overlap_pure_s)
        .field(r.overlap_compute_s);
  else
    summary_.field(std::string_view()).field(std::string_view()).field(std::string_view());
  summary_.field(r.warmup_s);
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
  for (CsvWriter* w : {&raw_, &summary_, &ranks_})
    if (!w->ok()) {
      error = message_text(DiagId::cannot_write_file_why, w->path(), w->error());
      for (CsvWriter* v : {&raw_, &summary_, &ranks_})
        if (v->is_open()) v->rollback();
      return false;
    }
  for (CsvWriter* w : {&raw_, &summary_, &ranks_})
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
