// Which jobs of A and B are compared (see compare.h): jobs matched between two folders, the levels
// of a launch factor inside one folder, and operations paired by the user.
#include "runtime/analysis/compare.h"

#include <algorithm>
#include <map>

#include "runtime/plan/diagnostics.h"

namespace metron::analysis {

namespace {

std::vector<double> launch_medians(const JobSeries& s) {
  std::vector<double> v;
  for (const auto& l : s.launches) v.push_back(l.median_s);
  return v;
}

// What pairs a job of op A with a job of op B: everything but block and op.
std::string pair_text(JobKey k) {
  k.block.clear();
  k.op.clear();
  return k.text();
}

std::string factor_list(const ResultsData& d) {
  std::string s;
  for (const auto& f : d.factor_names) s += (s.empty() ? "'" : ", '") + f + "'";
  return s;
}

}  // namespace

std::vector<Comparison> compare_results(const ResultsData& a, const ResultsData& b,
                                        const CompareOptions& o, std::size_t* unmatched) {
  std::vector<Comparison> out;
  std::size_t missing = 0;
  if (o.pairs.empty()) {
    std::map<std::string, const JobSeries*> in_b;
    for (const auto& s : b.jobs) in_b[s.key.text()] = &s;
    for (const auto& s : a.jobs) {
      auto it = in_b.find(s.key.text());
      if (it == in_b.end()) {
        ++missing;
        continue;
      }
      Comparison c = compare_samples(launch_medians(s), launch_medians(*it->second), o);
      c.key = s.key;
      c.noise = noise_of(s);
      c.noise.add(noise_of(*it->second));
      out.push_back(std::move(c));
      in_b.erase(it);
    }
    missing += in_b.size();
  } else {
    for (const auto& [op_a, op_b] : o.pairs) {
      std::map<std::string, const JobSeries*> in_b;
      for (const auto& s : b.jobs)
        if (s.key.op == op_b) in_b[pair_text(s.key)] = &s;
      for (const auto& s : a.jobs) {
        if (s.key.op != op_a) continue;
        auto it = in_b.find(pair_text(s.key));
        if (it == in_b.end()) {
          ++missing;
          continue;
        }
        Comparison c = compare_samples(launch_medians(s), launch_medians(*it->second), o);
        c.key = s.key;
        c.op_b = op_b;
        c.noise = noise_of(s);
        c.noise.add(noise_of(*it->second));
        out.push_back(std::move(c));
        in_b.erase(it);
      }
      missing += in_b.size();
    }
  }
  adjust_and_decide(out, o);
  if (unmatched) *unmatched = missing;
  return out;
}

std::vector<Comparison> compare_levels(const ResultsData& d, const std::string& factor,
                                       const CompareOptions& o, std::string& error) {
  if (std::find(d.factor_names.begin(), d.factor_names.end(), factor) == d.factor_names.end()) {
    error = d.factor_names.empty()
                ? message_text(DiagId::no_launch_factors, factor, d.dir)
                : message_text(DiagId::no_launch_factor, factor, d.dir, factor_list(d));
    return {};
  }
  std::vector<std::string> levels;
  for (const auto& s : d.jobs) {
    std::string v = s.key.factor(factor);
    if (std::find(levels.begin(), levels.end(), v) == levels.end()) levels.push_back(v);
  }
  // The manifest's level order is the script's; prefer it to the order of appearance.
  if (d.manifest.contains("design"))
    for (const auto& f : d.manifest["design"].value("factors", nlohmann::json::array()))
      if (f.value("name", "") == factor) {
        std::vector<std::string> declared;
        for (const auto& j : f.value("levels", nlohmann::json::array())) {
          const std::string l = j.is_string() ? j.get<std::string>() : j.dump();
          if (std::find(levels.begin(), levels.end(), l) != levels.end()) declared.push_back(l);
        }
        if (declared.size() == levels.size()) levels = declared;
      }
  if (levels.size() < 2) {
    error = message_text(DiagId::factor_one_level, factor, d.dir);
    return {};
  }
  std::vector<Comparison> out;
  for (std::size_t lv = 1; lv < levels.size(); ++lv) {
    std::map<std::string, const JobSeries*> base;
    for (const auto& s : d.jobs)
      if (s.key.factor(factor) == levels[0]) base[s.key.text(factor)] = &s;
    for (const auto& s : d.jobs) {
      if (s.key.factor(factor) != levels[lv]) continue;
      auto it = base.find(s.key.text(factor));
      if (it == base.end()) continue;
      Comparison c = compare_samples(launch_medians(*it->second), launch_medians(s), o);
      c.key = it->second->key;
      c.noise = noise_of(*it->second);
      c.noise.add(noise_of(s));
      c.skip_factor = factor;
      c.level_a = levels[0];
      c.level_b = levels[lv];
      out.push_back(std::move(c));
    }
  }
  adjust_and_decide(out, o);
  return out;
}

std::vector<Comparison> compare_paired_ops(const ResultsData& d, const CompareOptions& o,
                                           std::string& error) {
  std::vector<Comparison> out;
  for (const auto& [op_a, op_b] : o.pairs) {
    std::map<std::string, const JobSeries*> in_b;
    for (const auto& s : d.jobs)
      if (s.key.op == op_b) in_b[pair_text(s.key)] = &s;
    std::size_t found = 0;
    for (const auto& s : d.jobs) {
      if (s.key.op != op_a) continue;
      auto it = in_b.find(pair_text(s.key));
      if (it == in_b.end()) continue;
      ++found;
      // Launch by launch: only launches in which both jobs have a value.
      std::map<std::int64_t, const LaunchValue*> b_by_launch;
      for (const auto& l : it->second->launches) b_by_launch[l.launch] = &l;
      std::vector<double> a, b;
      NoiseSummary noise;
      for (const auto& l : s.launches)
        if (auto jt = b_by_launch.find(l.launch); jt != b_by_launch.end()) {
          a.push_back(l.median_s);
          b.push_back(jt->second->median_s);
          noise.add(l);
          noise.add(*jt->second);
        }
      Comparison c = compare_samples(std::move(a), std::move(b), o, true);
      c.noise = noise;
      c.paired = true;
      c.key = s.key;
      c.op_b = op_b;
      out.push_back(std::move(c));
    }
    if (found == 0) {
      error = message_text(DiagId::no_paired_jobs, op_a, op_b, d.dir);
      return {};
    }
  }
  adjust_and_decide(out, o);
  return out;
}

}  // namespace metron::analysis
