// What the simulated build (SimGrid SMPI 3.32, -DMETRON_SMPI=ON) cannot run, in one table: whole
// operation families, single operations and settings, each with the reason. `metron check
// --simulated`, `metron run --simulate` and every command of the SMPI build refuse them at plan
// time (or skip them with --skip-unsupported), so that SMPI never stops the simulation in a call
// it does not implement and never times something other than the operation asked for
// (docs/simulation.md).
#pragma once

#include <span>
#include <string_view>

#include "runtime/plan/measure_funcs.h"

namespace metron {

// SimGrid's version that the table describes.
inline constexpr std::string_view kSmpiVersion = "3.32";

// One row: a family (when `name` is empty) or one operation, and why SMPI cannot run it.
struct SimulationGap {
  OpFamily family;
  std::string_view name;    // "": every operation of `family`
  std::string_view reason;  // completes "... because SimGrid SMPI 3.32 ..."
};

std::span<const SimulationGap> simulation_gaps();

// The row that refuses `f`, or nullptr when the simulated build runs it.
const SimulationGap* simulation_gap(const MeasureFunc& f);
const SimulationGap* simulation_gap(std::string_view op_name);

// Why `set timer = rdtscp` cannot be simulated.
inline constexpr std::string_view kSimulatedTimerReason =
    "the TSC counts this machine's cycles, while SMPI's clocks read simulated time";

}  // namespace metron
