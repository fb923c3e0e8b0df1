// SKaMPI's computed loops: `for v = a to b [step [*]s] [multipleof j]` (anchors.md §1.5).
// An exact internal value advances by +s or *s; the visible value is that value cast to the type
// of the start value (rounded to nearest for integers), optionally rounded to a multiple of j;
// a visible value equal to the previous one is skipped.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace metron {

class LoopSequence {
 public:
  struct Spec {
    double from = 0;
    std::optional<double> to;  // nullopt: unbounded ('...'); the caller stops the loop
    double step = 1;
    bool multiplicative = false;
    std::optional<std::int64_t> multiple_of;
    bool integer = true;  // the start value is an integer: visible values are integers
  };
  // Why a spec cannot make a loop; empty if it can.
  static std::string check(const Spec& s);

  explicit LoopSequence(const Spec& s) : s_(s), x_(s.from) {}
  // The next visible value, or nullopt at the end.
  std::optional<double> next();

 private:
  bool in_range(double x) const;
  double visible(double x) const;

  Spec s_;
  double x_;
  std::optional<double> last_;
  bool done_ = false;
};

}  // namespace metron
