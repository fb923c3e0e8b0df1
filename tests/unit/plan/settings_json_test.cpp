// Settings in one table: every entry of the settings table reaches the plan JSON (so
// manifest.json) under its key, every SKaMPI setter that changes a measurement setting is one of
// the table's (so a settings file may call it and it fixes a table key), and a setter's bad value
// reads as `set`'s.
#include <doctest/doctest.h>

#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "interpreter/builtins.h"
#include "interpreter/settings_override.h"
#include "interpreter/skampi_setters.h"
#include "runtime/plan/default_settings.h"
#include "runtime/plan/plan_dump.h"
#include "runtime/plan/setting_table.h"
#include "tests/unit/interpreter/load_text.h"

using namespace metron;
using metron::test::diag_ids;
using metron::test::load_text;

namespace {

// The keys of `table` that the settings JSON `j` lacks.
std::vector<std::string> missing_keys(const nlohmann::json& j,
                                      const std::vector<SettingInfo>& table) {
  std::vector<std::string> out;
  for (const SettingInfo& e : table)
    if (!j.contains(e.key)) out.emplace_back(e.key);
  return out;
}

// What settings_json writes beyond the `set` keys (plan_dump.cpp says why).
const std::set<std::string> kFactsWithoutKey = {"stop_rule", "unit", "max_nr_node_times",
                                                "file_info"};

// The settings JSON of the one job of a .bench script that runs `prelude` first.
nlohmann::json job_settings(const std::string& prelude) {
  auto p = load_text(prelude + "\nmeasure comm(2) : Barrier()\n");
  INFO(p->diags.render());
  REQUIRE(diag_ids(*p) == "");
  const nlohmann::json plan = plan_json(p->plan);
  REQUIRE(plan["settings"].size() == 1);
  return plan["settings"][0];
}

// A value other than the default of a .bench script, for every key.
const std::map<std::string, std::string> kChanged = {
    {"timer", "monotonic"},
    {"scheme", "loop_mean"},
    {"sync", "window(size = 2ms)"},
    {"clock", "hca3(fitpoints = 20)"},
    {"resync", "5"},
    {"runtime", "global"},
    {"reps", "7"},
    {"min_reps", "3"},
    {"max_reps", "9"},
    {"max_rse", "3%"},
    {"max_time", "2s"},
    {"warmup", "5"},
    {"truncation", "none"},
    {"iterations", "4"},
    {"batch", "growing(2)"},
    {"outliers", "tukey(3)"},
    {"buffer", "1MiB"},
    {"buffer_cycling", "on"},
    {"single_buffer", "on"},
    {"send_alignment", "128"},
    {"recv_alignment", "256"},
    {"cache_size", "1MiB"},
    {"verify", "on"},
    {"raw_per_rank", "on"},
    {"refine", "skampi(factor = 3)"},
    {"noisy_job", "remeasure(attempts = 5)"},
    {"root_shift", "on"},
    {"multi", "on"},
    {"io_dir", "\"/tmp/x\""},
    {"io_datarep", "external32"},
    {"io_atomicity", "on"},
    {"io_preallocation", "on"},
    {"io_unique_open", "on"},
    {"io_file_sync", "off"},
    {"io_keep", "on"},
    {"io_cache", "drop"},
};

// SKaMPI functions that set settings_changed but have no `set` key: they shape .sko output or
// hold the MPI-IO file hints (a list), and measure nothing.
const std::set<std::string> kSettersWithoutKey = {"set_unit", "set_max_nr_node_times",
                                                  "set_file_info", "reset_file_info"};

// Calls builtin b on `s` with simple arguments; whether it changed the settings, or nullopt when
// every attempt refused its arguments.
std::optional<bool> changes_settings(const Builtin& b, Settings& s) {
  const std::vector<std::vector<Value>> tries = {{Value(1), Value(2.0), Value("native")},
                                                 {Value(0), Value(0.5), Value("x")}};
  for (const auto& values : tries) {
    std::vector<Value> args;
    for (const Param& p : b.params) {
      if (p.default_value)
        args.push_back(*p.default_value);
      else if (p.type == kAny || (p.type & kInt))
        args.push_back(values[0]);
      else if (p.type & kDouble)
        args.push_back(values[1]);
      else if (p.type & kString)
        args.push_back(values[2]);
      else
        return std::nullopt;  // a list, a communicator, an info object: not a setter's
    }
    SourceManager sm;
    DiagnosticEngine diags(sm);
    std::uint64_t rng = 1;
    bool changed = false;
    BuiltinCtx c{diags, 4, s, rng, {}, std::vector<SourceRange>(args.size()), changed, b.name};
    try {
      b.impl(c, args);
      return changed;
    } catch (const EvalError&) {
    }
  }
  return std::nullopt;
}

}  // namespace

TEST_SUITE("settings table") {
  TEST_CASE("settings json: every entry of the table is in the plan JSON under its key") {
    for (ScriptDialect d : {ScriptDialect::Bench, ScriptDialect::Ski}) {
      const nlohmann::json j = settings_json(default_settings(d));
      CHECK(missing_keys(j, setting_table()).empty());
      for (const auto& [key, value] : j.items()) {
        INFO(key);
        CHECK((find_setting(key) != nullptr || kFactsWithoutKey.count(key) == 1));
      }
    }
    // Through the plan, which manifest.json embeds.
    CHECK(missing_keys(job_settings(""), setting_table()).empty());
  }

  TEST_CASE("settings json: docs/plan-json.md names every key") {
    std::ifstream in(std::string(METRON_SOURCE_DIR) + "/docs/plan-json.md");
    std::stringstream doc;
    doc << in.rdbuf();
    REQUIRE_FALSE(doc.str().empty());
    for (const SettingInfo& e : setting_table())
      CHECK_MESSAGE(doc.str().find(std::string("`") + e.key + "`") != std::string::npos, e.key);
    for (const std::string& k : kFactsWithoutKey)
      CHECK_MESSAGE(doc.str().find("`" + k + "`") != std::string::npos, k);
  }

  TEST_CASE("settings json: a planted entry that the JSON does not write is found") {
    std::vector<SettingInfo> table = setting_table();
    table.push_back({"planted_setting", "on | off", "a setting without JSON output", nullptr,
                     nullptr, nullptr});
    CHECK(missing_keys(settings_json(Settings{}), table) ==
          std::vector<std::string>{"planted_setting"});
  }

  TEST_CASE("settings json: each key's JSON follows a `set` of that key") {
    const nlohmann::json defaults = job_settings("");
    for (const SettingInfo& e : setting_table()) {
      CAPTURE(e.key);
      auto it = kChanged.find(e.key);
      REQUIRE_MESSAGE(it != kChanged.end(), "add a changed value of the new setting to kChanged");
      const nlohmann::json changed = job_settings(std::string("set ") + e.key + " = " + it->second);
      CHECK(changed[e.key] != defaults[e.key]);
    }
    // The conventions of docs/plan-json.md: times in seconds, sizes in bytes, fractions.
    const nlohmann::json j = job_settings(
        "set max_time = 250ms\nset buffer = 1KiB\nset max_rse = 5%\nset sync = "
        "roundtime(mult = 2, budget = 3s)\nset refine = mpptest(autorel = 1%, autodx = 8)\n"
        "set outliers = tukey(2)\nset batch = fixed(6)\nset warmup = auto\n"
        "set noisy_job = remeasure(attempts = 4)\n");
    CHECK(j["max_time"] == 0.25);
    CHECK(j["buffer"] == 1024);
    CHECK(j["max_rse"] == 0.05);
    CHECK(j["sync"] == nlohmann::json{{"kind", "roundtime"}, {"mult", 2.0}, {"budget", 3.0}});
    CHECK(j["refine"] == nlohmann::json{{"kind", "mpptest"}, {"autorel", 0.01}, {"autodx", 8}});
    CHECK(j["outliers"] == nlohmann::json{{"kind", "tukey"}, {"k", 2.0}});
    CHECK(j["batch"] == nlohmann::json{{"kind", "fixed"}, {"n", 6}});
    CHECK(j["warmup"] == "auto");
    CHECK(j["noisy_job"] == nlohmann::json{{"kind", "remeasure"}, {"attempts", 4}});
    CHECK(job_settings("set noisy_job = fail\n")["noisy_job"] == nlohmann::json{{"kind", "fail"}});
    CHECK(job_settings("")["noisy_job"] ==
          nlohmann::json{{"kind", "remeasure"}, {"attempts", 3}});  // the default
    CHECK(j["reps"].is_null());
  }

  TEST_CASE("skampi setters: every one that changes a measurement setting is the table's") {
    std::set<std::string> overridable;
    for (const OverrideSetter& o : override_setters()) {
      CAPTURE(o.name);
      overridable.insert(o.name);
      REQUIRE(find_skampi_setter(o.name).setting != nullptr);
      CHECK(std::string(o.keys.at(0)) == find_skampi_setter(o.name).setting->key);
      for (const char* k : o.keys) CHECK((std::string(k) == "stop" || find_setting(k)));
    }
    for (const Builtin& b : builtins()) {
      CAPTURE(b.name);
      if (b.impl == &skampi_setter) REQUIRE(find_skampi_setter(b.name).setting != nullptr);
      Settings s = default_settings(ScriptDialect::Bench);
      const std::optional<bool> changed = changes_settings(b, s);
      if (b.returns == "nothing" && b.name.rfind("set_", 0) == 0) CHECK(changed.has_value());
      if (changed.value_or(false) && !kSettersWithoutKey.count(b.name))
        CHECK_MESSAGE(overridable.count(b.name) == 1,
                      "a SKaMPI setter of a measurement setting belongs in the settings table");
    }
    // Each setter of the table is a builtin, and a settings file may call it.
    for (const SettingInfo& e : setting_table())
      for (const SkampiSetter& f : e.skampi) {
        CAPTURE(f.name);
        CHECK(find_builtin(f.name) != nullptr);
        CHECK(overridable.count(f.name) == 1);
      }
  }

  TEST_CASE("skampi setters: a bad value reads as `set key = value` reads it") {
    const std::pair<const char*, const char*> cases[] = {
        {"set_min_repetitions(0)", "set min_reps = 0"},
        {"set_skampi_buffer(0)", "set buffer = 0"},
        {"set_skampi_buffer(2000000000000)", "set buffer = 2000000000000"},
        {"set_send_buffer_alignment(3)", "set send_alignment = 3"},
        {"set_cache_size(-1)", "set cache_size = -1"},
        {"set_io_datarep(\"big-endian\")", "set io_datarep = \"big-endian\""},
        {"set_io_atomicity(2)", "set io_atomicity = 2"},
    };
    for (auto [call, set] : cases) {
      CAPTURE(call);
      auto a = load_text(std::string(call) + "\n");
      auto b = load_text(std::string(set) + "\n");
      REQUIRE(a->diags.all().size() == 1);
      REQUIRE(b->diags.all().size() == 1);
      CHECK(a->diags.all()[0].id == b->diags.all()[0].id);
      CHECK(a->diags.all()[0].message == b->diags.all()[0].message);
    }
    // At the call's argument, as `set` points at its value.
    auto p = load_text("x = 1\nset_min_repetitions(0)\n");
    CHECK(p->diags.render().find("main.bench:2:21: error: bad value for setting 'min_reps'") !=
          std::string::npos);
  }
}
