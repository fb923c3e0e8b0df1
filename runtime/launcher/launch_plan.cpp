// Launch expansion and seeded launch order (see launch_plan.h).
#include "runtime/launcher/launch_plan.h"

#include <limits>
#include <numeric>

#include "runtime/exec/job_order.h"
#include "runtime/plan/value.h"

namespace metron::launcher {

namespace {
// The same generator as job_order.cpp: std::shuffle's algorithm is not fixed by the standard,
// and a recorded seed must give the same order with every standard library.
std::uint64_t splitmix64(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}
}  // namespace

RunDesign run_design(const LaunchDesign& d, std::int64_t replicates_override, int np) {
  RunDesign r;
  r.replicates = replicates_override > 0 ? replicates_override : d.replicates;
  r.np = np;
  for (const auto& f : d.factors) {
    RunFactor rf;
    rf.name = f.name;
    rf.env_var = f.env_var;
    for (const auto& v : f.levels) rf.levels.push_back(to_cell(v));
    rf.sets_np = f.env_var.empty() && f.name == "procs";  // as the plan builder reads it
    r.factors.push_back(std::move(rf));
  }
  return r;
}

nlohmann::json design_to_json(const RunDesign& d) {
  nlohmann::json factors = nlohmann::json::array();
  for (const auto& f : d.factors)
    factors.push_back(
        {{"name", f.name},
         {"env", f.env_var.empty() ? nlohmann::json(nullptr) : nlohmann::json(f.env_var)},
         {"levels", f.levels},
         {"sets_np", f.sets_np}});
  return {{"replicates", d.replicates}, {"np", d.np}, {"factors", factors}};
}

RunDesign design_from_json(const nlohmann::json& j) {
  RunDesign d;
  d.replicates = j.value("replicates", std::int64_t{1});
  d.np = j.value("np", 2);
  for (const auto& f : j.value("factors", nlohmann::json::array())) {
    RunFactor rf;
    rf.name = f.value("name", "");
    if (f.contains("env") && f["env"].is_string()) rf.env_var = f["env"].get<std::string>();
    rf.levels = f.value("levels", std::vector<std::string>{});
    rf.sets_np = f.value("sets_np", false);
    d.factors.push_back(std::move(rf));
  }
  return d;
}

std::string Launch::levels_spec() const {
  std::string s;
  for (const auto& l : levels)
    s += (s.empty() ? "" : ",") + l.factor + "=" + std::to_string(l.index);
  return s;
}

std::int64_t launch_count(const RunDesign& d) {
  std::int64_t n = d.replicates;
  for (const auto& f : d.factors) {
    auto levels = static_cast<std::int64_t>(f.levels.size());
    if (levels == 0) return 0;
    if (n > std::numeric_limits<std::int64_t>::max() / levels)
      return std::numeric_limits<std::int64_t>::max();
    n *= levels;
  }
  return n;
}

std::vector<Launch> expand_launches(const RunDesign& d) {
  std::size_t combos = 1;
  for (const auto& f : d.factors) combos *= f.levels.size();
  std::vector<Launch> out;
  if (combos == 0 || d.replicates < 1) return out;
  for (std::int64_t rep = 0; rep < d.replicates; ++rep)
    for (std::size_t c = 0; c < combos; ++c) {
      Launch l;
      l.id = rep * static_cast<std::int64_t>(combos) + static_cast<std::int64_t>(c);
      l.replicate = rep;
      l.np = d.np;
      // Mixed-radix digits of c, the last factor varying fastest.
      std::vector<std::size_t> idx(d.factors.size());
      std::size_t rest = c;
      for (std::size_t k = d.factors.size(); k-- > 0;) {
        idx[k] = rest % d.factors[k].levels.size();
        rest /= d.factors[k].levels.size();
      }
      for (std::size_t k = 0; k < d.factors.size(); ++k) {
        const RunFactor& f = d.factors[k];
        l.levels.push_back({f.name, idx[k], f.levels[idx[k]]});
        if (f.sets_np) {
          try {
            l.np = std::stoi(f.levels[idx[k]]);
          } catch (...) {
            // The front end checked that procs levels are positive integers.
          }
        }
        if (!f.env_var.empty()) l.env.emplace_back(f.env_var, f.levels[idx[k]]);
      }
      out.push_back(std::move(l));
    }
  return out;
}

std::uint64_t launch_order_seed(std::uint64_t run_seed) {
  // Launch ids are >= 0, so -1 gives a stream no launch's job shuffle uses.
  return rt::launch_seed(run_seed, -1);
}

std::vector<std::int64_t> launch_order(std::size_t n, std::uint64_t run_seed) {
  std::vector<std::int64_t> order(n);
  std::iota(order.begin(), order.end(), 0);
  std::uint64_t state = launch_order_seed(run_seed);
  for (std::size_t i = n; i > 1; --i) std::swap(order[i - 1], order[splitmix64(state) % i]);
  return order;
}

}  // namespace metron::launcher
