// Parsing the database URL (see database_url.h).
#include "runtime/history/database_url.h"

#include "runtime/history/libpq_library.h"
#include "runtime/plan/diagnostics.h"
#include "runtime/plan/message_error.h"

namespace metron::history {

namespace {

bool starts_with(const std::string& s, const char* prefix) {
  return s.rfind(prefix, 0) == 0;
}

}  // namespace

std::string without_password(const std::string& text) {
  std::string out = text;
  const auto scheme = out.find("://");
  if (scheme == std::string::npos) return out;
  const auto start = scheme + 3;
  const auto end = out.find_first_of("/?", start);
  const auto at = out.rfind('@', end == std::string::npos ? out.size() : end);
  if (at != std::string::npos && at >= start) {
    const auto colon = out.find(':', start);
    if (colon != std::string::npos && colon < at) out.replace(colon + 1, at - colon - 1, "***");
  }
  // ...and a password given as a query parameter (postgresql://host/db?password=x).
  for (auto p = out.find("password="); p != std::string::npos; p = out.find("password=", p + 1)) {
    if (p == 0 || (out[p - 1] != '?' && out[p - 1] != '&')) continue;
    const auto v = p + 9;
    out.replace(v, out.find('&', v) == std::string::npos ? std::string::npos : out.find('&', v) - v,
                "***");
  }
  return out;
}

std::optional<DatabaseUrl> parse_database_url(const std::string& text, std::string& error,
                                              bool* library_missing) {
  DatabaseUrl u;
  if (library_missing) *library_missing = false;
  u.shown = without_password(text);
  if (starts_with(text, "postgresql://") || starts_with(text, "postgres://")) {
    char* why = nullptr;
    PQconninfoOption* options = nullptr;
    try {
      options = libpq().PQconninfoParse(text.c_str(), &why);
    } catch (const MessageError& e) {  // libpq cannot be loaded
      error = e.what();
      if (library_missing) *library_missing = true;
      return std::nullopt;
    }
    if (!options) {
      std::string reason = why ? why : "";
      libpq().PQfreemem(why);
      reason = reason.substr(0, reason.find('\n'));
      error = message_text(DiagId::history_bad_postgres_url, u.shown, reason);
      return std::nullopt;
    }
    libpq().PQconninfoFree(options);
    u.backend = Backend::Postgres;
    u.conninfo = text;
    return u;
  }
  std::string path = text;
  if (starts_with(text, "sqlite:")) {
    path = text.substr(7);
    if (starts_with(path, "//")) path = path.substr(2);  // sqlite:///abs/file
  } else if (text.find("://") != std::string::npos) {
    path.clear();  // another scheme
  }
  if (path.empty()) {
    error = message_text(DiagId::history_bad_url, u.shown);
    return std::nullopt;
  }
  u.backend = Backend::Sqlite;
  u.path = path;
  u.shown = path;
  return u;
}

std::string default_database_path(const std::function<const char*(const char*)>& env) {
  // The XDG Base Directory specification: a relative XDG_DATA_HOME is ignored.
  const char* data = env("XDG_DATA_HOME");
  if (data && data[0] == '/') return std::string(data) + "/metron/history.sqlite";
  const char* home = env("HOME");
  if (home && home[0]) return std::string(home) + "/.local/share/metron/history.sqlite";
  return "";
}

}  // namespace metron::history
