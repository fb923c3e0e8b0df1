// The start-up times across launches (see startup_summary.h).
#include "runtime/analysis/startup_summary.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "runtime/output/csv_writer.h"
#include "runtime/plan/diagnostics.h"
#include "runtime/stats/mean_ci.h"
#include "runtime/stats/median_ci.h"

namespace metron::analysis {

namespace {

constexpr const char* kColumns[kStartupColumns] = {"mpi_init_min_s",       "mpi_init_mean_s",
                                                   "mpi_init_max_s",       "first_barrier_min_s",
                                                   "first_barrier_mean_s", "first_barrier_max_s"};

bool open_startup_csv(out::CsvWriter& w, const std::string& path, std::string& error) {
  if (w.open(path)) return true;
  error = message_text(DiagId::cannot_write_file, path);
  return false;
}

// The factor's level in `factors`, "" when it has none.
std::string startup_level(const std::vector<std::pair<std::string, std::string>>& factors,
                          const std::string& name) {
  for (const auto& [f, value] : factors)
    if (f == name) return value;
  return "";
}

double startup_nan_unless(bool assessable, double v) {
  return assessable ? v : std::numeric_limits<double>::quiet_NaN();
}

StartupStat startup_column_stat(const std::vector<double>& x, double level) {
  StartupStat s;
  s.launches = x.size();
  const stats::QuantileCi m = stats::median_ci(x, level);
  s.median = m.estimate;
  s.median_ci_lo = startup_nan_unless(m.assessable(), m.lower);
  s.median_ci_hi = startup_nan_unless(m.assessable(), m.upper);
  const stats::MeanCi t = stats::mean_ci(x, level);
  s.mean = t.mean;
  s.mean_ci_lo = startup_nan_unless(t.assessable, t.lower);
  s.mean_ci_hi = startup_nan_unless(t.assessable, t.upper);
  return s;
}

bool write_startup_launches(const std::vector<StartupLaunch>& launches,
                            const std::vector<std::string>& factor_names, const std::string& path,
                            std::string& error) {
  out::CsvWriter w;
  if (!open_startup_csv(w, path, error)) return false;
  std::vector<std::string> header = {"launch", "replicate"};
  for (const auto& f : factor_names) header.push_back("factor_" + f);
  header.insert(header.end(), {"np", "call"});
  header.insert(header.end(), std::begin(kColumns), std::end(kColumns));
  w.header(header);
  for (const StartupLaunch& l : launches) {
    w.field(l.launch).field(l.replicate);
    for (const auto& f : factor_names) w.field(startup_level(l.factors, f));
    w.field(l.np).field(l.call);
    for (double v : l.values) w.field(v);
    w.end_row();
  }
  return w.close(error);
}

bool write_startup_summary(const std::vector<StartupStat>& rows,
                           const std::vector<std::string>& factor_names, const std::string& path,
                           std::string& error) {
  out::CsvWriter w;
  if (!open_startup_csv(w, path, error)) return false;
  std::vector<std::string> header;
  for (const auto& f : factor_names) header.push_back("factor_" + f);
  header.insert(header.end(), {"quantity", "launches", "median_s", "median_ci_lo_s",
                               "median_ci_hi_s", "mean_s", "mean_ci_lo_s", "mean_ci_hi_s"});
  w.header(header);
  for (const StartupStat& s : rows) {
    for (const auto& f : factor_names) w.field(startup_level(s.factors, f));
    w.field(s.quantity).field(static_cast<std::int64_t>(s.launches));
    for (double v : {s.median, s.median_ci_lo, s.median_ci_hi, s.mean, s.mean_ci_lo, s.mean_ci_hi})
      w.field(v);
    w.end_row();
  }
  return w.close(error);
}

}  // namespace

const char* startup_column(int i) {
  return kColumns[i];
}

std::optional<StartupLaunch> startup_from_manifest(const nlohmann::json& manifest) {
  const auto it = manifest.find("startup");
  if (it == manifest.end() || !it->is_object()) return std::nullopt;
  StartupLaunch l;
  const nlohmann::json launch = manifest.value("launch", nlohmann::json::object());
  l.launch = launch.value("id", std::int64_t{0});
  l.replicate = launch.value("replicate", std::int64_t{0});
  l.np = manifest.value("np", std::int64_t{0});
  l.call = it->value("call", std::string());
  int i = 0;
  for (const char* part : {"mpi_init_s", "first_barrier_s"}) {
    const nlohmann::json times = it->value(part, nlohmann::json::object());
    for (const char* stat : {"min", "mean", "max"})
      l.values[i++] = times.value(stat, std::numeric_limits<double>::quiet_NaN());
  }
  return l;
}

std::vector<StartupStat> summarize_startup(const std::vector<StartupLaunch>& launches,
                                           double level) {
  std::vector<std::vector<std::pair<std::string, std::string>>> groups;
  for (const StartupLaunch& l : launches)
    if (std::find(groups.begin(), groups.end(), l.factors) == groups.end())
      groups.push_back(l.factors);
  std::vector<StartupStat> out;
  for (const auto& g : groups)
    for (int c = 0; c < kStartupColumns; ++c) {
      std::vector<double> x;
      for (const StartupLaunch& l : launches)
        if (l.factors == g) x.push_back(l.values[c]);
      StartupStat s = startup_column_stat(x, level);
      s.factors = g;
      s.quantity = kColumns[c];
      out.push_back(std::move(s));
    }
  return out;
}

namespace {

std::string startup_ms(const StartupStat& s) {
  std::string t = fmt::format("{:.3g} ms", s.median * 1e3);
  if (!std::isnan(s.median_ci_lo))
    t += fmt::format(" [{:.3g}, {:.3g}]", s.median_ci_lo * 1e3, s.median_ci_hi * 1e3);
  return t;
}

}  // namespace

std::vector<std::string> startup_lines(const std::vector<StartupStat>& stats) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < stats.size(); ++i) {
    if (stats[i].quantity != "mpi_init_max_s") continue;
    const StartupStat& init = stats[i];
    const StartupStat* barrier = nullptr;
    for (const StartupStat& s : stats)
      if (s.factors == init.factors && s.quantity == "first_barrier_max_s") barrier = &s;
    std::string where;
    for (const auto& [f, v] : init.factors) where += (where.empty() ? " (" : ", ") + f + "=" + v;
    if (!where.empty()) where += ")";
    std::string line = "startup" + where + ": MPI_Init " + startup_ms(init);
    if (barrier) line += ", first barrier " + startup_ms(*barrier);
    line += fmt::format(" (slowest rank; median of {} launch{})", init.launches,
                        init.launches == 1 ? "" : "es");
    out.push_back(std::move(line));
  }
  return out;
}

bool write_startup_files(const std::vector<StartupLaunch>& launches,
                         const std::vector<std::string>& factor_names, const std::string& dir,
                         std::string& error) {
  return write_startup_launches(launches, factor_names, dir + "/startup.csv", error) &&
         write_startup_summary(summarize_startup(launches), factor_names,
                               dir + "/startup_summary.csv", error);
}

}  // namespace metron::analysis
