// Gaffer's LongTimeSeries (uk.gov.gchq.gaffer.time): a count per time
// bucket, such as the number of journeys on a road in each hour.
//
// Every instant put or added is truncated to the start of its bucket (UTC;
// graph-core/timestamp_set.h's CommonTimeUtil maths, weeks from Monday), so
// the series holds at most one value per bucket. Put replaces a bucket's
// value; Upsert and the aggregator (LongTimeSeriesAggregator, Merge) add to
// it, wrapping on overflow as Java's long addition does (Gaffer leaves
// overflow to the caller).
//
// Thread safety: a LongTimeSeries is a value; const methods are reentrant.
#pragma once

#include <cstdint>
#include <map>
#include <string>

#include "graph-core/status.h"
#include "graph-core/timestamp_set.h"

namespace quarry {

class LongTimeSeries {
 public:
  // Every TimeBucket is supported, MILLISECOND included.
  explicit LongTimeSeries(TimeBucket bucket) : bucket_(bucket) {}

  TimeBucket bucket() const { return bucket_; }
  // Bucket start (epoch ms) -> value, ascending by time.
  const std::map<int64_t, int64_t>& entries() const { return entries_; }

  // Sets the value of the bucket holding `epoch_ms`.
  void Put(int64_t epoch_ms, int64_t value);
  // Adds `count` to the value of the bucket holding `epoch_ms` (inserting it
  // when the bucket is empty).
  void Upsert(int64_t epoch_ms, int64_t count);
  // LongTimeSeriesAggregator: upserts every entry of `other`.
  // InvalidArgument if the buckets differ, naming both, as Gaffer refuses.
  Status Merge(const LongTimeSeries& other);

  // Java's toString, e.g. "LongTimeSeries[timeBucket=SECOND,
  // timeSeries={1970-01-01T00:00:01Z=10}]" (without the identity hash that
  // Gaffer's ToStringBuilder prints, which no two runs share).
  std::string ToJavaString() const;

  friend bool operator==(const LongTimeSeries&, const LongTimeSeries&) = default;

 private:
  TimeBucket bucket_;
  std::map<int64_t, int64_t> entries_;
};

}  // namespace quarry
