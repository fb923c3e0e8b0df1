// Where the history database is: `--db PATH`, `--db sqlite:PATH` or `--db postgresql://...`
// (docs/history.md), parsed once, with the default location (the XDG data directory). No MPI.
#pragma once

#include <functional>
#include <optional>
#include <string>

namespace metron::history {

enum class Backend { Sqlite, Postgres };

struct DatabaseUrl {
  Backend backend = Backend::Sqlite;
  std::string path;      // SQLite: the file
  std::string conninfo;  // PostgreSQL: the URI as libpq takes it
  std::string shown;     // for messages: the URL with any password replaced by '***'
  bool is_default = false;
};

// Parses `text`; nullopt with `error` set (a catalogue message) when it does not parse: an empty
// URL, an unknown scheme ("mysql://..."), "sqlite:" without a path, or a PostgreSQL URI that
// libpq rejects. A PostgreSQL URI on a machine where libpq cannot be loaded is nullopt too, with
// `library_missing` set (when given): not the URL's fault, and the command says so by its exit
// code (74, as for the other history libraries).
std::optional<DatabaseUrl> parse_database_url(const std::string& text, std::string& error,
                                              bool* library_missing = nullptr);

// The default: $XDG_DATA_HOME/metron/history.sqlite, else $HOME/.local/share/metron/...; empty
// when neither variable is set (then --db is needed). `env` reads a variable (std::getenv).
std::string default_database_path(const std::function<const char*(const char*)>& env);

// `text` with the password of a URI's user-information replaced by '***'.
std::string without_password(const std::string& text);

}  // namespace metron::history
