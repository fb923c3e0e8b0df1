// The one-sided family's argument checks (see onesided_checks.h).
#include "runtime/plan/onesided_checks.h"

#include <string>

#include "runtime/plan/rma_constants.h"

namespace metron {

namespace {

// The functions that poll the last element of the transfer (onesided_polling.cpp).
bool polls_last_element(const std::string& f) {
  return f.find("_activewait") != std::string::npos;
}
bool is_border_exchange(const std::string& f) {
  return f.find("borderexchange") != std::string::npos;
}

}  // namespace

bool is_info_value(const Value& v) {
  if (!v.is(Value::Type::Spec)) return false;
  const std::string& n = v.as_spec().name;
  return n == "MPI_INFO_NULL" || n == "info";
}

std::optional<OpProblem> check_onesided_args(const MeasureFunc& f, const std::vector<Value>& args) {
  for (std::size_t i = 0; i < args.size() && i < f.params.size(); ++i) {
    const std::string& name = f.params[i].name;
    const Value& v = args[i];
    const int at = static_cast<int>(i);
    // "bad argument #N to 'f' (...)", with the reason's own arguments.
    auto bad = [&](DiagId id, std::vector<std::string> more = {}) {
      std::vector<std::string> args{std::to_string(i + 1), f.name};
      args.insert(args.end(), more.begin(), more.end());
      return OpProblem{id, at, std::move(args)};
    };
    if (name == "info") {
      if (!is_info_value(v)) return OpProblem{DiagId::bad_info, at, {to_display(v)}};
      continue;
    }
    if (!v.is(Value::Type::Int)) continue;
    const std::int64_t x = v.as_int();
    if (name == "assertion" && (x < 0 || (x & ~rma::kAllModes) != 0))
      return OpProblem{DiagId::bad_assertion, at, {std::to_string(x)}};
    if (name == "lock_type" && x != rma::kLockExclusive && x != rma::kLockShared)
      return OpProblem{DiagId::bad_lock_type, at, {std::to_string(x)}};
    if (name == "delay_us" && x < 0)
      return OpProblem{DiagId::negative_size, at, {"delay_us", std::to_string(x)}};
    if (name == "delay_us" && x > 60'000'000) return bad(DiagId::bad_arg_delay_us);
    if ((name == "msg_count" || name == "bcast_count" || name == "alltoall_count") &&
        (x < 1 || x > 1'000'000))
      return bad(DiagId::bad_arg_between, {name, "1", "1000000"});
    if (name == "count" && x < 1 && polls_last_element(f.name))
      return bad(DiagId::bad_arg_polled_count);
    if (name == "count" && x < 18 && is_border_exchange(f.name))
      return bad(DiagId::bad_arg_border_count);
    if (name == "iteration_count" && (x < 0 || x > 1'000'000))
      return bad(DiagId::bad_arg_between, {name, "0", "1000000"});
    if ((name == "do_a_put" || name == "disjoint" || name == "compute") && x != 0 && x != 1)
      return bad(DiagId::bad_arg_flag, {name});
  }
  return std::nullopt;
}

}  // namespace metron
