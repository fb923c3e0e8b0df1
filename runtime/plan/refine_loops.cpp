// refine_config() and refine_loops() (see refine_loops.h).
#include "runtime/plan/refine_loops.h"

#include <map>
#include <set>

namespace metron {

adapt::RefineConfig refine_config(const Job& job) {
  const RefineSettings& r = job.settings->refine;
  adapt::RefineConfig c;
  c.algorithm = r.kind == RefineKind::Skampi    ? adapt::RefineAlgorithm::Skampi
                : r.kind == RefineKind::Mpptest ? adapt::RefineAlgorithm::Mpptest
                                                : adapt::RefineAlgorithm::Metron;
  c.factor = r.factor;
  c.rel_tolerance = r.rel_tolerance;
  c.min_gap = r.min_gap;
  c.max_points = r.max_points;
  c.max_time_s = r.max_time_s;
  c.multiplicative = job.refine_multiplicative;
  c.integer = job.refine_integer;
  c.multiple_of = job.refine_multiple_of;
  return c;
}

std::vector<RefineLoop> refine_loops(const Plan& plan) {
  std::vector<RefineLoop> loops;
  std::map<int, std::size_t> at;         // group -> index into loops
  std::vector<std::set<double>> values;  // per loop: the distinct values of its variable
  for (std::size_t i = 0; i < plan.jobs.size(); ++i) {
    const Job& j = plan.jobs[i];
    if (j.refine_group < 0) continue;
    auto [it, fresh] = at.emplace(j.refine_group, loops.size());
    if (fresh) {
      RefineLoop l;
      l.group = j.refine_group;
      l.block_index = j.block_index;
      l.var = j.refine_var;
      // The loops around the autorefine loop: the factors before its variable (outermost
      // first); loops inside its body vary within the group and are left out.
      for (const auto& f : j.factors) {
        if (f.first == j.refine_var) break;
        l.outer.push_back(f);
      }
      l.first_job = i;
      l.config = refine_config(j);
      loops.push_back(std::move(l));
      values.emplace_back();
    }
    RefineLoop& l = loops[it->second];
    ++l.jobs;
    for (const auto& [k, v] : j.factors)
      if (k == j.refine_var && v.is_number()) values[it->second].insert(v.as_number());
  }
  for (std::size_t k = 0; k < loops.size(); ++k) {
    loops[k].values = values[k].size();
    loops[k].budget = adapt::refine_budget(loops[k].config, loops[k].values);
  }
  return loops;
}

}  // namespace metron
