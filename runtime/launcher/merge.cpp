// Merging launch results (see merge.h).
#include "runtime/launcher/merge.h"

#include <algorithm>
#include <filesystem>

#include "runtime/analysis/csv_table.h"
#include "runtime/output/csv_writer.h"
#include "runtime/plan/diagnostics.h"

namespace metron::launcher {

long long merge_csv(const std::vector<MergeSource>& sources,
                    const std::vector<std::string>& factors, const std::string& file,
                    const std::string& out_dir, std::string& error) {
  namespace fs = std::filesystem;
  // Pass 1: the union of the columns (launches with another process count may have other loop
  // variables).
  std::vector<std::string> cols;
  for (const auto& s : sources) {
    analysis::CsvReader r;
    if (!r.open((fs::path(s.dir) / file).string())) {
      error = message_text(DiagId::cannot_read_file, (fs::path(s.dir) / file).string());
      return -1;
    }
    for (const auto& c : r.header())
      if (c != "launch" && c != "replicate" && std::find(cols.begin(), cols.end(), c) == cols.end())
        cols.push_back(c);
  }
  std::string tmp = (fs::path(out_dir) / ("." + file + ".tmp")).string();
  long long rows = 0;
  {
    out::CsvWriter w;
    if (!w.open(tmp)) {
      error = message_text(DiagId::cannot_write_file, tmp);
      return -1;
    }
    std::vector<std::string> header = {"launch", "replicate"};
    for (const auto& f : factors) header.push_back("factor_" + f);
    header.insert(header.end(), cols.begin(), cols.end());
    w.header(header);
    std::vector<std::string> fields;
    for (const auto& s : sources) {
      analysis::CsvReader r;
      r.open((fs::path(s.dir) / file).string());
      // Where each merged column comes from in this source (npos: not there).
      std::vector<std::size_t> from(cols.size(), std::string::npos);
      for (std::size_t i = 0; i < cols.size(); ++i)
        if (auto c = r.column(cols[i])) from[i] = *c;
      while (r.next(fields)) {
        w.field(s.launch).field(s.replicate);
        for (const auto& f : factors) {
          std::string v;
          for (const auto& [k, val] : s.factors)
            if (k == f) v = val;
          w.field(v);
        }
        for (std::size_t i = 0; i < cols.size(); ++i)
          w.field(from[i] < fields.size() ? std::string_view(fields[from[i]]) : std::string_view());
        w.end_row();
        ++rows;
      }
    }
    w.flush();
  }
  std::error_code ec;
  fs::rename(tmp, fs::path(out_dir) / file, ec);
  if (ec) {
    error = message_text(DiagId::cannot_write_file_why, (fs::path(out_dir) / file).string(),
                         ec.message());
    return -1;
  }
  return rows;
}

}  // namespace metron::launcher
