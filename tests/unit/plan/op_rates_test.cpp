// Rates and overlap derived from times: exact values, the interval's direction, and NaN where
// there is nothing to derive.
#include "runtime/plan/op_rates.h"

#include <doctest/doctest.h>

#include <cmath>

using namespace metron;

TEST_CASE("op_rates: MB/s with MB = 10^6 bytes and messages/s, interval from the time's") {
  // 64 messages of 1 MiB in 10 ms, the time's CI [8 ms, 12.5 ms].
  const OpRates r = op_rates(64 * 1048576, 64, 0.010, 0.008, 0.0125);
  CHECK(r.mb_per_s == doctest::Approx(6710.88640));      // 67108864 B / 0.01 s / 1e6
  CHECK(r.mb_per_s_lo == doctest::Approx(5368.709120));  // the slower bound: 0.0125 s
  CHECK(r.mb_per_s_hi == doctest::Approx(8388.608));     // the faster bound: 0.008 s
  CHECK(r.msg_per_s == doctest::Approx(6400.0));
  CHECK(r.msg_per_s_lo == doctest::Approx(5120.0));
  CHECK(r.msg_per_s_hi == doctest::Approx(8000.0));
}

TEST_CASE("op_rates: nothing to count or no positive time gives NaN") {
  const OpRates none = op_rates(0, 0, 0.01, 0.009, 0.011);
  CHECK(std::isnan(none.mb_per_s));
  CHECK(std::isnan(none.msg_per_s));
  const OpRates zero_bytes = op_rates(0, 1, 0.5, 0.25, 1.0);
  CHECK(std::isnan(zero_bytes.mb_per_s));
  CHECK(zero_bytes.msg_per_s == 2.0);
  CHECK(zero_bytes.msg_per_s_lo == 1.0);
  CHECK(zero_bytes.msg_per_s_hi == 4.0);
  const OpRates no_ci = op_rates(1000, 1, 1e-3, std::nan(""), std::nan(""));
  CHECK(no_ci.mb_per_s == doctest::Approx(1.0));
  CHECK(std::isnan(no_ci.mb_per_s_lo));
  CHECK(std::isnan(op_rates(1000, 1, 0.0, 0.0, 0.0).mb_per_s));
}

TEST_CASE("op_rates: overlap % as OSU defines it, clamped to [0, 100]") {
  CHECK(overlap_percent(10e-6, 10e-6, 10e-6) == 100.0);  // the wait took nothing
  CHECK(overlap_percent(20e-6, 10e-6, 10e-6) == 0.0);    // nothing overlapped
  CHECK(overlap_percent(15e-6, 10e-6, 10e-6) == doctest::Approx(50.0));
  CHECK(overlap_percent(25e-6, 10e-6, 10e-6) == 0.0);   // slower than serial: clamped
  CHECK(overlap_percent(5e-6, 10e-6, 10e-6) == 100.0);  // below the compute: clamped
  CHECK(std::isnan(overlap_percent(1e-6, 1e-6, 0.0)));
}
