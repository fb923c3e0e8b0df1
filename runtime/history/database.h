// The history database as the rest of Metron sees it: SQL text with `?` parameters, typed values
// in and out, transactions. Two implementations behind it, SQLite (libsqlite3, a file) and
// PostgreSQL (libpq, a server); the SQL they are given is the subset both understand
// (docs/history.md, "Schema"). Failures throw MessageError (catalogue id history_db_failed). No
// MPI.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <variant>
#include <vector>

#include "runtime/history/database_url.h"

namespace metron::history {

// NULL, an integer, a double or text. A NaN is stored as NULL (neither backend keeps it alike).
using DbValue = std::variant<std::monostate, std::int64_t, double, std::string>;
using DbRow = std::vector<DbValue>;

std::int64_t as_int(const DbValue& v);  // 0 for NULL or text
double as_double(const DbValue& v);     // NaN for NULL or text
std::string as_text(const DbValue& v);  // "" for NULL; numbers written out
DbValue real_or_null(double v);         // NULL for NaN

class Database {
 public:
  virtual ~Database() = default;
  virtual Backend backend() const = 0;
  // A statement without parameters and results (DDL, BEGIN, COMMIT).
  virtual void execute(const std::string& sql) = 0;
  // A statement with `?` parameters, prepared once per text and reused; its rows.
  virtual std::vector<DbRow> query(const std::string& sql, const std::vector<DbValue>& params) = 0;
  // Whether a table of this name exists.
  virtual bool has_table(const std::string& name) = 0;
  const std::string& shown() const { return shown_; }

 protected:
  std::string shown_;
};

enum class OpenMode { Create, Existing };

// Opens (SQLite: creates the file with OpenMode::Create, and the default location's folder) or
// connects. Throws MessageError: no such file (Existing), a server that refuses, a bad password.
std::unique_ptr<Database> open_database(const DatabaseUrl& url, OpenMode mode);

// BEGIN (SQLite: BEGIN IMMEDIATE, the write lock at once) ... COMMIT, or ROLLBACK when left
// without commit(): an exception in between leaves nothing half-written.
class Transaction {
 public:
  explicit Transaction(Database& db);
  ~Transaction();
  void commit();
  Transaction(const Transaction&) = delete;
  Transaction& operator=(const Transaction&) = delete;

 private:
  Database& db_;
  bool open_ = true;
};

}  // namespace metron::history
