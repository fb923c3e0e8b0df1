// `--job FILTER`: which series a command looks at. Comma-separated terms, all of which must
// hold: FIELD=VALUE (script, machine, np, block, op, bytes, comm_size: that field equals VALUE;
// another name: "NAME=VALUE" is among the series' loop variables and launch-factor levels), or a
// word that the series' name contains. No MPI.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "runtime/history/series_query.h"

namespace metron::history {

struct FilterTerm {
  std::string field;  // empty: `value` is a word of the name
  std::string value;
};

// nullopt for an empty term or one with an empty field ("=x").
std::optional<std::vector<FilterTerm>> parse_series_filter(const std::string& text);

bool series_matches(const SeriesInfo& s, const std::vector<FilterTerm>& terms);

}  // namespace metron::history
