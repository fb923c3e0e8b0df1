// results.sko: SKaMPI 5's text output (SKaMPI 5 manual §7.1), for users of its tools and gnuplot
// scripts. One "begin result"/"end result" section per measurement block, one row per job:
// the loop variables as `name= value`, the message size in bytes, SKaMPI's reported value (the
// interquartile mean) and its standard error in microseconds, and the repetitions used.
#pragma once

#include <string>
#include <vector>

#include "runtime/plan/plan.h"
#include "runtime/results/job_result.h"
#include "runtime/results/job_summary.h"

namespace metron::out {

class SkoWriter {
 public:
  void add_job(const rt::JobResult& r, const rt::JobSummary& s);
  // Writes the whole file (blocks in plan order, rows sorted by their loop values, so refined
  // points fall between the regular ones). Returns false when it cannot be written.
  bool write(const std::string& path, const Plan& plan, const std::string& started,
             const std::string& finished, double duration_s) const;

 private:
  struct Row {
    std::string block;
    std::vector<Value> factors;
    std::vector<std::string> names;
    std::int64_t bytes = 0;
    double value_us = 0, stderr_us = 0;
    std::int64_t reps = 0;
    bool failed = false;
  };
  std::vector<Row> rows_;
};

}  // namespace metron::out
