#include "bench/common/row_store_runner.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>

#include "bench/common/args.h"
#include "bench/common/report.h"

namespace quarry::bench {
namespace {

constexpr size_t kSeedBatch = 100;  // The batch100 scenarios.

bool ParseCount(const std::string& text, size_t* out) {
  char* end = nullptr;
  unsigned long long v = std::strtoull(text.c_str(), &end, 10);
  if (text.empty() || *end != '\0' || v == 0) return false;
  *out = static_cast<size_t>(v);
  return true;
}

std::string ApplyFlag(const std::string& name, const std::string& value, RowStoreOptions* o) {
  if (name == "size") {
    if (!DatasetSpec::FromName(value, &o->spec)) return "--size must be quick or full: " + value;
  } else if (name == "seeds") {
    if (!ParseCount(value, &o->seeds)) return "--seeds needs a positive count: " + value;
  } else if (name == "batch") {
    if (!ParseCount(value, &o->batch_events)) return "--batch needs a positive count: " + value;
  } else if (name == "passes") {
    if (!ParseCount(value, &o->passes)) return "--passes needs a positive count: " + value;
  } else if (name == "phase") {
    if (value != "all" && value != "reads") return "--phase must be all or reads: " + value;
    o->reads_only = value == "reads";
  } else {
    o->extra[name] = value;
  }
  return "";
}

void Note(const std::string& text) {
  std::printf("# %s\n", text.c_str());
  std::fflush(stdout);
}

void Report(RowStore* store, const RowStoreOptions& o, std::string_view scenario,
            std::string_view metric, double value, int64_t items,
            std::span<const double> passes = {}) {
  Measurement m;
  m.passes = passes;
  m.scenario = scenario;
  m.system = o.system;
  m.metric = metric;
  m.value = value;
  m.items = items;
  m.peak_rss_bytes = store->PeakRss();
  PrintResult(m);
}

// Reads the next `batch` events into `combiner` (untimed: data generation);
// false when the stream has none left.
bool NextBatch(EventStream* stream, size_t batch, BatchCombiner* combiner) {
  EdgeEvent event;
  while (combiner->events() < batch && stream->Next(&event)) combiner->Add(event);
  return combiner->events() > 0;
}

// Times combining and upserting each batch; generating the events is not
// timed (as for Quarry, whose timing excludes building the elements).
std::string RunIngest(RowStore* store, const RowStoreOptions& o) {
  if (std::string e = store->CreateSchema(); !e.empty()) return e;
  EventStream stream(o.spec);
  BatchCombiner combiner;
  std::vector<EdgeRow> edges;
  std::vector<VertexRow> vertices;
  uint64_t rows_upserted = 0;
  double seconds = 0;
  while (NextBatch(&stream, o.batch_events, &combiner)) {
    Stopwatch watch;
    combiner.Drain(&edges, &vertices);
    if (std::string e = store->Upsert(edges, vertices); !e.empty()) return e;
    seconds += watch.Seconds();
    rows_upserted += edges.size() + vertices.size();
  }
  int64_t stored = 0;
  if (std::string e = store->CountRows(&stored); !e.empty()) return e;
  Note("ingest: " + std::to_string(stream.position()) + " events in " + std::to_string(seconds) +
       " s; " + std::to_string(rows_upserted) + " combined rows upserted; " +
       std::to_string(stored) + " rows stored");
  Report(store, o, "ingest", "events/s", stream.position() / seconds, stored);
  std::string note;
  Stopwatch after;
  if (std::string e = store->AfterIngest(&note); !e.empty()) return e;
  Note("after ingest, untimed: " + note + " (" + std::to_string(after.Seconds()) + " s)");
  return "";
}

std::string RunOneHop(RowStore* store, const RowStoreOptions& o, std::string_view scenario,
                      bool hub_heavy, size_t per_query, bool view) {
  // The same seed counts as every other system (args.h), so `items` compare.
  size_t count = o.seeds != 0 ? o.seeds : QuerySeedCount(o.spec, hub_heavy);
  std::vector<uint32_t> seeds = QuerySeeds(o.spec, count, hub_heavy);
  PassRates rates;
  int64_t rows = -1;
  for (size_t pass = 1; pass <= o.passes; ++pass) {
    RowsRead read;
    Stopwatch watch;
    for (size_t i = 0; i < seeds.size(); i += per_query) {
      size_t n = std::min(per_query, seeds.size() - i);
      std::span<const uint32_t> query(seeds.data() + i, n);
      if (std::string e = store->OneHop(query, view, &read); !e.empty()) return e;
    }
    double seconds = watch.Seconds();
    rates.Add(static_cast<double>(seeds.size()), seconds);
    Note(std::string(scenario) + " pass " + std::to_string(pass) + ": " +
         std::to_string(seeds.size()) + " seeds in " + std::to_string(seconds) + " s; rows " +
         std::to_string(read.rows) + ", count sum " + std::to_string(read.count_sum));
    if (rows >= 0 && read.rows != rows) return "passes disagree on the number of rows";
    rows = read.rows;
  }
  Report(store, o, scenario, "seeds/s", rates.Median(), rows, rates.rates());
  return "";
}

std::string RunFullScan(RowStore* store, const RowStoreOptions& o) {
  RowsRead read;
  Stopwatch watch;
  if (std::string e = store->ScanAll(&read); !e.empty()) return e;
  double seconds = watch.Seconds();
  Note("full-scan: rows " + std::to_string(read.rows) + " in " + std::to_string(seconds) +
       " s, count sum " + std::to_string(read.count_sum));
  Report(store, o, "full-scan", "elements/s", read.rows / seconds, read.rows);
  return "";
}

std::string RunAll(RowStore* store, const RowStoreOptions& o) {
  if (std::string e = o.reads_only ? store->UseExistingSchema() : RunIngest(store, o); !e.empty()) {
    return e;
  }
  struct OneHopScenario {
    std::string_view name;
    bool hub_heavy;
    size_t per_query;
    bool view;
  };
  const OneHopScenario scenarios[] = {
      {"1hop-uniform-single", false, 1, false},
      {"1hop-uniform-batch100", false, kSeedBatch, false},
      {"1hop-hub-single", true, 1, false},
      {"1hop-hub-batch100", true, kSeedBatch, false},
      {"1hop-uniform-batch100-view", false, kSeedBatch, true},
  };
  for (const OneHopScenario& s : scenarios) {
    if (std::string e = RunOneHop(store, o, s.name, s.hub_heavy, s.per_query, s.view); !e.empty()) {
      return std::string(s.name) + ": " + e;
    }
  }
  return RunFullScan(store, o);
}

}  // namespace

std::string ParseRowStoreFlags(int argc, char** argv, RowStoreOptions* options) {
  bool have_size = false;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg.rfind("--", 0) != 0 || arg.size() == 2) return "unexpected argument: " + arg;
    std::string name = arg.substr(2), value;
    if (size_t eq = name.find('='); eq != std::string::npos) {
      value = name.substr(eq + 1);
      name.resize(eq);
    } else if (i + 1 < argc) {
      value = argv[++i];
    } else {
      return "--" + name + " needs a value";
    }
    if (std::string e = ApplyFlag(name, value, options); !e.empty()) return e;
    have_size = have_size || name == "size";
  }
  if (!have_size) return "--size quick|full is required";
  return "";
}

int RunRowStoreBenchmarks(RowStore* store, const RowStoreOptions& options) {
  Note(std::string(options.system) + ": " + std::to_string(options.spec.events) + " events, " +
       std::to_string(options.batch_events) + " events per transaction (duplicate keys combined " +
       "within each batch before the upsert), " +
       std::to_string(QuerySeedCount(options.spec, false)) + " uniform / " +
       std::to_string(QuerySeedCount(options.spec, true)) + " hub seeds per 1-hop scenario, " +
       std::to_string(options.passes) + " timed passes each (the median reported)");
  std::string error = RunAll(store, options);
  if (!error.empty()) {
    std::fprintf(stderr, "%.*s benchmark failed: %s\n", static_cast<int>(options.system.size()),
                 options.system.data(), error.c_str());
    return 1;
  }
  return 0;
}

}  // namespace quarry::bench
