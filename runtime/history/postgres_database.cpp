// PostgreSQL backend of the history database (see postgres_database.h).
#include "runtime/history/postgres_database.h"

#include <fmt/format.h>

#include <cstdlib>
#include <map>

#include "runtime/history/libpq_library.h"
#include "runtime/plan/message_error.h"

namespace metron::history {

namespace {

// Type OIDs of the results read back (fixed by PostgreSQL's catalogue, pg_type.dat; the client
// headers do not define them).
constexpr Oid kBool = 16, kInt8 = 20, kInt2 = 21, kInt4 = 23, kFloat4 = 700, kFloat8 = 701,
              kNumeric = 1700;

// libpq's messages end with a newline and may go on with a hint: the first line.
std::string first_line(const char* text) {
  std::string s = text ? text : "";
  s = s.substr(0, s.find('\n'));
  return s;
}

// `?` parameters (the SQLite form every statement is written in) as $1, $2, ...
std::string numbered(const std::string& sql) {
  std::string out;
  int n = 0;
  for (char c : sql) {
    if (c == '?')
      out += "$" + std::to_string(++n);
    else
      out += c;
  }
  return out;
}

class PostgresDatabase final : public Database {
 public:
  PostgresDatabase(PGconn* conn, std::string shown) : conn_(conn) { shown_ = std::move(shown); }
  ~PostgresDatabase() override { libpq().PQfinish(conn_); }
  Backend backend() const override { return Backend::Postgres; }

  void execute(const std::string& sql) override {
    PGresult* r = libpq().PQexec(conn_, sql.c_str());
    check(r);
    libpq().PQclear(r);
  }

  std::vector<DbRow> query(const std::string& sql, const std::vector<DbValue>& params) override {
    const std::string& name = prepared(sql, params.size());
    std::vector<std::string> texts(params.size());
    std::vector<const char*> values(params.size(), nullptr);
    for (std::size_t i = 0; i < params.size(); ++i) {
      if (std::holds_alternative<std::monostate>(params[i])) continue;
      if (const auto* d = std::get_if<double>(&params[i]))
        texts[i] = fmt::format("{:.17g}", *d);  // reads back to the same double
      else
        texts[i] = as_text(params[i]);
      values[i] = texts[i].c_str();
    }
    PGresult* r = libpq().PQexecPrepared(conn_, name.c_str(), static_cast<int>(params.size()),
                                         values.data(), nullptr, nullptr, 0);
    check(r);
    std::vector<DbRow> rows = read_rows(r);
    libpq().PQclear(r);
    return rows;
  }

  bool has_table(const std::string& name) override {
    return !query(
                "SELECT 1 FROM information_schema.tables WHERE table_schema = "
                "current_schema() AND table_name = ?",
                {name})
                .empty();
  }

 private:
  void check(PGresult* r) {
    const ExecStatusType s = libpq().PQresultStatus(r);
    if (s == PGRES_COMMAND_OK || s == PGRES_TUPLES_OK) return;
    std::string why =
        first_line(r ? libpq().PQresultErrorMessage(r) : libpq().PQerrorMessage(conn_));
    if (why.empty()) why = first_line(libpq().PQerrorMessage(conn_));
    libpq().PQclear(r);
    throw_message(DiagId::history_db_failed, shown_, why);
  }

  const std::string& prepared(const std::string& sql, std::size_t nparams) {
    auto it = names_.find(sql);
    if (it != names_.end()) return it->second;
    std::string name = "metron_" + std::to_string(names_.size());
    PGresult* r = libpq().PQprepare(conn_, name.c_str(), numbered(sql).c_str(),
                                    static_cast<int>(nparams), nullptr);
    check(r);
    libpq().PQclear(r);
    return names_[sql] = name;
  }

  static DbRow read_row(PGresult* r, int row) {
    DbRow out;
    for (int c = 0; c < libpq().PQnfields(r); ++c) {
      if (libpq().PQgetisnull(r, row, c)) {
        out.emplace_back(std::monostate{});
        continue;
      }
      const char* v = libpq().PQgetvalue(r, row, c);
      switch (libpq().PQftype(r, c)) {
        case kInt2:
        case kInt4:
        case kInt8:
          out.emplace_back(static_cast<std::int64_t>(std::strtoll(v, nullptr, 10)));
          break;
        case kFloat4:
        case kFloat8:
        case kNumeric:
          out.emplace_back(std::strtod(v, nullptr));
          break;
        case kBool:
          out.emplace_back(static_cast<std::int64_t>(v[0] == 't'));
          break;
        default:
          out.emplace_back(
              std::string(v, static_cast<std::size_t>(libpq().PQgetlength(r, row, c))));
      }
    }
    return out;
  }

  static std::vector<DbRow> read_rows(PGresult* r) {
    std::vector<DbRow> rows;
    for (int i = 0; i < libpq().PQntuples(r); ++i) rows.push_back(read_row(r, i));
    return rows;
  }

  PGconn* conn_;
  std::map<std::string, std::string> names_;
};

void ignore_notice(void*, const char*) {}

}  // namespace

std::unique_ptr<Database> open_postgres(const DatabaseUrl& url) {
  PGconn* conn = libpq().PQconnectdb(url.conninfo.c_str());
  if (!conn) throw_message(DiagId::history_connect_failed, url.shown, "");
  if (libpq().PQstatus(conn) != CONNECTION_OK) {
    std::string why = first_line(libpq().PQerrorMessage(conn));
    libpq().PQfinish(conn);
    throw_message(DiagId::history_connect_failed, url.shown, why);
  }
  // "relation already exists, skipping" and the like are not the user's concern.
  libpq().PQsetNoticeProcessor(conn, ignore_notice, nullptr);
  auto db = std::make_unique<PostgresDatabase>(conn, url.shown);
  // Messages about the data, not the locale: the server's English is what the catalogue wraps.
  db->execute("SET client_min_messages = warning");
  return db;
}

}  // namespace metron::history
