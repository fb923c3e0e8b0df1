// SKaMPI's computed loops: `for v = a to b [step [*]s] [multipleof j]` (SKaMPI 5 manual §5.3.1,
// SKaMPI's exec.c). The rules, as SKaMPI implements them:
//  - an internal exact value starts at a and advances by +s or *s; it is an integer while a and s
//    are integers, a double otherwise;
//  - the visible value is the internal one cast to the type of a (a double is rounded to the
//    nearest integer, halves up), or, with `multipleof j`, rounded to the nearest multiple of j
//    (ties towards zero; the visible value is then always an integer);
//  - the loop runs while the visible value has not passed b (integers compare exactly, doubles
//    within 1e-6), in the direction given by the step: up for +s with s > 0, and for *s when a > 0
//    and s > 1 or a < 0 and s < 1; down otherwise;
//  - a visible value equal to the previous one is skipped (no body run).
// One extension (SKaMPI rejects it): a multiplicative loop from 0 with a factor above 1 runs 0
// first and then continues from 1 (0, 1, 2, 4, ... for *2), the message sizes OSU's benchmarks
// sweep, so that `for s = 0 to 1MiB step *2` measures the empty message too.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace metron {

// A loop bound or value: an integer or a double, as the script wrote it.
struct LoopNumber {
  bool is_int = true;
  std::int64_t i = 0;
  double d = 0;
  static LoopNumber of_int(std::int64_t v) { return {true, v, static_cast<double>(v)}; }
  static LoopNumber of_double(double v) { return {false, 0, v}; }
  double as_double() const { return is_int ? static_cast<double>(i) : d; }
};

class LoopSequence {
 public:
  struct Spec {
    LoopNumber from = LoopNumber::of_int(0);
    std::optional<LoopNumber> to;  // nullopt: unbounded ('...'); the caller stops the loop
    LoopNumber step = LoopNumber::of_int(1);
    bool multiplicative = false;
    std::optional<std::int64_t> multiple_of;  // j >= 1
  };
  enum class End { NotYet, Bound, Range, TooManySteps };

  // At most this many internal steps per loop (a tiny step such as 1e-9 on an integer loop would
  // otherwise spin for a very long time between two visible values).
  static constexpr std::int64_t kMaxSteps = 10'000'000;

  // Why a spec cannot make a loop ("" if it can): a step that does not move the internal value.
  // A multiplicative loop from 0 can (see above) only with a factor above 1.
  static std::string check(const Spec& s);

  explicit LoopSequence(const Spec& s);
  // The next visible value, or nullopt at the end (see end()).
  std::optional<LoopNumber> next();
  // Why the sequence ended: past the bound, out of the 64-bit range, or kMaxSteps exceeded.
  End end() const { return end_; }
  bool ascending() const { return ascending_; }

 private:
  std::optional<LoopNumber> visible() const;
  bool within_bound(const LoopNumber& v) const;
  void advance();

  Spec s_;
  bool ascending_;
  bool int_internal_;           // a and s are integers: exact integer arithmetic
  std::int64_t xi_ = 0;         // the internal value when int_internal_
  double xd_ = 0;               // the internal value otherwise
  bool internal_done_ = false;  // the internal value cannot advance any more
  std::optional<LoopNumber> last_;
  std::int64_t steps_ = 0;
  End end_ = End::NotYet;
};

// SKaMPI's comparison of loop values: exact for two integers, else equal within 1e-6.
int compare_loop_numbers(const LoopNumber& a, const LoopNumber& b);
// SKaMPI's round_*_to_multipleof: the nearest multiple of m (m >= 1), ties towards zero.
std::optional<std::int64_t> round_to_multiple(double x, std::int64_t m);
std::int64_t round_to_multiple(std::int64_t x, std::int64_t m);

}  // namespace metron
