// The settings override file (--settings): its values replace the script's own assignments of the
// same settings wherever the script makes them, its stop rule replaces the script's, and any
// statement that is not a setting is an error at its place in the file.
#include "interpreter/settings_override.h"

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "interpreter/builtins.h"
#include "runtime/plan/setting_table.h"
#include "tests/unit/interpreter/load_text.h"

using metron::test::diag_ids;
using metron::test::load_files;

namespace {

metron::BuildOptions with_settings() {
  metron::BuildOptions b;
  b.settings_file = "quick.settings";
  return b;
}

// The script and the settings file, planned together.
std::unique_ptr<metron::Program> plan_with(const std::string& script, const std::string& settings) {
  return load_files({{"main.bench", script}, {"quick.settings", settings}}, with_settings());
}

}  // namespace

TEST_SUITE("settings override") {
  TEST_CASE("settings override: global, block and included assignments all lose") {
    auto p = load_files({{"main.bench", R"(
set_min_repetitions(8)
set warmup = auto
set max_time = 30s
begin measurement "fixed"
  set reps = 100
  measure comm(2) : Bcast(8, MPI_INT, 0)
end measurement
begin measurement "rule"
  stop when reps >= 50
  measure comm(2) : Reduce(8, MPI_INT, MPI_SUM, 0)
end measurement
@include "more.inc"
measure comm(2) : Barrier()
)"},
                         {"more.inc", "set_min_repetitions(16)\nset warmup = 10\n"},
                         {"quick.settings", "set reps = 3\nset warmup = 1\nset max_time = 2s\n"}},
                        with_settings());
    REQUIRE(diag_ids(*p) == "");
    REQUIRE(p->plan.jobs.size() == 3);
    for (const auto& j : p->plan.jobs) {
      CHECK(j.settings->reps == 3);
      CHECK(j.settings->warmup_reps == 1);
      CHECK(j.settings->max_time_s == 2.0);
    }
    // What `metron plan` shows: the file's settings with their values, in the file's order.
    const auto& o = p->plan.settings_override;
    CHECK(o.file == "quick.settings");
    using KV = std::vector<std::pair<std::string, std::string>>;
    CHECK(o.values == KV{{"reps", "3"}, {"warmup", "1"}, {"max_time", "2s"}});
  }

  TEST_CASE("settings override: a stop rule in the file replaces the script's rules") {
    auto p = plan_with(R"(
set_max_relative_standard_error(0.03)
measure comm(2) : Bcast(8, MPI_INT, 0)
begin measurement "fixed"
  set reps = 100
  measure comm(2) : Reduce(8, MPI_INT, MPI_SUM, 0)
end measurement
begin measurement "own rule"
  stop when reps >= 50
  measure comm(2) : Barrier()
end measurement
)",
                       "stop when reps >= 4\nset_max_repetitions(10)\n");
    REQUIRE(diag_ids(*p) == "");
    REQUIRE(p->plan.jobs.size() == 3);
    for (const auto& j : p->plan.jobs) {
      CHECK(j.settings->stop != nullptr);
      CHECK(j.settings->stop_rule_text == "(reps >= 4)");
      CHECK_FALSE(j.settings->reps.has_value());
      CHECK(j.settings->min_reps == 1);  // as after `stop when` in a script
      CHECK(j.settings->max_reps == 10);
    }
    using KV = std::vector<std::pair<std::string, std::string>>;
    CHECK(p->plan.settings_override.values == KV{{"stop", "when (reps >= 4)"}, {"max_reps", "10"}});
  }

  TEST_CASE("settings override: SKaMPI's error bound in the file replaces a script's rule") {
    auto p = plan_with("stop when reps >= 50\nmeasure comm(2) : Bcast(8, MPI_INT, 0)\n",
                       "set_min_repetitions(2)\nset_max_repetitions(4)\n"
                       "set_max_relative_standard_error(0.2)\n");
    REQUIRE(diag_ids(*p) == "");
    const auto& s = *p->plan.jobs.at(0).settings;
    CHECK(s.stop == nullptr);  // SKaMPI's rule
    CHECK(s.max_rse == 0.2);
    CHECK(s.min_reps == 2);
    CHECK(s.max_reps == 4);
    using KV = std::vector<std::pair<std::string, std::string>>;
    CHECK(p->plan.settings_override.values ==
          KV{{"min_reps", "2"}, {"max_reps", "4"}, {"max_rse", "20%"}, {"stop", "skampi rse"}});
  }

  TEST_CASE("settings override: the file's buffer bounds the script's '...' loops") {
    const std::string script = R"(
set_skampi_buffer(4MB)
for count = 1 to ... step *2 do
  measure comm(2) : Bcast(count, MPI_CHAR, 0)
od
)";
    auto plain = metron::test::load_text(script);
    REQUIRE(diag_ids(*plain) == "");
    CHECK(plain->plan.jobs.back().count == 4194304);
    auto p = plan_with(script, "set_skampi_buffer(64kb)\n");
    REQUIRE(diag_ids(*p) == "");
    CHECK(p->plan.jobs.back().count == 65536);  // 64 KiB of MPI_CHAR, cycling off
    CHECK(p->plan.jobs.back().settings->buffer_bytes == 65536);
  }

  TEST_CASE("settings override: a script without settings gets the file's") {
    auto p = plan_with("measure comm(2) : Bcast(8, MPI_INT, 0)\n",
                       "# comments are fine\nset reps = 5\nchoose_no_synchronization()\n");
    REQUIRE(diag_ids(*p) == "");
    CHECK(p->plan.jobs.at(0).settings->reps == 5);
    CHECK(p->plan.jobs.at(0).settings->sync.kind == metron::ProcSyncKind::None);
  }

  TEST_CASE("settings override: statements that are not settings are errors in the file") {
    auto p = plan_with("measure comm(2) : Bcast(8, MPI_INT, 0)\n",
                       "set reps = 5\nx = 3\nprint 1\ncomm(2)\nset_min_repetition(3)\n");
    CHECK(diag_ids(*p) ==
          "settings_file_statement settings_file_statement settings_file_call "
          "settings_file_call");
    const std::string text = p->diags.render();
    CHECK(text.find("quick.settings:2:1: error: an assignment is not a setting") !=
          std::string::npos);
    CHECK(text.find("quick.settings:5:1: error: 'set_min_repetition' is not a setter") !=
          std::string::npos);
    CHECK(text.find("quick.settings:5:1: note: did you mean 'set_min_repetitions'?") !=
          std::string::npos);
    CHECK(p->plan.jobs.empty());  // nothing is planned with a broken settings file
  }

  TEST_CASE("settings override: a bad value is reported at its place in the file") {
    auto p = plan_with("measure comm(2) : Bcast(8, MPI_INT, 0)\n",
                       "set warmup = 2\nset reps = 0\nset_max_repetitions(1.5)\n");
    CHECK(diag_ids(*p) == "bad_setting_positive_int bad_argument");
    const std::string text = p->diags.render();
    CHECK(text.find("quick.settings:2:12: error: bad value for setting 'reps'") !=
          std::string::npos);
    CHECK(text.find("quick.settings:3:21: error: bad argument #1") != std::string::npos);
    CHECK(p->plan.settings_override.file.empty());
  }

  TEST_CASE("settings override: every allowed setter is a builtin and its keys are settings") {
    for (const auto& s : metron::override_setters()) {
      CAPTURE(s.name);
      CHECK(metron::find_builtin(s.name) != nullptr);
      for (const char* k : s.keys)
        CHECK((std::string(k) == "stop" || metron::find_setting(k) != nullptr));
    }
  }
}

TEST_CASE("settings scope: a setting changed before a block holds after it") {
  // The snapshot taken before the change must not come back at `end measurement`.
  auto p = metron::test::load_text(R"(
measure comm(2) : Bcast(1, MPI_INT, 0)
set reps = 5
begin measurement "b"
  measure comm(2) : Bcast(2, MPI_INT, 0)
end measurement
measure comm(2) : Bcast(3, MPI_INT, 0)
)");
  REQUIRE(diag_ids(*p) == "");
  REQUIRE(p->plan.jobs.size() == 3);
  CHECK_FALSE(p->plan.jobs[0].settings->reps.has_value());
  CHECK(p->plan.jobs[1].settings->reps == 5);
  CHECK(p->plan.jobs[2].settings->reps == 5);
}
