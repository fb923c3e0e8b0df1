// Values, transactions and the choice of backend (see database.h).
#include "runtime/history/database.h"

#include <fmt/format.h>

#include <cmath>
#include <limits>

#include "runtime/history/postgres_database.h"
#include "runtime/history/sqlite_database.h"

namespace metron::history {

std::int64_t as_int(const DbValue& v) {
  if (const auto* i = std::get_if<std::int64_t>(&v)) return *i;
  if (const auto* d = std::get_if<double>(&v)) return static_cast<std::int64_t>(*d);
  return 0;
}

double as_double(const DbValue& v) {
  if (const auto* d = std::get_if<double>(&v)) return *d;
  if (const auto* i = std::get_if<std::int64_t>(&v)) return static_cast<double>(*i);
  return std::numeric_limits<double>::quiet_NaN();
}

std::string as_text(const DbValue& v) {
  if (const auto* s = std::get_if<std::string>(&v)) return *s;
  if (const auto* i = std::get_if<std::int64_t>(&v)) return std::to_string(*i);
  if (const auto* d = std::get_if<double>(&v)) return fmt::format("{}", *d);
  return "";
}

DbValue real_or_null(double v) {
  if (std::isnan(v)) return std::monostate{};
  return v;
}

std::unique_ptr<Database> open_database(const DatabaseUrl& url, OpenMode mode) {
  if (url.backend == Backend::Postgres) return open_postgres(url);
  return open_sqlite(url, mode);
}

Transaction::Transaction(Database& db) : db_(db) {
  db_.execute(db_.backend() == Backend::Sqlite ? "BEGIN IMMEDIATE" : "BEGIN");
}

Transaction::~Transaction() {
  if (!open_) return;
  try {
    db_.execute("ROLLBACK");
  } catch (...) {
    // The connection is gone or the transaction was already ended by the server: the database
    // keeps nothing of it either way.
  }
}

void Transaction::commit() {
  db_.execute("COMMIT");
  open_ = false;
}

}  // namespace metron::history
