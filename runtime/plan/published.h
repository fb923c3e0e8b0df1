// Published values: a paper's numbers for jobs of the script (`published "values.csv"`,
// docs/claims.md "Published values"), as the plan carries them: what each value selects (a claim
// side), the value or range in base units, its unit, and the paper's machine, MPI library and
// process count. The units table and the JSON form (plan JSON, manifests) are here; the measured
// side is runtime/analysis/published_vs_measured.h. No MPI.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "runtime/plan/claim.h"

namespace metron {

// What a published number measures; each unit belongs to one kind.
enum class PublishedKind {
  Time,       // a location of times (median(...) or mean(...)): seconds
  Bandwidth,  // bytes per second, from the bytes one time moves (a rate, as summary.csv's)
  Spread,     // launch_spread(...) or within_spread(...): a fraction
};
const char* published_kind_name(PublishedKind k);  // "time", "bandwidth", "spread"

struct PublishedUnit {
  std::string_view name;  // as a file writes it: "us", "MB/s", "%"
  PublishedKind kind;
  double scale;  // one unit in base units (seconds, bytes/s, fraction)
};
// The units a published value may have, and the one named `name` (nullptr if none).
const std::vector<PublishedUnit>& published_units();
const PublishedUnit* find_published_unit(std::string_view name);
// "ns, us, ms, s" for one kind (for messages and docs).
std::string published_unit_names(PublishedKind k);
// Whether a value of this kind can be compared with what the statistic gives.
bool published_kind_fits(PublishedKind k, ClaimStatistic s);

// The columns of a published-values file, in their documented order; `required`: the header
// must have it (a cell may still be empty where the paper does not say).
struct PublishedColumn {
  std::string_view name;
  bool required;
};
const std::vector<PublishedColumn>& published_columns();

struct PublishedValue {
  std::string id;         // unique in the file
  std::string source;     // where in the paper: "Table 1", "Fig. 9"
  std::string selection;  // the selection as written: median(Bcast[bytes = 8])
  std::string at;         // "file:line:col" of the row
  ClaimSide side;         // what it selects (never a reference)
  // The number, or a range lo..hi, in base units; none where the paper gives no number.
  std::optional<double> lo, hi;
  std::string unit;  // as written; empty when there is no number
  PublishedKind kind = PublishedKind::Time;
  std::string machine, mpi, procs, note;  // the paper's, as written (may be empty)
  bool has_value() const { return lo.has_value(); }
};

// Reads a published value or range ("2.1", "2.86..3.13"; not negative, lo <= hi); nullopt when
// the text is neither.
struct PublishedNumber {
  double lo = 0, hi = 0;
};
std::optional<PublishedNumber> parse_published_number(std::string_view text);

// The JSON form (plan JSON "published"; docs/plan-json.md) and back. published_from_json: empty
// with `error` naming the key that is missing or of the wrong type.
nlohmann::json published_to_json(const PublishedValue& v);
std::optional<PublishedValue> published_from_json(const nlohmann::json& j, std::string& error);

}  // namespace metron
