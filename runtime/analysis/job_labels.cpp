// Short job names (see job_labels.h).
#include "runtime/analysis/job_labels.h"

#include <fmt/format.h>

#include <map>
#include <set>

namespace metron::analysis {

namespace {

using Pairs = std::vector<std::pair<std::string, std::string>>;

// Names (of variables or factors) whose value is not fixed by block, op and size: they tell
// jobs apart and go into the label.
std::set<std::string> varying(const std::vector<Comparison>& cs, const Pairs JobKey::*member) {
  std::map<std::pair<std::string, std::string>, std::set<std::string>> values;
  for (const auto& c : cs) {
    const std::string where = c.key.block + '\x1f' + c.key.op + '\x1f' + c.op_b + '\x1f' +
                              std::to_string(c.key.bytes);
    for (const auto& [name, value] : c.key.*member)
      if (name != c.skip_factor) values[{name, where}].insert(value);
  }
  std::set<std::string> out;
  for (const auto& [at, v] : values)
    if (v.size() > 1) out.insert(at.first);
  return out;
}

}  // namespace

std::string bytes_text(std::int64_t bytes) {
  static const char* const kUnits[] = {"B", "KiB", "MiB", "GiB", "TiB"};
  int u = 0;
  while (u < 4 && bytes >= 1024 && bytes % 1024 == 0) {
    bytes /= 1024;
    ++u;
  }
  return fmt::format("{} {}", bytes, kUnits[u]);
}

std::vector<std::string> compact_job_labels(const std::vector<Comparison>& cs) {
  std::set<std::int64_t> comm_sizes;
  for (const auto& c : cs) comm_sizes.insert(c.key.comm_size);
  const std::set<std::string> vars = varying(cs, &JobKey::vars);
  const std::set<std::string> factors = varying(cs, &JobKey::factors);
  std::vector<std::string> out;
  for (const auto& c : cs) {
    std::string l = c.key.op + (c.op_b.empty() ? "" : " vs " + c.op_b) + " " + bytes_text(c.key.bytes);
    if (comm_sizes.size() > 1) l += fmt::format(", {} ranks", c.key.comm_size);
    for (const auto& [k, v] : c.key.vars)
      if (vars.count(k)) l += ", " + k + "=" + v;
    for (const auto& [k, v] : c.key.factors)
      if (k != c.skip_factor && factors.count(k)) l += ", " + k + "=" + v;
    if (c.key.occurrence > 0) l += fmt::format(" #{}", c.key.occurrence + 1);
    out.push_back(std::move(l));
  }
  // Two jobs of one block with one label (e.g. sizes that differ below the shown precision):
  // both get the full label.
  std::map<std::string, std::vector<std::size_t>> seen;
  for (std::size_t i = 0; i < cs.size(); ++i) seen[cs[i].key.block + '\x1f' + out[i]].push_back(i);
  for (const auto& [label, at] : seen)
    if (at.size() > 1)
      for (std::size_t i : at) {
        out[i] = cs[i].key.label(cs[i].skip_factor);
        if (!cs[i].op_b.empty()) out[i] += " vs " + cs[i].op_b;
      }
  return out;
}

}  // namespace metron::analysis
