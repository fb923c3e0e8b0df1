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
// Two cells: the largest value and the world rank that had it.
inline void cell(CsvWriter& w, kind::RankMax, const adapt::RankMax& v) {
  cell(w, kind::Unset{}, v.max);
  if (v.max < 0)
    w.field(std::string_view());
  else
    w.field(v.rank);
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
// Puts a value at its JSON pointer in a job's manifest entry; a RankMax is two keys, the value
// at the pointer and its rank at pointer + "_rank".
template <typename Kind, typename T>
void put(nlohmann::json& j, std::string_view pointer, Kind k, const T& v) {
  j[nlohmann::json::json_pointer(std::string(pointer))] = json_value(k, v);
}
inline void put(nlohmann::json& j, std::string_view pointer, kind::RankMax,
                const adapt::RankMax& v) {
  const bool none = v.max < 0;
  j[nlohmann::json::json_pointer(std::string(pointer))] =
      none ? nlohmann::json(nullptr) : nlohmann::json(v.max);
  j[nlohmann::json::json_pointer(std::string(pointer) + "_rank")] =
      none ? nlohmann::json(nullptr) : nlohmann::json(v.rank);
}

// A series has no manifest key (the table gives none): never called, compiled for the table's
// uniform expansion.
template <typename T>
nlohmann::json json_value(kind::Series, const T&) {
  return nullptr;
}

}  // namespace metron::out
