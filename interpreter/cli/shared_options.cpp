// Options that several runtime commands declare alike (see shared_options.h).
#include "interpreter/cli/shared_options.h"

#include "runtime/analysis/compare_options.h"
#include "runtime/plan/diagnostics.h"

namespace metron {

CLI::Validator positive_seconds() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        try {
          std::size_t end = 0;
          double v = std::stod(text, &end);
          if (end == text.size() && v > 0 && v < 1e9) return "";
        } catch (...) {
        }
        return message_text(DiagId::cli_bad_seconds, text);
      },
      "SECONDS");
}

void add_finalize_grace_option(CLI::App& command, double& seconds) {
  command
      .add_option("--finalize-grace", seconds,
                  "seconds MPI_Finalize may take, per level of the rank tree (ceil(log2 np)), "
                  "once the launch's data are complete; then the launch ends and keeps its "
                  "data (default 5)")
      ->check(positive_seconds());
}

void add_guideline_margin_option(CLI::App& command, VerdictText& text) {
  command.add_option("--guideline-margin", text.guideline_margin,
                     "`expect` checks: a violation is slower by more than this (default 5%)");
}

bool guideline_margin_option(const VerdictText& text, double& margin) {
  auto m = analysis::parse_margin(text.guideline_margin);
  if (!m) {
    print_message(DiagId::cli_bad_guideline_margin, text.guideline_margin);
    return false;
  }
  margin = *m;
  return true;
}

bool verdict_options(const VerdictText& text, double& margin, stats::PAdjust& adjust) {
  auto m = analysis::parse_margin(text.margin);
  if (!m) {
    print_message(DiagId::cli_bad_margin, text.margin);
    return false;
  }
  auto a = stats::parse_p_adjust(text.adjust);
  if (!a) {
    print_message(DiagId::cli_bad_adjust, text.adjust);
    return false;
  }
  margin = *m;
  adjust = *a;
  return true;
}

}  // namespace metron
