// Merging launch results (see merge.h).
#include "runtime/launcher/merge.h"

#include <algorithm>
#include <filesystem>

#include "runtime/analysis/csv_table.h"
#include "runtime/output/csv_writer.h"
#include "runtime/plan/diagnostics.h"

namespace metron::launcher {

namespace {

namespace fs = std::filesystem;

// The union of the sources' columns (launches with another process count may have other loop
// variables), in order of first appearance; false with `error` set if a file cannot be read.
bool merged_columns(const std::vector<MergeSource>& sources, const std::string& file,
                    std::vector<std::string>& cols, std::string& error) {
  for (const auto& s : sources) {
    analysis::CsvReader r;
    if (!r.open((fs::path(s.dir) / file).string())) {
      error = r.error();
      return false;
    }
    for (const auto& c : r.header())
      if (c != "launch" && c != "replicate" && std::find(cols.begin(), cols.end(), c) == cols.end())
        cols.push_back(c);
  }
  return true;
}

// Appends the rows of one source; -1 with `error` set at the first damaged row (the strict
// reader's checks: a launch's file is read as strictly as the merged one will be).
long long append_source(const MergeSource& s, const std::vector<std::string>& factors,
                        const std::vector<std::string>& cols, const std::string& file,
                        out::CsvWriter& w, std::string& error) {
  analysis::CsvReader r;
  if (!r.open((fs::path(s.dir) / file).string())) {
    error = r.error();
    return -1;
  }
  // Where each merged column comes from in this source (npos: not there).
  std::vector<std::size_t> from(cols.size(), std::string::npos);
  for (std::size_t i = 0; i < cols.size(); ++i)
    if (auto c = r.column(cols[i])) from[i] = *c;
  std::vector<std::string> fields;
  long long rows = 0;
  while (r.next(fields)) {
    w.field(s.launch).field(s.replicate);
    for (const auto& f : factors) {
      std::string v;
      for (const auto& [k, val] : s.factors)
        if (k == f) v = val;
      w.field(v);
    }
    for (std::size_t i = 0; i < cols.size(); ++i)
      w.field(from[i] != std::string::npos ? std::string_view(fields[from[i]])
                                           : std::string_view());
    w.end_row();
    ++rows;
  }
  if (!r.error().empty()) {
    error = r.error();
    return -1;
  }
  return rows;
}

}  // namespace

long long merge_csv(const std::vector<MergeSource>& sources,
                    const std::vector<std::string>& factors, const std::string& file,
                    const std::string& out_dir, std::string& error) {
  std::vector<std::string> cols;
  if (!merged_columns(sources, file, cols, error)) return -1;
  const std::string tmp = (fs::path(out_dir) / ("." + file + ".tmp")).string();
  long long rows = 0;
  std::error_code ec;
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
    for (const auto& s : sources) {
      const long long n = append_source(s, factors, cols, file, w, error);
      if (n < 0) {
        fs::remove(tmp, ec);
        return -1;
      }
      rows += n;
    }
    // A full disk fails here at the latest: the merged file never replaces anything half written.
    if (!w.close(error)) {
      error = message_text(DiagId::cannot_write_file_why, (fs::path(out_dir) / file).string(),
                           w.error());
      fs::remove(tmp, ec);
      return -1;
    }
  }
  fs::rename(tmp, fs::path(out_dir) / file, ec);
  if (ec) {
    error = message_text(DiagId::cannot_write_file_why, (fs::path(out_dir) / file).string(),
                         ec.message());
    return -1;
  }
  return rows;
}

}  // namespace metron::launcher
