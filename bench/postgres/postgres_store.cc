#include "bench/postgres/postgres_store.h"

#include <cstdlib>

#include "bench/common/report.h"

namespace quarry::bench {
namespace {

constexpr int kFetchRows = 10000;

// The 1-hop query for seeds matched by `match` ("= $1" or "= ANY($1::text[])"),
// see row_store_runner.h for the row semantics.
std::string OneHopSql(const std::string& match, bool view) {
  std::string filter = view ? " AND count > 1" : "";
  std::string sql;
  if (!view) {
    sql = "SELECT vertex, NULL, NULL, count FROM vertices WHERE vertex " + match + " UNION ALL ";
  }
  sql += "SELECT src, dst, day, count FROM edges WHERE src " + match + filter;
  sql += " UNION ALL SELECT src, dst, day, count FROM edges WHERE dst " + match +
         " AND src <> dst" + filter;
  return sql;
}

// Appends `item` to an array literal under construction: "{" when empty, then
// "{a", "{a,b", ...; the caller closes it with '}'. Items need no quoting
// (vertex names and integers).
void AppendItem(std::string* literal, std::string_view item) {
  if (literal->size() > 1) literal->push_back(',');
  literal->append(item);
}

}  // namespace

void ReadResultRows(const PGresult* result, RowsRead* read) {
  int rows = PQntuples(result), columns = PQnfields(result);
  for (int r = 0; r < rows; ++r) {
    for (int c = 0; c + 1 < columns; ++c) PQgetvalue(result, r, c);
    read->count_sum += std::strtoll(PQgetvalue(result, r, columns - 1), nullptr, 10);
  }
  read->rows += rows;
}

PostgresStore::~PostgresStore() {
  if (conn_ != nullptr) PQfinish(conn_);
}

std::string PostgresStore::Connect(const std::string& conninfo) {
  conn_ = PQconnectdb(conninfo.c_str());
  if (PQstatus(conn_) != CONNECTION_OK) {
    return "connect to '" + conninfo + "': " + PQerrorMessage(conn_);
  }
  if (std::string e = Exec("SET client_min_messages = warning"); !e.empty()) return e;
  return Exec("SET synchronous_commit = off");
}

std::string PostgresStore::Exec(const std::string& sql, ExecStatusType expected) {
  PGresult* result = PQexec(conn_, sql.c_str());
  std::string error;
  if (PQresultStatus(result) != expected) error = sql + ": " + PQerrorMessage(conn_);
  PQclear(result);
  return error;
}

std::string PostgresStore::DescribeSettings() {
  const char* sql =
      "SELECT string_agg(name || '=' || current_setting(name), ' ' ORDER BY name) FROM "
      "pg_settings WHERE name IN ('server_version', 'shared_buffers', 'synchronous_commit', "
      "'fsync', 'wal_level', 'full_page_writes', 'max_wal_size', 'lc_collate')";
  PGresult* result = PQexec(conn_, sql);
  std::string out = PQresultStatus(result) == PGRES_TUPLES_OK && PQntuples(result) == 1
                        ? PQgetvalue(result, 0, 0)
                        : std::string("settings unreadable: ") + PQerrorMessage(conn_);
  PQclear(result);
  return out;
}

std::string PostgresStore::Prepare(const char* name, const std::string& sql, int params) {
  PGresult* result = PQprepare(conn_, name, sql.c_str(), params, nullptr);
  std::string error;
  if (PQresultStatus(result) != PGRES_COMMAND_OK) {
    error = std::string("prepare ") + name + ": " + PQerrorMessage(conn_);
  }
  PQclear(result);
  return error;
}

std::string PostgresStore::CreateSchema() {
  const char* ddl =
      "DROP TABLE IF EXISTS edges, vertices;"
      "CREATE TABLE edges (src text COLLATE \"C\" NOT NULL, dst text COLLATE \"C\" NOT NULL,"
      " day bigint NOT NULL, count bigint NOT NULL, PRIMARY KEY (src, dst, day));"
      "CREATE INDEX edges_dst ON edges (dst);"
      "CREATE TABLE vertices (vertex text COLLATE \"C\" PRIMARY KEY, count bigint NOT NULL);";
  if (std::string e = Exec(ddl); !e.empty()) return e;
  return PrepareAll();
}

std::string PostgresStore::PrepareAll() {
  struct Statement {
    const char* name;
    std::string sql;
    int params;
  };
  const std::string any = "= ANY($1::text[])";
  const Statement statements[] = {
      {"upsert_edges",
       "INSERT INTO edges (src, dst, day, count) SELECT * FROM unnest($1::text[], $2::text[], "
       "$3::bigint[], $4::bigint[]) ON CONFLICT (src, dst, day) DO UPDATE SET count = edges.count "
       "+ excluded.count",
       4},
      {"upsert_vertices",
       "INSERT INTO vertices (vertex, count) SELECT * FROM unnest($1::text[], $2::bigint[]) ON "
       "CONFLICT (vertex) DO UPDATE SET count = vertices.count + excluded.count",
       2},
      {"hop_single", OneHopSql("= $1::text", false), 1},
      {"hop_batch", OneHopSql(any, false), 1},
      {"hop_single_view", OneHopSql("= $1::text", true), 1},
      {"hop_batch_view", OneHopSql(any, true), 1},
  };
  for (const Statement& s : statements) {
    if (std::string e = Prepare(s.name, s.sql, s.params); !e.empty()) return e;
  }
  return "";
}

std::string PostgresStore::ExecPrepared(const char* name, const std::vector<std::string>& params,
                                        ExecStatusType expected, PGresult** result) {
  std::vector<const char*> values;
  for (const std::string& p : params) values.push_back(p.c_str());
  *result = PQexecPrepared(conn_, name, static_cast<int>(values.size()), values.data(), nullptr,
                           nullptr, 0);
  if (PQresultStatus(*result) == expected) return "";
  std::string error = std::string(name) + ": " + PQerrorMessage(conn_);
  PQclear(*result);
  *result = nullptr;
  return error;
}

std::string PostgresStore::Upsert(const std::vector<EdgeRow>& edges,
                                  const std::vector<VertexRow>& vertices) {
  std::vector<std::string> e(4, "{"), v(2, "{");
  for (const EdgeRow& row : edges) {
    AppendItem(&e[0], VertexName(row.src));
    AppendItem(&e[1], VertexName(row.dst));
    AppendItem(&e[2], std::to_string(DayMillis(row.day)));
    AppendItem(&e[3], std::to_string(row.count));
  }
  for (const VertexRow& row : vertices) {
    AppendItem(&v[0], VertexName(row.vertex));
    AppendItem(&v[1], std::to_string(row.count));
  }
  for (auto* list : {&e, &v}) {
    for (std::string& literal : *list) literal.push_back('}');
  }
  if (std::string err = Exec("BEGIN"); !err.empty()) return err;
  PGresult* result = nullptr;
  if (std::string err = ExecPrepared("upsert_edges", e, PGRES_COMMAND_OK, &result); !err.empty()) {
    return err;
  }
  PQclear(result);
  if (std::string err = ExecPrepared("upsert_vertices", v, PGRES_COMMAND_OK, &result);
      !err.empty()) {
    return err;
  }
  PQclear(result);
  return Exec("COMMIT");
}

std::string PostgresStore::AfterIngest(std::string* note) {
  *note = "VACUUM ANALYZE of both tables (visibility map and planner statistics)";
  return Exec("VACUUM ANALYZE edges, vertices");
}

std::string PostgresStore::CountRows(int64_t* rows) {
  PGresult* result = nullptr;
  const char* sql = "SELECT (SELECT count(*) FROM edges) + (SELECT count(*) FROM vertices)";
  result = PQexec(conn_, sql);
  if (PQresultStatus(result) != PGRES_TUPLES_OK || PQntuples(result) != 1) {
    std::string error = std::string(sql) + ": " + PQerrorMessage(conn_);
    PQclear(result);
    return error;
  }
  *rows = std::strtoll(PQgetvalue(result, 0, 0), nullptr, 10);
  PQclear(result);
  return "";
}

std::string PostgresStore::OneHop(std::span<const uint32_t> seeds, bool view, RowsRead* read) {
  if (seeds.empty() || seeds.size() > kMaxSeedsPerQuery) return "OneHop: bad seed count";
  bool single = seeds.size() == 1;
  const char* name =
      single ? (view ? "hop_single_view" : "hop_single") : (view ? "hop_batch_view" : "hop_batch");
  std::string param = single ? VertexName(seeds[0]) : "{";
  if (!single) {
    for (uint32_t seed : seeds) AppendItem(&param, VertexName(seed));
    param.push_back('}');
  }
  PGresult* result = nullptr;
  if (std::string e = ExecPrepared(name, {param}, PGRES_TUPLES_OK, &result); !e.empty()) return e;
  ReadResultRows(result, read);
  PQclear(result);
  return "";
}

std::string PostgresStore::ScanTable(const char* select, RowsRead* read) {
  if (std::string e = Exec(std::string("DECLARE scan NO SCROLL CURSOR FOR ") + select);
      !e.empty()) {
    return e;
  }
  const std::string fetch = "FETCH FORWARD " + std::to_string(kFetchRows) + " FROM scan";
  while (true) {
    PGresult* result = PQexec(conn_, fetch.c_str());
    if (PQresultStatus(result) != PGRES_TUPLES_OK) {
      std::string error = fetch + ": " + PQerrorMessage(conn_);
      PQclear(result);
      return error;
    }
    int rows = PQntuples(result);
    ReadResultRows(result, read);
    PQclear(result);
    if (rows == 0) break;
  }
  return Exec("CLOSE scan");
}

std::string PostgresStore::ScanAll(RowsRead* read) {
  if (std::string e = Exec("BEGIN"); !e.empty()) return e;
  for (const char* select :
       {"SELECT src, dst, day, count FROM edges", "SELECT vertex, count FROM vertices"}) {
    if (std::string e = ScanTable(select, read); !e.empty()) return e;
  }
  return Exec("COMMIT");
}

uint64_t PostgresStore::PeakRss() { return PeakRssBytes() + PeakRssBytesOf(PQbackendPID(conn_)); }

}  // namespace quarry::bench
