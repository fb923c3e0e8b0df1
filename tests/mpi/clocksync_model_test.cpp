// Pure tests of the clock-sync model layer (runtime/clocksync/model/): model composition, the
// drift regression, fitpoint reduction, METRON_CLOCK_SKEW parsing and the tree schedule, the
// latter checked against simulated linear clocks for p = 1..40. No MPI calls: the binary runs
// under mpiexec only because tests/mpi/ is where MPI-linked test binaries live.
#include <doctest/doctest.h>

#include <cmath>
#include <map>
#include <random>
#include <stdexcept>
#include <vector>

#include "runtime/clocksync/model/clock_model.h"
#include "runtime/clocksync/model/clock_skew.h"
#include "runtime/clocksync/model/fitpoints.h"
#include "runtime/clocksync/model/linear_fit.h"
#include "runtime/clocksync/model/tree_schedule.h"

namespace cs = metron::rt::clocksync;

namespace {

// A simulated hardware clock C(t) = (1 + rate) t + offset of true time t.
struct SimClock {
  double rate = 0.0;
  double offset = 0.0;
  double at(double t) const { return (1.0 + rate) * t + offset; }
};

std::vector<SimClock> make_clocks(int p, unsigned seed, bool drift) {
  std::mt19937 gen(seed);
  std::uniform_real_distribution<double> rate(-100e-6, 100e-6);
  std::uniform_real_distribution<double> offset(-10e-3, 10e-3);
  std::vector<SimClock> clocks(static_cast<std::size_t>(p));
  for (SimClock& c : clocks) c = SimClock{drift ? rate(gen) : 0.0, offset(gen)};
  clocks[0] = SimClock{0.0, 0.0};
  return clocks;
}

// The exact model of a clock against a reference, both functions of true time, learned the way
// the algorithms do: a least-squares line through (local, local - reference) points.
template <typename Local, typename Ref>
cs::ClockModel learn_exact(Local local, Ref ref) {
  std::vector<double> xs, ys;
  for (double t : {0.5, 1.0, 2.0, 3.5, 5.0}) {
    xs.push_back(local(t));
    ys.push_back(local(t) - ref(t));
  }
  const auto fit = cs::fit_line(xs, ys);
  REQUIRE(fit.has_value());
  return cs::ClockModel{fit->slope, fit->intercept};
}

// How far rank j's normalized clock is from the root's clock, worst case over a few instants.
double worst_error(const cs::ClockModel& m, const SimClock& mine, const SimClock& root) {
  double worst = 0.0;
  for (double t : {0.0, 1.0, 10.0, 100.0, 1000.0}) {
    worst = std::max(worst, std::abs(m.to_global(mine.at(t)) - root.at(t)));
  }
  return worst;
}

// A model as the affine map global = a * local + b.
struct Affine {
  double a, b;
};
Affine affine(const cs::ClockModel& m) {
  return {1.0 - m.slope, -m.intercept};
}

}  // namespace

TEST_SUITE("clocksync model") {
  TEST_CASE("clock model: to_global follows Alg. 16 and to_local inverts it") {
    const cs::ClockModel m{50e-6, 5e-3};
    CHECK(m.to_global(10.0) == doctest::Approx(10.0 - (50e-6 * 10.0 + 5e-3)).epsilon(1e-15));
    CHECK(m.to_local(m.to_global(123.456)) == doctest::Approx(123.456).epsilon(1e-15));
    CHECK(cs::ClockModel{}.to_global(42.5) == 42.5);
  }

  TEST_CASE("clock model: Merge_LMs equals the exact composition of the affine maps (R-10)") {
    std::mt19937 gen(7);
    std::uniform_real_distribution<double> s(-1e-3, 1e-3), i(-1.0, 1.0);
    for (int k = 0; k < 100; ++k) {
      const cs::ClockModel m21{s(gen), i(gen)}, m32{s(gen), i(gen)};
      const cs::ClockModel m31 = cs::merge_models(m21, m32);
      // C1 = A21(C2) and C2 = A32(C3), so C1 = A21(A32(C3)).
      const Affine a21 = affine(m21), a32 = affine(m32), a31 = affine(m31);
      CHECK(a31.a == doctest::Approx(a21.a * a32.a).epsilon(1e-14));
      CHECK(a31.b == doctest::Approx(a21.a * a32.b + a21.b).epsilon(1e-14));
    }
  }

  TEST_CASE("clock model: merging with the identity changes nothing") {
    const cs::ClockModel m{3e-5, -0.25};
    CHECK(cs::merge_models(m, cs::ClockModel{}) == m);
    CHECK(cs::merge_models(cs::ClockModel{}, m) == m);
  }

  TEST_CASE("clock model: offsets compose additively when slopes are 0") {
    const cs::ClockModel m = cs::merge_models(cs::offset_model(2e-3), cs::offset_model(-5e-4));
    CHECK(m.slope == 0.0);
    CHECK(std::abs(m.intercept - 1.5e-3) < 1e-18);
  }

  TEST_CASE("clock model: with_offset_at makes the model pass through the measured offset") {
    const cs::ClockModel m = cs::with_offset_at(cs::ClockModel{2e-5, 99.0}, 4.0, 1e-3);
    CHECK(m.slope == 2e-5);
    CHECK(std::abs(m.slope * 4.0 + m.intercept - 1e-3) < 1e-18);
  }

  TEST_CASE("linear fit: slope, intercept and standard errors of a small data set") {
    // Slope and intercept cross-checked with Python's statistics.linear_regression; standard
    // errors from the textbook OLS formulas by hand: SSR = 0.107, s^2 = SSR/3, Sxx = 10.
    const std::vector<double> x = {1, 2, 3, 4, 5}, y = {2.1, 3.9, 6.2, 7.8, 10.1};
    const auto fit = cs::fit_line(x, y);
    REQUIRE(fit.has_value());
    CHECK(fit->slope == doctest::Approx(1.99).epsilon(1e-12));
    CHECK(fit->intercept == doctest::Approx(0.05).epsilon(1e-12));
    CHECK(fit->slope_se == doctest::Approx(std::sqrt(0.107 / 3.0 / 10.0)).epsilon(1e-12));
    CHECK(fit->intercept_se == doctest::Approx(std::sqrt(0.107 / 3.0 * 1.1)).epsilon(1e-12));
    CHECK(fit->n == 5);
  }

  TEST_CASE("linear fit: edge cases are empty or NaN, not 0") {
    const std::vector<double> one = {1.0}, two_x = {1.0, 2.0}, two_y = {3.0, 5.0};
    const std::vector<double> same_x = {2.0, 2.0, 2.0}, three_y = {1.0, 2.0, 3.0};
    CHECK_FALSE(cs::fit_line({}, {}).has_value());
    CHECK_FALSE(cs::fit_line(one, one).has_value());
    CHECK_FALSE(cs::fit_line(same_x, three_y).has_value());
    CHECK_FALSE(cs::fit_line(two_x, three_y).has_value());
    const auto fit = cs::fit_line(two_x, two_y);
    REQUIRE(fit.has_value());
    CHECK(fit->slope == doctest::Approx(2.0));
    CHECK(std::isnan(fit->slope_se));
  }

  TEST_CASE("linear fit: centring keeps a 50 ppm slope exact at clock values near 1e6 s") {
    std::vector<double> x, y;
    for (int i = 0; i < 1000; ++i) {
      const double t = 1.0e6 + 1e-3 * i;
      x.push_back(t);
      y.push_back(50e-6 * t + 5e-3);
    }
    const auto fit = cs::fit_line(x, y);
    REQUIRE(fit.has_value());
    CHECK(std::abs(fit->slope - 50e-6) < 1e-10);
  }

  TEST_CASE("fitpoints: the median keeps its own timestamp (Learn_Model's pairing)") {
    constexpr double kAny = 1.0;  // no exchange is filtered out by its RTT
    // Timestamps increase while diffs do not: sorting diffs and indexing timestamps by the
    // sorted position would return x = 3.0 for b.
    std::vector<cs::Exchange> odd = {{1.0, 0.5}, {2.0, 0.1}, {3.0, 0.3}, {4.0, 0.9}, {5.0, 0.2}};
    const auto a = cs::median_fitpoint(odd, kAny);
    REQUIRE(a.has_value());
    CHECK(a->y == 0.3);
    CHECK(a->x == 3.0);
    std::vector<cs::Exchange> odd2 = {{1.0, 0.5}, {2.0, 0.3}, {3.0, 0.1}, {4.0, 0.9}, {5.0, 0.2}};
    const auto b = cs::median_fitpoint(odd2, kAny);
    REQUIRE(b.has_value());
    CHECK(b->y == 0.3);
    CHECK(b->x == 2.0);
    // Even n: the lower median, an actual exchange (median of the first n-1 sorted values).
    std::vector<cs::Exchange> even = {{1.0, 0.4}, {2.0, 0.1}, {3.0, 0.3}, {4.0, 0.2}};
    const auto c = cs::median_fitpoint(even, kAny);
    REQUIRE(c.has_value());
    CHECK(c->y == 0.2);
    CHECK(c->x == 4.0);
    std::vector<cs::Exchange> single = {{7.0, -1.0}};
    CHECK(cs::median_fitpoint(single, kAny)->x == 7.0);
  }

  TEST_CASE("fitpoints: exchanges with a delayed round trip are left out before the median") {
    // Three of five exchanges took a time slice (RTT 4 ms) and carry diffs shifted by it; the
    // plain median would be one of them.
    std::vector<cs::Exchange> ex = {{1.0, 4e-3, 4e-3},
                                    {2.0, 1e-7, 1e-6},
                                    {3.0, 3e-3, 4e-3},
                                    {4.0, 2e-7, 1.1e-6},
                                    {5.0, 5e-3, 5e-3}};
    const auto fp = cs::median_fitpoint(ex, 2e-6);
    REQUIRE(fp.has_value());
    CHECK(fp->x == 2.0);  // lower median of {1e-7 @ 2.0, 2e-7 @ 4.0}
    CHECK(fp->y == 1e-7);
    std::vector<cs::Exchange> all_delayed = {{1.0, 4e-3, 4e-3}, {2.0, 3e-3, 3e-3}};
    CHECK_FALSE(cs::median_fitpoint(all_delayed, 2e-6).has_value());
    std::vector<cs::Exchange> none;
    CHECK_FALSE(cs::median_fitpoint(none, 1.0).has_value());
  }

  TEST_CASE("fitpoints: make_fitpoints takes rtt/2 from all round trips, delayed ones fenced") {
    // True offset local - ref = d. An undelayed exchange sent at s: the reference reads its
    // clock half a round trip (0.5 us) later, the reply arrives 1 us after s. Compute_Rtt only
    // saw delayed round trips (ms), the exchanges show the undelayed 1 us.
    const double d = 2e-3;
    const std::vector<double> rtts = {5e-3, 4e-3, 6e-3};
    auto undelayed = [&](double s) { return cs::RawExchange{s, s + 0.5e-6 - d, s + 1e-6}; };
    auto delayed = [&](double s) { return cs::RawExchange{s, s + 0.5e-6 - d, s + 4e-3}; };
    const std::vector<cs::RawExchange> raw = {undelayed(1.0), delayed(1.1), undelayed(1.2),
                                              delayed(2.0),   delayed(2.1), delayed(2.2)};
    const std::vector<cs::FitPoint> points = cs::make_fitpoints(rtts, raw, 3);
    REQUIRE(points.size() == 2);
    CHECK(points[0].clean);
    CHECK(std::abs(points[0].y - d) < 1e-15);
    CHECK((points[0].x == 1.0 + 1e-6 || points[0].x == 1.2 + 1e-6));
    CHECK_FALSE(points[1].clean);
    // A partial trailing batch is ignored.
    CHECK(cs::make_fitpoints(rtts, std::span(raw).first(5), 3).size() == 1);
  }

  TEST_CASE("fitpoints: the drift fit ignores delayed fitpoints when it can") {
    // Clean points on local - ref = 5e-5 x + 1e-3; one delayed point 4 ms off.
    std::vector<cs::FitPoint> points;
    for (int i = 0; i < 10; ++i) points.push_back({0.1 * i, 5e-5 * 0.1 * i + 1e-3, true});
    points.push_back({0.95, 5e-5 * 0.95 + 1e-3 + 4e-3, false});
    const cs::ClockModel m = cs::fit_drift_model(points);
    CHECK(std::abs(m.slope - 5e-5) < 1e-15);
    CHECK(std::abs(m.intercept - 1e-3) < 1e-15);
    // Fewer than 2 clean points: all points are used.
    std::vector<cs::FitPoint> dirty = {{0.0, 1.0, false}, {1.0, 3.0, false}, {2.0, 5.0, true}};
    CHECK(cs::fit_drift_model(dirty).slope == doctest::Approx(2.0));
    // Degenerate: one distinct x gives the offset-only model at the median y; none gives {0, 0}.
    std::vector<cs::FitPoint> same_x = {{1.0, 3.0}, {1.0, 1.0}, {1.0, 2.0}};
    CHECK(cs::fit_drift_model(same_x) == cs::offset_model(2.0));
    CHECK(cs::fit_drift_model({}) == cs::ClockModel{});
  }

  TEST_CASE("fitpoints: the RTT mean drops round trips longer than twice the shortest") {
    std::vector<double> spike = {1.0, 1.0, 1.0, 1.0, 100.0};
    CHECK(cs::estimate_rtt(spike).mean_s == 1.0);
    CHECK(cs::estimate_rtt(spike).fence_s == 2.0);
    std::vector<double> jitter = {1.2, 1.0, 1.9, 2.0, 2.1};  // fence 2.0
    CHECK(cs::estimate_rtt(jitter).mean_s == doctest::Approx(1.525));
    // 70% of the round trips took a time slice: quantile fences would keep them.
    std::vector<double> sliced = {1.0,     4000.0, 1.2, 8000.0, 8000.0,
                                  12000.0, 4000.0, 1.1, 9000.0, 8000.0};
    CHECK(cs::estimate_rtt(sliced).mean_s == doctest::Approx(1.1));
    // A clock coarser than a round trip: the fence rests on the shortest positive value.
    std::vector<double> coarse = {0.0, 0.0, 1e-6, 1e-6, 5e-6};
    CHECK(std::abs(cs::estimate_rtt(coarse).mean_s - 0.5e-6) < 1e-20);
    std::vector<double> zeros = {0.0, 0.0};
    CHECK(cs::estimate_rtt(zeros).mean_s == 0.0);
    std::vector<double> none;
    CHECK(std::isnan(cs::estimate_rtt(none).mean_s));
  }

  TEST_CASE("clock skew: parses METRON_CLOCK_SKEW entries") {
    const auto entries = cs::parse_clock_skew("1:0.005:50, 3 : -2e-3 : -20");
    REQUIRE(entries.size() == 2);
    CHECK(entries[0].rank == 1);
    CHECK(entries[0].skew.offset_s == 0.005);
    CHECK(entries[0].skew.drift_ppm == 50.0);
    CHECK(entries[1].rank == 3);
    CHECK(entries[1].skew.offset_s == -2e-3);
    CHECK(cs::skew_for_rank(entries, 3).drift_ppm == -20.0);
    CHECK(cs::skew_for_rank(entries, 0).is_identity());
    CHECK(cs::parse_clock_skew("").empty());
    CHECK(cs::parse_clock_skew("  ").empty());
  }

  TEST_CASE("clock skew: apply is t + offset + drift * 1e-6 * (t - t0)") {
    const cs::ClockSkew skew{5e-3, 50.0};
    CHECK(skew.apply(0.0) == 5e-3);
    CHECK(skew.apply(2.0) == doctest::Approx(2.0 + 5e-3 + 100e-6).epsilon(1e-15));
  }

  TEST_CASE("clock skew: malformed entries name the entry and the problem") {
    auto message = [](const char* text) {
      try {
        cs::parse_clock_skew(text);
      } catch (const std::invalid_argument& e) {
        return std::string(e.what());
      }
      return std::string("no error");
    };
    CHECK(message("1:0.005") ==
          "METRON_CLOCK_SKEW: bad entry '1:0.005' (expected rank:offset_s:drift_ppm)");
    CHECK(message("1:2:3:4") ==
          "METRON_CLOCK_SKEW: bad entry '1:2:3:4' (expected rank:offset_s:drift_ppm)");
    CHECK(message("x:1:2") == "METRON_CLOCK_SKEW: bad entry 'x:1:2' (rank expected, got 'x')");
    CHECK(message("1:1ms:2") ==
          "METRON_CLOCK_SKEW: bad entry '1:1ms:2' (offset_s expected, got '1ms')");
    CHECK(message("1:0:") == "METRON_CLOCK_SKEW: bad entry '1:0:' (drift_ppm expected, got '')");
    CHECK(message("-1:0:0") == "METRON_CLOCK_SKEW: bad entry '-1:0:0' (negative rank)");
    CHECK(message("1:0:0,1:1:1") == "METRON_CLOCK_SKEW: bad entry '1:1:1' (rank listed twice)");
  }
}

TEST_SUITE("clocksync tree") {
  TEST_CASE("tree schedule: maxpower, levels and rounds") {
    CHECK(cs::tree_maxpower(1) == 1);
    CHECK(cs::tree_maxpower(2) == 2);
    CHECK(cs::tree_maxpower(3) == 2);
    CHECK(cs::tree_maxpower(40) == 32);
    CHECK(cs::tree_levels(1) == 0);
    CHECK(cs::tree_levels(40) == 5);
    for (int p = 1; p <= 40; ++p) {
      const int floor_log2 = static_cast<int>(std::floor(std::log2(p)));
      const bool pow2 = (p & (p - 1)) == 0;
      CHECK(cs::tree_rounds(p) == floor_log2 + (pow2 ? 0 : 1));
    }
    CHECK(cs::tree_steps(0, 1, cs::TreeOrder::BottomUp).empty());
  }

  TEST_CASE(
      "tree schedule: pairs match, are disjoint per round, and every rank but 0 learns once") {
    for (const cs::TreeOrder order : {cs::TreeOrder::BottomUp, cs::TreeOrder::TopDown}) {
      for (int p = 1; p <= 40; ++p) {
        CAPTURE(p);
        std::vector<std::vector<cs::TreeStep>> steps;
        for (int r = 0; r < p; ++r) steps.push_back(cs::tree_steps(r, p, order));
        std::vector<int> learned(static_cast<std::size_t>(p), 0);
        for (int r = 0; r < p; ++r) {
          int last_round = 0;
          for (const cs::TreeStep& s : steps[r]) {
            CHECK(s.round > last_round);  // in execution order, one step per round
            last_round = s.round;
            CHECK(s.round <= cs::tree_rounds(p));
            CHECK(s.remaining == (s.round == cs::tree_levels(p) + 1));
            if (s.role == cs::TreeRole::Client) ++learned[r];
            // The peer has the mirror step in the same round.
            int mirrors = 0;
            for (const cs::TreeStep& t : steps[s.peer]) {
              if (t.round == s.round && t.peer == r && t.role != s.role && t.span == s.span &&
                  t.remaining == s.remaining) {
                ++mirrors;
              }
            }
            CHECK(mirrors == 1);
          }
        }
        CHECK(learned[0] == 0);
        for (int r = 1; r < p; ++r) CHECK(learned[r] == 1);
      }
    }
  }

  TEST_CASE(
      "tree schedule: bottom-up assembly maps every rank to the root, p = 1..40 (HCA, HCA2)") {
    for (int p = 1; p <= 40; ++p) {
      CAPTURE(p);
      const std::vector<SimClock> clk = make_clocks(p, 1000u + static_cast<unsigned>(p), true);
      // Each simulated rank's model table, as in Alg. 3 (l^model).
      std::vector<std::vector<cs::ClockModel>> table(p, std::vector<cs::ClockModel>(p));
      std::vector<cs::ClockModel> remaining_pair(p);
      std::vector<std::vector<cs::TreeStep>> steps;
      for (int r = 0; r < p; ++r) steps.push_back(cs::tree_steps(r, p, cs::TreeOrder::BottomUp));
      for (int round = 1; round <= cs::tree_rounds(p); ++round) {
        for (int r = 0; r < p; ++r) {
          for (const cs::TreeStep& s : steps[r]) {
            if (s.round != round || s.role != cs::TreeRole::Client) continue;
            const SimClock me = clk[r], ref = clk[s.peer];
            const cs::ClockModel pair = learn_exact([&](double t) { return me.at(t); },
                                                    [&](double t) { return ref.at(t); });
            if (s.remaining) {
              remaining_pair[r] = pair;
              continue;
            }
            table[r][r] = pair;
            const std::span<const cs::ClockModel> block(table[r].data() + r, s.span);
            cs::absorb_block(table[s.peer], r, block);
          }
        }
      }
      std::vector<cs::ClockModel>& root = table[0];
      for (int q = cs::tree_maxpower(p); q < p; ++q) root[q] = remaining_pair[q];
      cs::absorb_remaining(root);
      for (int j = 0; j < p; ++j) {
        CAPTURE(j);
        CHECK(worst_error(root[j], clk[j], clk[0]) < 1e-9);
        // HCA then re-measures the intercept against the root at a sync point t_s = 3.
        const double t_s = 3.0;
        const cs::ClockModel hca =
            cs::with_offset_at(root[j], clk[j].at(t_s), clk[j].at(t_s) - clk[0].at(t_s));
        CHECK(worst_error(hca, clk[j], clk[0]) < 1e-9);
      }
    }
  }

  TEST_CASE("tree schedule: Netgauge offsets (scatter, then the extra round) for p = 1..40") {
    for (int p = 1; p <= 40; ++p) {
      CAPTURE(p);
      const std::vector<SimClock> clk = make_clocks(p, 2000u + static_cast<unsigned>(p), false);
      auto pair_offset = [&](int a, int b) {
        return cs::offset_model(clk[a].at(0) - clk[b].at(0));
      };
      std::vector<std::vector<cs::ClockModel>> table(p, std::vector<cs::ClockModel>(p));
      std::vector<std::vector<cs::TreeStep>> steps;
      for (int r = 0; r < p; ++r) steps.push_back(cs::tree_steps(r, p, cs::TreeOrder::BottomUp));
      for (int round = 1; round <= cs::tree_levels(p); ++round) {
        for (int r = 0; r < p; ++r) {
          for (const cs::TreeStep& s : steps[r]) {
            if (s.round != round || s.role != cs::TreeRole::Client) continue;
            table[r][r] = pair_offset(r, s.peer);
            cs::absorb_block(table[s.peer], r,
                             std::span<const cs::ClockModel>(table[r]).subspan(r, s.span));
          }
        }
      }
      // Scatter: every rank below maxpower gets the root's entry; then the extra round.
      std::vector<cs::ClockModel> mine(table[0]);
      for (int q = cs::tree_maxpower(p); q < p; ++q) {
        const int partner = q - cs::tree_maxpower(p);
        mine[q] = cs::merge_models(mine[partner], pair_offset(q, partner));
      }
      for (int j = 0; j < p; ++j) CHECK(worst_error(mine[j], clk[j], clk[0]) < 1e-12);
    }
  }

  TEST_CASE("tree schedule: top-down learning against global parents maps to the root (HCA3)") {
    for (int p = 1; p <= 40; ++p) {
      CAPTURE(p);
      const std::vector<SimClock> clk = make_clocks(p, 3000u + static_cast<unsigned>(p), true);
      std::vector<cs::ClockModel> model(p);
      std::vector<bool> synced(p, false);
      synced[0] = true;
      std::vector<std::vector<cs::TreeStep>> steps;
      for (int r = 0; r < p; ++r) steps.push_back(cs::tree_steps(r, p, cs::TreeOrder::TopDown));
      for (int round = 1; round <= cs::tree_rounds(p); ++round) {
        for (int r = 0; r < p; ++r) {
          for (const cs::TreeStep& s : steps[r]) {
            if (s.round != round || s.role != cs::TreeRole::Client) continue;
            CHECK(synced[s.peer]);  // the reference already has a global clock
            const SimClock me = clk[r], parent = clk[s.peer];
            const cs::ClockModel pm = model[s.peer];
            model[r] = learn_exact([&](double t) { return me.at(t); },
                                   [&](double t) { return pm.to_global(parent.at(t)); });
            synced[r] = true;
          }
        }
      }
      for (int j = 0; j < p; ++j) {
        CHECK(synced[j]);
        CHECK(worst_error(model[j], clk[j], clk[0]) < 1e-9);
      }
    }
  }
}
