// Tests for runtime/stats/root_find: roots and iteration counts against R's uniroot()
// (tools/refvalues/verdicts.R): the same steps give the same doubles, including on the step
// functions the Hodges-Lehmann intervals are roots of.
#include "runtime/stats/root_find.h"

#include <doctest/doctest.h>

#include <cmath>

namespace st = metron::stats;

TEST_SUITE("root_find") {
  TEST_CASE("root_find: smooth functions match R's uniroot") {
    auto sq = [](double x) { return x * x - 2; };
    // uniroot(function(x) x^2 - 2, c(0, 2), tol = 1e-4): 1.4142133199955025 after 6 iterations
    auto r = st::find_root(sq, 0, 2, sq(0), sq(2), 1e-4);
    CHECK(r.root == doctest::Approx(1.4142133199955025).epsilon(1e-15));
    CHECK(r.iterations == 6);
    auto cx = [](double x) { return std::cos(x) - x; };
    // uniroot(function(x) cos(x) - x, c(-1, 3), tol = 1e-10): 0.73908513321526159, 8 iterations
    r = st::find_root(cx, -1, 3, cx(-1), cx(3), 1e-10);
    CHECK(r.root == doctest::Approx(0.73908513321526159).epsilon(1e-15));
    CHECK(r.iterations == 8);
  }
  TEST_CASE("root_find: a step function converges to the jump within tol, as R") {
    auto step = [](double x) { return x < 0.3 ? 1.0 : -1.0; };
    // uniroot(function(x) ifelse(x < 0.3, 1, -1), c(0, 1), tol = 1e-4): 0.29998779296875
    auto r = st::find_root(step, 0, 1, 1, -1, 1e-4);
    CHECK(r.root == 0.29998779296875);  // bisection steps: a dyadic fraction, exact
    CHECK(r.iterations == 14);
  }
  TEST_CASE("root_find: a root at an end point is returned at once") {
    auto f = [](double x) { return x - 1; };
    CHECK(st::find_root(f, 1, 2, 0, 1, 1e-4).root == 1);
    CHECK(st::find_root(f, 0, 1, -1, 0, 1e-4).root == 1);
    CHECK(st::find_root(f, 0, 1, -1, 0, 1e-4).iterations == 0);
  }
  TEST_CASE("root_find: too few iterations are reported") {
    auto cx = [](double x) { return std::cos(x) - x; };
    CHECK(st::find_root(cx, -1, 3, cx(-1), cx(3), 1e-10, 2).iterations == -1);
  }
}
