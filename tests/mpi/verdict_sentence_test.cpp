// The quotable verdict sentences, the compact job labels and the comparison as sentences with its
// count line: exact texts for each verdict. Pure, run in an MPI test binary because
// the analysis lives in metron_mpi.
#include "runtime/ops/mpi_handles.h"  // first: the front end's MPI names before <mpi.h>

#include <doctest/doctest.h>

#include <cmath>

#include "runtime/analysis/comparison_report.h"
#include "runtime/analysis/job_labels.h"
#include "runtime/analysis/verdict_sentence.h"

using namespace metron;
using namespace metron::analysis;

namespace {

// A comparison with the effect, CI and verdict given (as compare_samples would fill them).
Comparison made(double hl, double lo, double hi, stats::Verdict v, std::size_t n = 10) {
  Comparison c;
  c.key.block = "b";
  c.key.op = "Bcast";
  c.key.bytes = 4096;
  c.key.comm_size = 2;
  c.a.assign(n, 1e-6);
  c.b.assign(n, 1e-6 * hl);
  c.tested = true;
  c.ratio = c.ratio_hl = hl;
  c.ratio_lo = lo;
  c.ratio_hi = hi;
  c.ci_level = 0.95;
  c.verdict = v;
  return c;
}

bool has(const std::string& s, const std::string& what) {
  return s.find(what) != std::string::npos;
}

}  // namespace

TEST_CASE("verdict sentence: the issue's example, one per verdict") {
  SentenceContext ctx;
  ctx.job = "Bcast 4 KiB";
  CHECK(verdict_sentence(made(1.031, 1.017, 1.045, stats::Verdict::DiffersWithinMargin), ctx) ==
        "Bcast 4 KiB: B is 3.1% slower than A (95% CI 1.7-4.5%), a significant difference within "
        "the ±5% margin (10 launches each)");
  CHECK(verdict_sentence(made(0.997, 0.99, 1.004, stats::Verdict::Equivalent), ctx) ==
        "Bcast 4 KiB: B is 0.3% faster than A (95% CI 1.0% faster to 0.4% slower), equivalent "
        "within the ±5% margin (10 launches each)");
  CHECK(verdict_sentence(made(1.124, 1.101, 1.148, stats::Verdict::Differs), ctx) ==
        "Bcast 4 KiB: B is 12.4% slower than A (95% CI 10.1-14.8%), a significant difference, "
        "not shown to be within the ±5% margin (10 launches each)");
  Comparison inc = made(1.02, 0.95, 1.09, stats::Verdict::Inconclusive, 3);
  inc.launches_needed = 12;
  CHECK(verdict_sentence(inc, ctx) ==
        "Bcast 4 KiB: B is 2.0% slower than A (95% CI 5.0% faster to 9.0% slower), "
        "inconclusive: 12 launches per side would decide it (3 launches each)");
}

TEST_CASE("verdict sentence: factors, names, launch counts, no CI") {
  SentenceContext ctx;
  ctx.job = "Bcast 1 B";
  ctx.name_a = "binomial";
  ctx.name_b = "scatter";
  ctx.margin = 0.02;
  Comparison c = made(2.4, 2.1, 2.9, stats::Verdict::Differs);
  c.b.resize(8);
  CHECK(verdict_sentence(c, ctx) ==
        "Bcast 1 B: scatter takes 2.40x the time of binomial (95% CI 2.10x-2.90x), a significant "
        "difference, not shown to be within the ±2% margin (10 launches of binomial, 8 of "
        "scatter)");
  Comparison one = made(1.25, 1.25, 1.25, stats::Verdict::Inconclusive, 1);
  one.ci_level = 0;  // R's interval of one point at 0%
  one.undecided = Undecided::NoSpread;
  CHECK(verdict_sentence(one, ctx) ==
        "Bcast 1 B: scatter is 25.0% slower than binomial (no CI: too few launches), "
        "inconclusive: how many launches would decide it is unknown: with a single launch on a "
        "side, the launch-to-launch spread is unknown (run at least 2 per side to plan the "
        "count) (1 launch each)");
  Comparison paired = made(0.5, 0.45, 0.55, stats::Verdict::Differs, 6);
  paired.paired = true;
  CHECK(has(verdict_sentence(paired, ctx), "takes 0.50x the time of binomial"));
  CHECK(has(verdict_sentence(paired, ctx), "(6 paired launches)"));
  Comparison lower = made(1.1, 1.05, 1.2, stats::Verdict::Differs, 3);
  lower.ci_level = 0.9;  // R's achievable level with 3 against 3
  CHECK(has(verdict_sentence(lower, ctx), "(90% CI 5.0-20.0%)"));
  // --strict on flagged launches: no launch count, since more launches on the same noisy
  // machine would not decide it; without flags --strict changes nothing.
  Comparison noisy = made(1.1, 1.05, 1.2, stats::Verdict::Inconclusive, 4);
  noisy.launches_needed = 12;
  ctx.strict = true;
  CHECK(has(verdict_sentence(noisy, ctx), "12 launches per side would decide it"));
  noisy.noise.flagged = 2;
  noisy.noise.total = 8;
  CHECK(has(verdict_sentence(noisy, ctx),
            "inconclusive under --strict, on launches with noise flags; more launches on this "
            "machine would not decide it, since they would carry the same noise flags (4 launches "
            "each)"));
}

TEST_CASE("verdict sentence: ratio phrases") {
  CHECK(ratio_phrase(1.0) == "the same time");
  CHECK(ratio_phrase(1.0047) == "0.47% slower");
  CHECK(ratio_phrase(0.9) == "10.0% faster");
  CHECK(ratio_phrase(1.6) == "1.60x the time");
  CHECK(ratio_phrase(0.5) == "0.50x the time");
  CHECK(ratio_phrase(NAN).empty());
  CHECK(ratio_phrase(0).empty());
}

TEST_CASE("job labels: size in binary units, details only where they tell jobs apart") {
  std::vector<Comparison> cs;
  for (std::int64_t b : {0, 1, 4096, 3000}) {
    Comparison c;
    c.key.block = "b";
    c.key.op = "Bcast";
    c.key.bytes = b;
    c.key.comm_size = 2;
    c.key.vars = {{"count", std::to_string(b)}, {"root", "0"}};
    cs.push_back(c);
  }
  // count follows the size and root is fixed: neither is shown; one communicator size.
  CHECK(compact_job_labels(cs) ==
        std::vector<std::string>{"Bcast 0 B", "Bcast 1 B", "Bcast 4 KiB", "Bcast 3000 B"});
  Comparison other = cs[1];
  other.key.vars = {{"count", "1"}, {"root", "1"}};
  other.key.comm_size = 4;
  cs.push_back(other);
  const auto labels = compact_job_labels(cs);
  CHECK(labels[1] == "Bcast 1 B, 2 ranks, root=0");
  CHECK(labels[4] == "Bcast 1 B, 4 ranks, root=1");
  CHECK(bytes_text(1 << 20) == "1 MiB");
  CHECK(bytes_text(1536) == "1536 B");
}

TEST_CASE("comparison sentences: a count line and the command that decides the rest") {
  CompareOptions o;
  std::vector<Comparison> cs = {made(1.031, 1.017, 1.045, stats::Verdict::DiffersWithinMargin),
                                made(1.02, 0.95, 1.09, stats::Verdict::Inconclusive, 3)};
  cs[1].key.bytes = 1;
  cs[1].launches_needed = 12;
  const std::string out =
      comparison_sentences(cs, o, "r1", "r2", "metron replay r1 --replicates {n}");
  CHECK(has(out, "A: r1\nB: r2\n"));
  CHECK(has(out, "\nblock \"b\"\n  Bcast 4 KiB: B is 3.1% slower than A"));
  CHECK(has(out, "  Bcast 1 B: B is 2.0% slower than A"));
  CHECK(has(out, "\n0 equivalent, 0 differ, 1 differ within margin, 1 inconclusive\n"));
  CHECK(has(out,
            "the inconclusive jobs need up to 12 launches per side: metron replay r1 "
            "--replicates 12\n"));
  CHECK(verdict_counts({}) == "0 equivalent, 0 differ, 0 differ within margin, 0 inconclusive");
  CHECK(most_launches_needed(cs) == 12);
}
