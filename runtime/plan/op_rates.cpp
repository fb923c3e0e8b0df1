// Rates from times (see op_rates.h).
#include "runtime/plan/op_rates.h"

#include <algorithm>
#include <limits>

#include "runtime/plan/op_args.h"

namespace metron {

namespace {
double per_second(std::int64_t amount, double time_s) {
  if (amount <= 0 || !(time_s > 0)) return std::numeric_limits<double>::quiet_NaN();
  return static_cast<double>(amount) / time_s;
}
}  // namespace

OpRates op_rates(std::int64_t bytes, std::int64_t messages, double time_s, double lo_s,
                 double hi_s) {
  OpRates r;
  r.mb_per_s = per_second(bytes, time_s) / 1e6;
  r.mb_per_s_lo = per_second(bytes, hi_s) / 1e6;
  r.mb_per_s_hi = per_second(bytes, lo_s) / 1e6;
  r.msg_per_s = per_second(messages, time_s);
  r.msg_per_s_lo = per_second(messages, hi_s);
  r.msg_per_s_hi = per_second(messages, lo_s);
  return r;
}

OpRates op_rates(const MeasureFunc& f, const std::vector<Value>& args, int comm_size, double time_s,
                 double lo_s, double hi_s) {
  BufferUse u;
  if (f.usage) u = f.usage(OpArgs(f, args), comm_size);
  return op_rates(u.rate_bytes, u.rate_messages, time_s, lo_s, hi_s);
}

double overlap_percent(double total_s, double compute_s, double pure_s) {
  if (!(pure_s > 0)) return std::numeric_limits<double>::quiet_NaN();
  const double pct = 100.0 * (1.0 - (total_s - compute_s) / pure_s);
  return std::clamp(pct, 0.0, 100.0);
}

}  // namespace metron
