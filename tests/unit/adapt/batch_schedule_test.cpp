// Tests for runtime/adapt/batch_schedule: ReproMPI's doubling checkpoints and fixed batches.
#include "runtime/adapt/batch_schedule.h"

#include <doctest/doctest.h>

#include <limits>
#include <vector>

namespace {

namespace ad = metron::adapt;

}  // namespace

TEST_SUITE("batch_schedule") {
  TEST_CASE("batch_schedule: ReproMPI min = 20, step = 10 gives 20, 30, 50, 90, 170, ... <= 1000") {
    // seed-pgmpi-mpptest.md requirement 25: nrep(i) = nrep(i - 1) + step 2^(i - 1), capped.
    const auto s = ad::BatchSchedule::growing(20, 10, 1000);
    const std::vector<std::size_t> expected = {20, 30, 50, 90, 170, 330, 650, 1000};
    CHECK(s.checkpoints() == expected);
    CHECK(s.checkpoint(0) == 20);
    CHECK(s.checkpoint(3) == 90);
    CHECK(s.checkpoint(7) == 1000);
    CHECK(s.checkpoint(100) == 1000);  // saturates, no overflow
    CHECK(s.batch_size(0) == 20);
    CHECK(s.batch_size(1) == 10);
    CHECK(s.batch_size(4) == 80);
    CHECK(s.batch_size(7) == 350);
    CHECK(s.batch_size(8) == 0);
  }

  TEST_CASE("batch_schedule: next_batch walks the checkpoints and makes up for dropped values") {
    const auto s = ad::BatchSchedule::growing(20, 10, 1000);
    CHECK(s.next_batch(0) == 20);
    CHECK(s.next_batch(20) == 10);
    CHECK(s.next_batch(30) == 20);
    CHECK(s.next_batch(27) == 3);  // 3 repetitions were invalid: top up to 30
    CHECK(s.next_batch(650) == 350);
    CHECK(s.next_batch(1000) == 0);
    CHECK(s.next_batch(5000) == 0);
  }

  TEST_CASE("batch_schedule: fixed batches") {
    const auto s = ad::BatchSchedule::fixed(8, 30);
    const std::vector<std::size_t> expected = {8, 16, 24, 30};
    CHECK(s.checkpoints() == expected);
    CHECK(s.next_batch(0) == 8);
    CHECK(s.next_batch(8) == 8);
    CHECK(s.next_batch(13) == 3);
    CHECK(s.next_batch(24) == 6);
    CHECK(s.next_batch(30) == 0);
    const auto first = ad::BatchSchedule::fixed(8, 40, 4);  // SKaMPI-like calibration batch
    const std::vector<std::size_t> with_first = {4, 12, 20, 28, 36, 40};
    CHECK(first.checkpoints() == with_first);
    CHECK(first.next_batch(0) == 4);
    CHECK(first.next_batch(4) == 8);
  }

  TEST_CASE("batch_schedule: degenerate parameters") {
    CHECK(ad::BatchSchedule::fixed(0, 3).checkpoints() == std::vector<std::size_t>{1, 2, 3});
    CHECK(ad::BatchSchedule::growing(0, 0, 4).checkpoints() == std::vector<std::size_t>{1, 2, 4});
    CHECK(ad::BatchSchedule::growing(50, 10, 30).checkpoints() == std::vector<std::size_t>{30});
    CHECK(ad::BatchSchedule::fixed(5, 0).next_batch(0) == 0);
    const auto huge = ad::BatchSchedule::growing(1, std::numeric_limits<std::size_t>::max() / 2,
                                                 std::numeric_limits<std::size_t>::max());
    CHECK(huge.checkpoint(70) == std::numeric_limits<std::size_t>::max());
  }
}
