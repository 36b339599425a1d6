#include "graph-core/long_time_series.h"

#include "graph-core/functions/internal/simple_date_format.h"

namespace quarry {
namespace {

// Java's long addition: two's complement, wrapping.
int64_t WrappingAdd(int64_t a, int64_t b) {
  return static_cast<int64_t>(static_cast<uint64_t>(a) + static_cast<uint64_t>(b));
}

}  // namespace

void LongTimeSeries::Put(int64_t epoch_ms, int64_t value) {
  entries_[TimeBucketStart(epoch_ms, bucket_)] = value;
}

void LongTimeSeries::Upsert(int64_t epoch_ms, int64_t count) {
  auto [it, inserted] = entries_.try_emplace(TimeBucketStart(epoch_ms, bucket_), count);
  if (!inserted) it->second = WrappingAdd(it->second, count);
}

Status LongTimeSeries::Merge(const LongTimeSeries& other) {
  if (other.bucket_ != bucket_) {
    return InvalidArgumentError(
        "Can't aggregate two LongTimeSeries with different time buckets: a had bucket " +
        std::string(TimeBucketName(bucket_)) + ", b had bucket " +
        std::string(TimeBucketName(other.bucket_)));
  }
  // Both hold bucket starts of the same bucket, so no key moves.
  for (const auto& [start, value] : other.entries_) {
    auto [it, inserted] = entries_.try_emplace(start, value);
    if (!inserted) it->second = WrappingAdd(it->second, value);
  }
  return Status::OK();
}

std::string LongTimeSeries::ToJavaString() const {
  std::string out =
      "LongTimeSeries[timeBucket=" + std::string(TimeBucketName(bucket_)) + ",timeSeries={";
  bool first = true;
  for (const auto& [start, value] : entries_) {
    if (!first) out += ", ";
    first = false;
    out += functions_internal::InstantString(start) + "=" + std::to_string(value);
  }
  return out + "}]";
}

}  // namespace quarry
