// `set NAME = value` and `stop when ...`: validation and application of settings.
#include <cmath>

#include "interpreter/interp.h"

namespace metron {

namespace {
using T = Value::Type;

const std::vector<SettingInfo> kSettingTable = {
    {"timer", "wtime | monotonic | rdtscp", "clock read around each call"},
    {"scheme", "per_call | loop_mean | loop_barrier",
     "MS1: one call per observation after a sync; MS2: mean of a loop without sync; MS3: loop "
     "with a barrier before each call"},
    {"sync",
     "none | barrier | double_barrier | dissemination | window(size, wait, adaptive, clock) | "
     "roundtime(mult, budget, clock)",
     "process synchronization before each observation"},
    {"clock",
     "none | skampi | netgauge | jk | hca | hca2 | hca3 | hca3o (fitpoints, exchanges, "
     "offset_only)",
     "clock synchronization used by window and roundtime sync and by global run-times"},
    {"resync", "time or int",
     "re-synchronize clocks after this much time, or after this many jobs (0: never)"},
    {"runtime", "local | global",
     "local: max over ranks of each rank's duration; global: latest end - earliest start"},
    {"reps", "integer", "a fixed number of observations per job (no stopping rule)"},
    {"min_reps", "integer", "at least this many observations"},
    {"max_reps", "integer", "at most this many observations"},
    {"max_rse", "number or percentage",
     "SKaMPI's rule: stop when the relative standard error is below"},
    {"max_time", "time", "time budget per job"},
    {"warmup", "auto | integer",
     "calls run and discarded before measuring: auto until the per-call time is stable "
     "(docs/methodology.md), or exactly this many"},
    {"truncation", "mser5 | none",
     "post-hoc removal of an initial transient from the recorded observations (MSER-5)"},
    {"iterations", "integer", "calls per timed loop (loop_mean, loop_barrier)"},
    {"batch", "fixed(n) | growing(step)", "how many observations between stopping-rule checks"},
    {"outliers", "none | tukey(k) | trimmed", "outlier filter applied per job before statistics"},
    {"buffer", "size", "arena per rank (SKaMPI's set_skampi_buffer)"},
    {"buffer_cycling", "on | off",
     "successive observations use successive addresses (cold cache); off: one slot (warm cache, "
     "as OSU, IMB and ReproMPI)"},
    {"send_alignment", "integer", "alignment of the send buffer (power of two)"},
    {"recv_alignment", "integer", "alignment of the receive buffer (power of two)"},
    {"cache_size", "size", "last-level cache size assumed for cold-cache cycling"},
    {"verify", "on | off", "check the received data once per job"},
    {"raw_per_rank", "on | off", "write every rank's duration to raw.csv"},
    {"refine",
     "metron(tolerance, max_points, max_time, min_gap) | skampi(factor) | mpptest(autorel, autodx)",
     "adaptive refinement of autorefine loops"},
};

bool flag_value(const Value& v, bool& out) {
  if (v.is(T::Int) && (v.as_int() == 0 || v.as_int() == 1)) {
    out = v.as_int() == 1;
    return true;
  }
  if (v.is(T::Spec) && v.as_spec().args.empty()) {
    const std::string& n = v.as_spec().name;
    if (n == "on" || n == "true" || n == "yes") return out = true, true;
    if (n == "off" || n == "false" || n == "no") return out = false, true;
  }
  return false;
}
}  // namespace

const std::vector<SettingInfo>& setting_table() {
  return kSettingTable;
}

void Interp::apply_setting(const std::string& key, const Value& v, SourceRange key_range,
                           SourceRange at) {
  const SettingInfo* info = nullptr;
  for (const auto& s : kSettingTable)
    if (key == s.key) info = &s;
  if (!info) {
    diags_.report(DiagId::unknown_setting, key_range, key);
    std::vector<std::string> keys;
    for (const auto& s : kSettingTable) keys.push_back(s.key);
    std::string best = closest_match(key, keys);
    if (!best.empty()) diags_.note(DiagId::did_you_mean, key_range, best);
    throw EvalError{};
  }
  auto bad = [&]() -> void { fail(DiagId::bad_setting, at, key, info->values, to_display(v)); };
  auto bad_why = [&](const std::string& why) -> void {
    fail(DiagId::bad_setting_value, at, key, why);
  };
  const Spec* spec = v.is(T::Spec) ? &v.as_spec() : nullptr;
  auto spec_is = [&](const char* n) { return spec && spec->name == n; };
  // Spec arguments by name or position, with type checks.
  auto arg = [&](const Spec& s, const char* name, std::size_t pos) -> const Value* {
    for (std::size_t i = 0; i < s.args.size(); ++i)
      if ((s.args[i].first.empty() && i == pos) || s.args[i].first == name)
        return &s.args[i].second;
    return nullptr;
  };
  auto check_args = [&](const Spec& s, std::initializer_list<const char*> names) {
    std::size_t i = 0;
    for (const auto& [n, val] : s.args) {
      if (n.empty() && i >= names.size()) bad_why("too many arguments to '" + s.name + "'");
      if (!n.empty()) {
        bool known = false;
        for (const char* k : names) known |= n == k;
        if (!known) bad_why("'" + s.name + "' has no parameter named '" + n + "'");
      }
      ++i;
    }
  };
  auto seconds = [&](const Value* x, const char* what) -> double {
    if (!x->is(T::Duration) || x->as_seconds() < 0)
      bad_why(std::string(what) + " must be a time such as 1ms, got " + to_display(*x));
    return x->as_seconds();
  };
  auto positive_int = [&](const Value* x, const char* what) -> std::int64_t {
    if (!x->is(T::Int) || x->as_int() < 1)
      bad_why(std::string(what) + " must be a positive integer, got " + to_display(*x));
    return x->as_int();
  };
  auto fraction = [&](const Value* x, const char* what) -> double {
    double f = x->is(T::Percent) ? x->as_fraction() : x->is_number() ? x->as_number() : -1;
    if (!(f > 0))
      bad_why(std::string(what) + " must be a positive number or percentage, got " +
              to_display(*x));
    return f;
  };
  auto parse_clock = [&](const Value& cv, ClockSettings& c) {
    if (!cv.is(T::Spec))
      bad_why("clock must be one of none, skampi, netgauge, jk, hca, hca2, hca3, hca3o");
    const Spec& s = cv.as_spec();
    static const std::pair<const char*, ClockKind> kinds[] = {
        {"none", ClockKind::None},
        {"skampi", ClockKind::SkampiOffset},
        {"netgauge", ClockKind::NetgaugeOffset},
        {"jk", ClockKind::JonesKoenig},
        {"hca", ClockKind::Hca},
        {"hca2", ClockKind::Hca2},
        {"hca3", ClockKind::Hca3},
        {"hca3o", ClockKind::Hca3}};
    bool found = false;
    for (auto [n, k] : kinds)
      if (s.name == n) c.kind = k, found = true;
    if (!found) bad_why("unknown clock synchronization '" + s.name + "'");
    check_args(s, {"fitpoints", "exchanges", "offset_only"});
    if (auto* x = arg(s, "fitpoints", 0)) c.fitpoints = positive_int(x, "fitpoints");
    if (auto* x = arg(s, "exchanges", 1)) c.exchanges = positive_int(x, "exchanges");
    if (auto* x = arg(s, "offset_only", 2)) {
      bool b;
      if (!flag_value(*x, b)) bad_why("offset_only must be on or off");
      c.offset_only = b;
    }
    if (s.name == "hca3o") c.offset_only = true;
    if (c.offset_only && c.kind != ClockKind::Hca3 && c.kind != ClockKind::None)
      bad_why("offset_only applies to hca3 only; jk, hca and hca2 always fit a drift");
  };

  Settings& st = settings_;
  if (key == "timer") {
    if (spec_is("wtime"))
      st.timer = TimerKind::Wtime;
    else if (spec_is("monotonic"))
      st.timer = TimerKind::Monotonic;
    else if (spec_is("rdtscp"))
      st.timer = TimerKind::Rdtscp;
    else
      bad();
  } else if (key == "scheme") {
    if (spec_is("per_call") || spec_is("ms1"))
      st.scheme = SchemeKind::PerCall;
    else if (spec_is("loop_mean") || spec_is("ms2"))
      st.scheme = SchemeKind::LoopMean;
    else if (spec_is("loop_barrier") || spec_is("ms3"))
      st.scheme = SchemeKind::LoopBarrier;
    else
      bad();
  } else if (key == "sync") {
    if (!spec) bad();
    SyncSettings& sy = st.sync;
    if (spec_is("none"))
      sy.kind = ProcSyncKind::None;
    else if (spec_is("barrier"))
      sy.kind = ProcSyncKind::Barrier;
    else if (spec_is("double_barrier"))
      sy.kind = ProcSyncKind::DoubleBarrier;
    else if (spec_is("dissemination"))
      sy.kind = ProcSyncKind::Dissemination;
    else if (spec_is("window")) {
      check_args(*spec, {"size", "wait", "adaptive", "clock"});
      sy.kind = ProcSyncKind::Window;
      if (auto* x = arg(*spec, "size", 0)) sy.window_s = seconds(x, "size");
      if (auto* x = arg(*spec, "wait", 1)) sy.wait_time_s = seconds(x, "wait");
      if (auto* x = arg(*spec, "adaptive", 2)) {
        bool b;
        if (!flag_value(*x, b)) bad_why("adaptive must be on or off");
        sy.adaptive = b;
      }
      if (auto* x = arg(*spec, "clock", 3)) parse_clock(*x, sy.clock);
      if (sy.window_s <= 0 && !sy.adaptive) bad_why("a fixed window needs a size above 0");
    } else if (spec_is("roundtime")) {
      check_args(*spec, {"mult", "budget", "clock"});
      sy.kind = ProcSyncKind::RoundTime;
      if (auto* x = arg(*spec, "mult", 0)) sy.bcast_mult = fraction(x, "mult");
      if (auto* x = arg(*spec, "budget", 1)) sy.roundtime_budget_s = seconds(x, "budget");
      if (auto* x = arg(*spec, "clock", 2)) parse_clock(*x, sy.clock);
    } else
      bad();
    if (spec->args.empty() && spec->name != "window" && spec->name != "roundtime") {
      // plain names take no arguments
    }
  } else if (key == "clock") {
    parse_clock(v, st.sync.clock);
  } else if (key == "resync") {
    // A time re-synchronizes after that long, an integer after that many jobs (0: never).
    if (v.is(T::Int) && v.as_int() >= 0)
      st.sync.clock.resync_every_jobs = v.as_int();
    else if (v.is(T::Duration))
      st.sync.clock.resync_every_s = seconds(&v, "resync");
    else
      bad_why("resync must be a time such as 30s or a number of jobs, got " + to_display(v));
  } else if (key == "runtime") {
    if (spec_is("local"))
      st.runtime = RuntimeKind::Local;
    else if (spec_is("global"))
      st.runtime = RuntimeKind::Global;
    else
      bad();
  } else if (key == "reps") {
    st.reps = positive_int(&v, "reps");
  } else if (key == "min_reps") {
    st.min_reps = positive_int(&v, "min_reps");
    st.reps.reset();
  } else if (key == "max_reps") {
    st.max_reps = positive_int(&v, "max_reps");
    st.reps.reset();
  } else if (key == "max_rse") {
    st.max_rse = fraction(&v, "max_rse");
  } else if (key == "max_time") {
    st.max_time_s = seconds(&v, "max_time");
  } else if (key == "warmup") {
    if (spec_is("auto") && spec->args.empty())
      st.warmup_reps = kWarmupAuto;
    else if (v.is(T::Int) && v.as_int() >= 0)
      st.warmup_reps = v.as_int();
    else
      bad();
  } else if (key == "truncation") {
    if (spec_is("mser5"))
      st.truncation = true;
    else if (spec_is("none"))
      st.truncation = false;
    else
      bad();
  } else if (key == "iterations") {
    st.loop_iterations = positive_int(&v, "iterations");
  } else if (key == "batch") {
    if (spec_is("fixed")) {
      check_args(*spec, {"n"});
      st.batch_schedule = "fixed";
      if (auto* x = arg(*spec, "n", 0)) st.batch_step = positive_int(x, "n");
    } else if (spec_is("growing")) {
      check_args(*spec, {"step"});
      st.batch_schedule = "growing";
      if (auto* x = arg(*spec, "step", 0)) st.batch_step = positive_int(x, "step");
    } else
      bad();
  } else if (key == "outliers") {
    if (spec_is("none"))
      st.outliers = OutlierKind::None;
    else if (spec_is("trimmed"))
      st.outliers = OutlierKind::Trimmed;
    else if (spec_is("tukey")) {
      check_args(*spec, {"k"});
      st.outliers = OutlierKind::Tukey;
      st.tukey_k = 1.5;
      if (auto* x = arg(*spec, "k", 0)) st.tukey_k = fraction(x, "k");
    } else
      bad();
  } else if (key == "buffer" || key == "cache_size") {
    if (!v.is(T::Int) || v.as_int() < 1) bad();
    (key == "buffer" ? st.buffer_bytes : st.cache_bytes) = v.as_int();
  } else if (key == "send_alignment" || key == "recv_alignment") {
    if (!v.is(T::Int) || v.as_int() < 1 || (v.as_int() & (v.as_int() - 1))) bad();
    (key == "send_alignment" ? st.send_alignment : st.recv_alignment) = v.as_int();
  } else if (key == "buffer_cycling" || key == "verify" || key == "raw_per_rank") {
    bool b;
    if (!flag_value(v, b)) bad();
    (key == "buffer_cycling" ? st.buffer_cycling
     : key == "verify"       ? st.verify
                             : st.raw_per_rank) = b;
  } else if (key == "refine") {
    RefineSettings& r = st.refine;
    // Each spec starts from its algorithm's own defaults (tolerance and min_gap are shared
    // fields with different defaults); skampi's factor is kept, as set_autorefine_factor sets it.
    if (spec_is("metron")) {
      check_args(*spec, {"tolerance", "max_points", "max_time", "min_gap"});
      const double factor = r.factor;
      r = RefineSettings{};
      r.factor = factor;
      if (auto* x = arg(*spec, "tolerance", 0)) r.rel_tolerance = fraction(x, "tolerance");
      if (auto* x = arg(*spec, "max_points", 1)) r.max_points = positive_int(x, "max_points");
      if (auto* x = arg(*spec, "max_time", 2)) r.max_time_s = seconds(x, "max_time");
      if (auto* x = arg(*spec, "min_gap", 3)) r.min_gap = positive_int(x, "min_gap");
    } else if (spec_is("skampi")) {
      check_args(*spec, {"factor"});
      r.kind = RefineKind::Skampi;
      if (auto* x = arg(*spec, "factor", 0)) r.factor = fraction(x, "factor");
    } else if (spec_is("mpptest")) {
      check_args(*spec, {"autorel", "autodx"});
      r.kind = RefineKind::Mpptest;
      // mpptest's own defaults: -autorel 0.02 and -autodx 4 bytes (perftest mpptest.c; Gropp
      // and Lusk, "Reproducible Measurements of MPI Performance Characteristics").
      r.rel_tolerance = kMpptestAutorel;
      r.min_gap = kMpptestAutodx;
      if (auto* x = arg(*spec, "autorel", 0)) r.rel_tolerance = fraction(x, "autorel");
      if (auto* x = arg(*spec, "autodx", 1)) r.min_gap = positive_int(x, "autodx");
    } else
      bad();
  }
  settings_changed_ = true;
}

// stop when <expr>: compiled now (constants evaluated) and evaluated by the runtime over each
// job's sample (stop_rule_compile.cpp).
void Interp::apply_stop_rule(const ast::Expr& cond) {
  adapt::StopRule rule = compile_stop_rule(cond);
  if (adapt::validate(rule) != adapt::StopRuleError::None)
    fail(DiagId::bad_stop_rule, cond.range, "the rule is not well formed");
  settings_.stop = std::make_shared<const adapt::StopRule>(std::move(rule));
  // The rule decides: SKaMPI's repetition bounds (8..33) no longer apply; the time budget does.
  // A later `set min_reps` / `set max_reps` narrows this again (docs/language.md, stop rules).
  settings_.reps.reset();
  settings_.min_reps = 1;
  settings_.max_reps = 1'000'000;
  settings_.stop_rule_text = dump(cond);
  settings_changed_ = true;
}

}  // namespace metron
