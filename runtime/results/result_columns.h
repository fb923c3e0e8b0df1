// The names of the per-job columns Metron writes (raw.csv, summary.csv), from the table of a
// job's record (result_fields.def): a reader names a column as col::median_s, never as a string
// of its own, so that a renamed column fails to compile instead of reading nothing. No types of
// the records: the readers of results folders (runtime/analysis) include this header alone.
#pragma once

#include <array>
#include <cstddef>
#include <string_view>

namespace metron::col {

#define METRON_COL_Csv(name) inline constexpr char name[] = #name;
#define METRON_COL_NoCsv(name)
#define JOB_COLUMN(name, type, value) inline constexpr char name[] = #name;
#define OBSERVATION_COLUMN(name, type, value) inline constexpr char name[] = #name;
#define RESULT_FIELD(name, type, csv, value, manifest, when, reduction) METRON_COL_##csv(name)
#include "runtime/results/result_fields.def"

// The columns in the order the writers write them.
#define JOB_COLUMN(name, type, value) std::string_view(#name),
inline constexpr std::string_view kJobColumns[] = {
#include "runtime/results/result_fields.def"
};
#define OBSERVATION_COLUMN(name, type, value) std::string_view(#name),
inline constexpr std::string_view kObservationColumns[] = {
#include "runtime/results/result_fields.def"
};
#define METRON_SUMMARY_Csv(name) std::string_view(#name),
#define METRON_SUMMARY_NoCsv(name)
#define RESULT_FIELD(name, type, csv, value, manifest, when, reduction) METRON_SUMMARY_##csv(name)
inline constexpr std::string_view kSummaryColumns[] = {
#include "runtime/results/result_fields.def"
};
#undef METRON_SUMMARY_Csv
#undef METRON_SUMMARY_NoCsv
#undef METRON_COL_Csv
#undef METRON_COL_NoCsv

// Prefix of a loop variable's column (var_count) and, in a run folder, a launch factor's.
inline constexpr char kVarPrefix[] = "var_";

}  // namespace metron::col
