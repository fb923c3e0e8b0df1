// The settings table: every setting's written value is accepted back by its parser (the text
// docs/language.md shows is valid input), aliases map to their kind, keys are unique.
#include <doctest/doctest.h>

#include <set>

#include "runtime/plan/setting_table.h"
#include "tests/unit/interpreter/load_text.h"

using namespace metron;
using metron::test::diag_ids;
using metron::test::load_text;

namespace {

// The settings of the one job of a script that sets `key = value` first.
std::shared_ptr<const Settings> settings_after(const std::string& key, const std::string& value) {
  auto p = load_text("set " + key + " = " + value +
                     "\nbegin measurement \"m\"\n  measure comm(2) : Barrier()\nend measurement\n");
  INFO(p->diags.render());
  REQUIRE(diag_ids(*p) == "");
  REQUIRE(p->plan.jobs.size() == 1);
  return p->plan.jobs[0].settings;
}

}  // namespace

TEST_CASE("setting table: the text of each default parses back to the same text") {
  const Settings defaults;
  for (const SettingInfo& s : setting_table()) {
    const std::string text = s.text(defaults);
    if (text == "unset") continue;  // reps: no fixed count by default, nothing to write
    CAPTURE(s.key);
    CAPTURE(text);
    CHECK(setting_value_text(*settings_after(s.key, text), s.key) == text);
  }
}

TEST_CASE("setting table: a changed value of each kind round-trips") {
  const std::pair<const char*, const char*> cases[] = {
      {"timer", "monotonic"},
      {"scheme", "loop_barrier"},
      {"sync",
       "window(size = 100us, wait = 1ms, adaptive = off, clock = hca3(fitpoints = 20, "
       "exchanges = 10, offset_only = on))"},
      {"runtime", "global"},
      {"reps", "7"},
      {"max_rse", "2.5%"},
      {"max_time", "250ms"},
      {"warmup", "3"},
      {"truncation", "mser5"},
      {"batch", "growing(4)"},
      {"outliers", "tukey(3)"},
      {"buffer", "1KiB"},
      {"buffer_cycling", "on"},
      {"send_alignment", "4096"},
      {"refine", "mpptest(autorel = 1%, autodx = 8)"},
      {"root_shift", "on"},
      {"multi", "on"},
  };
  for (auto [key, value] : cases) {
    CAPTURE(key);
    CHECK(setting_value_text(*settings_after(key, value), key) == value);
  }
  // Aliases and the kinds' other spellings.
  CHECK(settings_after("scheme", "ms2")->scheme == SchemeKind::LoopMean);
  CHECK(settings_after("verify", "1")->verify);
  CHECK(settings_after("clock", "hca3o")->sync.clock.offset_only);
  CHECK(settings_after("warmup", "auto")->warmup_reps == kWarmupAuto);
}

TEST_CASE("setting table: keys are unique and find_setting finds each") {
  std::set<std::string> keys;
  for (const SettingInfo& s : setting_table()) {
    CHECK(keys.insert(s.key).second);
    CHECK(find_setting(s.key) == &s);
  }
  CHECK(find_setting("no_such_key") == nullptr);
  CHECK(setting_value_text(Settings{}, "no_such_key").empty());
}
