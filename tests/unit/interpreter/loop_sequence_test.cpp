// LoopSequence against SKaMPI's documented sequences (SKaMPI 5 manual §5.3.1,
// doc/demo.sko) and against the rules of SKaMPI's exec.c (rounding, multipleof, direction).
#include "interpreter/loop_sequence.h"

#include <doctest/doctest.h>

#include <cmath>
#include <vector>

using metron::LoopNumber;
using metron::LoopSequence;

namespace {

LoopSequence::Spec spec(LoopNumber from, std::optional<LoopNumber> to, LoopNumber step,
                        bool mult = false, std::optional<std::int64_t> multiple_of = {}) {
  LoopSequence::Spec s;
  s.from = from;
  s.to = to;
  s.step = step;
  s.multiplicative = mult;
  s.multiple_of = multiple_of;
  return s;
}
LoopNumber I(std::int64_t v) {
  return LoopNumber::of_int(v);
}
LoopNumber D(double v) {
  return LoopNumber::of_double(v);
}

// Up to `limit` visible values, as integers (or doubles).
std::vector<std::int64_t> ints(const LoopSequence::Spec& s, std::size_t limit = 1000) {
  LoopSequence seq(s);
  std::vector<std::int64_t> out;
  while (auto v = seq.next()) {
    REQUIRE(v->is_int);
    out.push_back(v->i);
    if (out.size() >= limit) break;
  }
  return out;
}
std::vector<double> doubles(const LoopSequence::Spec& s) {
  LoopSequence seq(s);
  std::vector<double> out;
  while (auto v = seq.next()) {
    REQUIRE_FALSE(v->is_int);
    out.push_back(v->d);
  }
  return out;
}
using V = std::vector<std::int64_t>;

}  // namespace

TEST_SUITE("loop_sequence") {
  TEST_CASE("loop_sequence: 1 to 64 step *sqrt(2) is SKaMPI's documented sequence") {
    // SKaMPI 5 manual §5.3.1: 1 2 3 4 6 8 11 16 23 32 45 64 (1.41 -> 1 and 2.83 -> 3 are rounded).
    CHECK(ints(spec(I(1), I(64), D(std::sqrt(2.0)), true)) ==
          V{1, 2, 3, 4, 6, 8, 11, 16, 23, 32, 45, 64});
  }

  TEST_CASE("loop_sequence: '...' continues the sqrt(2) sequence past 64") {
    auto v = ints(spec(I(1), std::nullopt, D(std::sqrt(2.0)), true), 18);
    CHECK(v == V{1, 2, 3, 4, 6, 8, 11, 16, 23, 32, 45, 64, 91, 128, 181, 256, 362, 512});
  }

  TEST_CASE("loop_sequence: additive integer loops, both directions") {
    CHECK(ints(spec(I(1), I(5), I(1))) == V{1, 2, 3, 4, 5});
    CHECK(ints(spec(I(2), I(9), I(3))) == V{2, 5, 8});
    CHECK(ints(spec(I(5), I(1), I(-2))) == V{5, 3, 1});
    // The direction comes from the step: an upward step towards a lower bound runs no body.
    CHECK(ints(spec(I(10), I(1), I(1))).empty());
    CHECK(ints(spec(I(1), I(10), I(-1))).empty());
    CHECK(ints(spec(I(3), I(3), I(1))) == V{3});
  }

  TEST_CASE("loop_sequence: a double step on an integer start rounds halves up") {
    // Internal 1, 2.5, 4, 5.5, 7, 8.5, 10 -> visible (int)(x + 0.5) = 1 3 4 6 7 9 10.
    CHECK(ints(spec(I(1), I(10), D(1.5))) == V{1, 3, 4, 6, 7, 9, 10});
  }

  TEST_CASE("loop_sequence: the bound is checked on the visible (rounded) value") {
    // Internal 1, 5.6, 10.2: 10.2 is past 10, but its visible value 10 is not (SKaMPI's rule).
    CHECK(ints(spec(I(1), I(10), D(4.6))) == V{1, 6, 10});
  }

  TEST_CASE("loop_sequence: repeated visible values are skipped") {
    // Internal 1, 1.5, 2.25, 3.375, 5.06, 7.59 -> visible 1 2 2 3 5 8: the second 2 is skipped.
    CHECK(ints(spec(I(1), I(10), D(1.5), true)) == V{1, 2, 3, 5, 8});
    CHECK(ints(spec(I(1), I(3), D(0.25))) == V{1, 2, 3});
  }

  TEST_CASE("loop_sequence: multiplicative integer loops stay exact") {
    CHECK(ints(spec(I(1), I(100), I(3), true)) == V{1, 3, 9, 27, 81});
    CHECK(ints(spec(I(1), I(1024), I(2), true)).size() == 11);
  }

  TEST_CASE("loop_sequence: multiplicative loops go down for a factor below one") {
    CHECK(ints(spec(I(64), I(1), D(0.5), true)) == V{64, 32, 16, 8, 4, 2, 1});
  }

  TEST_CASE("loop_sequence: negative starts: direction from SKaMPI's sign rule") {
    // a < 0 and s > 1: down (-1, -2, -4, ...); a < 0 and s < 1: up towards zero.
    CHECK(ints(spec(I(-1), I(-16), I(2), true)) == V{-1, -2, -4, -8, -16});
    CHECK(ints(spec(I(-64), I(-4), D(0.5), true)) == V{-64, -32, -16, -8, -4});
  }

  TEST_CASE("loop_sequence: multipleof rounds to the nearest multiple, ties towards zero") {
    // SKaMPI's round_*_to_multipleof: 1 -> 0, 2 -> 0, 4 -> 0 (a tie), 8, 16, ...
    CHECK(ints(spec(I(1), I(64), I(2), true, 8)) == V{0, 8, 16, 32, 64});
    // The common `step *sqrt(2) multipleof 2`: 2, 2.83 -> 2 (skipped), 4, 5.66 -> 6, 8, ...
    CHECK(ints(spec(I(2), I(32), D(std::sqrt(2.0)), true, 2)) == V{2, 4, 6, 8, 12, 16, 22, 32});
    // From the exact value, not the rounded one: 12.4 is nearer 16 than 8 only as 12.4.
    CHECK(metron::round_to_multiple(12.4, 8) == std::optional<std::int64_t>(16));
    CHECK(metron::round_to_multiple(std::int64_t{12}, 8) == 8);
    CHECK(metron::round_to_multiple(std::int64_t{13}, 8) == 16);
    CHECK(metron::round_to_multiple(std::int64_t{-12}, 8) == -8);
    CHECK(metron::round_to_multiple(std::int64_t{-13}, 8) == -16);
    CHECK(metron::round_to_multiple(-12.0, 8) == std::optional<std::int64_t>(-8));
  }

  TEST_CASE("loop_sequence: multipleof makes a double loop integer") {
    CHECK(ints(spec(D(1.0), D(20.0), D(2.0), true, 4)) == V{0, 4, 8, 16});
  }

  TEST_CASE("loop_sequence: double loops keep doubles and reach the bound within 1e-6") {
    auto v = doubles(spec(D(0.1), D(0.5), D(0.1)));
    REQUIRE(v.size() == 5);
    CHECK(v.back() == doctest::Approx(0.5));
    auto w = doubles(spec(D(1.0), D(4.0), D(std::sqrt(2.0)), true));
    CHECK(w.size() == 5);  // 1, 1.41, 2, 2.83, 4.0000000000000009
  }

  TEST_CASE("loop_sequence: check refuses steps that do not move") {
    CHECK(LoopSequence::check(spec(I(1), I(10), I(0))) == "no progress");
    CHECK(LoopSequence::check(spec(I(1), I(10), I(1), true)) == "no progress");
    CHECK(LoopSequence::check(spec(I(0), I(10), D(0.5), true)) == "no progress");
    CHECK(LoopSequence::check(spec(I(0), I(10), I(1), true)) == "no progress");
    CHECK(LoopSequence::check(spec(I(1), I(10), I(-2), true)) == "no progress");
    CHECK(LoopSequence::check(spec(I(1), I(10), D(0.0), true)) == "no progress");
    CHECK(LoopSequence::check(spec(I(1), I(10), D(2.0), true)).empty());
    CHECK(LoopSequence::check(spec(I(1), std::nullopt, I(-1))).empty());
  }

  TEST_CASE("loop_sequence: a multiplicative loop from 0 runs 0, then 1, s, s^2 (OSU's sizes)") {
    CHECK(LoopSequence::check(spec(I(0), I(1 << 20), I(2), true)).empty());
    CHECK(ints(spec(I(0), I(64), I(2), true)) == V{0, 1, 2, 4, 8, 16, 32, 64});
    CHECK(ints(spec(I(0), I(100), I(4), true)) == V{0, 1, 4, 16, 64});
    // A bound between two values ends the loop at the last value below it.
    CHECK(ints(spec(I(0), I(5), I(2), true)) == V{0, 1, 2, 4});
    CHECK(ints(spec(I(0), I(0), I(2), true)) == V{0});
    // The sqrt(2) sequence from 0 is the one from 1 with 0 in front (1.41 -> 1 is skipped).
    CHECK(ints(spec(I(0), I(16), D(std::sqrt(2.0)), true)) == V{0, 1, 2, 3, 4, 6, 8, 11, 16});
    // '...' from 0 goes on as from 1.
    CHECK(ints(spec(I(0), std::nullopt, I(2), true), 5) == V{0, 1, 2, 4, 8});
    // A double start stays double: 0.0 1.0 2.0 4.0.
    CHECK(doubles(spec(D(0.0), D(4.0), D(2.0), true)) == std::vector<double>{0.0, 1.0, 2.0, 4.0});
    // multipleof rounds 1 and 2 to 0 (ties towards zero), which are skipped as repeats.
    CHECK(ints(spec(I(0), I(32), I(2), true, 4)) == V{0, 4, 8, 16, 32});
    // A bound below 0 lies the other way: the loop ascends, so it runs nothing.
    CHECK(ints(spec(I(0), I(-8), I(2), true)).empty());
  }

  TEST_CASE("loop_sequence: an unbounded integer loop ends at the 64-bit range") {
    LoopSequence seq(spec(I(1), std::nullopt, I(2), true));
    int n = 0;
    while (seq.next()) ++n;
    CHECK(n == 63);  // 2^0 .. 2^62
    CHECK(seq.end() == LoopSequence::End::Range);
  }

  TEST_CASE("loop_sequence: an unbounded double loop on an integer start ends at the range") {
    LoopSequence seq(spec(I(1), std::nullopt, D(std::sqrt(2.0)), true));
    int n = 0;
    while (seq.next()) ++n;
    CHECK(n > 100);
    CHECK(seq.end() == LoopSequence::End::Range);
  }

  TEST_CASE("loop_sequence: a step too small to move a double ends the loop") {
    LoopSequence seq(spec(D(1.0), std::nullopt, D(1e-300)));
    int n = 0;
    while (seq.next()) ++n;
    CHECK(n == 1);
  }

  TEST_CASE("loop_sequence: tiny steps between visible values are bounded by kMaxSteps") {
    LoopSequence seq(spec(I(1), I(1000000), D(1e-9)));
    int n = 0;
    while (seq.next()) ++n;
    CHECK(seq.end() == LoopSequence::End::TooManySteps);
    CHECK(n <= 2);
  }

  TEST_CASE("loop_sequence: compare_loop_numbers is exact for integers, 1e-6 for doubles") {
    CHECK(metron::compare_loop_numbers(I(3), I(3)) == 0);
    CHECK(metron::compare_loop_numbers(I(3), I(4)) == -1);
    CHECK(metron::compare_loop_numbers(D(1.0000001), I(1)) == 0);
    CHECK(metron::compare_loop_numbers(D(1.00001), I(1)) == 1);
  }
}

TEST_SUITE("loop_sequence boundaries") {
  TEST_CASE("loop_sequence: negative halves round up, as SKaMPI's (int)(x + 0.5) intends") {
    // -2.5 -> -2 and -5.5 -> -5 (floor(x + 0.5)); round() would give -3 and -6.
    CHECK(ints(spec(I(-1), I(-10), D(-1.5))) == V{-1, -2, -4, -5, -7, -8, -10});
  }

  TEST_CASE("loop_sequence: the bound itself is a value, in both directions") {
    CHECK(ints(spec(I(1), I(4), I(1))) == V{1, 2, 3, 4});
    CHECK(ints(spec(I(4), I(1), I(-1))) == V{4, 3, 2, 1});
    CHECK(ints(spec(I(1), I(16), I(2), true)) == V{1, 2, 4, 8, 16});
  }

  TEST_CASE("loop_sequence: a multiplicative loop from a negative start runs downwards") {
    // -1 * 2 = -2, -4, -8: away from zero, towards a bound of -8.
    CHECK(ints(spec(I(-1), I(-8), I(2), true)) == V{-1, -2, -4, -8});
    // A step below 1 shrinks towards zero: -8, -4, -2, -1 up to -1.
    CHECK(ints(spec(I(-8), I(-1), D(0.5), true)) == V{-8, -4, -2, -1});
  }

  TEST_CASE("loop_sequence: multipleof rounds a tie towards the lower multiple") {
    // 3 lies halfway between 2 and 4; SKaMPI's round_int_to_multipleof keeps 2.
    CHECK(ints(spec(I(1), I(5), I(1), false, 2)) == V{0, 2, 4});
    CHECK(ints(spec(I(3), I(3), I(1), false, 2)) == V{2});
  }

  TEST_CASE("loop_sequence: double values within 1e-6 of the bound still count") {
    // 0.1 * 3 = 0.30000000000000004 is above 0.3 by 5.6e-17: still inside.
    CHECK(doubles(spec(D(0.1), D(0.3), D(0.1))).size() == 3);
  }
}
