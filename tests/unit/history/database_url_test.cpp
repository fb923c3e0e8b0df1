// Tests for runtime/history/database_url: the forms of --db, the default location, passwords
// kept out of messages.
#include "runtime/history/database_url.h"

#include <doctest/doctest.h>

#include <cstring>
#include <string>

namespace h = metron::history;

TEST_SUITE("database_url") {
  TEST_CASE("database_url: a path, sqlite:PATH and sqlite:///PATH are SQLite files") {
    std::string error;
    auto u = h::parse_database_url("runs.sqlite", error);
    REQUIRE(u);
    CHECK(u->backend == h::Backend::Sqlite);
    CHECK(u->path == "runs.sqlite");
    u = h::parse_database_url("sqlite:/tmp/h.db", error);
    REQUIRE(u);
    CHECK(u->path == "/tmp/h.db");
    u = h::parse_database_url("sqlite:///tmp/h.db", error);
    REQUIRE(u);
    CHECK(u->path == "/tmp/h.db");
  }

  TEST_CASE("database_url: postgresql:// and postgres:// go to libpq") {
    std::string error;
    auto u = h::parse_database_url("postgresql://metron@db.example/perf?port=5433", error);
    REQUIRE(u);
    CHECK(u->backend == h::Backend::Postgres);
    CHECK(u->conninfo == "postgresql://metron@db.example/perf?port=5433");
    CHECK(h::parse_database_url("postgres://localhost/perf", error));
  }

  TEST_CASE("database_url: what does not parse is an error with the catalogue's text") {
    std::string error;
    CHECK_FALSE(h::parse_database_url("", error));
    CHECK(error == "bad database URL '' (a file path, sqlite:PATH or postgresql://...)");
    CHECK_FALSE(h::parse_database_url("mysql://localhost/perf", error));
    CHECK(error ==
          "bad database URL 'mysql://localhost/perf' (a file path, sqlite:PATH or "
          "postgresql://...)");
    CHECK_FALSE(h::parse_database_url("sqlite:", error));
    // libpq's own reason, after the URL
    CHECK_FALSE(h::parse_database_url("postgresql://[::1/perf", error));
    CHECK(error.rfind("bad database URL 'postgresql://[::1/perf': ", 0) == 0);
    CHECK_FALSE(h::parse_database_url("postgresql://u:secret@host/db?bogus=1", error));
    CHECK(error.find("secret") == std::string::npos);
  }

  TEST_CASE("database_url: passwords are not shown") {
    CHECK(h::without_password("postgresql://u:secret@host/db") == "postgresql://u:***@host/db");
    CHECK(h::without_password("postgresql://u@host/db") == "postgresql://u@host/db");
    CHECK(h::without_password("postgresql://host/db?user=u&password=secret&port=5") ==
          "postgresql://host/db?user=u&password=***&port=5");
    std::string error;
    auto u = h::parse_database_url("postgresql://u:secret@host/db", error);
    REQUIRE(u);
    CHECK(u->shown == "postgresql://u:***@host/db");
    CHECK(u->conninfo == "postgresql://u:secret@host/db");
  }

  TEST_CASE("database_url: the default follows the XDG data directory") {
    auto env = [](const char* xdg, const char* home) {
      return [=](const char* name) -> const char* {
        if (std::strcmp(name, "XDG_DATA_HOME") == 0) return xdg;
        if (std::strcmp(name, "HOME") == 0) return home;
        return nullptr;
      };
    };
    CHECK(h::default_database_path(env("/data", "/home/u")) == "/data/metron/history.sqlite");
    CHECK(h::default_database_path(env(nullptr, "/home/u")) ==
          "/home/u/.local/share/metron/history.sqlite");
    // A relative XDG_DATA_HOME is ignored (the XDG Base Directory specification)
    CHECK(h::default_database_path(env("data", "/home/u")) ==
          "/home/u/.local/share/metron/history.sqlite");
    CHECK(h::default_database_path(env(nullptr, nullptr)).empty());
  }
}
