// Claims in the plan: selection, pairing and the JSON form (see claim.h).
#include "runtime/plan/claim.h"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <set>

#include "runtime/plan/printable_text.h"

namespace metron {

namespace {

std::optional<double> as_number(const std::string& s) {
  if (s.empty()) return std::nullopt;
  char* end = nullptr;
  double v = std::strtod(s.c_str(), &end);
  if (end != s.c_str() + s.size()) return std::nullopt;
  return v;
}

template <class T>
bool compare(FilterOp op, const T& a, const T& b) {
  switch (op) {
    case FilterOp::Eq:
      return a == b;
    case FilterOp::Ne:
      return a != b;
    case FilterOp::Lt:
      return a < b;
    case FilterOp::Le:
      return a <= b;
    case FilterOp::Gt:
      return a > b;
    case FilterOp::Ge:
      return a >= b;
  }
  return false;
}

// A cell against the filter's value: as numbers when both are numbers, else as text.
bool cell_matches(const ClaimFilter& f, const std::string& cell) {
  auto a = as_number(cell), b = as_number(f.value);
  if (a && b) return compare(f.op, *a, *b);
  return compare(f.op, cell, f.value);
}

const std::string* find(const std::vector<std::pair<std::string, std::string>>& kv,
                        const std::string& name) {
  for (const auto& [k, v] : kv)
    if (k == name) return &v;
  return nullptr;
}

bool filter_matches(const ClaimFilter& f, const JobFields& job, bool ignore_factors) {
  switch (f.kind) {
    case ClaimField::Block:
      return cell_matches(f, job.block);
    case ClaimField::Bytes:
      return cell_matches(f, std::to_string(job.bytes));
    case ClaimField::CommSize:
      return cell_matches(f, std::to_string(job.comm_size));
    case ClaimField::Var: {
      const std::string* v = find(job.vars, f.field);
      return v && cell_matches(f, *v);
    }
    case ClaimField::Factor: {
      if (ignore_factors) return true;
      const std::string* v = find(job.factors, f.field);
      return v && cell_matches(f, *v);
    }
  }
  return false;
}

// The filters of one side on `field`, as comparable text.
std::multiset<std::string> filters_on(const ClaimSide& s, const std::string& field) {
  std::multiset<std::string> out;
  for (const auto& f : s.filters)
    if (f.field == field) out.insert(std::string(filter_op_name(f.op)) + '\x1f' + f.value);
  return out;
}

// The fields whose filters differ between the two sides.
std::set<std::string> distinguishing(const Claim& c) {
  std::set<std::string> fields, out;
  for (const auto* s : {&c.lhs, &c.rhs})
    for (const auto& f : s->filters) fields.insert(f.field);
  for (const auto& name : fields)
    if (filters_on(c.lhs, name) != filters_on(c.rhs, name)) out.insert(name);
  return out;
}

ClaimField kind_of(const Claim& c, const std::string& field) {
  for (const auto* s : {&c.lhs, &c.rhs})
    for (const auto& f : s->filters)
      if (f.field == field) return f.kind;
  return ClaimField::Var;
}

}  // namespace

bool side_selects(const Claim& c, const ClaimSide& side, const JobFields& job,
                  bool ignore_factors) {
  if (side.is_reference() || job.op != side.op) return false;
  for (const auto& f : side.filters)
    if (!filter_matches(f, job, ignore_factors)) return false;
  for (const auto& f : c.range)
    if (!filter_matches(f, job, ignore_factors)) return false;
  return true;
}

bool sides_differ_in_a_variable(const Claim& c) {
  for (const auto& name : distinguishing(c))
    if (kind_of(c, name) == ClaimField::Var) return true;
  return false;
}

std::set<std::string> shared_variables(const std::vector<const JobFields*>& jobs) {
  std::set<std::string> out;
  bool first = true;
  for (const JobFields* j : jobs) {
    std::set<std::string> names;
    for (const auto& [k, v] : j->vars) names.insert(k);
    if (first) {
      out = std::move(names);
      first = false;
      continue;
    }
    std::set<std::string> both;
    for (const auto& n : out)
      if (names.count(n)) both.insert(n);
    out = std::move(both);
  }
  return out;
}

std::string pairing_key(const Claim& c, const JobFields& job, const std::string& procs_factor,
                        const std::set<std::string>& shared_vars, bool with_bytes,
                        bool skip_factors) {
  const std::set<std::string> apart = distinguishing(c);
  auto differs = [&](ClaimField kind) {
    for (const auto& name : apart)
      if (kind_of(c, name) == kind) return true;
    return false;
  };
  const bool ops_differ = c.lhs.op != c.rhs.op;
  std::string key;
  if (!ops_differ && !differs(ClaimField::Block)) key += "block=" + job.block + '\x1f';
  if (!ops_differ) key += "op=" + job.op + '\x1f';
  if (with_bytes && !differs(ClaimField::Bytes))
    key += "bytes=" + std::to_string(job.bytes) + '\x1f';
  if (!differs(ClaimField::CommSize) && !(procs_factor.size() && apart.count(procs_factor)))
    key += "comm=" + std::to_string(job.comm_size) + '\x1f';
  for (const auto& [k, v] : job.vars)
    if (!apart.count(k) && shared_vars.count(k)) key += "var:" + k + '=' + v + '\x1f';
  if (!skip_factors)
    for (const auto& [k, v] : job.factors)
      if (!apart.count(k)) key += "factor:" + k + '=' + v + '\x1f';
  return key;
}

const char* claim_statistic_name(ClaimStatistic s) {
  switch (s) {
    case ClaimStatistic::Median:
      return "median";
    case ClaimStatistic::Mean:
      return "mean";
    case ClaimStatistic::LaunchSpread:
      return "launch_spread";
    case ClaimStatistic::WithinSpread:
      return "within_spread";
  }
  return "median";
}

std::optional<ClaimStatistic> parse_claim_statistic(const std::string& s) {
  for (auto v : {ClaimStatistic::Median, ClaimStatistic::Mean, ClaimStatistic::LaunchSpread,
                 ClaimStatistic::WithinSpread})
    if (s == claim_statistic_name(v)) return v;
  return std::nullopt;
}

const char* claim_relation_name(ClaimRelation r) {
  switch (r) {
    case ClaimRelation::Less:
      return "<";
    case ClaimRelation::Greater:
      return ">";
    case ClaimRelation::Equivalent:
      return "==";
  }
  return "<";
}

const char* claim_quantifier_name(ClaimQuantifier q) {
  return q == ClaimQuantifier::Every ? "every" : "some";
}

const char* filter_op_name(FilterOp op) {
  switch (op) {
    case FilterOp::Eq:
      return "=";
    case FilterOp::Ne:
      return "!=";
    case FilterOp::Lt:
      return "<";
    case FilterOp::Le:
      return "<=";
    case FilterOp::Gt:
      return ">";
    case FilterOp::Ge:
      return ">=";
  }
  return "=";
}

bool is_spread(ClaimStatistic s) {
  return s == ClaimStatistic::LaunchSpread || s == ClaimStatistic::WithinSpread;
}

namespace {

const char* field_kind_name(ClaimField k) {
  switch (k) {
    case ClaimField::Block:
      return "block";
    case ClaimField::Bytes:
      return "bytes";
    case ClaimField::CommSize:
      return "comm_size";
    case ClaimField::Var:
      return "var";
    case ClaimField::Factor:
      return "factor";
  }
  return "var";
}

nlohmann::json filters_json(const std::vector<ClaimFilter>& fs) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& f : fs)
    out.push_back({{"field", f.field},
                   {"kind", field_kind_name(f.kind)},
                   {"op", filter_op_name(f.op)},
                   {"value", f.value}});
  return out;
}

nlohmann::json side_json(const ClaimSide& s) {
  nlohmann::json j = {{"statistic", claim_statistic_name(s.statistic)}};
  if (s.is_reference()) {
    j["reference"] = s.reference;
  } else {
    j["op"] = s.op;
    j["filters"] = filters_json(s.filters);
  }
  return j;
}

// The readers below throw std::invalid_argument with the key that is wrong.
const nlohmann::json& need(const nlohmann::json& j, const char* key) {
  if (!j.is_object() || !j.contains(key)) throw std::invalid_argument(key);
  return j[key];
}

std::string need_string(const nlohmann::json& j, const char* key) {
  const auto& v = need(j, key);
  if (!v.is_string()) throw std::invalid_argument(key);
  return v.get<std::string>();
}

double need_number(const nlohmann::json& j, const char* key) {
  const auto& v = need(j, key);
  if (!v.is_number()) throw std::invalid_argument(key);
  return v.get<double>();
}

std::vector<ClaimFilter> filters_from(const nlohmann::json& j, const char* key) {
  const auto& arr = need(j, key);
  if (!arr.is_array()) throw std::invalid_argument(key);
  std::vector<ClaimFilter> out;
  for (const auto& f : arr) {
    ClaimFilter cf;
    cf.field = need_string(f, "field");
    const std::string kind = need_string(f, "kind"), op = need_string(f, "op");
    bool kind_ok = false, op_ok = false;
    for (auto k : {ClaimField::Block, ClaimField::Bytes, ClaimField::CommSize, ClaimField::Var,
                   ClaimField::Factor})
      if (kind == field_kind_name(k)) cf.kind = k, kind_ok = true;
    for (auto o :
         {FilterOp::Eq, FilterOp::Ne, FilterOp::Lt, FilterOp::Le, FilterOp::Gt, FilterOp::Ge})
      if (op == filter_op_name(o)) cf.op = o, op_ok = true;
    if (!kind_ok) throw std::invalid_argument("kind");
    if (!op_ok) throw std::invalid_argument("op");
    cf.value = need_string(f, "value");
    out.push_back(std::move(cf));
  }
  return out;
}

ClaimSide side_from(const nlohmann::json& j) {
  ClaimSide s;
  auto stat = parse_claim_statistic(need_string(j, "statistic"));
  if (!stat) throw std::invalid_argument("statistic");
  s.statistic = *stat;
  if (j.contains("reference")) {
    s.reference = need_number(j, "reference");
  } else {
    s.op = need_string(j, "op");
    if (s.op.empty()) throw std::invalid_argument("op");
    s.filters = filters_from(j, "filters");
  }
  return s;
}

}  // namespace

nlohmann::json claim_to_json(const Claim& c) {
  return {{"id", c.id},
          {"text", c.text},
          {"at", c.at},
          {"relation", claim_relation_name(c.relation)},
          {"lhs", side_json(c.lhs)},
          {"rhs", side_json(c.rhs)},
          {"by", c.by},
          {"lower", c.lower},
          {"upper", c.upper},
          {"quantifier", claim_quantifier_name(c.quantifier)},
          {"range", filters_json(c.range)}};
}

std::optional<Claim> claim_from_json(const nlohmann::json& j, std::string& error) {
  try {
    Claim c;
    // Shown in sentences and tables: from a folder of someone else's, never raw.
    c.id = printable_text(need_string(j, "id"));
    c.text = printable_text(need_string(j, "text"));
    c.at = printable_text(need_string(j, "at"));
    const std::string rel = need_string(j, "relation");
    if (rel == "<")
      c.relation = ClaimRelation::Less;
    else if (rel == ">")
      c.relation = ClaimRelation::Greater;
    else if (rel == "==")
      c.relation = ClaimRelation::Equivalent;
    else
      throw std::invalid_argument("relation");
    c.lhs = side_from(need(j, "lhs"));
    c.rhs = side_from(need(j, "rhs"));
    if (c.lhs.is_reference()) throw std::invalid_argument("lhs");
    c.by = need_number(j, "by");
    c.lower = need_number(j, "lower");
    c.upper = need_number(j, "upper");
    const std::string q = need_string(j, "quantifier");
    if (q != "every" && q != "some") throw std::invalid_argument("quantifier");
    c.quantifier = q == "every" ? ClaimQuantifier::Every : ClaimQuantifier::Some;
    c.range = filters_from(j, "range");
    return c;
  } catch (const std::invalid_argument& e) {
    error = e.what();
    return std::nullopt;
  }
}

nlohmann::json claim_side_to_json(const ClaimSide& s) {
  return side_json(s);
}

std::optional<ClaimSide> claim_side_from_json(const nlohmann::json& j, std::string& error) {
  try {
    return side_from(j);
  } catch (const std::invalid_argument& e) {
    error = e.what();
    return std::nullopt;
  }
}

}  // namespace metron
