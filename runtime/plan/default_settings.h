// The settings a script starts from, which depend on its dialect (docs/methodology.md, "The
// default stop rule"): a `.ski` file behaves as in SKaMPI (its RSE rule between 8 and 33
// observations); every other script (`.bench`, -e, standard input, `metron quick`) stops on the
// CI of the median, with OSU's iteration counts as its budgets. No MPI.
#pragma once

#include <string_view>

#include "runtime/plan/settings.h"

namespace metron {

enum class ScriptDialect { Bench, Ski };

// Ski for a main file named *.ski, Bench for everything else.
ScriptDialect dialect_of(std::string_view main_file_name);

// Metron's default rule for a script without `stop when`, as the script would write it.
inline constexpr const char* kDefaultStopRuleText = "ci(median, 95%) within 1%";
// Its budgets: OSU's iteration counts for large (100) and small (1000) messages.
inline constexpr std::int64_t kDefaultMinReps = 100;
inline constexpr std::int64_t kDefaultMaxReps = 1000;

Settings default_settings(ScriptDialect d);

}  // namespace metron
