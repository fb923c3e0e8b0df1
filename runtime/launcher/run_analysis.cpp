// The analysis at the end of a run (see run_analysis.h).
#include "runtime/launcher/run_analysis.h"

#include <nlohmann/json.hpp>

#include "runtime/analysis/analyze_folder.h"
#include "runtime/output/json_file.h"
#include "runtime/plan/diagnostics.h"
#include "runtime/plan/exit_codes.h"

namespace metron::launcher {

int analyze_run(const RunOptions& o, RunState& st) {
  analysis::AnalyzeOptions ao;
  ao.print = !o.quiet && o.analysis_table;
  ao.print_guidelines = !o.quiet && o.guideline_table;  // a replay shows them too
  ao.guideline_margin = o.guideline_margin;
  ao.print_claims = o.claims_table;
  nlohmann::json claims;
  ao.claims = &claims;
  ao.strict = o.strict;
  ao.text = o.analysis_text;
  std::string err;
  if (analysis::analyze_folder(st.dir.string(), ao, err) != 0) {
    print_error(err);
    return kExitIo;
  }
  if (claims.empty()) return kExitOk;
  st.manifest.claims = claims;
  if (!write_run_manifest(st)) {
    print_message(DiagId::cannot_write_file, (st.dir / "manifest.json").string());
    return kExitIo;
  }
  return kExitOk;
}

}  // namespace metron::launcher
