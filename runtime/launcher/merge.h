// Merging the launches of a run into DIR/raw.csv and DIR/summary.csv: the launch folders' rows,
// each prefixed with launch, replicate and factor_<name> columns (docs/experiments.md).
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace metron::launcher {

struct MergeSource {
  std::string dir;  // a launch folder with raw.csv and summary.csv
  std::int64_t launch = 0;
  std::int64_t replicate = 0;
  std::vector<std::pair<std::string, std::string>> factors;  // name -> level value
};

// Writes `out_dir`/`file` (raw.csv or summary.csv) from the same file of every source, in the
// order given. Columns: launch, replicate, factor_<name>..., then the union of the sources'
// columns (in order of first appearance; a launch without a column leaves it empty). Written to a
// temporary file and renamed, so a reader never sees half a merge. Returns the number of data
// rows, or -1 with `error` set.
long long merge_csv(const std::vector<MergeSource>& sources,
                    const std::vector<std::string>& factors, const std::string& file,
                    const std::string& out_dir, std::string& error);

}  // namespace metron::launcher
