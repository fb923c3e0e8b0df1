// SkoWriter (see sko_writer.h).
#include "runtime/output/sko_writer.h"

#include "runtime/output/safe_open.h"
#include "runtime/results/result_values.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace metron::out {

namespace {

// Loop values compare as numbers when both are numbers, else as their text.
bool value_less(const Value& a, const Value& b) {
  if (a.is_number() && b.is_number()) return a.as_number() < b.as_number();
  return to_cell(a) < to_cell(b);
}

}  // namespace

// SKaMPI's line of a job: its value is the interquartile mean, its error the standard error of
// the used observations (the fields of the table of a job's record, result_fields.def).
void SkoWriter::add_job(const rt::JobResult& r, const rt::JobSummary& s) {
  namespace field = rt::field;
  Row row;
  row.block = rt::job_column::block(r);
  for (const auto& [name, v] : r.job->factors) {
    row.names.push_back(name);
    row.factors.push_back(v);
  }
  row.bytes = rt::job_column::bytes(r);
  const std::int64_t used = field::used_n(r, s);
  row.failed = field::stop_reason(r, s) == rt::StopReason::Error || used == 0;
  row.value_us = field::trimmed_mean_s(r, s) * 1e6;
  row.stderr_us = used > 1 ? field::sd_s(r, s) / std::sqrt(static_cast<double>(used)) * 1e6 : 0.0;
  row.reps = used;
  rows_.push_back(std::move(row));
}

bool SkoWriter::write(const std::string& path, const Plan& plan, const std::string& started,
                      const std::string& finished, double duration_s) const {
  std::FILE* f = fopen_no_follow(path, false);
  if (!f) return false;
  fmt::print(f, "# SKaMPI-compatible output written by Metron {}\n", METRON_VERSION);
  fmt::print(f, "# Started at {}\n", started);
  // Blocks in the order the plan first names them; rows by their loop values (stable: jobs
  // with equal values keep their executed order).
  std::vector<std::string> blocks;
  for (const Job& j : plan.jobs)
    if (std::find(blocks.begin(), blocks.end(), j.block) == blocks.end()) blocks.push_back(j.block);
  for (const Row& r : rows_)
    if (std::find(blocks.begin(), blocks.end(), r.block) == blocks.end()) blocks.push_back(r.block);
  for (const std::string& block : blocks) {
    std::vector<const Row*> rows;
    for (const Row& r : rows_)
      if (r.block == block) rows.push_back(&r);
    if (rows.empty()) continue;
    std::stable_sort(rows.begin(), rows.end(), [](const Row* a, const Row* b) {
      return std::lexicographical_compare(a->factors.begin(), a->factors.end(), b->factors.begin(),
                                          b->factors.end(), value_less);
    });
    fmt::print(f, "# begin result \"{}\"\n", block);
    for (const Row* r : rows) {
      std::string line;
      for (std::size_t i = 0; i < r->names.size(); ++i)
        line += fmt::format("{}= {:<6} ", r->names[i], to_cell(r->factors[i]));
      if (r->failed)
        line += fmt::format("{:>8}  failed", r->bytes);
      else
        line += fmt::format("{:>8} {:>12.3f} {:>10.3f} {:>6}", r->bytes, r->value_us, r->stderr_us,
                            r->reps);
      fmt::print(f, "{}\n", line);
    }
    fmt::print(f, "# end result \"{}\"\n", block);
  }
  fmt::print(f, "# duration = {:.2f} sec\n", duration_s);
  fmt::print(f, "# Finished at {}\n", finished);
  const bool ok = std::fflush(f) == 0;
  return std::fclose(f) == 0 && ok;
}

}  // namespace metron::out
