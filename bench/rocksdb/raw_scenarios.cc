#include "bench/rocksdb/raw_scenarios.h"

#include <rocksdb/write_batch.h>

#include <algorithm>
#include <cstdio>

#include "bench/common/passes.h"
#include "bench/common/report.h"
#include "bench/schema/bench_data.h"
#include "keypackages/key_range.h"

namespace quarry::bench {
namespace {

rocksdb::Slice S(std::string_view s) { return rocksdb::Slice(s.data(), s.size()); }

// Fills `keys` for up to `events` events; false at the end of the stream.
bool NextKeys(EventStream* stream, const RawKeys& raw, size_t events,
              std::vector<EventKeys>* keys) {
  keys->resize(events);
  size_t n = 0;
  EdgeEvent e;
  while (n < events && stream->Next(&e)) raw.KeysOf(e, &(*keys)[n++]);
  keys->resize(n);
  return n > 0;
}

// True if every key of `range` has RowPrefix(range.start): a prefix seek.
bool WithinOneRowPrefix(const KeyRange& range) {
  std::string_view prefix = KeyPackage::RowPrefix(range.start);
  if (prefix.empty() || !range.has_end()) return false;
  std::string successor = PrefixSuccessor(prefix);
  return !successor.empty() && range.end <= successor;
}

// Keys of `range` in `cf` (with count > 1 only, if `above_one`).
Result<int64_t> ScanRange(const RawDb& db, rocksdb::ColumnFamilyHandle* cf, const KeyRange& range,
                          bool above_one) {
  rocksdb::ReadOptions ro;
  std::string upper;
  rocksdb::Slice upper_slice;
  if (range.has_end()) {
    upper = range.end;
    if (range.end_inclusive) upper.push_back('\0');
    upper_slice = S(upper);
    ro.iterate_upper_bound = &upper_slice;
  }
  (WithinOneRowPrefix(range) ? ro.prefix_same_as_start : ro.total_order_seek) = true;
  std::unique_ptr<rocksdb::Iterator> it(db.db()->NewIterator(ro, cf));
  int64_t n = 0;
  for (it->Seek(S(range.start)); it->Valid(); it->Next()) {
    if (!range.start_inclusive && it->key() == S(range.start)) continue;
    if (!above_one || DecodeCount(it->value()) > 1) ++n;
  }
  QUARRY_RETURN_IF_ERROR(FromRocksStatus(it->status(), "scanning a range"));
  return n;
}

// Runs the queries (each a list of merged ranges) `passes` times; prints the
// line (the median pass, every pass listed).
Status OneHop(const RawDb& db, const char* scenario, size_t seeds,
              const std::vector<std::vector<KeyRange>>& queries, bool view, size_t passes) {
  std::vector<rocksdb::ColumnFamilyHandle*> cfs = {db.edges()};
  if (!view) cfs.insert(cfs.begin(), db.entities());
  int64_t items = -1;
  PassRates rates;
  for (size_t pass = 0; pass < passes; ++pass) {
    int64_t pass_items = 0;
    Stopwatch watch;
    for (const auto& ranges : queries) {
      for (auto* cf : cfs) {
        for (const KeyRange& range : ranges) {
          QUARRY_ASSIGN_OR_RETURN(int64_t n, ScanRange(db, cf, range, view));
          pass_items += n;
        }
      }
    }
    rates.Add(static_cast<double>(seeds), watch.Seconds());
    if (items >= 0 && pass_items != items) {
      return InternalError(std::string(scenario) + ": passes disagree on the result count");
    }
    items = pass_items;
  }
  Measurement m{scenario, kRocksSystem, "seeds/s", rates.Median(), true, items};
  m.passes = rates.rates();
  PrintResult(m);
  return Status::OK();
}

// The key-package's merged ranges of `vertices`, `per_query` seeds a query.
Result<std::vector<std::vector<KeyRange>>> Queries(const RawKeys& keys,
                                                   const std::vector<uint32_t>& vertices,
                                                   size_t per_query, bool view) {
  SeedOptions options;
  options.include_entities = !view;  // The view names only the Event edges.
  std::vector<ElementId> seeds = SeedsOf(vertices);
  std::vector<std::vector<KeyRange>> queries;
  for (size_t i = 0; i < seeds.size(); i += per_query) {
    std::vector<ElementId> batch(seeds.begin() + i,
                                 seeds.begin() + std::min(seeds.size(), i + per_query));
    QUARRY_RETURN_IF_ERROR(keys.package().RangesForBatch(batch, options, &queries.emplace_back()));
  }
  return queries;
}

Status OneHopScenario(const RawDb& db, const RawKeys& keys, const char* scenario,
                      const std::vector<uint32_t>& vertices, size_t per_query, bool view,
                      size_t passes) {
  QUARRY_ASSIGN_OR_RETURN(auto queries, Queries(keys, vertices, per_query, view));
  return OneHop(db, scenario, vertices.size(), queries, view, passes);
}

}  // namespace

Status RawIngest(const BenchArgs& args, const RawKeys& keys, const RawDb& db) {
  const std::string one = EncodeCount(1);
  EventStream stream(args.spec);
  std::vector<EventKeys> batch;
  double seconds = 0;
  while (NextKeys(&stream, keys, kRawIngestBatchEvents, &batch)) {
    Stopwatch watch;
    rocksdb::WriteBatch wb;
    for (const EventKeys& k : batch) {
      wb.Merge(db.edges(), S(k.source_first), S(one)).PermitUncheckedError();
      if (!k.destination_first.empty()) {
        wb.Merge(db.edges(), S(k.destination_first), S(one)).PermitUncheckedError();
      }
      wb.Merge(db.entities(), S(k.entity), S(one)).PermitUncheckedError();
    }
    QUARRY_RETURN_IF_ERROR(FromRocksStatus(db.db()->Write(db.write_options(), &wb), "ingest"));
    seconds += watch.Seconds();
  }
  PrintResult({"ingest", kRocksSystem, "events/s", stream.position() / seconds, true, -1});
  // The read scenarios run on a compacted database, as Quarry's do; not timed.
  Stopwatch settle;
  rocksdb::CompactRangeOptions options;
  options.bottommost_level_compaction = rocksdb::BottommostLevelCompaction::kForce;
  for (auto* cf : {db.edges(), db.entities()}) {
    QUARRY_RETURN_IF_ERROR(FromRocksStatus(db.db()->CompactRange(options, cf, nullptr, nullptr),
                                           "compacting after ingest"));
  }
  std::printf("rocksdb: compacted after ingest in %.3f s (not timed)\n", settle.Seconds());
  return Status::OK();
}

Status RawOneHop(const BenchArgs& args, const RawKeys& keys, const RawDb& db) {
  std::vector<uint32_t> uniform =
      QuerySeeds(args.spec, QuerySeedCount(args.spec, false), /*hub_heavy=*/false);
  std::vector<uint32_t> hubs =
      QuerySeeds(args.spec, QuerySeedCount(args.spec, true), /*hub_heavy=*/true);
  struct Case {
    const char* scenario;
    const std::vector<uint32_t>* seeds;
    size_t per_query;
    bool view;
  };
  for (const Case& c :
       {Case{"1hop-uniform-single", &uniform, 1, false},
        Case{"1hop-uniform-batch100", &uniform, 100, false},
        Case{"1hop-hub-single", &hubs, 1, false}, Case{"1hop-hub-batch100", &hubs, 100, false},
        Case{"1hop-uniform-batch100-view", &uniform, 100, true}}) {
    if (!args.Wants(c.scenario)) continue;
    QUARRY_RETURN_IF_ERROR(
        OneHopScenario(db, keys, c.scenario, *c.seeds, c.per_query, c.view, args.passes));
  }
  return Status::OK();
}

Result<int64_t> RawCountElements(const RawDb& db) {
  int64_t n = 0;
  uint64_t sum = 0;  // Reads every value, as a scan that returns them would.
  for (auto* cf : {db.entities(), db.edges()}) {
    rocksdb::ReadOptions ro;
    ro.total_order_seek = true;
    std::unique_ptr<rocksdb::Iterator> it(db.db()->NewIterator(ro, cf));
    for (it->SeekToFirst(); it->Valid(); it->Next()) {
      sum += DecodeCount(it->value());
      std::string_view key(it->key().data(), it->key().size());
      size_t flag = KeyPackage::RowPrefix(key).size();
      // Entity rows (flag 01) and source-first edge rows (02): one per element.
      if (flag < key.size() && (key[flag] == '\1' || key[flag] == '\2')) ++n;
    }
    QUARRY_RETURN_IF_ERROR(FromRocksStatus(it->status(), "full scan"));
  }
  if (sum == 0 && n > 0) return InternalError("every stored count is zero");
  return n;
}

Status RawFullScan(const RawDb& db) {
  Stopwatch watch;
  QUARRY_ASSIGN_OR_RETURN(int64_t n, RawCountElements(db));
  PrintResult({"full-scan", kRocksSystem, "elements/s", n / watch.Seconds(), true, n});
  return Status::OK();
}

Status RawAgeOff(const BenchArgs& args, const RawKeys& keys, const RawDb& db) {
  AgeOffState& state = db.age_off();
  for (uint32_t day = 0; day < args.spec.days / 2; ++day) {
    state.drop_qualifiers.insert(keys.Qualifier(day));
  }
  state.active.store(true, std::memory_order_release);
  rocksdb::CompactRangeOptions options;
  options.bottommost_level_compaction = rocksdb::BottommostLevelCompaction::kForce;
  Stopwatch watch;
  QUARRY_RETURN_IF_ERROR(FromRocksStatus(
      db.db()->CompactRange(options, db.edges(), nullptr, nullptr), "age-off compaction"));
  double seconds = watch.Seconds();
  std::printf("rocksdb: age-off dropped %llu Event cells in %.3f s\n",
              static_cast<unsigned long long>(state.dropped.load()), seconds);
  QUARRY_ASSIGN_OR_RETURN(int64_t n, RawCountElements(db));
  PrintResult({"age-off-compaction", kRocksSystem, "seconds", seconds, false, n});
  return Status::OK();
}

}  // namespace quarry::bench
