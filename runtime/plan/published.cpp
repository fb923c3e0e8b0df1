// Published values: units, columns, numbers and the JSON form (see published.h).
#include "runtime/plan/published.h"

#include <charconv>
#include <cmath>
#include <stdexcept>

#include "runtime/plan/printable_text.h"

namespace metron {

const char* published_kind_name(PublishedKind k) {
  switch (k) {
    case PublishedKind::Time:
      return "time";
    case PublishedKind::Bandwidth:
      return "bandwidth";
    case PublishedKind::Spread:
      return "spread";
  }
  return "time";
}

const std::vector<PublishedUnit>& published_units() {
  // Bandwidth: KB, MB and GB are decimal here, as OSU and IMB count and as summary.csv's
  // mb_per_s; KiB, MiB and GiB binary. (A size in a script is binary, SKaMPI's convention; a
  // paper's MB/s almost never is.)
  static const std::vector<PublishedUnit> units = {
      {"ns", PublishedKind::Time, 1e-9},
      {"us", PublishedKind::Time, 1e-6},
      {"\xc2\xb5s", PublishedKind::Time, 1e-6},  // µs, MICRO SIGN
      {"\xce\xbcs", PublishedKind::Time, 1e-6},  // μs, GREEK SMALL LETTER MU
      {"ms", PublishedKind::Time, 1e-3},
      {"s", PublishedKind::Time, 1.0},
      {"B/s", PublishedKind::Bandwidth, 1.0},
      {"KB/s", PublishedKind::Bandwidth, 1e3},
      {"MB/s", PublishedKind::Bandwidth, 1e6},
      {"GB/s", PublishedKind::Bandwidth, 1e9},
      {"KiB/s", PublishedKind::Bandwidth, 1024.0},
      {"MiB/s", PublishedKind::Bandwidth, 1048576.0},
      {"GiB/s", PublishedKind::Bandwidth, 1073741824.0},
      {"%", PublishedKind::Spread, 0.01},
  };
  return units;
}

const PublishedUnit* find_published_unit(std::string_view name) {
  for (const auto& u : published_units())
    if (u.name == name) return &u;
  return nullptr;
}

std::string published_unit_names(PublishedKind k) {
  std::string out;
  for (const auto& u : published_units())
    if (u.kind == k && (u.name.empty() || static_cast<unsigned char>(u.name[0]) < 0x80))
      out += (out.empty() ? "" : ", ") + std::string(u.name);
  return out;
}

bool published_kind_fits(PublishedKind k, ClaimStatistic s) {
  return (k == PublishedKind::Spread) == is_spread(s);
}

const std::vector<PublishedColumn>& published_columns() {
  static const std::vector<PublishedColumn> columns = {
      {"id", true},      {"source", true}, {"selection", true}, {"value", true}, {"unit", true},
      {"machine", true}, {"mpi", true},    {"procs", true},     {"note", false},
  };
  return columns;
}

namespace {

std::optional<double> parse_number(std::string_view t) {
  double v = 0;
  const char* end = t.data() + t.size();
  auto [p, ec] = std::from_chars(t.data(), end, v);
  if (ec != std::errc() || p != end || !std::isfinite(v) || v < 0) return std::nullopt;
  return v;
}

}  // namespace

std::optional<PublishedNumber> parse_published_number(std::string_view text) {
  const std::size_t dots = text.find("..");
  if (dots == std::string_view::npos) {
    auto v = parse_number(text);
    if (!v) return std::nullopt;
    return PublishedNumber{*v, *v};
  }
  auto lo = parse_number(text.substr(0, dots)), hi = parse_number(text.substr(dots + 2));
  if (!lo || !hi || *lo > *hi) return std::nullopt;
  return PublishedNumber{*lo, *hi};
}

nlohmann::json published_to_json(const PublishedValue& v) {
  auto num = [](const std::optional<double>& x) {
    return x ? nlohmann::json(*x) : nlohmann::json(nullptr);
  };
  return {{"id", v.id},
          {"source", v.source},
          {"selection", v.selection},
          {"at", v.at},
          {"side", claim_side_to_json(v.side)},
          {"value_lo", num(v.lo)},
          {"value_hi", num(v.hi)},
          {"unit", v.unit},
          {"kind", published_kind_name(v.kind)},
          {"machine", v.machine},
          {"mpi", v.mpi},
          {"procs", v.procs},
          {"note", v.note}};
}

namespace {

std::string need_string(const nlohmann::json& j, const char* key) {
  if (!j.is_object() || !j.contains(key) || !j[key].is_string()) throw std::invalid_argument(key);
  return j[key].get<std::string>();
}

std::optional<double> maybe_number(const nlohmann::json& j, const char* key) {
  if (!j.is_object() || !j.contains(key)) throw std::invalid_argument(key);
  if (j[key].is_null()) return std::nullopt;
  if (!j[key].is_number()) throw std::invalid_argument(key);
  return j[key].get<double>();
}

}  // namespace

std::optional<PublishedValue> published_from_json(const nlohmann::json& j, std::string& error) {
  try {  // the texts are shown in tables: from a folder of someone else's, never raw
    PublishedValue v;
    v.id = printable_text(need_string(j, "id"));
    v.source = printable_text(need_string(j, "source"));
    v.selection = printable_text(need_string(j, "selection"));
    v.at = printable_text(need_string(j, "at"));
    if (!j.contains("side")) throw std::invalid_argument("side");
    std::string why;
    auto side = claim_side_from_json(j["side"], why);
    if (!side || side->is_reference()) throw std::invalid_argument("side");
    v.side = *side;
    v.lo = maybe_number(j, "value_lo");
    v.hi = maybe_number(j, "value_hi");
    if (v.lo.has_value() != v.hi.has_value()) throw std::invalid_argument("value_hi");
    v.unit = printable_text(need_string(j, "unit"));
    const std::string kind = need_string(j, "kind");
    bool known = false;
    for (auto k : {PublishedKind::Time, PublishedKind::Bandwidth, PublishedKind::Spread})
      if (kind == published_kind_name(k)) v.kind = k, known = true;
    if (!known) throw std::invalid_argument("kind");
    v.machine = printable_text(need_string(j, "machine"));
    v.mpi = printable_text(need_string(j, "mpi"));
    v.procs = printable_text(need_string(j, "procs"));
    v.note = printable_text(need_string(j, "note"));
    return v;
  } catch (const std::invalid_argument& e) {
    error = e.what();
    return std::nullopt;
  }
}

}  // namespace metron
