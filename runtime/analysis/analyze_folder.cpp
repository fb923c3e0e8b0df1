// `metron analyze` (see analyze_folder.h).
#include "runtime/analysis/analyze_folder.h"

#include <fmt/format.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

#include "runtime/analysis/analysis.h"
#include "runtime/analysis/claims.h"
#include "runtime/analysis/compare.h"
#include "runtime/analysis/comparison_report.h"
#include "runtime/analysis/csv_table.h"
#include "runtime/analysis/guidelines.h"
#include "runtime/analysis/published_vs_measured.h"
#include "runtime/analysis/results_data.h"
#include "runtime/output/json_file.h"
#include "runtime/plan/confined_path.h"
#include "runtime/plan/diagnostics.h"

namespace metron::analysis {

namespace {

// The MPI-related environment a launch recorded (system.environment of its manifest): the
// folder's own manifest for one launch, the first listed launch's for a run. Null if none.
nlohmann::json launch_environment(const std::string& dir, const nlohmann::json& manifest) {
  namespace fs = std::filesystem;
  fs::path path = fs::path(dir) / "manifest.json";
  if (manifest.is_object() && manifest.contains("launches") && manifest["launches"].is_array())
    for (const auto& l : manifest["launches"])
      if (l.is_object() && l.contains("dir") && l["dir"].is_string()) {
        std::string outside;  // a name that leaves the folder is not read
        const auto sub = confined_path(dir, l["dir"].get<std::string>(), outside);
        if (!sub) return nullptr;
        path = *sub / "manifest.json";
        break;
      }
  auto m = out::read_json_file(path);  // regular files only, bounded
  if (m && m->is_object() && m->contains("system") && (*m)["system"].is_object() &&
      (*m)["system"].contains("environment"))
    return (*m)["system"]["environment"];
  return nullptr;
}

// A table for people: on stdout, or into o.text.
void emit(const AnalyzeOptions& o, const std::string& text) {
  if (o.text)
    *o.text += text;
  else
    std::fputs(text.c_str(), stdout);
}

// The script's claims checked: claims.csv, claim_checks.csv and their sentences.
int analyze_claims(const std::string& dir, const ResultsData& data, const AnalyzeOptions& o,
                   std::string& error) {
  namespace fs = std::filesystem;
  auto claims = claims_of_folder(data, error);
  if (!claims) return 74;
  if (o.claims) *o.claims = nlohmann::json::array();
  if (claims->empty()) return 0;
  ClaimOptions co;
  co.alpha = o.alpha;
  co.adjust = o.adjust;
  co.strict = o.strict;
  const auto results = check_claims(data, *claims, co);
  if (!write_claims_csv((fs::path(dir) / "claims.csv").string(), results, co, error) ||
      !write_claim_checks_csv((fs::path(dir) / "claim_checks.csv").string(), results, co, error))
    return 74;
  if (o.print_claims && (o.print || o.print_guidelines)) emit(o, "\n" + claims_table(results, co));
  if (o.claims) *o.claims = claims_json(results, co);
  return 0;
}

// The script's published values beside the measured ones: published_vs_measured.csv.
int analyze_published(const std::string& dir, const ResultsData& data, const AnalyzeOptions& o,
                      std::string& error) {
  namespace fs = std::filesystem;
  auto values = published_of_folder(data, error);
  if (!values) return 74;
  if (values->empty()) return 0;
  auto summary = read_csv_table((fs::path(dir) / "summary.csv").string(), error);
  if (!summary) return 74;
  const auto rows = compare_published(data, *values, summary ? &*summary : nullptr);
  const MeasuredMachine machine = measured_machine(data);
  if (!write_published_csv((fs::path(dir) / "published_vs_measured.csv").string(), rows, machine,
                           error))
    return 74;
  if (o.print || o.print_guidelines) emit(o, "\n" + published_table(rows, machine));
  return 0;
}

// The levels of each environment factor compared job by job: comparisons.csv and their
// sentences. Environment factors choose something in the library (an algorithm, a protocol):
// comparing their levels is the question such an experiment asks. Other factors (procs, factors
// only the script reads) change the jobs themselves, so their levels rarely match job by job.
int analyze_levels(const std::string& dir, const ResultsData& data, const AnalyzeOptions& o,
                   std::string& error) {
  namespace fs = std::filesystem;
  std::vector<Comparison> all;
  CompareOptions co;
  co.alpha = o.alpha;
  co.margin = o.margin;
  co.adjust = o.adjust;
  co.strict = o.strict;
  if (data.manifest.contains("design"))
    for (const auto& f : data.manifest["design"].value("factors", nlohmann::json::array())) {
      if (!f.contains("env") || !f["env"].is_string()) continue;
      std::string name = f.value("name", "");
      std::string why;
      auto c = compare_levels(data, name, co, why);
      if (c.empty()) continue;
      // More launches of the whole run decide what is inconclusive: a replay with more of them
      // compares the levels again (braces doubled: the command is a format string for {n}).
      std::string decide = "metron replay ";
      for (char ch : dir) decide += ch == '{' ? "{{" : ch == '}' ? "}}" : std::string(1, ch);
      decide += " --replicates {n}";
      if (o.print)
        emit(o, fmt::format(
                    "\nlevels of launch factor '{}' (as env {}):\n{}", name,
                    f["env"].get<std::string>(),
                    comparison_sentences(c, co, name + "=" + c.front().level_a,
                                         name + "=" + c.front().level_b +
                                             (c.back().level_b != c.front().level_b ? ", ..." : ""),
                                         decide)));
      all.insert(all.end(), c.begin(), c.end());
    }
  if (!all.empty() &&
      !write_comparison_csv((fs::path(dir) / "comparisons.csv").string(), all, co, error))
    return 74;
  return 0;
}

// The script's `expect` guidelines: guidelines.csv, tuning_hints.txt and their table.
int analyze_guidelines(const std::string& dir, const ResultsData& data, const AnalyzeOptions& o,
                       std::string& error) {
  namespace fs = std::filesystem;
  GuidelineOptions go;
  go.alpha = o.alpha;
  go.margin = o.guideline_margin;
  go.adjust = o.adjust;
  go.strict = o.strict;
  std::vector<GuidelineCheck> checks = check_guidelines(data, go);
  if (checks.empty()) return 0;
  annotate_algorithms(checks, data.manifest, launch_environment(dir, data.manifest));
  if (!write_guidelines_csv((fs::path(dir) / "guidelines.csv").string(), checks, go, error))
    return 74;
  const fs::path hints = fs::path(dir) / "tuning_hints.txt";
  std::error_code ec;
  fs::remove(hints, ec);  // a stale file from an earlier analysis would mislead
  const std::string text = tuning_hints(checks, go);
  if (!text.empty()) {
    std::ofstream f(hints);
    f << text;
    if (!f) {
      error = message_text(DiagId::cannot_write_file, hints.string());
      return 74;
    }
  }
  if (o.print || o.print_guidelines) emit(o, guideline_table(checks, go));
  return 0;
}

// --fit: fits.csv, fit_points.csv and the fit table.
int analyze_fits(const std::string& dir, const ResultsData& data, const AnalyzeOptions& o,
                 std::string& error) {
  namespace fs = std::filesystem;
  if (o.fit.empty()) return 0;
  FitOptions fo;
  const SweepFits sweeps = fit_sweeps(data, fo);
  if (!write_fits_csv((fs::path(dir) / "fits.csv").string(), sweeps.fits, o.peak, error) ||
      !write_fit_points_csv((fs::path(dir) / "fit_points.csv").string(), sweeps.fits, error))
    return 74;
  emit(o, "\n" + fits_table(sweeps, o.fit, o.peak, fo));
  return 0;
}

}  // namespace

int analyze_folder(const std::string& dir, const AnalyzeOptions& o, std::string& error) {
  namespace fs = std::filesystem;
  auto data = load_results(dir, error);
  if (!data) return 74;
  for (const std::string& w : data->warnings) print_warning(w);
  auto samples = load_launch_samples(dir, *data, error);
  if (!samples) return 74;
  std::vector<JobAnalysis> a = analyze(*data, &*samples);
  if (!write_analysis_csv((fs::path(dir) / "analysis.csv").string(), *data, a, error)) return 74;
  if (o.print) emit(o, analysis_table(*data, a));
  for (auto step :
       {analyze_levels, analyze_guidelines, analyze_claims, analyze_fits, analyze_published})
    if (int rc = step(dir, *data, o, error)) return rc;
  std::fflush(stdout);
  return 0;
}

}  // namespace metron::analysis
