// Published against measured (docs/claims.md, "Published values"): each value the script's
// `published` file gives for its jobs, set beside what this results folder measured for them,
// with the paper's machine and this one. Per published value and selected job: the measured
// value in the published value's unit (the median over launches of the per-launch statistic,
// with its 95% CI and the launch count; launch_spread: the spread with a bootstrap CI) and the
// ratio measured / published. Written to published_vs_measured.csv and shown as a table by
// `metron analyze`, `run` and `report`. Pure logic over records; no MPI.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "runtime/analysis/results_data.h"
#include "runtime/plan/published.h"

namespace metron::analysis {

struct CsvTable;

// This machine as the launch manifest records it.
struct MeasuredMachine {
  std::string name;         // "AMD EPYC (2 cores), MPICH 4.0.2, 2 ranks" (machine_name)
  std::string cpu_model;    // system.cpu_model
  std::string mpi_library;  // "MPICH 4.0.2" (mpi_library_name)
  std::string host;         // system.host
  std::int64_t np = 0;      // the launch's process count
};

struct PublishedComparison {
  PublishedValue value;
  std::string job;           // the measured job ("Bcast 8 B, 2 ranks, ..."); empty: none measured
  std::int64_t np = 0;       // processes of its launches (the procs factor's level, else the run's)
  std::size_t launches = 0;  // launches with a value of the statistic
  double measured = 0;       // in base units (seconds, bytes/s, fraction); NaN when not measured
  double ci_lo = 0, ci_hi = 0;  // 95% CI of `measured`; NaN when not assessable
  // measured / published; for a published range, 1 inside it and measured / the nearer end
  // outside; NaN without a published number or a measured value.
  double ratio = 0;
  std::string noise;  // the noise flags of the launches behind it
};

// The published values a folder's plan carries; empty without any, nullopt with `error` when
// they cannot be read.
std::optional<std::vector<PublishedValue>> published_of_folder(const ResultsData& d,
                                                               std::string& error);
MeasuredMachine measured_machine(const ResultsData& d);

// One entry per published value and job it selects (one entry with an empty job when it selects
// none of the folder's jobs). `summary`: summary.csv, for the bytes a bandwidth counts (its
// mb_per_s column); null: bandwidths are NaN.
std::vector<PublishedComparison> compare_published(const ResultsData& d,
                                                   const std::vector<PublishedValue>& values,
                                                   const CsvTable* summary);

// A value in base units shown in a unit ("2.86", "2.86..3.13" for a range); "" for none.
std::string in_unit(double base_value, const std::string& unit);
std::string published_text(const PublishedValue& v);

// published_vs_measured.csv: docs/output.md.
bool write_published_csv(const std::string& path, const std::vector<PublishedComparison>& rows,
                         const MeasuredMachine& m, std::string& error);
// The terminal view: which machines, then one line per entry.
std::string published_table(const std::vector<PublishedComparison>& rows, const MeasuredMachine& m);

}  // namespace metron::analysis
