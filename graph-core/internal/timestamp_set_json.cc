// JSON forms of the time library's timestamp sets, as Gaffer's Jackson
// mapper reads and writes them:
//   RBMBackedTimestampSet: {"timeBucket": "MINUTE", "timestamps": [...]};
//   BoundedTimestampSet:   the same plus "maxSize" and optionally "state".
// Timestamps are java.time.Instants: read from ISO-8601 strings
// ("2017-01-08T07:29:13Z") or numbers of seconds (JSR310's form); written
// as numbers of seconds, the form Gaffer's mapper (JSR310Module, dates as
// timestamps) writes, with the getters' "earliest", "latest" and
// "numberOfTimestamps", in alphabetical order (@JsonPropertyOrder).
// And LongTimeSeries: {"timeBucket": "SECOND", "timeSeries": {instant: n}},
// whose instants are map keys, so ISO-8601 strings both ways.
#include <cmath>
#include <memory>

#include "graph-core/functions/internal/simple_date_format.h"
#include "graph-core/internal/json_value_util.h"
#include "graph-core/long_time_series.h"
#include "graph-core/timestamp_set.h"

namespace quarry::internal {
namespace {

// One Instant: an ISO string, or seconds (with a fraction) since the epoch.
Result<int64_t> InstantFromJson(const Json& json, std::string_view path) {
  if (json.is_string()) {
    std::optional<int64_t> ms = ParseInstant(json.get_ref<const std::string&>());
    if (!ms) return JsonError(path, "expected an ISO-8601 instant such as 2017-01-08T07:29:13Z");
    return *ms;
  }
  if (json.is_number_integer()) {
    QUARRY_ASSIGN_OR_RETURN(int64_t seconds, JsonToInt64(json, path));
    if (seconds > INT64_MAX / 1000 || seconds < INT64_MIN / 1000) {
      return JsonError(path, "instant out of range");
    }
    return seconds * 1000;
  }
  if (json.is_number_float()) {
    const double seconds = json.get<double>();
    if (!std::isfinite(seconds) || std::fabs(seconds) > 9.2e15) {
      return JsonError(path, "instant out of range");
    }
    return static_cast<int64_t>(std::floor(seconds * 1000.0 + 0.5));
  }
  return JsonError(path, "expected an instant (ISO-8601 string or seconds), got " +
                             std::string(JsonTypeName(json)));
}

Json InstantToJson(int64_t epoch_ms) {
  if (epoch_ms % 1000 == 0) return static_cast<double>(epoch_ms / 1000);
  return static_cast<double>(epoch_ms) / 1000.0;
}

Result<TimeBucket> ReadBucket(const Json& payload, std::string_view class_name,
                              std::string_view path) {
  const Json* json = json_fields::Find(payload, "timeBucket");
  const std::string field = json_fields::Join(path, "timeBucket");
  if (json == nullptr) {
    return JsonError(field, "required (" + std::string(class_name) + "'s time bucket)");
  }
  std::optional<TimeBucket> bucket =
      json->is_string() ? ParseTimeBucket(json->get_ref<const std::string&>()) : std::nullopt;
  if (!bucket) {
    return JsonError(field, "expected MILLISECOND, SECOND, MINUTE, HOUR, DAY, WEEK, MONTH or YEAR");
  }
  return *bucket;
}

Result<TimestampSet> EmptySet(ValueType type, const Json& payload, std::string_view class_name,
                              std::string_view path) {
  QUARRY_ASSIGN_OR_RETURN(TimeBucket bucket, ReadBucket(payload, class_name, path));
  Result<TimestampSet> set = [&]() -> Result<TimestampSet> {
    if (type == ValueType::kRbmTimestampSet) return TimestampSet::Rbm(bucket);
    const Json* max_size = json_fields::Find(payload, "maxSize");
    const std::string field = json_fields::Join(path, "maxSize");
    if (max_size == nullptr)
      return JsonError(field, "required (BoundedTimestampSet's maximum size)");
    QUARRY_ASSIGN_OR_RETURN(int64_t n, JsonToInt64(*max_size, field));
    if (n > INT32_MAX) return JsonError(field, "too large");
    return TimestampSet::Bounded(bucket, static_cast<int32_t>(n));
  }();
  if (!set.ok()) return JsonError(path, set.status().message());
  return set;
}

}  // namespace

Result<Value> TimestampSetFromJson(ValueType type, const Json& payload, std::string_view class_name,
                                   std::string_view path) {
  if (!payload.is_object()) {
    return JsonError(path, "class '" + std::string(class_name) + "': expected an object, got " +
                               std::string(JsonTypeName(payload)));
  }
  QUARRY_ASSIGN_OR_RETURN(TimestampSet set, EmptySet(type, payload, class_name, path));
  if (const Json* timestamps = json_fields::Find(payload, "timestamps"); timestamps != nullptr) {
    const std::string field = json_fields::Join(path, "timestamps");
    if (!timestamps->is_array()) {
      return JsonError(field, "expected an array, got " + std::string(JsonTypeName(*timestamps)));
    }
    for (size_t i = 0; i < timestamps->size(); ++i) {
      const std::string item = json_fields::Index(field, i);
      QUARRY_ASSIGN_OR_RETURN(int64_t ms, InstantFromJson((*timestamps)[i], item));
      Status added = set.Add(ms);
      if (!added.ok()) return JsonError(item, added.message());
    }
  }
  if (type == ValueType::kBoundedTimestampSet) {
    if (const Json* state = json_fields::Find(payload, "state"); state != nullptr) {
      if (*state == "SAMPLE") set.SwitchToSample();
    }
  }
  return Value::TimestampSet(std::make_shared<const TimestampSet>(std::move(set)));
}

// {"timeBucket": B, "timeSeries": {ISO instant: long, ...}}: Jackson reads
// the map's keys with Instant's ISO-8601 form, and a missing bucket is
// refused, as LongTimeSeries' constructor refuses null.
Result<Value> LongTimeSeriesFromJson(const Json& payload, std::string_view path) {
  if (!payload.is_object()) {
    return JsonError(path,
                     "class 'uk.gov.gchq.gaffer.time.LongTimeSeries': expected an object, "
                     "got " +
                         std::string(JsonTypeName(payload)));
  }
  QUARRY_ASSIGN_OR_RETURN(TimeBucket bucket, ReadBucket(payload, "LongTimeSeries", path));
  LongTimeSeries series(bucket);
  const Json* entries = json_fields::Find(payload, "timeSeries");
  if (entries != nullptr && !entries->is_null()) {
    const std::string field = json_fields::Join(path, "timeSeries");
    if (!entries->is_object()) {
      return JsonError(field, "expected an object of instant: count, got " +
                                  std::string(JsonTypeName(*entries)));
    }
    // In the document's order: a later instant of the same bucket replaces
    // an earlier one (LongTimeSeries.put).
    for (const auto& [key, value] : entries->items()) {
      const std::string item = json_fields::Join(field, key);
      std::optional<int64_t> ms = ParseInstant(key);
      if (!ms)
        return JsonError(item, "expected an ISO-8601 instant key such as 2017-01-01T00:00:00Z");
      QUARRY_ASSIGN_OR_RETURN(int64_t count, JsonToInt64(value, item));
      series.Put(*ms, count);
    }
  }
  return Value::LongTimeSeries(std::make_shared<const LongTimeSeries>(std::move(series)));
}

// Jackson's form: the getters alphabetically, the map's keys as
// Instant.toString (ISO-8601, UTC, milliseconds only when non-zero), its
// values as bare numbers, ascending by time.
Json LongTimeSeriesToJson(const LongTimeSeries& series) {
  Json out = Json::object();
  out["timeBucket"] = std::string(TimeBucketName(series.bucket()));
  Json entries = Json::object();
  for (const auto& [start, count] : series.entries()) {
    entries[functions_internal::InstantString(start)] = count;
  }
  out["timeSeries"] = std::move(entries);
  return out;
}

Json TimestampSetToJson(const TimestampSet& set) {
  Json out = Json::object();
  const std::vector<int64_t>& ts = set.timestamps();
  if (!ts.empty()) {
    out["earliest"] = InstantToJson(ts.front());
    out["latest"] = InstantToJson(ts.back());
  }
  if (set.bounded()) out["maxSize"] = set.max_size();
  out["numberOfTimestamps"] = static_cast<int64_t>(ts.size());
  if (set.bounded()) out["state"] = set.sampled() ? "SAMPLE" : "NOT_FULL";
  out["timeBucket"] = std::string(TimeBucketName(set.bucket()));
  Json list = Json::array();
  for (int64_t t : ts) list.push_back(InstantToJson(t));
  out["timestamps"] = std::move(list);
  return out;
}

}  // namespace quarry::internal
