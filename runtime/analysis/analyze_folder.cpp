// `metron analyze` (see analyze_folder.h).
#include "runtime/analysis/analyze_folder.h"

#include <cstdio>
#include <filesystem>

#include "runtime/analysis/analysis.h"
#include "runtime/analysis/compare.h"
#include "runtime/analysis/guidelines.h"
#include "runtime/analysis/results_data.h"

namespace metron::analysis {

int analyze_folder(const std::string& dir, const AnalyzeOptions& o, std::string& error) {
  namespace fs = std::filesystem;
  auto data = load_results(dir, error);
  if (!data) return 74;
  std::vector<JobAnalysis> a = analyze(*data);
  if (!write_analysis_csv((fs::path(dir) / "analysis.csv").string(), *data, a, error)) return 74;
  if (o.print) std::fputs(analysis_table(*data, a).c_str(), stdout);

  // Environment factors choose something in the library (an algorithm, a protocol): comparing
  // their levels is the question such an experiment asks. Other factors (procs, factors only the
  // script reads) change the jobs themselves, so their levels rarely match job by job.
  std::vector<Comparison> all;
  CompareOptions co;
  co.alpha = o.alpha;
  co.margin = o.margin;
  co.adjust = o.adjust;
  if (data->manifest.contains("design"))
    for (const auto& f : data->manifest["design"].value("factors", nlohmann::json::array())) {
      if (!f.contains("env") || !f["env"].is_string()) continue;
      std::string name = f.value("name", "");
      std::string why;
      auto c = compare_levels(*data, name, co, why);
      if (c.empty()) continue;
      if (o.print)
        std::printf("\nlevels of launch factor '%s' (as env %s):\n%s", name.c_str(),
                    f["env"].get<std::string>().c_str(),
                    comparison_table(c, co, name + "=" + c.front().level_a,
                                     name + "=" + c.front().level_b +
                                         (c.back().level_b != c.front().level_b ? ", ..." : ""))
                        .c_str());
      all.insert(all.end(), c.begin(), c.end());
    }
  if (!all.empty() &&
      !write_comparison_csv((fs::path(dir) / "comparisons.csv").string(), all, co, error))
    return 74;

  GuidelineOptions go;
  go.alpha = o.alpha;
  go.margin = o.guideline_margin;
  go.adjust = o.adjust;
  std::vector<GuidelineCheck> checks = check_guidelines(*data, go);
  if (!checks.empty()) {
    if (!write_guidelines_csv((fs::path(dir) / "guidelines.csv").string(), checks, go, error))
      return 74;
    if (o.print || o.print_guidelines) std::fputs(guideline_table(checks, go).c_str(), stdout);
  }
  std::fflush(stdout);
  return 0;
}

}  // namespace metron::analysis
