// SQLite backend of the history database (see sqlite_database.h).
#include "runtime/history/sqlite_database.h"

#include <filesystem>
#include <map>

#include "runtime/history/sqlite_library.h"
#include "runtime/plan/message_error.h"

namespace metron::history {

namespace {

class SqliteDatabase final : public Database {
 public:
  SqliteDatabase(sqlite3* db, std::string shown) : db_(db) { shown_ = std::move(shown); }
  ~SqliteDatabase() override {
    for (auto& [sql, stmt] : statements_) libsqlite3().sqlite3_finalize(stmt);
    libsqlite3().sqlite3_close(db_);
  }
  Backend backend() const override { return Backend::Sqlite; }

  void execute(const std::string& sql) override {
    char* why = nullptr;
    if (libsqlite3().sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &why) != SQLITE_OK) {
      std::string text = why ? why : libsqlite3().sqlite3_errmsg(db_);
      libsqlite3().sqlite3_free(why);
      fail(text);
    }
  }

  std::vector<DbRow> query(const std::string& sql, const std::vector<DbValue>& params) override {
    sqlite3_stmt* stmt = prepared(sql);
    libsqlite3().sqlite3_reset(stmt);
    libsqlite3().sqlite3_clear_bindings(stmt);
    for (std::size_t i = 0; i < params.size(); ++i) bind(stmt, static_cast<int>(i) + 1, params[i]);
    std::vector<DbRow> rows;
    for (;;) {
      const int rc = libsqlite3().sqlite3_step(stmt);
      if (rc == SQLITE_DONE) break;
      if (rc != SQLITE_ROW) {
        std::string text = libsqlite3().sqlite3_errmsg(db_);
        libsqlite3().sqlite3_reset(stmt);
        fail(text);
      }
      rows.push_back(row(stmt));
    }
    libsqlite3().sqlite3_reset(stmt);
    return rows;
  }

  bool has_table(const std::string& name) override {
    return !query("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", {name}).empty();
  }

 private:
  [[noreturn]] void fail(const std::string& why) {
    throw_message(DiagId::history_db_failed, shown_, why);
  }

  sqlite3_stmt* prepared(const std::string& sql) {
    auto it = statements_.find(sql);
    if (it != statements_.end()) return it->second;
    sqlite3_stmt* stmt = nullptr;
    if (libsqlite3().sqlite3_prepare_v2(db_, sql.c_str(), -1, &stmt, nullptr) != SQLITE_OK)
      fail(libsqlite3().sqlite3_errmsg(db_));
    statements_[sql] = stmt;
    return stmt;
  }

  void bind(sqlite3_stmt* stmt, int i, const DbValue& v) {
    int rc = SQLITE_OK;
    if (const auto* n = std::get_if<std::int64_t>(&v))
      rc = libsqlite3().sqlite3_bind_int64(stmt, i, *n);
    else if (const auto* d = std::get_if<double>(&v))
      rc = libsqlite3().sqlite3_bind_double(stmt, i, *d);
    else if (const auto* s = std::get_if<std::string>(&v))
      rc = libsqlite3().sqlite3_bind_text(stmt, i, s->data(), static_cast<int>(s->size()),
                                          SQLITE_TRANSIENT);
    else
      rc = libsqlite3().sqlite3_bind_null(stmt, i);
    if (rc != SQLITE_OK) fail(libsqlite3().sqlite3_errmsg(db_));
  }

  static DbRow row(sqlite3_stmt* stmt) {
    DbRow r;
    const int n = libsqlite3().sqlite3_column_count(stmt);
    for (int c = 0; c < n; ++c) {
      switch (libsqlite3().sqlite3_column_type(stmt, c)) {
        case SQLITE_INTEGER:
          r.emplace_back(static_cast<std::int64_t>(libsqlite3().sqlite3_column_int64(stmt, c)));
          break;
        case SQLITE_FLOAT:
          r.emplace_back(libsqlite3().sqlite3_column_double(stmt, c));
          break;
        case SQLITE_NULL:
          r.emplace_back(std::monostate{});
          break;
        default: {
          const auto* text =
              reinterpret_cast<const char*>(libsqlite3().sqlite3_column_text(stmt, c));
          r.emplace_back(std::string(text ? text : "", libsqlite3().sqlite3_column_bytes(stmt, c)));
        }
      }
    }
    return r;
  }

  sqlite3* db_;
  std::map<std::string, sqlite3_stmt*> statements_;
};

}  // namespace

std::unique_ptr<Database> open_sqlite(const DatabaseUrl& url, OpenMode mode) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (mode == OpenMode::Existing && !fs::exists(url.path, ec))
    throw_message(DiagId::history_no_database, url.shown);
  // The default location's folder is Metron's to make; a folder the user named must exist.
  if (mode == OpenMode::Create && url.is_default)
    fs::create_directories(fs::path(url.path).parent_path(), ec);
  sqlite3* db = nullptr;
  const int flags = SQLITE_OPEN_READWRITE | (mode == OpenMode::Create ? SQLITE_OPEN_CREATE : 0);
  if (libsqlite3().sqlite3_open_v2(url.path.c_str(), &db, flags, nullptr) != SQLITE_OK) {
    std::string why =
        db ? libsqlite3().sqlite3_errmsg(db) : libsqlite3().sqlite3_errstr(SQLITE_NOMEM);
    libsqlite3().sqlite3_close(db);
    throw_message(DiagId::history_db_failed, url.shown, why);
  }
  libsqlite3().sqlite3_busy_timeout(db, 10000);
  auto out = std::make_unique<SqliteDatabase>(db, url.shown);
  out->execute("PRAGMA foreign_keys = ON");
  return out;
}

}  // namespace metron::history
