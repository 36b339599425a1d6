// quarry-bench-rocksdb: the raw RocksDB references (bench/README.md): the
// same scenarios as quarry-bench-embedded, in the same order, on the same
// keys, with RocksDB alone.
#include <cstdio>
#include <filesystem>

#include "bench/common/args.h"
#include "bench/rocksdb/raw_scenarios.h"
#include "bench/schema/bench_data.h"

namespace quarry::bench {
namespace {

// Events whose keys are checked against the key-package before timing.
constexpr uint64_t kVerifiedEvents = 200'000;

int Fail(const char* what, const Status& s) {
  std::fprintf(stderr, "quarry-bench-rocksdb: %s: %s\n", what, s.ToString().c_str());
  return 1;
}

// --phase reads: the read scenarios on the database an earlier run left.
int RunReads(const BenchArgs& args) {
  Result<std::shared_ptr<const Schema>> schema = LoadBenchSchema(args.repo);
  if (!schema.ok()) return Fail("loading the schema", schema.status());
  Result<RawKeys> keys = RawKeys::Make(args.spec, *schema);
  if (!keys.ok()) return Fail("deriving the keys", keys.status());
  Result<std::unique_ptr<RawDb>> db = RawDb::Open(args.work + "/ingest", args.cache_bytes());
  if (!db.ok()) return Fail("opening the database (run without --phase first)", db.status());
  Status s = RawOneHop(args, *keys, **db);
  if (!s.ok()) return Fail("1-hop", s);
  if (args.Wants("full-scan") && !(s = RawFullScan(**db)).ok()) return Fail("full scan", s);
  return 0;
}

int Run(const BenchArgs& args) {
  if (args.reads_only) return RunReads(args);
  std::error_code ec;
  std::filesystem::remove_all(args.work, ec);
  std::filesystem::create_directories(args.work, ec);
  if (ec) return Fail("creating the work dir", IOError(args.work + ": " + ec.message()));
  Result<std::shared_ptr<const Schema>> schema = LoadBenchSchema(args.repo);
  if (!schema.ok()) return Fail("loading the schema", schema.status());
  Result<RawKeys> keys = RawKeys::Make(args.spec, *schema);
  if (!keys.ok()) return Fail("deriving the keys", keys.status());
  Status s = keys->Verify(args.spec, kVerifiedEvents);
  if (!s.ok()) return Fail("checking the keys", s);
  {
    Result<std::unique_ptr<RawDb>> db = RawDb::Create(args.work + "/ingest", args.cache_bytes());
    if (!db.ok()) return Fail("creating the database", db.status());
    if (s = RawIngest(args, *keys, **db); !s.ok()) return Fail("ingest", s);
    if (s = RawOneHop(args, *keys, **db); !s.ok()) return Fail("1-hop", s);
    if (args.Wants("full-scan") && !(s = RawFullScan(**db)).ok()) return Fail("full scan", s);
    if (args.Wants("age-off-compaction") && !(s = RawAgeOff(args, *keys, **db)).ok()) {
      return Fail("age-off", s);
    }
  }
  if (args.Wants("bulk-import") && !(s = RawBulkImport(args, *keys, args.work + "/bulk")).ok()) {
    return Fail("bulk import", s);
  }
  return 0;
}

}  // namespace
}  // namespace quarry::bench

int main(int argc, char** argv) {
  quarry::bench::BenchArgs args;
  if (!quarry::bench::ParseBenchArgs(argc, argv, &args)) return 2;
  return quarry::bench::Run(args);
}
