// Linear clock models: composition (Merge_LMs) and intercept replacement.
#include "runtime/clocksync/model/clock_model.h"

namespace metron::rt::clocksync {

ClockModel merge_models(const ClockModel& child_to_ref, const ClockModel& grandchild_to_child) {
  const double s21 = child_to_ref.slope;
  const double i21 = child_to_ref.intercept;
  const double s32 = grandchild_to_child.slope;
  const double i32 = grandchild_to_child.intercept;
  // Derivation: C1 = C2 (1 - s21) - i21 and C2 = C3 (1 - s32) - i32, so
  // C3 - C1 = C3 (s21 + s32 - s21 s32) + i21 + i32 - i32 s21.
  return ClockModel{s21 + s32 - s21 * s32, i21 + i32 - i32 * s21};
}

ClockModel offset_model(double local_minus_ref_s) {
  return ClockModel{0.0, local_minus_ref_s};
}

ClockModel with_offset_at(const ClockModel& model, double at_local_s, double local_minus_ref_s) {
  return ClockModel{model.slope, local_minus_ref_s - model.slope * at_local_s};
}

}  // namespace metron::rt::clocksync
