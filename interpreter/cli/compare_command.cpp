// metron compare: two results folders job by job (Wilcoxon rank-sum on per-launch medians), the
// levels of a launch factor in one folder, or paired operations. Not an MPI process.
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <sstream>
#include <system_error>

#include "interpreter/cli/commands.h"
#include "interpreter/cli/option_checks.h"
#include "interpreter/cli/shared_options.h"
#include "runtime/analysis/compare.h"
#include "runtime/analysis/comparison_report.h"
#include "runtime/analysis/environment_diff.h"
#include "runtime/analysis/results_data.h"
#include "runtime/analysis/simulated_folder.h"
#include "runtime/plan/diagnostics.h"
#include "runtime/plan/exit_codes.h"

namespace metron {

namespace {

struct CompareCli {
  analysis::CompareOptions compare;  // --alpha, --strict; the rest is read from the text below
  std::vector<std::string> dirs;
  std::string alternative = "two-sided";
  std::string factor;              // --factor
  std::vector<std::string> pairs;  // --pair A=B
  VerdictText verdicts;
  std::string csv;          // --csv
  bool table = false;       // --table: the wide table instead of sentences
  std::string report_file;  // --report FILE
  bool allow_simulated = false;
};

// The commands that would decide the inconclusive jobs of a comparison, "{n}" where the launches
// per side go: replay each folder (a run or one exec launch alike) with that many launches and
// compare the replays the same way.
std::string decide_command(const std::vector<std::string>& dirs, const std::string& how) {
  auto word = [](const std::string& d) {
    std::string out;  // braces doubled: the text is a format string for {n}
    for (char c : d) out += c == '{' ? "{{" : c == '}' ? "}}" : std::string(1, c);
    return out;
  };
  std::string replays, compare = "metron compare";
  for (const auto& d : dirs) {
    replays += "metron replay " + word(d) + " --replicates {n} --out " + word(d) + "-{n} && ";
    compare += " " + word(d) + "-{n}";
  }
  return replays + compare + how;
}

// Two folders of which one is simulated: refused unless --allow-simulated, then a warning.
bool simulation_mix_allowed(const CompareCli& o) {
  const std::string& a = o.dirs[0];
  const std::string& b = o.dirs[1];
  const bool sim_a = analysis::folder_simulated(a);
  if (sim_a == analysis::folder_simulated(b)) return true;
  const std::string& simulated = sim_a ? a : b;
  const std::string& measured = sim_a ? b : a;
  if (!o.allow_simulated) {
    print_message(DiagId::compare_mixes_simulated, simulated, measured);
    return false;
  }
  print_message(DiagId::compare_simulated_allowed, simulated, measured);
  return true;
}

// compare's options checked and read into o.compare; false (a usage error printed) on a bad one.
bool compare_options(CompareCli& o) {
  analysis::CompareOptions& co = o.compare;
  auto alt = analysis::parse_alternative(o.alternative);
  if (!alt) {
    print_message(DiagId::cli_bad_alternative, o.alternative);
    return false;
  }
  co.alternative = *alt;
  if (!verdict_options(o.verdicts, co.margin, co.adjust)) return false;
  for (const auto& p : o.pairs) {
    auto pr = analysis::parse_pair(p);
    if (!pr) {
      print_message(DiagId::cli_bad_pair, p);
      return false;
    }
    co.pairs.push_back(*pr);
  }
  const bool one_dir = o.dirs.size() == 1;
  if ((one_dir && o.factor.empty() && o.pairs.empty()) || (!one_dir && !o.factor.empty()) ||
      (!o.factor.empty() && !o.pairs.empty())) {
    print_message(DiagId::cli_compare_operands);
    return false;
  }
  return true;
}

// What compare compares: levels of a factor, paired operations in one folder, or two folders.
struct CompareSides {
  std::vector<analysis::Comparison> cs;
  std::string name_a, name_b;
  std::size_t unmatched = 0;
};

std::optional<CompareSides> comparisons(const CompareCli& o,
                                        const std::vector<analysis::ResultsData>& data) {
  const analysis::CompareOptions& co = o.compare;
  CompareSides out;
  out.name_a = o.dirs[0];
  out.name_b = o.dirs.size() > 1 ? o.dirs[1] : "";
  std::string err;
  if (!o.factor.empty()) {
    out.cs = analysis::compare_levels(data[0], o.factor, co, err);
    if (!out.cs.empty()) {
      out.name_a = o.dirs[0] + ", " + o.factor + "=" + out.cs.front().level_a;
      out.name_b = o.dirs[0] + ", " + o.factor + "=" + out.cs.front().level_b;
      if (out.cs.back().level_b != out.cs.front().level_b)
        out.name_b += " (and each further level)";
    }
  } else if (o.dirs.size() == 1) {
    out.cs = analysis::compare_paired_ops(data[0], co, err);
    out.name_a = o.dirs[0] + ", op " + co.pairs.front().first;
    out.name_b = o.dirs[0] + ", op " + co.pairs.front().second;
  } else {
    out.cs = analysis::compare_results(data[0], data[1], co, &out.unmatched);
    // Environment and MPI differences between the two folders, as replay reports them.
    for (const auto& d : analysis::environment_differences(
             analysis::folder_system(o.dirs[0]), analysis::folder_system(o.dirs[1]), "A", "B"))
      print_message(DiagId::environments_differ, d);
  }
  if (out.cs.empty() && !err.empty()) {
    print_error(err);
    return std::nullopt;
  }
  return out;
}

// --report FILE: the report reads the comparison as the CSV file (--csv, else a temporary one).
int compare_report(const CompareCli& o, const CompareSides& sides) {
  const analysis::CompareOptions& co = o.compare;
  std::string err;
  std::string csv = o.csv;
  if (csv.empty()) {
    csv = (std::filesystem::temp_directory_path() /
           ("metron-compare-" + std::to_string(::getpid()) + ".csv"))
              .string();
    if (!analysis::write_comparison_csv(csv, sides.cs, co, err)) {
      print_error(err);
      return kExitIo;
    }
  }
  std::ostringstream alpha;
  alpha << co.alpha;  // 0.05, not std::to_string's 0.050000
  // Said in full: the report stands alone, without the terminal table beside it.
  const bool paired = !sides.cs.empty() && sides.cs.front().paired;
  std::string what = std::string("per-launch medians compared job by job (Wilcoxon ") +
                     (paired ? "signed-rank test on the per-launch differences" : "rank-sum test") +
                     ", Hodges-Lehmann ratio B/A with its CI), alternative " +
                     std::string(analysis::alternative_name(co.alternative)) + ", alpha " +
                     alpha.str() + ", margin " + o.verdicts.margin +
                     ", p-values adjusted: " + o.verdicts.adjust + "; A = " + sides.name_a +
                     ", B = " + sides.name_b;
  std::fflush(stdout);
  int rc =
      write_report_for(o.dirs[0], o.dirs.size() == 1 ? "" : o.dirs[1], csv, what, o.report_file);
  if (o.csv.empty()) {
    std::error_code ec;
    std::filesystem::remove(csv, ec);
  }
  return rc;
}

// The folders' results, with their warnings printed; nullopt after printing why one cannot be
// read.
std::optional<std::vector<analysis::ResultsData>> load_folders(const CompareCli& o) {
  std::string err;
  std::vector<analysis::ResultsData> data;
  for (const auto& d : o.dirs) {
    auto loaded = analysis::load_results(d, err);
    if (!loaded) {
      print_error(err);
      return std::nullopt;
    }
    for (const std::string& w : loaded->warnings) print_warning(w);
    data.push_back(std::move(*loaded));
  }
  return data;
}

int run_compare(CompareCli& o, const CommandLine&) {
  if (!compare_options(o)) return kExitUsage;
  const auto data = load_folders(o);
  if (!data) return kExitIo;
  if (o.dirs.size() > 1 && !simulation_mix_allowed(o)) return kExitUsage;
  const auto sides = comparisons(o, *data);
  if (!sides) return kExitUsage;
  const analysis::CompareOptions& co = o.compare;
  if (o.table) {
    std::fputs(analysis::comparison_table(sides->cs, co, sides->name_a, sides->name_b).c_str(),
               stdout);
  } else {
    std::string how = !o.factor.empty() ? " --factor " + o.factor : "";
    for (const auto& p : o.pairs) how += " --pair " + p;
    std::fputs(analysis::comparison_sentences(sides->cs, co, sides->name_a, sides->name_b,
                                              decide_command(o.dirs, how))
                   .c_str(),
               stdout);
  }
  if (sides->unmatched > 0)
    std::printf("%zu job(s) found in only one of the two folders\n", sides->unmatched);
  std::string err;
  if (!o.csv.empty() && !analysis::write_comparison_csv(o.csv, sides->cs, co, err)) {
    print_error(err);
    return kExitIo;
  }
  return o.report_file.empty() ? kExitOk : compare_report(o, *sides);
}

void add_compare_options(CLI::App& command, CompareCli& o) {
  command.add_option("dirs", o.dirs, "DIR_A DIR_B, or DIR with --factor")
      ->required()
      ->expected(1, 2);
  command.add_flag("--allow-simulated", o.allow_simulated,
                   "compare simulated results with measured ones (docs/simulation.md)");
  command.add_option("--alternative", o.alternative,
                     "the test's alternative: two-sided (default), less (A faster than B) "
                     "or greater (A slower than B)");
  command.add_option("--alpha", o.compare.alpha, "significance level")->check(alpha_check());
  command.add_option("--factor", o.factor, "compare the levels of this launch factor in DIR");
  command
      .add_option("--pair", o.pairs,
                  "compare op A with op B size by size (repeatable; in one DIR: paired by "
                  "launch, signed-rank test)")
      ->expected(1)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);  // one value each, never a DIR
  command.add_option("--margin", o.verdicts.margin,
                     "equivalence margin of the verdicts (default 5%)");
  command.add_option("--adjust", o.verdicts.adjust,
                     "p-value adjustment across the jobs: holm (default) | bh | none");
  command.add_option("--csv", o.csv, "also write the comparison to this CSV file")
      ->check(non_empty_check());
  command.add_flag("--table", o.table,
                   "print the wide table (medians, p-values, effect CIs) instead of one "
                   "sentence per job");
  command.add_option("--report", o.report_file,
                     "also write an HTML report of the comparison to this file");
  command.add_flag("--strict", o.compare.strict, kStrictHelp);
}

}  // namespace

CommandEntry compare_command() {
  return make_command("compare",
                      "compare two results folders job by job (Wilcoxon rank-sum on per-launch "
                      "medians), or the levels of a launch factor in one folder",
                      add_compare_options, run_compare);
}

}  // namespace metron
