// metron history add DIR... | trend: the performance history, every finished run in a database
// and the change points of each series (runtime/history/, docs/history.md); also what
// `metron run --history URL` and `metron report --history URL` call. Not an MPI process.
#include <cstdio>
#include <cstdlib>
#include <regex>

#include "interpreter/cli/commands.h"
#include "interpreter/cli/option_checks.h"
#include "runtime/analysis/compare.h"
#include "runtime/history/run_store.h"
#include "runtime/history/schema.h"
#include "runtime/history/trend.h"
#include "runtime/plan/exit_codes.h"
#include "runtime/plan/message_error.h"
#include "runtime/report/history_report.h"

namespace metron {

namespace {

struct HistoryCli {
  std::string action;
  std::vector<std::string> dirs;
  std::string db;
  std::string machine;
  std::string job;
  std::string since;
  std::string margin = "5%";
  std::string method = "hunter";
  std::string max_p;
  std::string min_change;
  history::TrendOptions trend;  // --alpha, --window, --seed; the rest is read from the text above
};

// The database the options name (the default location, printed, when none); nullopt after
// printing the error, with the exit code in `rc`: 64 for a bad URL, 74 when the library a
// PostgreSQL URL needs cannot be loaded.
std::optional<history::DatabaseUrl> history_database_url(const std::string& text, int& rc) {
  std::string error;
  rc = kExitUsage;
  if (text.empty()) {
    const std::string path = history::default_database_path(std::getenv);
    if (path.empty()) {
      print_message(DiagId::history_no_default);
      return std::nullopt;
    }
    auto u = history::parse_database_url(path, error);
    if (u) {
      u->is_default = true;
      print_message(DiagId::history_database, u->shown);
    }
    return u;
  }
  bool library_missing = false;
  auto u = history::parse_database_url(text, error, &library_missing);
  if (!u) print_error(error);
  if (library_missing) rc = kExitIo;
  return u;
}

bool history_since_ok(const std::string& s) {
  static const std::regex date(
      R"(\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])(T([01]\d|2[0-3]):[0-5]\d:[0-5]\dZ)?)");
  return std::regex_match(s, date);
}

// The trend options from the command line; false after printing the error.
bool history_trend_options(const HistoryCli& h, history::TrendOptions& o) {
  o = h.trend;
  auto method = history::parse_change_method(h.method);
  if (!method) {
    print_message(DiagId::history_bad_method, h.method);
    return false;
  }
  o.method = *method;
  auto margin = analysis::parse_margin(h.margin);
  if (!margin) {
    print_message(DiagId::cli_bad_margin, h.margin);
    return false;
  }
  o.margin = *margin;
  if (!h.max_p.empty()) {
    char* end = nullptr;
    o.max_p = std::strtod(h.max_p.c_str(), &end);
    if (*end != '\0' || !(o.max_p > 0 && o.max_p < 1)) {
      print_message(DiagId::history_bad_max_p, h.max_p);
      return false;
    }
  }
  if (!h.min_change.empty()) {
    auto m = analysis::parse_margin(h.min_change);
    if (!m) {
      print_message(DiagId::history_bad_min_change, h.min_change);
      return false;
    }
    o.min_magnitude = *m;
  }
  if (!h.since.empty() && !history_since_ok(h.since)) {
    print_message(DiagId::history_bad_since, h.since);
    return false;
  }
  return true;
}

// Every folder read first: one that cannot be added leaves the database as it was.
int history_add_folders(const std::vector<std::string>& dirs, const std::string& url_text,
                        const std::string& machine) {
  std::vector<history::RunRecord> records;
  bool refused = false;
  for (const auto& d : dirs) {
    std::string error;
    auto r = history::read_run_folder(d, machine, error);
    if (!r) {
      print_error(error);
      refused = true;
      continue;
    }
    records.push_back(std::move(*r));
  }
  if (refused) {
    // With one folder its own error says it all.
    if (dirs.size() > 1) print_message(DiagId::history_nothing_added);
    return kExitIo;
  }
  int url_rc = kExitUsage;
  auto url = history_database_url(url_text, url_rc);
  if (!url) return url_rc;
  try {
    auto db = history::open_database(*url, history::OpenMode::Create);
    history::prepare_schema(*db, true);
    std::vector<history::AddOutcome> outcomes;
    history::Transaction t(*db);
    for (const auto& r : records) outcomes.push_back(history::add_run(*db, r));
    t.commit();
    for (std::size_t i = 0; i < records.size(); ++i) {
      const auto& o = outcomes[i];
      if (o.added)
        print_message(DiagId::history_added, records[i].folder, o.run_id, o.series, o.values);
      else
        print_message(DiagId::history_already, records[i].folder, o.run_id);
    }
  } catch (const MessageError& e) {
    print_error(e.what());
    return kExitIo;
  }
  return kExitOk;
}

// The selected series' trends, or nullopt after printing the error (exit code in `rc`).
std::optional<std::vector<history::SeriesReport>> history_load_trends(
    const std::string& url_text, const std::string& job, const std::string& since,
    const history::TrendOptions& o, std::string& shown, int& rc) {
  auto filter = history::parse_series_filter(job);
  if (!filter) {
    print_message(DiagId::history_bad_filter, job);
    rc = kExitUsage;
    return std::nullopt;
  }
  auto url = history_database_url(url_text, rc);
  if (!url) return std::nullopt;
  shown = url->shown;
  try {
    auto db = history::open_database(*url, history::OpenMode::Existing);
    history::prepare_schema(*db, false);
    return history::trend_reports(*db, *filter, since, o);
  } catch (const MessageError& e) {
    print_error(e.what());
    rc = kExitIo;
    return std::nullopt;
  }
}

int history_trend(const HistoryCli& h) {
  history::TrendOptions o;
  if (!history_trend_options(h, o)) return kExitUsage;
  if (!h.dirs.empty()) {
    print_message(DiagId::history_trend_no_dirs, h.dirs.front());
    return kExitUsage;
  }
  std::string shown;
  int rc = kExitOk;
  auto reports = history_load_trends(h.db, h.job, h.since, o, shown, rc);
  if (!reports) return rc;
  if (reports->empty()) print_message(DiagId::history_no_series, shown);
  std::fputs(history::trend_text(*reports, o).c_str(), stdout);
  return history::trend_exit_code(*reports);
}

void add_history_options(CLI::App& command, HistoryCli& h) {
  command.add_option("action", h.action, "add or trend")
      ->required()
      ->check(CLI::IsMember({"add", "trend"}));
  command.add_option("dirs", h.dirs, "add: the results folders (metron run or exec)");
  command
      .add_option("--db", h.db,
                  "the database: a file, sqlite:FILE or postgresql://USER@HOST/DB (default "
                  "$XDG_DATA_HOME/metron/history.sqlite)")
      ->check(non_empty_check());
  command
      .add_option("--machine", h.machine,
                  "add: the machine's name (default: the Slurm cluster, else rank 0's host)")
      ->check(non_empty_check());
  command.add_option("--job", h.job,
                     "trend: the series to look at, FIELD=VALUE or words, comma-separated "
                     "(fields: script, machine, np, block, op, bytes, comm_size, a loop variable)");
  command.add_option("--since", h.since, "trend: runs started from this date (YYYY-MM-DD)");
  command.add_option("--margin", h.margin,
                     "trend: the latest run is a regression when slower by more than this "
                     "(default 5%)");
  command.add_option("--alpha", h.trend.alpha, "trend: the level of the latest run's tests")
      ->check(alpha_check());
  command.add_option("--method", h.method,
                     "trend: change points by hunter (E-Divisive with Student's t-test, windows; "
                     "default) or permutation (E-Divisive with the permutation test)");
  command.add_option("--max-p", h.max_p,
                     "trend: a change point's p-value must be below this (default 0.001 for "
                     "hunter, 0.05 for permutation)");
  command.add_option("--min-change", h.min_change,
                     "trend: hunter's merge also drops change points smaller than this "
                     "relative change, e.g. 2% (default: none, as Apache Otava)");
  command.add_option("--window", h.trend.window, "trend: hunter's window in runs (default 50)")
      ->check(CLI::Range(2, 1 << 20));
  command.add_option("--seed", h.trend.seed, "trend: the permutation test's seed (default 1)")
      ->check(seed_check());
}

int run_history(HistoryCli& h, const CommandLine&) {
  if (h.action == "add") {
    if (h.dirs.empty()) {
      print_message(DiagId::history_add_needs_dirs);
      return kExitUsage;
    }
    return history_add_folders(h.dirs, h.db, h.machine);
  }
  return history_trend(h);
}

}  // namespace

CommandEntry history_command() {
  return make_command("history",
                      "the performance history: 'add DIR...' stores finished runs in a database "
                      "(SQLite or PostgreSQL), 'trend' finds each series' change points and exits "
                      "1 when the latest run is a regression, 2 when undecided (docs/history.md)",
                      add_history_options, run_history);
}

int add_run_to_history(const std::string& dir, const std::string& url) {
  return history_add_folders({dir}, url, "");
}

int check_history_url(const std::string& url) {
  int rc = kExitUsage;
  return history_database_url(url, rc) ? kExitOk : rc;
}

int write_history_report(const std::string& url, const std::string& job, const std::string& out) {
  history::TrendOptions o;
  std::string shown;
  int rc = kExitOk;
  auto reports = history_load_trends(url, job, "", o, shown, rc);
  if (!reports) return rc;
  if (reports->empty()) print_message(DiagId::history_no_series, shown);
  report::HistoryReportOutcome outcome;
  std::string error, warning;
  const std::string path = out.empty() ? "history-report.html" : out;
  if (report::write_history_report(*reports, shown, job, o, path, outcome, error, warning) != 0) {
    print_error(error);
    return kExitIo;
  }
  if (!warning.empty()) print_warning(warning);
  std::printf("report: %s\n", outcome.path.c_str());
  return kExitOk;
}

}  // namespace metron
