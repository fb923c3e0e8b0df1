// Boundary tests for runtime/analysis/compare: a p-value exactly at alpha is significant, the
// smallest attainable p decides whether a comparison can reject at all (3 vs 3 one-sided at
// 0.05 can, two-sided cannot), and the stars and the ratio are pinned. Pure logic; it runs
// under mpiexec only because the analysis code lives in the MPI library.
#include "runtime/ops/mpi_handles.h"  // first: the front end's MPI names before <mpi.h>

#include <doctest/doctest.h>

#include "runtime/analysis/compare.h"

using namespace metron;
using namespace metron::analysis;

TEST_CASE("compare: the smallest attainable p is 1 / choose(m + n, m), doubled two-sided") {
  CHECK(min_attainable_p(3, 3, stats::Alternative::Less) == 1.0 / 20);
  CHECK(min_attainable_p(3, 3, stats::Alternative::Greater) == 1.0 / 20);
  CHECK(min_attainable_p(3, 3, stats::Alternative::TwoSided) == 2.0 / 20);
  CHECK(min_attainable_p(2, 5, stats::Alternative::TwoSided) == doctest::Approx(2.0 / 21));
  CHECK(min_attainable_p(1, 1, stats::Alternative::TwoSided) == 1.0);  // 2 * 1/2, capped at 1
  CHECK(min_attainable_p(0, 4, stats::Alternative::Less) == 1.0);
}

TEST_CASE("compare: 3 vs 3 one-sided at alpha 0.05 can reject, and p = 0.05 is significant") {
  // R: wilcox.test(c(1, 2, 3), c(4, 5, 6), alternative = "less")$p.value = 0.05 (exact)
  CompareOptions o;
  o.alternative = stats::Alternative::Less;
  o.alpha = 0.05;
  const Comparison c = compare_samples({1, 2, 3}, {4, 5, 6}, o);
  CHECK(c.tested);
  CHECK(c.exact);
  CHECK(c.can_reject);
  CHECK(c.p_value == doctest::Approx(0.05).epsilon(1e-12));
  CHECK(c.significant);
  CHECK(c.median_a == 2.0);
  CHECK(c.median_b == 5.0);
  CHECK(c.ratio == 2.5);  // median_b / median_a
  // Two-sided, the same data cannot reach 0.05: R's p.value is 0.1.
  o.alternative = stats::Alternative::TwoSided;
  const Comparison t = compare_samples({1, 2, 3}, {4, 5, 6}, o);
  CHECK(!t.can_reject);
  CHECK(t.p_value == doctest::Approx(0.1).epsilon(1e-12));
  CHECK(!t.significant);
  // ...and it can at alpha = 0.1 exactly.
  o.alpha = 0.1;
  CHECK(compare_samples({1, 2, 3}, {4, 5, 6}, o).can_reject);
  CHECK(compare_samples({1, 2, 3}, {4, 5, 6}, o).significant);
}

TEST_CASE("compare: stars at exactly 0.05, 0.01 and 0.001") {
  CHECK(stars(0.05) == "*");
  CHECK(stars(0.0500001) == "");
  CHECK(stars(0.01) == "**");
  CHECK(stars(0.0100001) == "*");
  CHECK(stars(0.001) == "***");
  CHECK(stars(0.0010001) == "**");
}
