#include "bench/sqlite/sqlite_store.h"

#include "bench/common/report.h"

namespace quarry::bench {
namespace {

// The 1-hop query for seeds matched by `match` ("= ?1" or "IN (?1, ...)"),
// see row_store_runner.h for the row semantics.
std::string OneHopSql(const std::string& match, bool view) {
  std::string filter = view ? " AND count > 1" : "";
  std::string sql;
  if (!view)
    sql = "SELECT vertex, NULL, NULL, count FROM vertices WHERE vertex " + match + " UNION ALL ";
  sql += "SELECT src, dst, day, count FROM edges WHERE src " + match + filter;
  sql += " UNION ALL SELECT src, dst, day, count FROM edges WHERE dst " + match +
         " AND src <> dst" + filter;
  return sql;
}

std::string InList(size_t n) {
  std::string list = "IN (";
  for (size_t i = 1; i <= n; ++i) list += (i > 1 ? ", ?" : "?") + std::to_string(i);
  return list + ")";
}

}  // namespace

SqliteStore::~SqliteStore() {
  upsert_edge_.reset();
  upsert_vertex_.reset();
  hop_single_.reset();
  hop_batch_.reset();
  hop_single_view_.reset();
  hop_batch_view_.reset();
  if (db_ != nullptr) sqlite3_close(db_);
}

std::string SqliteStore::Error(std::string_view what) const {
  return std::string(what) + " on " + path_ + ": " + sqlite3_errmsg(db_);
}

std::string SqliteStore::Exec(const char* sql) {
  if (sqlite3_exec(db_, sql, nullptr, nullptr, nullptr) != SQLITE_OK) return Error(sql);
  return "";
}

std::string SqliteStore::Prepare(const std::string& sql, Stmt* out) {
  sqlite3_stmt* stmt = nullptr;
  if (sqlite3_prepare_v3(db_, sql.c_str(), -1, SQLITE_PREPARE_PERSISTENT, &stmt, nullptr) !=
      SQLITE_OK) {
    return Error("prepare " + sql);
  }
  out->reset(stmt);
  return "";
}

std::string SqliteStore::Open(const std::string& path, uint64_t cache_mib) {
  path_ = path;
  if (sqlite3_open_v2(path.c_str(), &db_, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr) !=
      SQLITE_OK) {
    return Error("open");
  }
  // A negative cache_size is in KiB rather than pages.
  const std::string cache = "PRAGMA cache_size=-" + std::to_string(cache_mib * 1024);
  for (const std::string& pragma :
       {std::string("PRAGMA journal_mode=WAL"), std::string("PRAGMA synchronous=NORMAL"), cache}) {
    if (std::string e = Exec(pragma.c_str()); !e.empty()) return e;
  }
  return "";
}

std::string SqliteStore::CreateSchema() {
  const char* ddl =
      "DROP TABLE IF EXISTS edges; DROP TABLE IF EXISTS vertices;"
      "CREATE TABLE edges (src TEXT NOT NULL, dst TEXT NOT NULL, day INTEGER NOT NULL,"
      " count INTEGER NOT NULL, PRIMARY KEY (src, dst, day)) WITHOUT ROWID;"
      "CREATE INDEX edges_dst ON edges (dst);"
      "CREATE TABLE vertices (vertex TEXT NOT NULL PRIMARY KEY, count INTEGER NOT NULL)"
      " WITHOUT ROWID;";
  if (std::string e = Exec(ddl); !e.empty()) return e;
  return PrepareAll();
}

std::string SqliteStore::PrepareAll() {
  const std::string batch = InList(kMaxSeedsPerQuery);
  const std::pair<std::string, Stmt*> statements[] = {
      {"INSERT INTO edges (src, dst, day, count) VALUES (?1, ?2, ?3, ?4) ON CONFLICT (src, dst, "
       "day) DO UPDATE SET count = edges.count + excluded.count",
       &upsert_edge_},
      {"INSERT INTO vertices (vertex, count) VALUES (?1, ?2) ON CONFLICT (vertex) DO UPDATE SET "
       "count = vertices.count + excluded.count",
       &upsert_vertex_},
      {OneHopSql("= ?1", false), &hop_single_},
      {OneHopSql(batch, false), &hop_batch_},
      {OneHopSql("= ?1", true), &hop_single_view_},
      {OneHopSql(batch, true), &hop_batch_view_},
  };
  for (const auto& [sql, stmt] : statements) {
    if (std::string e = Prepare(sql, stmt); !e.empty()) return e;
  }
  return "";
}

std::string SqliteStore::Upsert(const std::vector<EdgeRow>& edges,
                                const std::vector<VertexRow>& vertices) {
  if (std::string e = Exec("BEGIN"); !e.empty()) return e;
  sqlite3_stmt* s = upsert_edge_.get();
  for (const EdgeRow& row : edges) {
    std::string src = VertexName(row.src), dst = VertexName(row.dst);
    sqlite3_bind_text(s, 1, src.data(), static_cast<int>(src.size()), SQLITE_STATIC);
    sqlite3_bind_text(s, 2, dst.data(), static_cast<int>(dst.size()), SQLITE_STATIC);
    sqlite3_bind_int64(s, 3, DayMillis(row.day));
    sqlite3_bind_int64(s, 4, row.count);
    if (sqlite3_step(s) != SQLITE_DONE) return Error("upsert edge");
    sqlite3_reset(s);
  }
  s = upsert_vertex_.get();
  for (const VertexRow& row : vertices) {
    std::string vertex = VertexName(row.vertex);
    sqlite3_bind_text(s, 1, vertex.data(), static_cast<int>(vertex.size()), SQLITE_STATIC);
    sqlite3_bind_int64(s, 2, row.count);
    if (sqlite3_step(s) != SQLITE_DONE) return Error("upsert vertex");
    sqlite3_reset(s);
  }
  return Exec("COMMIT");
}

std::string SqliteStore::AfterIngest(std::string* note) {
  *note = "ANALYZE";
  return Exec("ANALYZE");
}

std::string SqliteStore::CountRows(int64_t* rows) {
  Stmt stmt;
  if (std::string e =
          Prepare("SELECT (SELECT count(*) FROM edges) + (SELECT count(*) FROM vertices)", &stmt);
      !e.empty()) {
    return e;
  }
  if (sqlite3_step(stmt.get()) != SQLITE_ROW) return Error("count rows");
  *rows = sqlite3_column_int64(stmt.get(), 0);
  return "";
}

std::string SqliteStore::ReadRows(sqlite3_stmt* stmt, RowsRead* read) {
  int columns = sqlite3_column_count(stmt);
  int rc;
  while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
    for (int c = 0; c + 1 < columns; ++c) {
      if (sqlite3_column_type(stmt, c) == SQLITE_TEXT) {
        sqlite3_column_text(stmt, c);
      } else {
        sqlite3_column_int64(stmt, c);
      }
    }
    read->count_sum += sqlite3_column_int64(stmt, columns - 1);
    ++read->rows;
  }
  sqlite3_reset(stmt);
  sqlite3_clear_bindings(stmt);
  return rc == SQLITE_DONE ? "" : Error("read rows");
}

std::string SqliteStore::OneHop(std::span<const uint32_t> seeds, bool view, RowsRead* read) {
  if (seeds.empty() || seeds.size() > kMaxSeedsPerQuery) return "OneHop: bad seed count";
  bool single = seeds.size() == 1;
  sqlite3_stmt* s = single ? (view ? hop_single_view_ : hop_single_).get()
                           : (view ? hop_batch_view_ : hop_batch_).get();
  // A short batch repeats its first seed: a repeated seed adds no rows.
  int params = single ? 1 : static_cast<int>(kMaxSeedsPerQuery);
  for (int i = 0; i < params; ++i) {
    std::string name = VertexName(seeds[static_cast<size_t>(i) < seeds.size() ? i : 0]);
    sqlite3_bind_text(s, i + 1, name.data(), static_cast<int>(name.size()), SQLITE_TRANSIENT);
  }
  return ReadRows(s, read);
}

std::string SqliteStore::ScanAll(RowsRead* read) {
  for (const char* sql :
       {"SELECT src, dst, day, count FROM edges", "SELECT vertex, count FROM vertices"}) {
    Stmt stmt;
    if (std::string e = Prepare(sql, &stmt); !e.empty()) return e;
    if (std::string e = ReadRows(stmt.get(), read); !e.empty()) return e;
  }
  return "";
}

uint64_t SqliteStore::PeakRss() { return PeakRssBytes(); }

}  // namespace quarry::bench
