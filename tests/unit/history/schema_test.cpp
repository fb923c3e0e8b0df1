// Tests for runtime/history/schema: created once, versioned, migrated step by step in
// transactions, a newer schema refused (on an SQLite database in memory).
#include "runtime/history/schema.h"

#include <doctest/doctest.h>

#include <string>

#include "runtime/plan/message_error.h"

namespace h = metron::history;

namespace {

std::unique_ptr<h::Database> schema_memory_db() {
  h::DatabaseUrl u;
  u.path = ":memory:";
  u.shown = "mem.sqlite";
  return h::open_database(u, h::OpenMode::Create);
}

std::string error_of(auto&& f) {
  try {
    f();
  } catch (const metron::MessageError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_SUITE("history_schema") {
  TEST_CASE("history_schema: a new database gets the current version, once") {
    auto db = schema_memory_db();
    CHECK(h::schema_version(*db) == 0);
    h::prepare_schema(*db, true);
    CHECK(h::schema_version(*db) == h::kSchemaVersion);
    h::prepare_schema(*db, true);  // again: nothing to do
    CHECK(db->query("SELECT COUNT(*) FROM metron_history", {}).at(0).at(0) ==
          h::DbValue{std::int64_t{1}});
    for (const char* t : {"metron_runs", "metron_plans", "metron_series", "metron_results",
                          "metron_launch_values", "metron_claims"})
      CHECK(db->has_table(t));
  }

  TEST_CASE("history_schema: reading a database without a schema creates nothing") {
    auto db = schema_memory_db();
    CHECK(error_of([&] { h::prepare_schema(*db, false); }) ==
          "'mem.sqlite' holds no Metron history (metron history add creates it)");
    CHECK_FALSE(db->has_table("metron_history"));
  }

  TEST_CASE("history_schema: a schema newer than this Metron's is refused") {
    auto db = schema_memory_db();
    h::prepare_schema(*db, true);
    db->execute("UPDATE metron_history SET schema_version = 99");
    CHECK(error_of([&] { h::prepare_schema(*db, true); }) ==
          "the history database 'mem.sqlite' has schema version 99, newer than this Metron's 1: "
          "use a newer metron");
    CHECK(error_of([&] { h::prepare_schema(*db, false); }) != "");
  }

  TEST_CASE("history_schema: migrations run in order, each once, with the version") {
    auto db = schema_memory_db();
    std::vector<h::Migration> steps = h::migrations();
    steps.push_back({2, {"ALTER TABLE metron_runs ADD COLUMN note TEXT"}});
    h::migrate(*db, std::span<const h::Migration>(steps.data(), 1), "0.1.0");
    CHECK(h::schema_version(*db) == 1);
    h::migrate(*db, steps, "0.2.0");
    CHECK(h::schema_version(*db) == 2);
    CHECK(db->query("SELECT migrated_by FROM metron_history", {}).at(0).at(0) ==
          h::DbValue{std::string("0.2.0")});
    h::migrate(*db, steps, "0.2.0");  // at the last step: nothing runs again
    CHECK(h::schema_version(*db) == 2);
  }

  TEST_CASE("history_schema: a failing migration leaves the database as it was") {
    auto db = schema_memory_db();
    std::vector<h::Migration> steps = h::migrations();
    h::migrate(*db, steps, "0.1.0");
    steps.push_back({2, {"CREATE TABLE metron_extra (x BIGINT)", "NOT SQL AT ALL"}});
    CHECK(error_of([&] {
            h::migrate(*db, steps, "0.2.0");
          }).rfind("history database 'mem.sqlite': ", 0) == 0);
    CHECK(h::schema_version(*db) == 1);
    CHECK_FALSE(db->has_table("metron_extra"));
  }
}
