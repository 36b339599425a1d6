// PostgresStore: the PostgreSQL reference's tables (bench/common/
// row_store_runner.h) over one libpq connection to a server that
// bench/steps/30-postgres.sh starts.
//
// Settings: the server runs with synchronous_commit=off (WAL written by the
// WAL writer, not flushed at each commit: Quarry's default durability "log"
// keeps the WAL in the OS page cache and never fsyncs per commit either),
// fsync=on for checkpoints, shared_buffers=--cache-mib (bench/steps/30-postgres.sh; every system's
// cache); this class also sets synchronous_commit=off on its session. Text columns use the "C"
// collation (byte order, like Quarry's keys). Ingest: per batch one transaction with two prepared
// multi-row upserts, INSERT ... SELECT FROM unnest($1::text[], ...) ON CONFLICT DO UPDATE, whose
// rows are combined (each key once, as PostgreSQL requires). 1-hop: prepared statements, one seed
// by `= $1`, a batch by `= ANY($1::text[])`. Full scan: a cursor fetched 10,000 rows at a time
// (bounded memory).
//
// Thread safety: none (one connection, used by one thread).
#pragma once

#include <libpq-fe.h>

#include <string>
#include <vector>

#include "bench/common/row_store_runner.h"

namespace quarry::bench {

class PostgresStore : public RowStore {
 public:
  // Connects with a libpq connection string; "" or the server's message.
  std::string Connect(const std::string& conninfo);
  ~PostgresStore() override;

  // "server_version=15.x shared_buffers=... ..." for the human output.
  std::string DescribeSettings();

  std::string CreateSchema() override;
  std::string Upsert(const std::vector<EdgeRow>& edges,
                     const std::vector<VertexRow>& vertices) override;
  std::string AfterIngest(std::string* note) override;
  std::string CountRows(int64_t* rows) override;
  std::string OneHop(std::span<const uint32_t> seeds, bool view, RowsRead* read) override;
  std::string ScanAll(RowsRead* read) override;
  // This process's peak RSS plus the server backend's (whose VmHWM includes
  // the shared_buffers pages it touched).
  uint64_t PeakRss() override;

 private:
  // Runs `sql` (no parameters); "" if it returned `expected`.
  std::string Exec(const std::string& sql, ExecStatusType expected = PGRES_COMMAND_OK);
  std::string Prepare(const char* name, const std::string& sql, int params);
  std::string PrepareAll();
  // Runs a prepared statement with text parameters; on success *result holds
  // the result (the caller clears it).
  std::string ExecPrepared(const char* name, const std::vector<std::string>& params,
                           ExecStatusType expected, PGresult** result);
  std::string ScanTable(const char* select, RowsRead* read);

  PGconn* conn_ = nullptr;
};

// Reads every column of every row of `result` (text format; the last column
// is the count) into *read.
void ReadResultRows(const PGresult* result, RowsRead* read);

}  // namespace quarry::bench
