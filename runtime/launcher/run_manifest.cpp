// The run manifest to and from JSON (see run_manifest.h). Each record's fields are listed once,
// with their keys, in a visitor that both directions walk.
#include "runtime/launcher/run_manifest.h"

#include <limits>
#include <type_traits>

namespace metron::launcher {

namespace {

using json = nlohmann::json;

template <class T>
struct IsOptional : std::false_type {};
template <class T>
struct IsOptional<std::optional<T>> : std::true_type {};
template <class T>
struct IsVector : std::false_type {};
template <class T>
struct IsVector<std::vector<T>> : std::true_type {};
template <class T>
struct IsMap : std::false_type {};
template <class T>
struct IsMap<std::map<std::string, T>> : std::true_type {};

// Whether `v` can be read as a T and written back as it was: integers stay integers (a double
// field takes any number, as the launcher reads it).
template <class T>
bool value_fits(const json& v) {
  if constexpr (IsOptional<T>::value) {
    return v.is_null() || value_fits<typename T::value_type>(v);
  } else if constexpr (IsVector<T>::value) {
    if (!v.is_array()) return false;
    for (const auto& e : v)
      if (!value_fits<typename T::value_type>(e)) return false;
    return true;
  } else if constexpr (IsMap<T>::value) {
    if (!v.is_object()) return false;
    for (const auto& e : v)
      if (!value_fits<typename T::mapped_type>(e)) return false;
    return true;
  } else if constexpr (std::is_same_v<T, json>) {
    return true;
  } else if constexpr (std::is_same_v<T, LaunchRecord>) {
    return v.is_object();
  } else if constexpr (std::is_same_v<T, AttemptRecord>) {
    return true;  // one that is no object is kept as it is
  } else if constexpr (std::is_same_v<T, std::string>) {
    return v.is_string();
  } else if constexpr (std::is_same_v<T, bool>) {
    return v.is_boolean();
  } else if constexpr (std::is_same_v<T, double>) {
    return v.is_number();
  } else if constexpr (std::is_same_v<T, std::int64_t>) {
    return v.is_number_integer() &&
           (!v.is_number_unsigned() ||
            v.get<std::uint64_t>() <= std::uint64_t(std::numeric_limits<std::int64_t>::max()));
  } else {
    static_assert(std::is_same_v<T, std::uint64_t>);
    return v.is_number_unsigned() || (v.is_number_integer() && v.get<std::int64_t>() >= 0);
  }
}

template <class T>
T read_value(const json& v) {
  if constexpr (IsOptional<T>::value) {
    return v.is_null() ? T{} : T{read_value<typename T::value_type>(v)};
  } else if constexpr (IsVector<T>::value) {
    T out;
    for (const auto& e : v) out.push_back(read_value<typename T::value_type>(e));
    return out;
  } else if constexpr (IsMap<T>::value) {
    T out;
    for (const auto& [k, e] : v.items()) out.emplace(k, read_value<typename T::mapped_type>(e));
    return out;
  } else if constexpr (std::is_same_v<T, LaunchRecord>) {
    return launch_record_from_json(v);
  } else if constexpr (std::is_same_v<T, AttemptRecord>) {
    return attempt_record_from_json(v);
  } else if constexpr (std::is_same_v<T, json>) {
    return v;
  } else {
    return v.get<T>();
  }
}

template <class T>
json write_value(const T& x) {
  if constexpr (IsOptional<T>::value) {
    return x ? write_value(*x) : json(nullptr);
  } else if constexpr (IsVector<T>::value) {
    json out = json::array();
    for (const auto& e : x) out.push_back(write_value(e));
    return out;
  } else if constexpr (IsMap<T>::value) {
    json out = json::object();
    for (const auto& [k, e] : x) out[k] = write_value(e);
    return out;
  } else if constexpr (std::is_same_v<T, LaunchRecord> || std::is_same_v<T, AttemptRecord>) {
    return to_json(x);
  } else {
    return json(x);
  }
}

template <class R, class F>
void attempt_fields(R& r, F&& f) {
  f("attempt", r.attempt);
  f("started_at", r.started_at);
  f("finished_at", r.finished_at);
  f("duration_s", r.duration_s);
  f("exit_code", r.exit_code);
  f("signal", r.signal);
  f("launch_status", r.launch_status);
  f("job_id", r.job_id);
  f("timeout", r.timeout);
  f("left_behind", r.left_behind);
  f("status", r.status);
  f("error", r.error);
  f("note", r.note);
  f("dir", r.dir);
  f("stderr", r.stderr_file);
  f("stderr_tail", r.stderr_tail);
}

template <class R, class F>
void launch_fields(R& r, F&& f) {
  f("position", r.position);
  f("id", r.id);
  f("replicate", r.replicate);
  f("np", r.np);
  f("levels", r.levels);
  f("level_index", r.level_index);
  f("env", r.env);
  f("dir", r.dir);
  f("status", r.status);
  f("deadline_s", r.deadline_s);
  f("deadline_from", r.deadline_from);
  f("deadline", r.deadline);
  f("argv", r.argv);
  f("started_at", r.started_at);
  f("finished_at", r.finished_at);
  f("stdout", r.stdout_file);
  f("stderr", r.stderr_file);
  f("stderr_tail", r.stderr_tail);
  f("attempt", r.attempt);
  f("job_id", r.job_id);
  f("duration_s", r.duration_s);
  f("exit_code", r.exit_code);
  f("signal", r.signal);
  f("signal_of", r.signal_of);
  f("launch_status", r.launch_status);
  f("error", r.error);
  f("note", r.note);
  f("timeout", r.timeout);
  f("finalize", r.finalize);
  f("attempts", r.attempts);
  f("retries", r.retries);
}

template <class M, class F>
void run_fields(M& m, F&& f) {
  f("run_schema_version", m.run_schema_version);
  f("metron", m.metron);
  f("status", m.status);
  f("started_at", m.started_at);
  f("finished_at", m.finished_at);
  f("command", m.command);
  f("script", m.script);
  f("seed", m.seed);
  f("launch_order_seed", m.launch_order_seed);
  f("launcher", m.launcher);
  f("skip_unsupported", m.skip_unsupported);
  f("settings_override", m.settings_override);
  f("scheduler", m.scheduler);
  f("design", m.design);
  f("order", m.order);
  f("limits", m.limits);
  f("machine_warnings", m.machine_warnings);
  f("launches", m.launches);
  f("simulated", m.simulated);
  f("planned_replicates", m.planned_replicates);
  f("planned_replicates_by_default", m.planned_replicates_by_default);
  f("simulation_limits", m.simulation_limits);
  f("replay_of", m.replay_of);
  f("replay_of_modified", m.replay_of_modified);
  f("resumed", m.resumed);
  f("retried_launches", m.retried_launches);
  f("merged", m.merged);
  f("error", m.error);
  f("claims", m.claims);
  f("replicates_auto", m.replicates_auto);
}

// Every key of `j` in `extra`, then each one a field takes out of it. A seconds field written as
// an integer (by hand) is remembered as it was, to be written back so while its value stays.
template <class R, class Fields>
R record_from_json(const json& j, Fields fields) {
  R r;
  r.extra = j;
  fields(r, [&](const char* key, auto& field) {
    using T = typename std::decay_t<decltype(field)>::value_type;
    const auto it = j.find(key);
    if (it == j.end() || !value_fits<T>(*it)) return;
    field = read_value<T>(*it);
    r.extra.erase(key);
    if (std::is_same_v<T, double> && !it->is_number_float()) r.numbers_as_read[key] = *it;
  });
  return r;
}

// `extra` first: a field set since it was read replaces the value kept there.
template <class R, class Fields>
json record_to_json(const R& r, Fields fields) {
  if (!r.extra.is_object()) return r.extra;  // read from something else than an object
  json j = r.extra;
  fields(r, [&](const char* key, const auto& field) {
    if (!field) return;
    j[key] = write_value(*field);
    const auto as_read = r.numbers_as_read.find(key);
    if (as_read != r.numbers_as_read.end() && *as_read == j[key]) j[key] = *as_read;
  });
  return j;
}

}  // namespace

void LaunchRecord::forget_stale_keys() {
  launch_fields(*this, [&](const char* key, const auto&) { extra.erase(key); });
}

AttemptRecord attempt_record_from_json(const json& j) {
  return record_from_json<AttemptRecord>(j, [](auto& r, auto&& f) { attempt_fields(r, f); });
}

json to_json(const AttemptRecord& r) {
  return record_to_json(r, [](const auto& x, auto&& f) { attempt_fields(x, f); });
}

LaunchRecord launch_record_from_json(const json& j) {
  return record_from_json<LaunchRecord>(j, [](auto& r, auto&& f) { launch_fields(r, f); });
}

json to_json(const LaunchRecord& r) {
  return record_to_json(r, [](const auto& x, auto&& f) { launch_fields(x, f); });
}

RunManifest run_manifest_from_json(const json& j) {
  return record_from_json<RunManifest>(j, [](auto& m, auto&& f) { run_fields(m, f); });
}

json to_json(const RunManifest& m) {
  return record_to_json(m, [](const auto& x, auto&& f) { run_fields(x, f); });
}

LaunchRecord launch_entry(const Launch& l, std::size_t position) {
  LaunchRecord e;
  e.position = position;
  e.id = l.id;
  e.replicate = l.replicate;
  e.np = l.np;
  e.levels.emplace();
  e.level_index.emplace();
  for (const auto& lv : l.levels) {
    (*e.levels)[lv.factor] = lv.value;
    (*e.level_index)[lv.factor] = lv.index;
  }
  e.env.emplace();
  for (const auto& [k, v] : l.env) (*e.env)[k] = v;
  e.dir = "launches/" + std::to_string(l.id);
  e.status = "pending";
  return e;
}

}  // namespace metron::launcher
