// Clock-quality harness (Alg. 20, 22): sync duration and offsets over time, table and CSV.
#include "runtime/clocksync/clock_check.h"

#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <ctime>
#include <memory>
#include <stdexcept>

#include "runtime/clocksync/pingpong.h"
#include "runtime/plan/diagnostics.h"

namespace metron::rt::clocksync {

double OffsetProbe::max_halfwidth_s() const {
  double worst = 0.0;
  for (double h : halfwidths_s) worst = std::max(worst, h);
  return worst;
}

OffsetProbe measure_offsets(MPI_Comm user_comm, const GlobalClock& clock, int rounds) {
  const ScopedComm comm(user_comm);
  OffsetProbe probe;
  if (comm.rank() == 0) {
    probe.offsets_s.assign(static_cast<std::size_t>(comm.size()), 0.0);
    probe.halfwidths_s.assign(static_cast<std::size_t>(comm.size()), 0.0);
    for (int r = 1; r < comm.size(); ++r) {
      const OffsetEstimate est = skampi_pingpong(comm.get(), r, true, rounds, clock);
      probe.offsets_s[r] = est.peer_minus_mine_s;
      // An empty bracket (lower > upper) means the offset moved during the probe; its width
      // still measures the disagreement.
      probe.halfwidths_s[r] = std::abs(est.upper_s - est.lower_s) / 2.0;
    }
  } else {
    skampi_pingpong(comm.get(), 0, false, rounds, clock);
  }
  return probe;
}

OffsetProbe probe_offsets(MPI_Comm comm, const GlobalClock& clock, int rounds, double tight_s,
                          int attempts) {
  OffsetProbe best = measure_offsets(comm, clock, rounds);
  for (int attempt = 1; attempt < attempts; ++attempt) {
    int again = best.max_halfwidth_s() > tight_s ? 1 : 0;
    MPI_Bcast(&again, 1, MPI_INT, 0, comm);
    if (!again) break;
    const OffsetProbe next = measure_offsets(comm, clock, rounds);
    for (std::size_t r = 0; r < next.offsets_s.size(); ++r) {
      if (next.halfwidths_s[r] < best.halfwidths_s[r]) {
        best.offsets_s[r] = next.offsets_s[r];
        best.halfwidths_s[r] = next.halfwidths_s[r];
      }
    }
  }
  return best;
}

namespace {

std::string params_text(const ClockSync& method) {
  std::string text;
  for (const auto& [name, value] : method.used_params()) {
    if (!text.empty()) text += ';';
    text += name + '=' + value;
  }
  return text;
}

// Every rank sleeps until its local clock reads `until_s`, then all meet in a barrier, so the
// probe starts together even though the ranks' clocks disagree by the offsets being measured.
void wait_until(MPI_Comm comm, const LocalClock& clock, double until_s) {
  const double left = until_s - clock.now();
  if (left > 0) {
    // nanosleep, not std::this_thread::sleep_for: SMPI's helper header turns this call into a
    // sleep of simulated time, while sleep_for would sleep in real time and leave the
    // simulated clocks where they were.
    timespec ts{static_cast<time_t>(left), static_cast<long>((left - std::floor(left)) * 1e9)};
    while (nanosleep(&ts, &ts) == -1 && errno == EINTR) {
    }
  }
  MPI_Barrier(comm);
}

struct Synced {
  std::string method;
  std::string params;
  SyncResult result;
  double end_s;  // this rank's local clock when the sync returned
};

ClockCheckRow probe(MPI_Comm comm, const Synced& s, double after_s,
                    const ClockCheckOptions& options) {
  ClockCheckRow row;
  row.method = s.method;
  row.params = s.params;
  row.sync_s = s.result.duration_s;
  row.after_s = after_s;
  row.elapsed_s = s.result.clock.local().now() - s.end_s;
  const OffsetProbe p =
      probe_offsets(comm, s.result.clock, options.rounds, options.tight_s, options.attempts);
  row.offsets_s = p.offsets_s;
  row.max_halfwidth_s = p.max_halfwidth_s();
  for (std::size_t r = 0; r < row.offsets_s.size(); ++r) {
    if (std::abs(row.offsets_s[r]) > row.max_abs_offset_s) {
      row.max_abs_offset_s = std::abs(row.offsets_s[r]);
      row.worst_rank = static_cast<int>(r);
    }
  }
  return row;
}

}  // namespace

std::vector<ClockCheckRow> run_clock_check(MPI_Comm comm, std::span<const std::string_view> methods,
                                           const SyncParams& params, const LocalClock& clock,
                                           const ClockCheckOptions& options) {
  int rank = 0;
  MPI_Comm_rank(comm, &rank);
  std::vector<double> after = options.after_s;
  std::sort(after.begin(), after.end());
  // Check everything first so a bad argument fails on every rank before any time is spent.
  if (options.rounds < 1)
    throw std::invalid_argument(message_text(DiagId::clock_check_at_least, "rounds"));
  if (options.attempts < 1)
    throw std::invalid_argument(message_text(DiagId::clock_check_at_least, "attempts"));
  std::vector<std::unique_ptr<ClockSync>> built;
  for (std::size_t i = 0; i < methods.size(); ++i) {
    if (std::find(methods.begin(), methods.begin() + i, methods[i]) != methods.begin() + i) {
      throw std::invalid_argument(message_text(DiagId::clock_check_method_twice, methods[i]));
    }
    built.push_back(make_clock_sync(methods[i], clock, params));
  }

  std::vector<ClockCheckRow> rows;
  auto follow = [&](std::span<const Synced> group, double start_s) {
    for (double a : after) {
      wait_until(comm, clock, start_s + a);
      for (const Synced& s : group) rows.push_back(probe(comm, s, a, options));
    }
  };
  std::vector<Synced> synced;
  for (auto& method : built) {
    MPI_Barrier(comm);
    SyncResult result = run_sync(*method, comm);
    synced.push_back(
        Synced{std::string(method->name()), params_text(*method), result, clock.now()});
    if (!options.concurrent) {
      follow(std::span<const Synced>(&synced.back(), 1), synced.back().end_s);
    }
  }
  if (options.concurrent) {
    follow(synced, clock.now());
    // Rows are probed instant by instant; report them method by method.
    std::stable_sort(rows.begin(), rows.end(), [&](const ClockCheckRow& a, const ClockCheckRow& b) {
      auto pos = [&](const std::string& m) {
        return std::find_if(synced.begin(), synced.end(),
                            [&](const Synced& s) { return s.method == m; }) -
               synced.begin();
      };
      return pos(a.method) < pos(b.method);
    });
  }
  if (rank != 0) rows.clear();
  return rows;
}

void print_clock_check(std::FILE* out, std::span<const ClockCheckRow> rows) {
  // Group consecutive rows of one method into one line.
  std::vector<double> instants;
  for (const ClockCheckRow& r : rows) {
    if (std::find(instants.begin(), instants.end(), r.after_s) == instants.end()) {
      instants.push_back(r.after_s);
    }
  }
  std::sort(instants.begin(), instants.end());
  // The method column fits the longest name (topo2:INTER:INTRA), at least 9 wide.
  std::size_t width = 9;
  for (const ClockCheckRow& r : rows) width = std::max(width, r.method.size());
  std::string header = fmt::format("{:<{}} {:>10}", "method", width, "sync [ms]");
  for (double a : instants) header += fmt::format(" {:>10}", fmt::format("{:g} s [us]", a));
  header += fmt::format(" {:>12}", "probe +-[us]");
  fmt::print(out, "max |offset to rank 0| over ranks, after synchronization\n{}\n", header);
  std::vector<std::pair<std::string, std::string>> legend;
  for (std::size_t i = 0; i < rows.size();) {
    std::size_t j = i;
    double halfwidth = 0.0;
    for (; j < rows.size() && rows[j].method == rows[i].method; ++j) {
      halfwidth = std::max(halfwidth, rows[j].max_halfwidth_s);
    }
    const auto first = rows.begin() + static_cast<std::ptrdiff_t>(i);
    const auto last = rows.begin() + static_cast<std::ptrdiff_t>(j);
    std::string line = fmt::format("{:<{}} {:>10.1f}", rows[i].method, width, rows[i].sync_s * 1e3);
    for (double a : instants) {
      const auto it =
          std::find_if(first, last, [&](const ClockCheckRow& r) { return r.after_s == a; });
      line += it == last ? fmt::format(" {:>10}", "-")
                         : fmt::format(" {:>10.2f}", it->max_abs_offset_s * 1e6);
    }
    line += fmt::format(" {:>12.2f}", halfwidth * 1e6);
    fmt::print(out, "{}\n", line);
    legend.emplace_back(rows[i].method, rows[i].params);
    i = j;
  }
  for (const auto& [method, params] : legend) {
    fmt::print(out, "  {}: {}\n", method, params.empty() ? "(no parameters)" : params);
  }
}

bool write_clock_check_csv(const std::string& path, std::span<const ClockCheckRow> rows) {
  std::FILE* f = std::fopen(path.c_str(), "w");
  if (!f) return false;
  fmt::print(
      f, "method,params,sync_s,after_s,elapsed_s,max_abs_offset_s,worst_rank,max_halfwidth_s\n");
  for (const ClockCheckRow& r : rows) {
    fmt::print(f, "{},{},{},{},{},{},{},{}\n", r.method, r.params, r.sync_s, r.after_s, r.elapsed_s,
               r.max_abs_offset_s, r.worst_rank, r.max_halfwidth_s);
  }
  return std::fclose(f) == 0;
}

}  // namespace metron::rt::clocksync
