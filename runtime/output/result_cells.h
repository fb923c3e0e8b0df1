// How each kind of a job's record values is written: a CSV cell (raw.csv, summary.csv) and a
// manifest value (runtime/results/result_fields.def names the kinds). Formatting only.
#pragma once

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdint>
#include <string_view>
#include <type_traits>

#include "runtime/output/csv_writer.h"
#include "runtime/results/result_values.h"

namespace metron::out {

namespace kind = rt::kind;

// Numbers that may not be there: NaN, or (Unset) negative.
inline bool unset(double v) {
  return std::isnan(v) || v < 0;
}

inline void cell(CsvWriter& w, kind::Int, std::int64_t v) {
  w.field(v);
}
inline void cell(CsvWriter& w, kind::Real, double v) {
  w.field(v);
}
template <typename T>
void cell(CsvWriter& w, kind::Unset, T v) {
  if (unset(static_cast<double>(v)))
    w.field(std::string_view());
  else if constexpr (std::is_integral_v<T>)
    w.field(static_cast<std::int64_t>(v));  // a count (refine_round, overlap_tests)
  else
    w.field(static_cast<double>(v));
}
inline void cell(CsvWriter& w, kind::Flag, bool v) {
  w.field(v);
}
inline void cell(CsvWriter& w, kind::OnOff, bool v) {
  w.field(std::string_view(v ? "on" : "off"));
}
inline void cell(CsvWriter& w, kind::Text, std::string_view v) {
  w.field(v);
}
template <typename E>
void cell(CsvWriter& w, kind::Name, E v) {
  w.field(adapt::to_string(v));
}

inline nlohmann::json json_value(kind::Int, std::int64_t v) {
  return v;
}
inline nlohmann::json json_value(kind::Real, double v) {
  return std::isnan(v) ? nlohmann::json(nullptr) : nlohmann::json(v);
}
template <typename T>
nlohmann::json json_value(kind::Unset, T v) {
  return unset(static_cast<double>(v)) ? nlohmann::json(nullptr) : nlohmann::json(v);
}
inline nlohmann::json json_value(kind::Flag, bool v) {
  return v;
}
inline nlohmann::json json_value(kind::OnOff, bool v) {
  return v;
}
inline nlohmann::json json_value(kind::Text, std::string_view v) {
  return v;
}
template <typename E>
nlohmann::json json_value(kind::Name, E v) {
  return adapt::to_string(v);
}
// A series has no manifest key (the table gives none): never called, compiled for the table's
// uniform expansion.
template <typename T>
nlohmann::json json_value(kind::Series, const T&) {
  return nullptr;
}

}  // namespace metron::out
