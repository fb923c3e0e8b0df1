// The values of a job's record by name, from the table (result_fields.def): field::median_s(r, s),
// job_column::bytes(r), observation::time_s(r, i). Every writer takes its values through these,
// so a value is defined in one place; the writers choose only how to format its kind.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>

#include "runtime/plan/measure_funcs.h"
#include "runtime/plan/settings.h"
#include "runtime/results/job_result.h"
#include "runtime/results/job_summary.h"

namespace metron::rt {

// How a value is written (the table's types; the writers overload on these tags).
namespace kind {
struct Int {};
struct Real {};
struct Unset {};
struct Flag {};
struct OnOff {};
struct Text {};
struct Name {};
struct Series {};
struct RankMax {};
}  // namespace kind

// When the manifest has a field (the table's `when`).
enum class When { Always, Overlap, Window, Timed, RoundTime, Clock };

// A value that is not there (an empty cell, null).
inline constexpr double kNone = std::numeric_limits<double>::quiet_NaN();

// Accessors return references where the value is a member (decltype(auto) of a parenthesized
// expression), so a series is never copied.
namespace job_column {
#define JOB_COLUMN(name, type, value)              \
  inline decltype(auto) name(const JobResult& r) { \
    return (value);                                \
  }
#include "runtime/results/result_fields.def"
}  // namespace job_column

namespace observation {
#define OBSERVATION_COLUMN(name, type, value)                                      \
  inline decltype(auto) name([[maybe_unused]] const JobResult& r, std::size_t i) { \
    return (value);                                                                \
  }
#include "runtime/results/result_fields.def"
}  // namespace observation

namespace field {
#define RESULT_FIELD(name, type, csv, value, manifest, when, reduction) \
  inline decltype(auto) name([[maybe_unused]] const JobResult& r,       \
                             [[maybe_unused]] const JobSummary& s) {    \
    return (value);                                                     \
  }
#include "runtime/results/result_fields.def"
}  // namespace field

}  // namespace metron::rt
