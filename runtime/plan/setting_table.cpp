// The settings table and the parser of each kind of setting value.
#include "runtime/plan/setting_table.h"

#include <fmt/format.h>

#include <initializer_list>
#include <unordered_map>

namespace metron {

namespace {

using T = Value::Type;

[[noreturn]] void bad() {
  throw SettingError{};
}
// The reason id (a bad_setting_* message: "bad value for setting 'KEY' (...)") with its own
// arguments after the key.
[[noreturn]] void bad_why(DiagId id, std::vector<std::string> args = {}) {
  throw SettingError{id, std::move(args)};
}

// --- value checkers, shared by the kinds ------------------------------------------------------

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
double seconds(const Value& x, std::string_view what) {
  if (!x.is(T::Duration) || x.as_seconds() < 0)
    bad_why(DiagId::bad_setting_time, {std::string(what), to_display(x)});
  return x.as_seconds();
}
std::int64_t positive_int(const Value& x, std::string_view what) {
  if (!x.is(T::Int) || x.as_int() < 1)
    bad_why(DiagId::bad_setting_positive_int, {std::string(what), to_display(x)});
  return x.as_int();
}
double fraction(const Value& x, std::string_view what) {
  double f = x.is(T::Percent) ? x.as_fraction() : x.is_number() ? x.as_number() : -1;
  if (!(f > 0)) bad_why(DiagId::bad_setting_fraction, {std::string(what), to_display(x)});
  return f;
}

// A spec's name, or "" for any other value.
std::string spec_name(const Value& v) {
  return v.is(T::Spec) ? v.as_spec().name : std::string();
}

// Spec arguments by name or position; unknown names and surplus positions are refused.
class SpecArgs {
 public:
  SpecArgs(const Spec& s, std::initializer_list<const char*> names)
      : s_(s), names_(names.begin(), names.end()) {
    std::size_t i = 0;
    for (const auto& [n, val] : s.args) {
      if (n.empty() && i >= names.size()) bad_why(DiagId::bad_setting_too_many_args, {s.name});
      if (!n.empty()) {
        bool known = false;
        for (const char* k : names) known |= n == k;
        if (!known) bad_why(DiagId::bad_setting_unknown_param, {s.name, n});
      }
      ++i;
    }
  }
  const Value* get(const char* name) const {
    std::size_t pos = 0;
    while (pos < names_.size() && std::string_view(names_[pos]) != name) ++pos;
    for (std::size_t i = 0; i < s_.args.size(); ++i)
      if ((s_.args[i].first.empty() && i == pos) || s_.args[i].first == name)
        return &s_.args[i].second;
    return nullptr;
  }

 private:
  const Spec& s_;
  std::vector<const char*> names_;  // a copy: the list's array ends with the constructor's call
};

// --- parsers per kind -------------------------------------------------------------------------

template <typename E>
struct Named {
  const char* name;
  E value;
};

// An enum name: one of a fixed list of names (a spec's name; arguments are not looked at).
template <auto Member, const auto& Names>
void parse_enum(std::string_view, const Value& v, Settings& s) {
  const std::string n = spec_name(v);
  for (const auto& e : Names)
    if (!n.empty() && n == e.name) return void(s.*Member = e.value);
  bad();
}

template <auto Member>
void parse_flag(std::string_view, const Value& v, Settings& s) {
  bool b = false;
  if (!flag_value(v, b)) bad();
  s.*Member = b;
}

template <auto Member>
void parse_positive(std::string_view key, const Value& v, Settings& s) {
  s.*Member = positive_int(v, key);
}

// Repetition bounds: setting one drops a fixed `reps`.
template <auto Member>
void parse_rep_bound(std::string_view key, const Value& v, Settings& s) {
  s.*Member = positive_int(v, key);
  s.reps.reset();
}

template <auto Member>
void parse_fraction(std::string_view key, const Value& v, Settings& s) {
  s.*Member = fraction(v, key);
}

template <auto Member>
void parse_duration(std::string_view key, const Value& v, Settings& s) {
  s.*Member = seconds(v, key);
}

// A size in bytes: a positive integer (1KiB and the like are integers already).
template <auto Member>
void parse_size(std::string_view, const Value& v, Settings& s) {
  if (!v.is(T::Int) || v.as_int() < 1) bad();
  s.*Member = v.as_int();
}

// The arena per rank: at most kMaxBufferBytes (1 TiB).
void parse_buffer(std::string_view, const Value& v, Settings& s) {
  if (!v.is(T::Int) || v.as_int() < 1) bad();
  if (v.as_int() > kMaxBufferBytes)
    bad_why(DiagId::bad_setting_buffer_limit, {bytes_text(v.as_int())});
  s.buffer_bytes = v.as_int();
}

template <auto Member>
void parse_power_of_two(std::string_view, const Value& v, Settings& s) {
  if (!v.is(T::Int) || v.as_int() < 1 || (v.as_int() & (v.as_int() - 1))) bad();
  s.*Member = v.as_int();
}

// --- the spec-valued settings -----------------------------------------------------------------

constexpr Named<TimerKind> kTimers[] = {{"wtime", TimerKind::Wtime},
                                        {"monotonic", TimerKind::Monotonic},
                                        {"rdtscp", TimerKind::Rdtscp}};
constexpr Named<SchemeKind> kSchemes[] = {
    {"per_call", SchemeKind::PerCall},         {"ms1", SchemeKind::PerCall},
    {"loop_mean", SchemeKind::LoopMean},       {"ms2", SchemeKind::LoopMean},
    {"loop_barrier", SchemeKind::LoopBarrier}, {"ms3", SchemeKind::LoopBarrier}};
constexpr Named<RuntimeKind> kRuntimes[] = {{"local", RuntimeKind::Local},
                                            {"global", RuntimeKind::Global}};
constexpr Named<bool> kTruncations[] = {{"mser5", true}, {"none", false}};
constexpr Named<ClockKind> kClocks[] = {{"none", ClockKind::None},
                                        {"skampi", ClockKind::SkampiOffset},
                                        {"netgauge", ClockKind::NetgaugeOffset},
                                        {"jk", ClockKind::JonesKoenig},
                                        {"hca", ClockKind::Hca},
                                        {"hca2", ClockKind::Hca2},
                                        {"hca3", ClockKind::Hca3},
                                        {"hca3o", ClockKind::Hca3},
                                        {"topo2", ClockKind::Topo2}};

// topo2's `inter` or `intra`: a flat method name (not none for inter), or propagate for intra.
std::string topo_level(const Value& v, const char* level) {
  const std::string n = spec_name(v);
  bool ok = v.is(T::Spec) && v.as_spec().args.empty() && n != "topo2";
  if (ok) {
    ok = std::string_view(level) == "intra" && n == "propagate";
    for (auto [name, k] : kClocks)
      ok |= n == name && n != "topo2" && !(n == "none" && std::string_view(level) == "inter");
  }
  if (!ok) bad_why(DiagId::bad_setting_topo_level, {"'" + to_display(v) + "'", level});
  return n;
}

void parse_clock_into(const Value& cv, ClockSettings& c) {
  if (!cv.is(T::Spec)) bad_why(DiagId::bad_setting_clock_kind);
  const Spec& s = cv.as_spec();
  bool found = false;
  for (auto [n, k] : kClocks)
    if (s.name == n) c.kind = k, found = true;
  if (!found) bad_why(DiagId::bad_setting_unknown_clock, {s.name});
  const bool topo = c.kind == ClockKind::Topo2;
  const SpecArgs a = topo ? SpecArgs(s, {"inter", "intra", "fitpoints", "exchanges"})
                          : SpecArgs(s, {"fitpoints", "exchanges", "offset_only"});
  if (topo) {
    c.topo_inter = "hca3", c.topo_intra = "hca3";
    if (auto* x = a.get("inter")) c.topo_inter = topo_level(*x, "inter");
    if (auto* x = a.get("intra")) c.topo_intra = topo_level(*x, "intra");
  }
  if (auto* x = a.get("fitpoints")) c.fitpoints = positive_int(*x, "fitpoints");
  if (auto* x = a.get("exchanges")) c.exchanges = positive_int(*x, "exchanges");
  if (auto* x = a.get("offset_only")) {
    bool b;
    if (!flag_value(*x, b)) bad_why(DiagId::bad_setting_on_off, {"offset_only"});
    c.offset_only = b;
  }
  if (s.name == "hca3o") c.offset_only = true;
  if (c.offset_only && c.kind != ClockKind::Hca3 && c.kind != ClockKind::None)
    bad_why(DiagId::bad_setting_offset_only);
}

void parse_clock(std::string_view, const Value& v, Settings& s) {
  parse_clock_into(v, s.sync.clock);
}

void parse_sync(std::string_view, const Value& v, Settings& st) {
  if (!v.is(T::Spec)) bad();
  const Spec& spec = v.as_spec();
  SyncSettings& sy = st.sync;
  static const Named<ProcSyncKind> plain[] = {{"none", ProcSyncKind::None},
                                              {"barrier", ProcSyncKind::Barrier},
                                              {"double_barrier", ProcSyncKind::DoubleBarrier},
                                              {"dissemination", ProcSyncKind::Dissemination}};
  for (auto [n, k] : plain)
    if (spec.name == n) return void(sy.kind = k);
  if (spec.name == "window") {
    const SpecArgs a(spec, {"size", "wait", "adaptive", "clock"});
    sy.kind = ProcSyncKind::Window;
    if (auto* x = a.get("size")) sy.window_s = seconds(*x, "size");
    if (auto* x = a.get("wait")) sy.wait_time_s = seconds(*x, "wait");
    if (auto* x = a.get("adaptive")) {
      bool b;
      if (!flag_value(*x, b)) bad_why(DiagId::bad_setting_on_off, {"adaptive"});
      sy.adaptive = b;
    }
    if (auto* x = a.get("clock")) parse_clock_into(*x, sy.clock);
    if (sy.window_s <= 0 && !sy.adaptive) bad_why(DiagId::bad_setting_window_size);
  } else if (spec.name == "roundtime") {
    const SpecArgs a(spec, {"mult", "budget", "clock"});
    sy.kind = ProcSyncKind::RoundTime;
    if (auto* x = a.get("mult")) sy.bcast_mult = fraction(*x, "mult");
    if (auto* x = a.get("budget")) sy.roundtime_budget_s = seconds(*x, "budget");
    if (auto* x = a.get("clock")) parse_clock_into(*x, sy.clock);
  } else {
    bad();
  }
}

// A time re-synchronizes after that long, an integer after that many jobs (0: never).
void parse_resync(std::string_view, const Value& v, Settings& s) {
  if (v.is(T::Int) && v.as_int() >= 0)
    s.sync.clock.resync_every_jobs = v.as_int();
  else if (v.is(T::Duration))
    s.sync.clock.resync_every_s = seconds(v, "resync");
  else
    bad_why(DiagId::bad_setting_resync, {to_display(v)});
}

void parse_warmup(std::string_view, const Value& v, Settings& s) {
  if (spec_name(v) == "auto" && v.as_spec().args.empty())
    s.warmup_reps = kWarmupAuto;
  else if (v.is(T::Int) && v.as_int() >= 0)
    s.warmup_reps = v.as_int();
  else
    bad();
}

void parse_batch(std::string_view, const Value& v, Settings& s) {
  const std::string n = spec_name(v);
  if (n == "fixed") {
    const SpecArgs a(v.as_spec(), {"n"});
    s.batch_schedule = "fixed";
    if (auto* x = a.get("n")) s.batch_step = positive_int(*x, "n");
  } else if (n == "growing") {
    const SpecArgs a(v.as_spec(), {"step"});
    s.batch_schedule = "growing";
    if (auto* x = a.get("step")) s.batch_step = positive_int(*x, "step");
  } else {
    bad();
  }
}

void parse_outliers(std::string_view, const Value& v, Settings& s) {
  const std::string n = spec_name(v);
  if (n == "none") {
    s.outliers = OutlierKind::None;
  } else if (n == "trimmed") {
    s.outliers = OutlierKind::Trimmed;
  } else if (n == "tukey") {
    const SpecArgs a(v.as_spec(), {"k"});
    s.outliers = OutlierKind::Tukey;
    s.tukey_k = 1.5;
    if (auto* x = a.get("k")) s.tukey_k = fraction(*x, "k");
  } else {
    bad();
  }
}

// flag | remeasure(attempts) | fail
void parse_noisy_job(std::string_view, const Value& v, Settings& s) {
  const std::string n = spec_name(v);
  NoisyJobSettings& nj = s.noisy_job;
  if (n == "flag" || n == "fail") {
    SpecArgs(v.as_spec(), {});  // no arguments
    nj.kind = n == "flag" ? NoisyJobKind::Flag : NoisyJobKind::Fail;
  } else if (n == "remeasure") {
    const SpecArgs a(v.as_spec(), {"attempts"});
    nj.kind = NoisyJobKind::Remeasure;
    nj.attempts = NoisyJobSettings{}.attempts;
    if (auto* x = a.get("attempts")) nj.attempts = positive_int(*x, "attempts");
  } else {
    bad();
  }
}

void parse_refine(std::string_view, const Value& v, Settings& s) {
  RefineSettings& r = s.refine;
  const std::string n = spec_name(v);
  // Each spec starts from its algorithm's own defaults (tolerance and min_gap are shared
  // fields with different defaults); skampi's factor is kept, as set_autorefine_factor sets it.
  if (n == "metron") {
    const SpecArgs a(v.as_spec(), {"tolerance", "max_points", "max_time", "min_gap"});
    const double factor = r.factor;
    r = RefineSettings{};
    r.factor = factor;
    if (auto* x = a.get("tolerance")) r.rel_tolerance = fraction(*x, "tolerance");
    if (auto* x = a.get("max_points")) r.max_points = positive_int(*x, "max_points");
    if (auto* x = a.get("max_time")) r.max_time_s = seconds(*x, "max_time");
    if (auto* x = a.get("min_gap")) r.min_gap = positive_int(*x, "min_gap");
  } else if (n == "skampi") {
    const SpecArgs a(v.as_spec(), {"factor"});
    r.kind = RefineKind::Skampi;
    if (auto* x = a.get("factor")) r.factor = fraction(*x, "factor");
  } else if (n == "mpptest") {
    const SpecArgs a(v.as_spec(), {"autorel", "autodx"});
    r.kind = RefineKind::Mpptest;
    // mpptest's own defaults: -autorel 0.02 and -autodx 4 bytes (perftest mpptest.c; Gropp
    // and Lusk, "Reproducible Measurements of MPI Performance Characteristics").
    r.rel_tolerance = kMpptestAutorel;
    r.min_gap = kMpptestAutodx;
    if (auto* x = a.get("autorel")) r.rel_tolerance = fraction(*x, "autorel");
    if (auto* x = a.get("autodx")) r.min_gap = positive_int(*x, "autodx");
  } else {
    bad();
  }
}

// --- texts ------------------------------------------------------------------------------------

std::string sync_text(const Settings& s) {
  const SyncSettings& y = s.sync;
  if (y.kind == ProcSyncKind::Window)
    return fmt::format("window(size = {}, wait = {}, adaptive = {}, clock = {})",
                       seconds_text(y.window_s), seconds_text(y.wait_time_s), on_off(y.adaptive),
                       clock_text(y.clock));
  if (y.kind == ProcSyncKind::RoundTime)
    return fmt::format("roundtime(mult = {:.12g}, budget = {}, clock = {})", y.bcast_mult,
                       seconds_text(y.roundtime_budget_s), clock_text(y.clock));
  return proc_sync_name(y.kind);
}

std::string refine_text(const Settings& s) {
  const RefineSettings& r = s.refine;
  switch (r.kind) {
    case RefineKind::Metron:
      return fmt::format("metron(tolerance = {}, max_points = {}, max_time = {}, min_gap = {})",
                         percent_text(r.rel_tolerance), r.max_points, seconds_text(r.max_time_s),
                         r.min_gap);
    case RefineKind::Skampi:
      return fmt::format("skampi(factor = {:.12g})", r.factor);
    case RefineKind::Mpptest:
      return fmt::format("mpptest(autorel = {}, autodx = {})", percent_text(r.rel_tolerance),
                         r.min_gap);
  }
  return {};
}

// --- plan JSON --------------------------------------------------------------------------------

using json = nlohmann::json;

// A number or boolean field as it is (times are seconds, sizes bytes, percentages fractions).
template <auto Member>
json member_json(const Settings& s) {
  return s.*Member;
}

json sync_json(const Settings& s) {
  const SyncSettings& y = s.sync;
  json j = {{"kind", proc_sync_name(y.kind)}};
  if (y.kind == ProcSyncKind::Window) {
    j["size"] = y.window_s;
    j["wait"] = y.wait_time_s;
    j["adaptive"] = y.adaptive;
  } else if (y.kind == ProcSyncKind::RoundTime) {
    j["mult"] = y.bcast_mult;
    j["budget"] = y.roundtime_budget_s;
  }
  return j;  // the clock, an argument of window and roundtime, is the entry `clock`
}

json clock_json(const Settings& s) {
  const ClockSettings& c = s.sync.clock;
  json j = {{"kind", clock_name(c.kind)},
            {"fitpoints", c.fitpoints},
            {"exchanges", c.exchanges},
            {"offset_only", c.offset_only}};
  if (c.kind == ClockKind::Topo2) j["inter"] = c.topo_inter, j["intra"] = c.topo_intra;
  return j;
}

json batch_json(const Settings& s) {
  return {{"kind", s.batch_schedule}, {s.batch_schedule == "growing" ? "step" : "n", s.batch_step}};
}

json outliers_json(const Settings& s) {
  json j = {{"kind", outlier_name(s.outliers)}};
  if (s.outliers == OutlierKind::Tukey) j["k"] = s.tukey_k;
  return j;
}

std::string noisy_job_text(const Settings& s) {
  const NoisyJobSettings& nj = s.noisy_job;
  return nj.kind == NoisyJobKind::Remeasure ? fmt::format("remeasure({})", nj.attempts)
                                            : noisy_job_name(nj.kind);
}

json noisy_job_json(const Settings& s) {
  json j = {{"kind", noisy_job_name(s.noisy_job.kind)}};
  if (s.noisy_job.kind == NoisyJobKind::Remeasure) j["attempts"] = s.noisy_job.attempts;
  return j;
}

json refine_json(const Settings& s) {
  const RefineSettings& r = s.refine;
  switch (r.kind) {
    case RefineKind::Metron:
      return {{"kind", "metron"},
              {"tolerance", r.rel_tolerance},
              {"max_points", r.max_points},
              {"max_time", r.max_time_s},
              {"min_gap", r.min_gap}};
    case RefineKind::Skampi:
      return {{"kind", "skampi"}, {"factor", r.factor}};
    case RefineKind::Mpptest:
      return {{"kind", "mpptest"}, {"autorel", r.rel_tolerance}, {"autodx", r.min_gap}};
  }
  return {};
}

// --- SKaMPI setters: the `set` value a call stands for ------------------------------------------

using Args = std::vector<Value>;

Value named(const char* name) {
  return Value(Spec{name, {}});
}
Value sync_none(const Args&) {
  return named("none");
}
Value sync_barrier(const Args&) {
  return named("barrier");
}
// SKaMPI's "real" synchronization: its self-adjusting window on its clock offsets.
Value sync_skampi_window(const Args&) {
  return Value(Spec{"window",
                    {{"adaptive", named("on")},
                     {"clock", Value(Spec{"skampi", {{"offset_only", named("off")}}})}}});
}
Value refine_skampi(const Args& a) {
  return Value(Spec{"skampi", {{"factor", a.at(0)}}});
}
Value flag_on(const Args&) {
  return named("on");
}
Value flag_off(const Args&) {
  return named("off");
}

// clang-format off
const std::vector<SettingInfo> kSettingTable = {
    {"timer", "wtime | monotonic | rdtscp", "clock read around each call",
     parse_enum<&Settings::timer, kTimers>,
     [](const Settings& s) { return timer_name(s.timer); },
     [](const Settings& s) -> json { return timer_name(s.timer); }},
    {"scheme", "per_call | loop_mean | loop_barrier",
     "MS1: one call per observation after a sync; MS2: mean of a loop without sync; MS3: loop "
     "with a barrier before each call",
     parse_enum<&Settings::scheme, kSchemes>,
     [](const Settings& s) { return scheme_name(s.scheme); },
     [](const Settings& s) -> json { return scheme_name(s.scheme); }},
    {"sync",
     "none | barrier | double_barrier | dissemination | window(size, wait, adaptive, clock) | "
     "roundtime(mult, budget, clock)",
     "process synchronization before each observation", parse_sync, sync_text, sync_json,
     {{"choose_no_synchronization", sync_none},
      {"choose_barrier_synchronization", sync_barrier},
      {"choose_real_synchronization", sync_skampi_window}}},
    {"clock",
     "none | skampi | netgauge | jk | hca | hca2 | hca3 | hca3o (fitpoints, exchanges, "
     "offset_only) | topo2(inter, intra, fitpoints, exchanges)",
     "clock synchronization used by window and roundtime sync and by global run-times",
     parse_clock, [](const Settings& s) { return clock_text(s.sync.clock); }, clock_json},
    {"resync", "time or int",
     "re-synchronize clocks after this much time, or after this many jobs (0: never)",
     parse_resync,
     [](const Settings& s) {
       const ClockSettings& c = s.sync.clock;
       return c.resync_every_jobs > 0 ? std::to_string(c.resync_every_jobs)
                                      : seconds_text(c.resync_every_s);
     },
     [](const Settings& s) -> json {
       return {{"seconds", s.sync.clock.resync_every_s}, {"jobs", s.sync.clock.resync_every_jobs}};
     }},
    {"runtime", "local | global",
     "local: max over ranks of each rank's duration; global: latest end - earliest start",
     parse_enum<&Settings::runtime, kRuntimes>,
     [](const Settings& s) { return runtime_name(s.runtime); },
     [](const Settings& s) -> json { return runtime_name(s.runtime); }},
    {"reps", "integer", "a fixed number of observations per job (no stopping rule)",
     parse_positive<&Settings::reps>,
     [](const Settings& s) { return s.reps ? std::to_string(*s.reps) : "unset"; },
     [](const Settings& s) { return s.reps ? json(*s.reps) : json(nullptr); }},
    {"min_reps", "integer",
     "at least this many observations (in a .ski script 8, SKaMPI's default; a `stop when` rule "
     "sets 1)",
     parse_rep_bound<&Settings::min_reps>,
     [](const Settings& s) { return std::to_string(s.min_reps); },
     member_json<&Settings::min_reps>, {{"set_min_repetitions"}}},
    {"max_reps", "integer",
     "at most this many observations (in a .ski script 33, SKaMPI's default; a `stop when` rule "
     "sets 1000000)",
     parse_rep_bound<&Settings::max_reps>,
     [](const Settings& s) { return std::to_string(s.max_reps); },
     member_json<&Settings::max_reps>, {{"set_max_repetitions"}}},
    {"max_rse", "number or percentage",
     "SKaMPI's rule, the default of a .ski script (set_max_relative_standard_error selects it "
     "in any script): stop when the relative standard error is below",
     parse_fraction<&Settings::max_rse>, [](const Settings& s) { return percent_text(s.max_rse); },
     member_json<&Settings::max_rse>, {{"set_max_relative_standard_error", nullptr, true}}},
    {"max_time", "time", "time budget per job", parse_duration<&Settings::max_time_s>,
     [](const Settings& s) { return seconds_text(s.max_time_s); },
     member_json<&Settings::max_time_s>},
    {"warmup", "auto | integer",
     "calls run and discarded before measuring: auto until the per-call time is stable "
     "(docs/methodology.md), or exactly this many",
     parse_warmup,
     [](const Settings& s) {
       return s.warmup_reps == kWarmupAuto ? std::string("auto") : std::to_string(s.warmup_reps);
     },
     [](const Settings& s) { return s.warmup_reps == kWarmupAuto ? json("auto") : json(s.warmup_reps); }},
    {"truncation", "mser5 | none",
     "post-hoc removal of an initial transient from the recorded observations (MSER-5)",
     parse_enum<&Settings::truncation, kTruncations>,
     [](const Settings& s) { return std::string(s.truncation ? "mser5" : "none"); },
     [](const Settings& s) -> json { return s.truncation ? "mser5" : "none"; }},
    {"iterations", "integer", "calls per timed loop (loop_mean, loop_barrier)",
     parse_positive<&Settings::loop_iterations>,
     [](const Settings& s) { return std::to_string(s.loop_iterations); },
     member_json<&Settings::loop_iterations>},
    {"batch", "fixed(n) | growing(step)", "how many observations between stopping-rule checks",
     parse_batch,
     [](const Settings& s) { return fmt::format("{}({})", s.batch_schedule, s.batch_step); },
     batch_json},
    {"outliers", "none | tukey(k) | trimmed", "outlier filter applied per job before statistics",
     parse_outliers,
     [](const Settings& s) {
       return s.outliers == OutlierKind::Tukey ? fmt::format("tukey({:.12g})", s.tukey_k)
                                               : outlier_name(s.outliers);
     },
     outliers_json},
    {"buffer", "size", "arena per rank (SKaMPI's set_skampi_buffer)",
     parse_buffer,
     [](const Settings& s) { return bytes_text(s.buffer_bytes); },
     member_json<&Settings::buffer_bytes>,
     {{"set_skampi_buffer"}, {"set_skampi_buffer_mpi_alloc_mem"}}},
    {"buffer_cycling", "on | off",
     "successive observations use successive addresses (cold cache); off: one slot (warm cache, "
     "as OSU, IMB and ReproMPI)",
     parse_flag<&Settings::buffer_cycling>,
     [](const Settings& s) { return on_off(s.buffer_cycling); },
     member_json<&Settings::buffer_cycling>,
     {{"switch_buffer_cycling_on", flag_on}, {"switch_buffer_cycling_off", flag_off}}},
    {"single_buffer", "on | off",
     "on: the windowed bandwidths (Bandwidth, Bibandwidth, Multi_bandwidth, Uniband, Biband and "
     "their MT forms) receive a whole window into one block, as OSU's -b single; MPI does not "
     "define concurrent receives into one buffer (every message carries the same bytes, so "
     "verify = on checks the one block); off: one block per message of the window",
     parse_flag<&Settings::single_buffer>,
     [](const Settings& s) { return on_off(s.single_buffer); },
     member_json<&Settings::single_buffer>},
    {"send_alignment", "power of two", "alignment of the send buffer in bytes",
     parse_power_of_two<&Settings::send_alignment>,
     [](const Settings& s) { return std::to_string(s.send_alignment); },
     member_json<&Settings::send_alignment>, {{"set_send_buffer_alignment"}}},
    {"recv_alignment", "power of two", "alignment of the receive buffer in bytes",
     parse_power_of_two<&Settings::recv_alignment>,
     [](const Settings& s) { return std::to_string(s.recv_alignment); },
     member_json<&Settings::recv_alignment>, {{"set_recv_buffer_alignment"}}},
    {"cache_size", "size", "last-level cache size assumed for cold-cache cycling",
     parse_size<&Settings::cache_bytes>,
     [](const Settings& s) { return bytes_text(s.cache_bytes); },
     member_json<&Settings::cache_bytes>, {{"set_cache_size"}}},
    {"verify", "on | off", "check the received data once per job", parse_flag<&Settings::verify>,
     [](const Settings& s) { return on_off(s.verify); }, member_json<&Settings::verify>},
    {"raw_per_rank", "on | off", "write every rank's duration to raw.csv",
     parse_flag<&Settings::raw_per_rank>,
     [](const Settings& s) { return on_off(s.raw_per_rank); },
     member_json<&Settings::raw_per_rank>},
    {"refine",
     "metron(tolerance, max_points, max_time, min_gap) | skampi(factor) | mpptest(autorel, autodx)",
     "adaptive refinement of autorefine loops", parse_refine, refine_text, refine_json,
     {{"set_autorefine_factor", refine_skampi}}},
    {"noisy_job", "flag | remeasure(attempts) | fail",
     "what a job does when CPU pressure, steal time or involuntary context switches during its "
     "measurement pass their thresholds (docs/methodology.md): flag it in the noise column; "
     "measure it again and keep the least contended of at most `attempts` measurements "
     "(default 3); or fail it",
     parse_noisy_job, noisy_job_text, noisy_job_json},
    // IMB's options.
    {"root_shift", "on | off",
     "on: IMB's -root_shift: Bcast, Reduce, Gather(v), Scatter(v) and their I* and _overlap forms "
     "move the root to the next rank of the communicator after every observation, starting "
     "from the root argument at each job's start and after its warm-up",
     parse_flag<&Settings::root_shift>,
     [](const Settings& s) { return on_off(s.root_shift); },
     member_json<&Settings::root_shift>},
    {"multi", "on | off",
     "on: IMB's -multi: a job on comm(n), comm_map(p, q, n) or MPI_COMM_WORLD runs on "
     "floor(np / n) groups of n consecutive ranks at once, each on its own communicator; an "
     "observation is the slowest rank of all groups",
     parse_flag<&Settings::multi>,
     [](const Settings& s) { return on_off(s.multi); },
     member_json<&Settings::multi>},
};
// clang-format on

}  // namespace

const std::vector<SettingInfo>& setting_table() {
  static const std::vector<SettingInfo> all = [] {
    std::vector<SettingInfo> t = kSettingTable;
    for (const SettingInfo& e : io_setting_entries()) t.push_back(e);
    return t;
  }();
  return all;
}

const SettingInfo* find_setting(std::string_view key) {
  for (const SettingInfo& s : setting_table())
    if (key == s.key) return &s;
  return nullptr;
}

SkampiSetting find_skampi_setter(std::string_view name) {
  for (const SettingInfo& s : setting_table())
    for (const SkampiSetter& f : s.skampi)
      if (name == f.name) return {&s, &f};
  return {};
}

}  // namespace metron
