// Builtin functions: SKaMPI's math, communicator and setter helpers (SKaMPI 5 manual §4-5), with
// Metron's meaning for each. Communicators are specs resolved against the run size here.
#include "interpreter/builtins.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <numeric>
#include <random>
#include <unordered_map>

#include <fmt/format.h>

#include "interpreter/skampi_setters.h"
#include "runtime/plan/diagnostics.h"
#include "runtime/plan/imb_groups.h"
#include "runtime/plan/skampi_names.h"

namespace metron {

void BuiltinCtx::throw_eval_error() {
  throw EvalError{};
}

void BuiltinCtx::warn(DiagId id, const std::string& name) const {
  diags.report(id, call_range, name);
}

namespace {

using Args = std::vector<Value>;

double num(const Value& v) {
  return v.as_number();
}
std::int64_t to_int_checked(BuiltinCtx& c, std::size_t i, double d) {
  if (!std::isfinite(d) || d > 9.2e18 || d < -9.2e18)
    c.bad_arg(i, DiagId::bad_arg_not_finite_integer);
  return static_cast<std::int64_t>(d);
}
double finite(BuiltinCtx& c, double d) {
  if (!std::isfinite(d)) {
    c.diags.report(DiagId::not_a_number, c.call_range, c.name);
    throw EvalError{};
  }
  return d;
}

// Deterministic generator for comm_rand and get_random_int (splitmix64 on a recorded state).
std::uint64_t next_random(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

// --- communicators ---------------------------------------------------------------------------
Value make_comm(CommSpec::Kind kind, std::vector<int> ranks, std::string label) {
  CommSpec c;
  c.kind = kind;
  c.size = static_cast<int>(ranks.size());
  c.ranks = std::move(ranks);
  c.label = std::move(label);
  return Value(std::move(c));
}
int rank_arg(BuiltinCtx& c, std::size_t i, const Value& v) {
  std::int64_t r = v.as_int();
  if (r < 0 || r >= c.np) {
    SourceRange at = i < c.arg_ranges.size() ? c.arg_ranges[i] : c.call_range;
    c.diags.report(DiagId::comm_bad_rank, at, r, c.np);
    throw EvalError{};
  }
  return static_cast<int>(r);
}
Value f_comm(BuiltinCtx& c, Args& a) {
  std::int64_t n = a[0].as_int();
  if (n < 1) c.bad_arg(0, DiagId::bad_arg_comm_size, n);
  std::string label = "comm(" + std::to_string(n) + ")";
  if (n > c.np) {
    c.diags.report(DiagId::comm_too_large, c.call_range, label, n, c.np);
    throw EvalError{};
  }
  std::vector<int> ranks(static_cast<std::size_t>(n));
  std::iota(ranks.begin(), ranks.end(), 0);
  return make_comm(CommSpec::Kind::First, std::move(ranks), label);
}
Value f_comm2(BuiltinCtx& c, Args& a) {
  int x = rank_arg(c, 0, a[0]), y = rank_arg(c, 1, a[1]);
  if (x == y) c.bad_arg(1, DiagId::bad_arg_same_ranks);
  return make_comm(CommSpec::Kind::Ranks, {x, y},
                   "comm2(" + std::to_string(x) + ", " + std::to_string(y) + ")");
}
Value f_comm4(BuiltinCtx& c, Args& a) {
  std::vector<int> r;
  for (std::size_t i = 0; i < 4; ++i) {
    int x = rank_arg(c, i, a[i]);
    if (std::find(r.begin(), r.end(), x) != r.end()) c.bad_arg(i, DiagId::bad_arg_ranks_differ);
    r.push_back(x);
  }
  std::string label = "comm4(" + std::to_string(r[0]) + ", " + std::to_string(r[1]) + ", " +
                      std::to_string(r[2]) + ", " + std::to_string(r[3]) + ")";
  return make_comm(CommSpec::Kind::Ranks, std::move(r), label);
}
Value f_comm_from_to(BuiltinCtx& c, Args& a) {
  int f = rank_arg(c, 0, a[0]), l = rank_arg(c, 1, a[1]);
  if (l < f) c.bad_arg(1, DiagId::bad_arg_last_below_first, l, f);
  std::vector<int> r;
  for (int i = f; i <= l; ++i) r.push_back(i);
  return make_comm(CommSpec::Kind::FromTo, std::move(r),
                   "comm_from_to(" + std::to_string(f) + ", " + std::to_string(l) + ")");
}
Value f_copy_comm(BuiltinCtx&, Args& a) {
  return a[0];
}
Value half(BuiltinCtx& c, const Value& v, bool first) {
  const CommSpec& in = v.as_comm();
  if (in.ranks.empty() && in.size > 0) c.bad_arg(0, DiagId::bad_arg_ranks_unknown);
  std::size_t h = in.ranks.size() / 2;
  std::vector<int> r = first ? std::vector<int>(in.ranks.begin(), in.ranks.begin() + h)
                             : std::vector<int>(in.ranks.begin() + h, in.ranks.end());
  std::string label =
      std::string(first ? "comm_first_half(" : "comm_second_half(") + in.label + ")";
  if (r.empty()) {
    c.diags.report(DiagId::comm_empty, c.call_range, label);
    throw EvalError{};
  }
  return make_comm(first ? CommSpec::Kind::FirstHalf : CommSpec::Kind::SecondHalf, std::move(r),
                   label);
}
Value f_first_half(BuiltinCtx& c, Args& a) {
  return half(c, a[0], true);
}
Value f_second_half(BuiltinCtx& c, Args& a) {
  return half(c, a[0], false);
}
Value f_comm_rand(BuiltinCtx& c, Args& a) {
  std::int64_t n = a[0].as_int();
  std::string label = "comm_rand(" + std::to_string(n) + ")";
  if (n < 1) c.bad_arg(0, DiagId::bad_arg_comm_size, n);
  if (n > c.np) {
    c.diags.report(DiagId::comm_too_large, c.call_range, label, n, c.np);
    throw EvalError{};
  }
  // SKaMPI seeds this from the wall clock; Metron from the run seed, recorded in the plan.
  std::uint64_t seed = next_random(c.rng_state);
  std::vector<int> all(static_cast<std::size_t>(c.np));
  std::iota(all.begin(), all.end(), 0);
  std::uint64_t s = seed;
  for (std::size_t i = all.size(); i > 1; --i)  // Fisher-Yates with our own generator
    std::swap(all[i - 1], all[next_random(s) % i]);
  all.resize(static_cast<std::size_t>(n));
  Value v = make_comm(CommSpec::Kind::Random, all, label);
  CommSpec spec = v.as_comm();
  spec.seed = seed;
  return Value(std::move(spec));
}
// IMB's -map PxQ: the first n ranks of the world in IMB's mapped order (runtime/plan/imb_groups.h).
Value f_comm_map(BuiltinCtx& c, Args& a) {
  const std::int64_t p = a[0].as_int(), q = a[1].as_int(), n = a[2].as_int();
  constexpr std::int64_t kMaxSide = std::numeric_limits<int>::max();
  if (p < 1 || p > kMaxSide) c.bad_arg(0, DiagId::bad_arg_between, "p", 1, kMaxSide);
  if (q < 1 || q > kMaxSide) c.bad_arg(1, DiagId::bad_arg_between, "q", 1, kMaxSide);
  if (p * q < c.np) c.bad_arg(1, DiagId::bad_arg_map_grid, p * q, c.np);
  if (n < 1) c.bad_arg(2, DiagId::bad_arg_comm_size, n);
  const std::string label = fmt::format("comm_map({}, {}, {})", p, q, n);
  if (n > c.np) {
    c.diags.report(DiagId::comm_too_large, c.call_range, label, n, c.np);
    throw EvalError{};
  }
  std::vector<int> order = imb_map_order(static_cast<int>(p), static_cast<int>(q), c.np);
  order.resize(static_cast<std::size_t>(n));
  CommSpec spec = make_comm(CommSpec::Kind::Mapped, std::move(order), label).as_comm();
  spec.dims = {static_cast<int>(p), static_cast<int>(q)};
  return Value(std::move(spec));
}
Value f_max_latency(BuiltinCtx& c, Args&) {
  if (c.np < 2) {
    c.diags.report(DiagId::comm_too_large, c.call_range, "comm2_max_latency_with_root()", 2, c.np);
    throw EvalError{};
  }
  CommSpec s;
  s.kind = CommSpec::Kind::MaxLatencyPair;
  s.size = 2;
  s.label = "comm2_max_latency_with_root()";
  return Value(std::move(s));  // ranks are chosen by measurement when the run starts
}
Value f_get_comm_size(BuiltinCtx&, Args& a) {
  return Value(static_cast<std::int64_t>(a[0].as_comm().size));
}
Value f_get_comm_rank(BuiltinCtx&, Args& a) {
  // Every rank builds the same plan, so the plan sees rank 0's view (see docs/language.md).
  const CommSpec& s = a[0].as_comm();
  if (s.kind == CommSpec::Kind::Null) return Value(-1);
  auto it = std::find(s.ranks.begin(), s.ranks.end(), 0);
  return Value(static_cast<std::int64_t>(it == s.ranks.end() ? -1 : it - s.ranks.begin()));
}
Value f_is_null(BuiltinCtx&, Args& a) {
  return Value(a[0].as_comm().kind == CommSpec::Kind::Null ? 1 : 0);
}
Value f_get_np(BuiltinCtx& c, Args&) {
  return Value(static_cast<std::int64_t>(c.np));
}
Value f_last_proc(BuiltinCtx& c, Args&) {
  return Value(static_cast<std::int64_t>(c.np - 1));
}

// --- math ---------------------------------------------------------------------------------------
Value f_sqrt(BuiltinCtx& c, Args& a) {
  if (num(a[0]) < 0) c.bad_arg(0, DiagId::bad_arg_sqrt_negative);
  return Value(std::sqrt(num(a[0])));
}
Value f_cbrt(BuiltinCtx&, Args& a) {
  return Value(std::cbrt(num(a[0])));
}
Value f_sqr(BuiltinCtx& c, Args& a) {
  if (a[0].is(Value::Type::Int)) {
    std::int64_t r;
    if (__builtin_mul_overflow(a[0].as_int(), a[0].as_int(), &r))
      c.bad_arg(0, DiagId::bad_arg_overflow);
    return Value(r);
  }
  return Value(finite(c, num(a[0]) * num(a[0])));
}
Value f_floor(BuiltinCtx& c, Args& a) {
  return Value(to_int_checked(c, 0, std::floor(num(a[0]))));
}
Value f_ceil(BuiltinCtx& c, Args& a) {
  return Value(to_int_checked(c, 0, std::ceil(num(a[0]))));
}
Value f_round(BuiltinCtx& c, Args& a) {
  return Value(to_int_checked(c, 0, std::round(num(a[0]))));
}
Value f_atoi(BuiltinCtx& c, Args& a) {
  const std::string& s = a[0].as_string();
  char* end = nullptr;
  errno = 0;
  long long v = std::strtoll(s.c_str(), &end, 10);
  if (end == s.c_str() || errno == ERANGE) c.bad_arg(0, DiagId::bad_arg_not_integer_text, s);
  return Value(static_cast<std::int64_t>(v));
}
Value f_modulo(BuiltinCtx& c, Args& a) {
  if (a[1].as_int() == 0) {
    c.diags.report(DiagId::division_by_zero, c.arg_ranges.at(1));
    throw EvalError{};
  }
  if (a[1].as_int() == -1) return Value(0);
  return Value(a[0].as_int() % a[1].as_int());
}
Value f_power(BuiltinCtx& c, Args& a) {
  return Value(finite(c, std::pow(num(a[0]), num(a[1]))));
}
Value logf(BuiltinCtx& c, double x, double (*fn)(double)) {
  if (x <= 0) c.bad_arg(0, DiagId::bad_arg_log_domain);
  return Value(fn(x));
}
Value f_log(BuiltinCtx& c, Args& a) {
  return logf(c, num(a[0]), [](double x) { return std::log(x); });
}
Value f_log2(BuiltinCtx& c, Args& a) {
  return logf(c, num(a[0]), [](double x) { return std::log2(x); });
}
Value f_log10(BuiltinCtx& c, Args& a) {
  return logf(c, num(a[0]), [](double x) { return std::log10(x); });
}
Value f_min_int(BuiltinCtx&, Args& a) {
  return Value(std::min(a[0].as_int(), a[1].as_int()));
}
Value f_max_int(BuiltinCtx&, Args& a) {
  return Value(std::max(a[0].as_int(), a[1].as_int()));
}
Value minmax(const Args& a, bool want_min) {
  if (a[0].is(Value::Type::Int) && a[1].is(Value::Type::Int))
    return Value(want_min ? std::min(a[0].as_int(), a[1].as_int())
                          : std::max(a[0].as_int(), a[1].as_int()));
  return Value(want_min ? std::min(num(a[0]), num(a[1])) : std::max(num(a[0]), num(a[1])));
}
Value f_min(BuiltinCtx&, Args& a) {
  return minmax(a, true);
}
Value f_max(BuiltinCtx&, Args& a) {
  return minmax(a, false);
}
Value f_abs(BuiltinCtx& c, Args& a) {
  if (a[0].is(Value::Type::Int)) {
    if (a[0].as_int() == std::numeric_limits<std::int64_t>::min())
      c.bad_arg(0, DiagId::bad_arg_overflow);
    return Value(static_cast<std::int64_t>(std::llabs(a[0].as_int())));
  }
  return Value(std::fabs(num(a[0])));
}
Value f_round4(BuiltinCtx& c, Args& a) {
  std::int64_t v = a[0].as_int();
  if (v > std::numeric_limits<std::int64_t>::max() - 3) c.bad_arg(0, DiagId::bad_arg_overflow);
  return Value((v + 3) / 4 * 4);
}
// SKaMPI's onesided.c: one byte past the next multiple of 4, a count that is never aligned.
Value f_round5(BuiltinCtx& c, Args& a) {
  std::int64_t v = a[0].as_int();
  if (v > std::numeric_limits<std::int64_t>::max() - 4) c.bad_arg(0, DiagId::bad_arg_overflow);
  return Value((v + 3) / 4 * 4 + 1);
}

// --- lists and iterators ------------------------------------------------------------------------
// Number of values in [lo, hi], computed without signed overflow; 0 when hi < lo.
std::uint64_t span_count(std::int64_t lo, std::int64_t hi) {
  if (hi < lo) return 0;
  return static_cast<std::uint64_t>(hi) - static_cast<std::uint64_t>(lo) + 1;  // wraps for 2^64
}
constexpr std::uint64_t kMaxListValues = 10'000'000;
void check_list_length(BuiltinCtx& c, std::int64_t lo, std::int64_t hi) {
  std::uint64_t n = span_count(lo, hi);
  if (n > kMaxListValues || (n == 0 && hi >= lo))
    c.bad_arg(1, DiagId::bad_arg_range_too_long, kMaxListValues);
}
Value f_range(BuiltinCtx& c, Args& a) {
  std::int64_t lo = a[0].as_int(), hi = a[1].as_int();
  check_list_length(c, lo, hi);
  ValueList out;
  out.reserve(static_cast<std::size_t>(span_count(lo, hi)));
  // Counting by the number of values, not `i <= hi`, so hi = INT64_MAX ends.
  for (std::uint64_t k = 0, n = span_count(lo, hi); k < n; ++k)
    out.emplace_back(static_cast<std::int64_t>(static_cast<std::uint64_t>(lo) + k));
  return Value(std::move(out));
}
Value f_squares(BuiltinCtx& c, Args& a) {
  std::int64_t lo = a[0].as_int(), hi = a[1].as_int();
  check_list_length(c, lo, hi);
  ValueList out;
  out.reserve(static_cast<std::size_t>(span_count(lo, hi)));
  for (std::uint64_t k = 0, n = span_count(lo, hi); k < n; ++k) {
    std::int64_t i = static_cast<std::int64_t>(static_cast<std::uint64_t>(lo) + k), sq;
    if (__builtin_mul_overflow(i, i, &sq)) c.bad_arg(1, DiagId::bad_arg_square_overflow, i);
    out.emplace_back(sq);
  }
  return Value(std::move(out));
}
Value f_len(BuiltinCtx&, Args& a) {
  return Value(static_cast<std::int64_t>(a[0].as_list().size()));
}
Value f_get_random_int(BuiltinCtx& c, Args& a) {
  std::int64_t lo = a[0].as_int(), hi = a[1].as_int();
  if (hi < lo) c.bad_arg(1, DiagId::bad_arg_bounds_reversed);
  // Unsigned arithmetic: hi - lo overflows int64 for wide ranges; span 0 means all 2^64 values.
  std::uint64_t span = span_count(lo, hi);
  std::uint64_t r = next_random(c.rng_state);
  if (span != 0) r %= span;
  return Value(static_cast<std::int64_t>(static_cast<std::uint64_t>(lo) + r));
}
Value f_get_env(BuiltinCtx&, Args& a) {
  const char* v = std::getenv(a[0].as_string().c_str());
  return Value(std::string(v ? v : ""));
}

// --- SKaMPI setters -----------------------------------------------------------------------------
// The setters of measurement settings are skampi_setter: the settings table lists each under
// the key it writes. These others have no `set` key: they shape .sko output.
Value none() {
  return Value();
}
Value f_set_nodes(BuiltinCtx& c, Args& a) {
  if (a[0].as_int() < 0) c.bad_arg(0, DiagId::bad_arg_not_negative);
  c.settings.max_nr_node_times = a[0].as_int();
  c.settings_changed = true;
  return none();
}
Value f_set_unit(BuiltinCtx& c, Args& a) {
  if (!(num(a[0]) > 0)) c.bad_arg(0, DiagId::bad_arg_positive);
  c.settings.unit = num(a[0]);
  c.settings_changed = true;
  return none();
}
Value f_set_buffer_alloc_mem(BuiltinCtx& c, Args& a) {
  skampi_setter(c, a);
  c.warn(DiagId::ignored_alloc_mem_buffer, c.name);
  return none();
}
// SKaMPI's info objects (measurements/helpers.c): a Spec named "info" whose arguments are the
// key/value pairs, turned into an MPI_Info by the runtime when it binds the operation.
Value f_info_create(BuiltinCtx&, Args&) {
  return Value(Spec{"info", {}});
}
const Spec& info_arg(BuiltinCtx& c, const Value& v) {
  // The parameter's type admits the two info values only: MPI_INFO_NULL and info_create's.
  if (v.as_spec().name != "info") c.bad_arg(0, DiagId::bad_arg_info_null);
  return v.as_spec();
}
Value f_info_set(BuiltinCtx& c, Args& a) {
  Spec s = info_arg(c, a[0]);
  const std::string& key = a[1].as_string();
  if (key.empty() || key.size() > 255) c.bad_arg(1, DiagId::bad_arg_info_key);
  std::erase_if(s.args, [&](const auto& kv) { return kv.first == key; });
  s.args.emplace_back(key, a[2]);
  return Value(std::move(s));
}
Value f_info_free(BuiltinCtx& c, Args& a) {
  info_arg(c, a[0]);
  return none();
}
Value f_ignored(BuiltinCtx& c, Args&) {
  c.warn(DiagId::ignored_for_compatibility, c.name);
  return none();
}
Value f_alloc_mem_info(BuiltinCtx& c, Args&) {
  c.warn(DiagId::ignored_alloc_mem, c.name);
  return Value(Spec{"MPI_INFO_NULL", {}});
}
Value f_processor_names(BuiltinCtx& c, Args&) {
  c.warn(DiagId::ignored_processor_name, c.name);
  return Value(std::string());
}

Param P(const char* n, std::uint32_t t) {
  return Param{n, t, std::nullopt};
}

// math (SKaMPI helpers.c)
std::vector<Builtin> math_builtins() {
  return {
      {"sqrt", {P("x", kNumber)}, "double", "square root", f_sqrt},
      {"cbrt", {P("x", kNumber)}, "double", "cube root", f_cbrt},
      {"sqr", {P("x", kNumber)}, "number", "x * x", f_sqr},
      {"floor", {P("x", kNumber)}, "integer", "largest integer not above x", f_floor},
      {"ceil", {P("x", kNumber)}, "integer", "smallest integer not below x", f_ceil},
      {"round", {P("x", kNumber)}, "integer", "nearest integer (halves away from zero)", f_round},
      {"atoi", {P("s", kString)}, "integer", "the integer written in s", f_atoi},
      {"modulo",
       {P("a", kInt), P("b", kInt)},
       "integer",
       "remainder of a / b (C semantics)",
       f_modulo},
      {"power", {P("a", kNumber), P("b", kNumber)}, "double", "a to the power b", f_power},
      {"log", {P("x", kNumber)}, "double", "natural logarithm", f_log},
      {"log2", {P("x", kNumber)}, "double", "base-2 logarithm", f_log2},
      {"log10", {P("x", kNumber)}, "double", "base-10 logarithm", f_log10},
      {"min_int", {P("a", kInt), P("b", kInt)}, "integer", "the smaller of a and b", f_min_int},
      {"max_int", {P("a", kInt), P("b", kInt)}, "integer", "the larger of a and b", f_max_int},
      {"min", {P("a", kNumber), P("b", kNumber)}, "number", "the smaller of a and b", f_min},
      {"max", {P("a", kNumber), P("b", kNumber)}, "number", "the larger of a and b", f_max},
      {"abs", {P("x", kNumber)}, "number", "absolute value", f_abs},
      {"round_to_fourbytes",
       {P("n", kInt)},
       "integer",
       "n rounded up to a multiple of 4",
       f_round4},
      {"round_to_fivebytes",
       {P("n", kInt)},
       "integer",
       "n rounded up to a multiple of 4, plus 1",
       f_round5},
  };
}

std::vector<Builtin> communicator_builtins() {
  return {
      {"comm", {P("n", kInt)}, "communicator", "the first n ranks of MPI_COMM_WORLD", f_comm},
      {"comm2",
       {P("a", kInt), P("b", kInt)},
       "communicator",
       "ranks a and b (a becomes rank 0)",
       f_comm2},
      {"comm4",
       {P("a", kInt), P("b", kInt), P("c", kInt), P("d", kInt)},
       "communicator",
       "ranks a, b, c and d in that order",
       f_comm4},
      {"comm_from_to",
       {P("first", kInt), P("last", kInt)},
       "communicator",
       "ranks first..last of MPI_COMM_WORLD",
       f_comm_from_to},
      {"copy_comm", {P("c", kComm)}, "communicator", "the same ranks as c", f_copy_comm},
      {"comm_first_half",
       {P("c", kComm)},
       "communicator",
       "the first floor(size/2) ranks of c",
       f_first_half},
      {"comm_second_half",
       {P("c", kComm)},
       "communicator",
       "the remaining ranks of c",
       f_second_half},
      {"comm_rand",
       {P("n", kInt)},
       "communicator",
       "n ranks chosen at random with a seed derived from the run seed (recorded in the plan)",
       f_comm_rand},
      {"comm_map",
       {P("p", kInt), P("q", kInt), P("n", kInt)},
       "communicator",
       "the first n ranks of MPI_COMM_WORLD as IMB's -map PxQ orders them: world rank r sorts "
       "by (q * r) mod (p * q - 1); p * q must be at least the run size",
       f_comm_map},
      {"comm2_max_latency_with_root",
       {},
       "communicator",
       "the pair of ranks with the largest ping-pong latency, chosen when the run starts",
       f_max_latency},
      {"get_comm_size", {P("c", kComm)}, "integer", "number of ranks in c", f_get_comm_size},
      {"get_comm_rank",
       {P("c", kComm)},
       "integer",
       "rank 0's rank in c (-1 if not a member): every rank builds the same plan",
       f_get_comm_rank},
      {"is_mpi_comm_null", {P("c", kComm)}, "integer", "1 if c is MPI_COMM_NULL", f_is_null},
      {"get_np", {}, "integer", "the number of ranks of the run", f_get_np},
      {"last_proc", {}, "integer", "get_np() - 1", f_last_proc},
  };
}

// lists, iterators, misc
std::vector<Builtin> misc_builtins() {
  return {
      {"range", {P("first", kInt), P("last", kInt)}, "list", "first, first+1, ..., last", f_range},
      {"squares",
       {P("first", kInt), P("last", kInt)},
       "list",
       "k*k for k = first..last",
       f_squares},
      {"len", {P("l", kList)}, "integer", "number of elements of a list", f_len},
      {"get_random_int",
       {P("min", kInt), P("max", kInt)},
       "integer",
       "a random integer in [min, max] from the run's seeded generator",
       f_get_random_int},
      {"get_env",
       {P("name", kString)},
       "string",
       "the environment variable's value, or \"\"",
       f_get_env},
      {"mpi_processor_names",
       {},
       "string",
       "accepted; names are recorded in manifest.json",
       f_processor_names},
  };
}

// SKaMPI's setters
std::vector<Builtin> skampi_setter_builtins() {
  return {
      {"set_min_repetitions", {P("n", kInt)}, "nothing", "min_reps = n", skampi_setter},
      {"set_max_repetitions", {P("n", kInt)}, "nothing", "max_reps = n", skampi_setter},
      {"set_max_relative_standard_error",
       {P("e", kNumber)},
       "nothing",
       "max_rse = e, with SKaMPI's stopping rule (replaces a 'stop when' rule)",
       skampi_setter},
      {"set_max_nr_node_times",
       {P("n", kInt)},
       "nothing",
       "per-rank columns in .sko output",
       f_set_nodes},
      {"set_unit",
       {P("scale", kNumber)},
       "nothing",
       "time scale of .sko output (1e6: microseconds)",
       f_set_unit},
      {"set_autorefine_factor",
       {P("f", kNumber)},
       "nothing",
       "refine = skampi(factor = f): SKaMPI's refinement of '...' loops",
       skampi_setter},
      {"choose_no_synchronization", {}, "nothing", "sync = none", skampi_setter},
      {"choose_barrier_synchronization", {}, "nothing", "sync = barrier", skampi_setter},
      {"choose_real_synchronization",
       {},
       "nothing",
       "sync = window(adaptive = on, clock = skampi) (SKaMPI's default)",
       skampi_setter},
      {"set_skampi_buffer",
       {P("size", kInt)},
       "nothing",
       "buffer = size (per rank)",
       skampi_setter},
      {"switch_buffer_cycling_on", {}, "nothing", "buffer_cycling = on", skampi_setter},
      {"switch_buffer_cycling_off", {}, "nothing", "buffer_cycling = off", skampi_setter},
      {"set_send_buffer_alignment", {P("a", kInt)}, "nothing", "send_alignment = a", skampi_setter},
      {"set_recv_buffer_alignment", {P("a", kInt)}, "nothing", "recv_alignment = a", skampi_setter},
      {"set_cache_size", {P("size", kInt)}, "nothing", "cache_size = size", skampi_setter},
  };
}

// SKaMPI's info objects, MPI_Alloc_mem and time accounting: kept or accepted without effect
std::vector<Builtin> skampi_info_builtins() {
  return {
      {"set_skampi_buffer_mpi_alloc_mem",
       {P("size", kInt), Param{"info", kAny, Value()}},
       "nothing",
       "buffer = size; MPI_Alloc_mem is not used",
       f_set_buffer_alloc_mem},
      {"info_create",
       {},
       "info",
       "a new, empty info object (SKaMPI's MPI_Info_create)",
       f_info_create},
      {"info_set",
       {P("info", kSpec), P("key", kString), P("value", kString)},
       "nothing",
       "sets key to value in the info object the variable names (MPI_Info_set)",
       f_info_set,
       true},
      {"info_free",
       {P("info", kSpec)},
       "nothing",
       "accepted: the runtime frees the MPI_Info it makes for each job",
       f_info_free},
      {"use_mpi_alloc_mem", {P("flag", kInt)}, "nothing", "accepted, no effect", f_ignored},
      {"set_mpi_alloc_mem_info",
       {Param{"info", kAny, std::nullopt}},
       "nothing",
       "accepted, no effect",
       f_ignored},
      {"get_mpi_alloc_mem_info",
       {},
       "info",
       "MPI_INFO_NULL: buffers are not allocated with MPI_Alloc_mem, so no info is kept",
       f_alloc_mem_info},
      {"init_time_accounting", {}, "nothing", "accepted, no effect", f_ignored},
      {"print_time_accounting_info", {}, "nothing", "accepted, no effect", f_ignored},
  };
}

std::vector<Builtin> make_table() {
  std::vector<Builtin> t;
  for (auto* family : {math_builtins, communicator_builtins, misc_builtins, skampi_setter_builtins,
                       skampi_info_builtins})
    for (Builtin& b : family()) t.push_back(std::move(b));
  return t;
}

}  // namespace

const std::vector<Builtin>& builtins() {
  static const std::vector<Builtin> table = [] {
    std::vector<Builtin> t = make_table();
    for (auto* family : {io_builtins, array_builtins, topology_builtins})
      for (Builtin& b : family()) t.push_back(std::move(b));
    add_type_builtins(t);
    return t;
  }();
  return table;
}

const Builtin* find_builtin(std::string_view name) {
  // Every call in a script looks its callee up here, once per loop iteration: hash it.
  static const std::unordered_map<std::string_view, const Builtin*> index = [] {
    std::unordered_map<std::string_view, const Builtin*> m;
    for (const auto& b : builtins()) m.emplace(b.name, &b);
    return m;
  }();
  auto it = index.find(name);
  return it == index.end() ? nullptr : it->second;
}

std::string signature(const Builtin& b) {
  std::string out = b.name + "(";
  for (std::size_t i = 0; i < b.params.size(); ++i) {
    if (i) out += ", ";
    out += b.params[i].name + ": " + param_type_name(b.params[i].type);
    if (b.params[i].default_value) out += " = " + to_display(*b.params[i].default_value);
  }
  return out + ")";
}

}  // namespace metron
