// Linear clock models (ReproMPI's GlobalClockLM convention) and their composition along a tree.
#pragma once

namespace metron::rt::clocksync {

// A rank's linear drift model against a reference clock, in the convention of Hunold &
// Carpen-Amarie, "MPI Benchmarking Revisited" Alg. 15/16 (and ReproMPI's GlobalClockLM):
//
//   local - reference  =  slope * local + intercept          (a function of LOCAL time)
//   global             =  local - (slope * local + intercept)
//
// Both clocks read seconds. The reference's own model is {0, 0}, and an offset-only method
// (SKaMPI, Netgauge, HCA3O) has slope 0. A rank whose clock runs fast by d (relative) has
// slope d / (1 + d), not d: the slope is per second of the local clock.
struct ClockModel {
  double slope = 0.0;
  double intercept = 0.0;

  // Alg. 16, Get_Normalized_Time.
  double to_global(double local_s) const { return local_s - (slope * local_s + intercept); }
  // The local time at which the global clock reads global_s (inverse of to_global).
  double to_local(double global_s) const { return (global_s + intercept) / (1.0 - slope); }
  bool operator==(const ClockModel&) const = default;
};

// Alg. 4, Merge_LMs: given child->ref (model of rank 2 against rank 1) and grandchild->child
// (model of rank 3 against rank 2), returns the model of rank 3 against rank 1:
//   slope     = s21 + s32 - s21 * s32
//   intercept = i21 + i32 - i32 * s21
// This is Eq. (1) of the paper rewritten for the local-time convention above; Eq. (1) itself
// models ref - local as a function of reference time, whence its different-looking intercept
// term ("MPI Benchmarking Revisited" §4.4, docs/methodology-clocksync.md).
ClockModel merge_models(const ClockModel& child_to_ref, const ClockModel& grandchild_to_child);

// An offset-only model: local - reference = local_minus_ref_s at every instant.
ClockModel offset_model(double local_minus_ref_s);

// Alg. 4, Compute_And_Set_Intercept: keep the slope, replace the intercept so that the model
// passes through an offset measured at local time at_local_s (intercept = diff - slope * t).
ClockModel with_offset_at(const ClockModel& model, double at_local_s, double local_minus_ref_s);

}  // namespace metron::rt::clocksync
