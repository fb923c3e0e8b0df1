// history_fill: a large history database for bench/history_scale.sh. Reads one finished results
// folder as a template and adds RUNS runs made from it to an SQLite database through the same
// code as `metron history add` (runtime/history/run_store.h), one hour apart, with each launch
// median varied by up to +-1% (a fixed hash, so the database is the same every time) and 10%
// slower from the middle run on (a change point for `trend` to find).
//
//   history_fill DB TEMPLATE_DIR RUNS
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <string>

#include "runtime/history/run_store.h"
#include "runtime/history/schema.h"
#include "runtime/plan/message_error.h"

namespace h = metron::history;

namespace {

// splitmix64: a well-mixed deterministic value per (run, job, launch).
double jitter(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  x ^= x >> 31;
  return static_cast<double>(x >> 11) / static_cast<double>(1ULL << 53) * 2.0 - 1.0;
}

std::string hours_after_2020(long hours) {
  std::time_t t = 1577836800 + hours * 3600;  // 2020-01-01T00:00:00Z
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&t));
  return buf;
}

h::RunRecord variant(const h::RunRecord& base, long i, long runs) {
  h::RunRecord r = base;
  r.run_key = "history_fill-" + std::to_string(i);
  r.folder = "history_fill/" + std::to_string(i);
  r.started_at = r.finished_at = hours_after_2020(i);
  const double step = i >= runs / 2 ? 1.10 : 1.0;
  for (std::size_t j = 0; j < r.jobs.size(); ++j)
    for (std::size_t l = 0; l < r.jobs[j].launches.size(); ++l) {
      auto& v = r.jobs[j].launches[l];
      const std::uint64_t key = (static_cast<std::uint64_t>(i) << 24) ^ (j << 8) ^ l;
      v.median_s *= step * (1.0 + 0.01 * jitter(key));
    }
  return r;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: history_fill DB TEMPLATE_DIR RUNS\n");
    return 64;
  }
  std::string error;
  auto base = h::read_run_folder(argv[2], "", error);
  if (!base) {
    std::fprintf(stderr, "history_fill: %s\n", error.c_str());
    return 74;
  }
  const long runs = std::atol(argv[3]);
  auto url = h::parse_database_url(argv[1], error);
  if (!url) {
    std::fprintf(stderr, "history_fill: %s\n", error.c_str());
    return 64;
  }
  try {
    auto db = h::open_database(*url, h::OpenMode::Create);
    h::prepare_schema(*db, true);
    const auto start = std::chrono::steady_clock::now();
    for (long i = 0; i < runs;) {
      h::Transaction t(*db);
      for (long k = 0; k < 250 && i < runs; ++k, ++i) h::add_run(*db, variant(*base, i, runs));
      t.commit();
    }
    const double s =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("filled %ld runs of %zu jobs in %.1f s\n", runs, base->jobs.size(), s);
  } catch (const metron::MessageError& e) {
    std::fprintf(stderr, "history_fill: %s\n", e.what());
    return 74;
  }
  return 0;
}
