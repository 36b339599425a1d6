#include "schema/serialisers/timestamp_set_serialisers.h"

#include <memory>

#include "graph-core/long_time_series.h"
#include "graph-core/timestamp_set.h"
#include "schema/vlong.h"

namespace quarry {
namespace {

constexpr uint8_t kFormatVersion = 1;
constexpr uint8_t kSampledFlag = 1;
constexpr int kMaxBucket = static_cast<int>(TimeBucket::kYear);

void AppendTimestampSet(const TimestampSet& set, std::string* dst) {
  dst->push_back(static_cast<char>(kFormatVersion));
  dst->push_back(static_cast<char>(set.bucket()));
  dst->push_back(static_cast<char>(set.sampled() ? kSampledFlag : 0));
  if (set.bounded()) AppendVLong(set.max_size(), dst);
  const std::vector<int64_t>& ts = set.timestamps();
  AppendVLong(static_cast<int64_t>(ts.size()), dst);
  int64_t previous = 0;
  for (size_t i = 0; i < ts.size(); ++i) {
    AppendVLong(i == 0 ? ts[i] : ts[i] - previous, dst);
    previous = ts[i];
  }
}

Result<int64_t> ReadField(std::string_view bytes, size_t* pos, std::string_view what) {
  Result<int64_t> v = ReadVLong(bytes, pos);
  if (!v.ok()) return DataLossError("timestamp set: truncated " + std::string(what));
  return v;
}

Result<Value> ReadTimestampSet(std::string_view bytes, bool bounded) {
  if (bytes.size() < 3 || static_cast<uint8_t>(bytes[0]) != kFormatVersion ||
      static_cast<uint8_t>(bytes[1]) > kMaxBucket || static_cast<uint8_t>(bytes[2]) > 1) {
    return DataLossError("timestamp set: bad header");
  }
  const auto bucket = static_cast<TimeBucket>(static_cast<uint8_t>(bytes[1]));
  const bool sampled = static_cast<uint8_t>(bytes[2]) == kSampledFlag;
  size_t pos = 3;
  Result<TimestampSet> made = TimestampSet::Rbm(bucket);
  if (bounded) {
    QUARRY_ASSIGN_OR_RETURN(int64_t max_size, ReadField(bytes, &pos, "maximum size"));
    if (max_size <= 0 || max_size > INT32_MAX) return DataLossError("timestamp set: bad size");
    made = TimestampSet::Bounded(bucket, static_cast<int32_t>(max_size));
  }
  if (!made.ok()) return DataLossError("timestamp set: " + made.status().message());
  TimestampSet set = std::move(made).value();
  if (sampled) set.SwitchToSample();
  QUARRY_ASSIGN_OR_RETURN(int64_t count, ReadField(bytes, &pos, "count"));
  if (count < 0 || static_cast<uint64_t>(count) > bytes.size() - pos) {
    return DataLossError("timestamp set: bad count");
  }
  int64_t t = 0;
  for (int64_t i = 0; i < count; ++i) {
    QUARRY_ASSIGN_OR_RETURN(int64_t step, ReadField(bytes, &pos, "timestamp"));
    if (i > 0 && step <= 0) return DataLossError("timestamp set: timestamps out of order");
    t = i == 0 ? step : t + step;
    if (Status added = set.Add(t); !added.ok()) {
      return DataLossError("timestamp set: " + added.message());
    }
  }
  if (pos != bytes.size()) return DataLossError("timestamp set: trailing bytes");
  return Value::TimestampSet(std::make_shared<const TimestampSet>(std::move(set)));
}

Result<Value> ReadLongTimeSeries(std::string_view bytes) {
  if (bytes.size() < 2 || static_cast<uint8_t>(bytes[0]) != kFormatVersion ||
      static_cast<uint8_t>(bytes[1]) > kMaxBucket) {
    return DataLossError("long time series: bad header");
  }
  const auto bucket = static_cast<TimeBucket>(static_cast<uint8_t>(bytes[1]));
  size_t pos = 2;
  Result<int64_t> count = ReadVLong(bytes, &pos);
  // Each entry takes at least two bytes.
  if (!count.ok() || *count < 0 || static_cast<uint64_t>(*count) > (bytes.size() - pos) / 2) {
    return DataLossError("long time series: bad count");
  }
  std::vector<int64_t> starts(static_cast<size_t>(*count));
  for (size_t i = 0; i < starts.size(); ++i) {
    Result<int64_t> step = ReadVLong(bytes, &pos);
    if (!step.ok()) return DataLossError("long time series: truncated instant");
    // A gap is the difference of two longs, so it may wrap; added back the
    // same way it gives the next start, which must be later.
    starts[i] = i == 0 ? *step
                       : static_cast<int64_t>(static_cast<uint64_t>(starts[i - 1]) +
                                              static_cast<uint64_t>(*step));
    if (i > 0 && starts[i] <= starts[i - 1]) {
      return DataLossError("long time series: instants out of order");
    }
    if (TimeBucketStart(starts[i], bucket) != starts[i]) {
      return DataLossError("long time series: an instant is not the start of its bucket");
    }
  }
  LongTimeSeries series(bucket);
  for (int64_t start : starts) {
    Result<int64_t> value = ReadVLong(bytes, &pos);
    if (!value.ok()) return DataLossError("long time series: truncated value");
    series.Put(start, *value);
  }
  if (pos != bytes.size()) return DataLossError("long time series: trailing bytes");
  return Value::LongTimeSeries(std::make_shared<const LongTimeSeries>(std::move(series)));
}

}  // namespace

Status RbmBackedTimestampSetSerialiser::SerialiseNonNull(const Value& value,
                                                         std::string* dst) const {
  AppendTimestampSet(value.AsTimestampSet(), dst);
  return Status::OK();
}

Result<Value> RbmBackedTimestampSetSerialiser::DeserialiseNonEmpty(std::string_view bytes) const {
  return ReadTimestampSet(bytes, false);
}

Status BoundedTimestampSetSerialiser::SerialiseNonNull(const Value& value, std::string* dst) const {
  AppendTimestampSet(value.AsTimestampSet(), dst);
  return Status::OK();
}

Result<Value> BoundedTimestampSetSerialiser::DeserialiseNonEmpty(std::string_view bytes) const {
  return ReadTimestampSet(bytes, true);
}

Status DeltaLongTimeSeriesSerialiser::SerialiseNonNull(const Value& value, std::string* dst) const {
  const LongTimeSeries& series = value.AsLongTimeSeries();
  dst->push_back(static_cast<char>(kFormatVersion));
  dst->push_back(static_cast<char>(series.bucket()));
  AppendVLong(static_cast<int64_t>(series.entries().size()), dst);
  int64_t previous = 0;
  bool first = true;
  for (const auto& [start, count] : series.entries()) {
    // The first start whole, then the gap to each next one, which wraps
    // (as a two's complement difference) when it exceeds a long.
    AppendVLong(first ? start
                      : static_cast<int64_t>(static_cast<uint64_t>(start) -
                                             static_cast<uint64_t>(previous)),
                dst);
    previous = start;
    first = false;
  }
  for (const auto& [start, count] : series.entries()) AppendVLong(count, dst);
  return Status::OK();
}

Result<Value> DeltaLongTimeSeriesSerialiser::DeserialiseNonEmpty(std::string_view bytes) const {
  return ReadLongTimeSeries(bytes);
}

}  // namespace quarry
