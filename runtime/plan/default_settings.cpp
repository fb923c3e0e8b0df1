// Settings defaults by dialect (see default_settings.h).
#include "runtime/plan/default_settings.h"

#include <memory>

namespace metron {

ScriptDialect dialect_of(std::string_view name) {
  constexpr std::string_view kSki = ".ski";
  return name.size() >= kSki.size() && name.substr(name.size() - kSki.size()) == kSki
             ? ScriptDialect::Ski
             : ScriptDialect::Bench;
}

Settings default_settings(ScriptDialect d) {
  Settings s;  // SKaMPI's defaults: the RSE rule (no `stop`), 8 to 33 observations
  if (d == ScriptDialect::Ski) return s;
  // The 95% CI of the median within 1% of it: three significant digits that the CI backs.
  s.stop = std::make_shared<const adapt::StopRule>(
      adapt::ci_within(adapt::CiStatistic::Median, 0.95, 0.01));
  s.stop_rule_text = kDefaultStopRuleText;
  s.min_reps = kDefaultMinReps;
  s.max_reps = kDefaultMaxReps;
  return s;
}

}  // namespace metron
