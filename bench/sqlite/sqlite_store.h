// SqliteStore: the SQLite reference's tables (bench/common/row_store_runner.h)
// in one database file.
//
// Settings (matching Quarry's default durability "log": the log is written
// at each commit but not fsynced): journal_mode=WAL, synchronous=NORMAL (WAL
// fsynced only at checkpoints), a page cache of --cache-mib MiB (the same as
// every system's cache, bench/common/args.h). Tables are WITHOUT ROWID, so edges are clustered on
// (src, dst, day) like Quarry's keys. Ingest: per batch one transaction
// running a prepared single-row INSERT ... ON CONFLICT DO UPDATE per combined
// row (SQLite's fastest upsert path; no statement parsing per row).
//
// Thread safety: none (one connection, used by one thread).
#pragma once

#include <sqlite3.h>

#include <cstdint>
#include <memory>
#include <string>

#include "bench/common/row_store_runner.h"

namespace quarry::bench {

class SqliteStore : public RowStore {
 public:
  // Opens (creating) the database at `path` with the settings above; "" or
  // an error naming the path.
  std::string Open(const std::string& path, uint64_t cache_mib);
  ~SqliteStore() override;

  std::string CreateSchema() override;
  std::string UseExistingSchema() override { return PrepareAll(); }
  std::string Upsert(const std::vector<EdgeRow>& edges,
                     const std::vector<VertexRow>& vertices) override;
  std::string AfterIngest(std::string* note) override;
  std::string CountRows(int64_t* rows) override;
  std::string OneHop(std::span<const uint32_t> seeds, bool view, RowsRead* read) override;
  std::string ScanAll(RowsRead* read) override;
  uint64_t PeakRss() override;

 private:
  struct StmtDeleter {
    void operator()(sqlite3_stmt* s) const { sqlite3_finalize(s); }
  };
  using Stmt = std::unique_ptr<sqlite3_stmt, StmtDeleter>;

  std::string Exec(const char* sql);
  std::string Prepare(const std::string& sql, Stmt* out);
  std::string PrepareAll();
  std::string Error(std::string_view what) const;
  // Steps `stmt` to the end, reading every column of every row into *read.
  std::string ReadRows(sqlite3_stmt* stmt, RowsRead* read);

  sqlite3* db_ = nullptr;
  std::string path_;
  Stmt upsert_edge_, upsert_vertex_;
  Stmt hop_single_, hop_batch_, hop_single_view_, hop_batch_view_;
};

}  // namespace quarry::bench
