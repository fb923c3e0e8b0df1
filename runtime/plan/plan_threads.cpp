// Which jobs of a plan run threads.
#include "runtime/plan/plan_threads.h"

#include "runtime/plan/measure_funcs.h"

namespace metron {

int job_threads(const Job& job) {
  const MeasureFunc* f = job.op.func;
  if (!f || f->family != OpFamily::Threaded) return 1;
  const int i = f->param_index("threads");
  if (i < 0 || static_cast<std::size_t>(i) >= job.op.args.size()) return 1;
  return static_cast<int>(job.op.args[static_cast<std::size_t>(i)].as_int());
}

const Job* first_threaded_job(const Plan& plan) {
  for (const Job& j : plan.jobs)
    if (job_threads(j) > 1) return &j;
  return nullptr;
}

}  // namespace metron
