// The names of the per-job columns Metron writes (raw.csv, summary.csv), from the table of a
// job's record (result_fields.def): a reader names a column as col::median_s, never as a string
// of its own, so that a renamed column fails to compile instead of reading nothing. No types of
// the records: the readers of results folders (runtime/analysis) include this header alone.
#pragma once

#include <array>
#include <cstddef>
#include <string_view>

namespace metron::col {

// One column per field; a RankMax field has two, NAME and NAME_rank.
#define METRON_NAME(name) inline constexpr char name[] = #name;
#define METRON_NAMES_Int(name) METRON_NAME(name)
#define METRON_NAMES_Real(name) METRON_NAME(name)
#define METRON_NAMES_Unset(name) METRON_NAME(name)
#define METRON_NAMES_Flag(name) METRON_NAME(name)
#define METRON_NAMES_OnOff(name) METRON_NAME(name)
#define METRON_NAMES_Text(name) METRON_NAME(name)
#define METRON_NAMES_Name(name) METRON_NAME(name)
#define METRON_NAMES_RankMax(name) METRON_NAME(name) METRON_NAME(name##_rank)
#define METRON_COL_Csv(name, type) METRON_NAMES_##type(name)
#define METRON_COL_NoCsv(name, type)
#define JOB_COLUMN(name, type, value) METRON_NAME(name)
#define OBSERVATION_COLUMN(name, type, value) METRON_NAME(name)
#define RESULT_FIELD(name, type, csv, value, manifest, when, reduction) METRON_COL_##csv(name, type)
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
#undef METRON_NAME
#define METRON_NAME(name) std::string_view(#name),
#define RESULT_FIELD(name, type, csv, value, manifest, when, reduction) METRON_COL_##csv(name, type)
inline constexpr std::string_view kSummaryColumns[] = {
#include "runtime/results/result_fields.def"
};
#undef METRON_NAME
#undef METRON_NAMES_Int
#undef METRON_NAMES_Real
#undef METRON_NAMES_Unset
#undef METRON_NAMES_Flag
#undef METRON_NAMES_OnOff
#undef METRON_NAMES_Text
#undef METRON_NAMES_Name
#undef METRON_NAMES_RankMax
#undef METRON_COL_Csv
#undef METRON_COL_NoCsv

// Prefix of a loop variable's column (var_count) and, in a run folder, a launch factor's.
inline constexpr char kVarPrefix[] = "var_";

}  // namespace metron::col
