// Gaffer's time library (uk.gov.gchq.gaffer.time): CommonTimeUtil's time
// buckets and the two timestamp sets, RBMBackedTimestampSet and
// BoundedTimestampSet.
//
// A timestamp set records when something was seen, to a bucket's accuracy:
// every timestamp added is truncated to the start of its bucket (UTC) and
// kept once. RBMBackedTimestampSet keeps them all (Gaffer stores the bucket
// numbers in a Roaring bitmap, so only times from 1970 to 2038 fit).
// BoundedTimestampSet keeps them all until there are more than max_size,
// then switches to its SAMPLE state and keeps a uniform sample of max_size.
// Gaffer samples with a random reservoir; Quarry keeps the max_size
// timestamps whose hashes are smallest (a bottom-k sample), which is as
// uniform, repeatable, and gives the same set whatever order sets are merged
// in.
//
// Thread safety: a TimestampSet is a value; const methods are reentrant.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "graph-core/status.h"

namespace quarry {

enum class TimeBucket { kMillisecond, kSecond, kMinute, kHour, kDay, kWeek, kMonth, kYear };

// Gaffer's enum names: MILLISECOND, SECOND, ..., YEAR.
std::optional<TimeBucket> ParseTimeBucket(std::string_view name);
std::string_view TimeBucketName(TimeBucket bucket);

// CommonTimeUtil.timeToBucketStart / timeToBucketEnd in UTC: the first and
// last millisecond of the bucket holding `epoch_ms`. Weeks start on Monday.
int64_t TimeBucketStart(int64_t epoch_ms, TimeBucket bucket);
int64_t TimeBucketEnd(int64_t epoch_ms, TimeBucket bucket);

class TimestampSet {
 public:
  // An empty RBMBackedTimestampSet. InvalidArgument for MILLISECOND, which
  // Gaffer does not support.
  static Result<TimestampSet> Rbm(TimeBucket bucket);
  // An empty BoundedTimestampSet. InvalidArgument unless max_size > 0.
  static Result<TimestampSet> Bounded(TimeBucket bucket, int32_t max_size);

  bool bounded() const { return bounded_; }
  TimeBucket bucket() const { return bucket_; }
  int32_t max_size() const { return max_size_; }  // Bounded sets only.
  bool sampled() const { return sampled_; }       // Bounded's SAMPLE state.
  // The bucket starts held, ascending.
  const std::vector<int64_t>& timestamps() const { return timestamps_; }

  // Adds the bucket of `epoch_ms`. InvalidArgument ("Invalid instant") when
  // an RBM-backed set (or a bounded one not yet sampling) is given a time
  // before 1970 or after 2038-01-19T03:14:07Z, as Gaffer refuses it.
  Status Add(int64_t epoch_ms);
  // The aggregators: RBMBackedTimestampSetAggregator (union) and
  // BoundedTimestampSetAggregator (union, sampled once over max_size).
  // InvalidArgument if the kinds, buckets or max sizes differ.
  Status Merge(const TimestampSet& other);
  // RBMBackedTimestampSet.applyTimeRangeMask: keeps the buckets from that of
  // `start_ms` to that of `end_ms`, both inclusive (nullopt: the earliest or
  // latest held). As in Gaffer, a negative start leaves nothing (its bitmap
  // reads it as unsigned). InvalidArgument if start > end, or if a positive
  // time's bucket number does not fit in an int ("Failed to convert ...").
  Status Mask(std::optional<int64_t> start_ms, std::optional<int64_t> end_ms);
  // The positions [first, last) in timestamps() that Mask would keep,
  // without changing the set (a filter tests a range this way). Same errors.
  // REQUIRES: the set is RBM-backed or not sampling (its timestamps lie in
  // 1970-2038, where bucket numbers ascend with them).
  Result<std::pair<size_t, size_t>> MaskedRange(std::optional<int64_t> start_ms,
                                                std::optional<int64_t> end_ms) const;

  // BoundedTimestampSet.switchToSampleState (a builder's "state": "SAMPLE").
  // REQUIRES: bounded().
  void SwitchToSample() { KeepSample(); }

  // Java's toString, e.g. "RBMBackedTimestampSet[timeBucket=MINUTE,
  // timestamps=2017-01-08T07:29:00Z,...]".
  std::string ToJavaString() const;

  friend bool operator==(const TimestampSet&, const TimestampSet&) = default;

 private:
  TimestampSet(bool bounded, TimeBucket bucket, int32_t max_size)
      : bounded_(bounded), bucket_(bucket), max_size_(max_size) {}
  void KeepSample();
  int32_t BucketIndex(int64_t epoch_ms) const;

  bool bounded_;
  TimeBucket bucket_;
  int32_t max_size_;
  bool sampled_ = false;
  std::vector<int64_t> timestamps_;
};

// Parses Instant.parse's form ("2017-01-08T07:29:13Z", optional fraction of
// up to 9 digits, truncated to milliseconds; years past 9999 signed, as in
// "+10000-01-01T00:00:00Z", and before year 0 with a '-'). nullopt if
// malformed or beyond the range of long milliseconds.
std::optional<int64_t> ParseInstant(std::string_view text);

}  // namespace quarry
