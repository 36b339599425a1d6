#include "graph-core/timestamp_set.h"

#include <algorithm>
#include <array>
#include <tuple>
#include <utility>

#include "graph-core/functions/internal/simple_date_format.h"

namespace quarry {
namespace {

namespace fi = functions_internal;

constexpr int64_t kSecondMs = 1000;
constexpr int64_t kMinuteMs = 60 * kSecondMs;
constexpr int64_t kHourMs = 60 * kMinuteMs;
constexpr int64_t kDayMs = 24 * kHourMs;
// RBMBackedTimestampSet's MAX_TIME: Integer.MAX_VALUE seconds.
constexpr int64_t kRbmMaxMs = int64_t{2147483647} * kSecondMs;

constexpr std::array<std::pair<std::string_view, TimeBucket>, 8> kBucketNames = {{
    {"MILLISECOND", TimeBucket::kMillisecond},
    {"SECOND", TimeBucket::kSecond},
    {"MINUTE", TimeBucket::kMinute},
    {"HOUR", TimeBucket::kHour},
    {"DAY", TimeBucket::kDay},
    {"WEEK", TimeBucket::kWeek},
    {"MONTH", TimeBucket::kMonth},
    {"YEAR", TimeBucket::kYear},
}};

// q * unit as Java's long arithmetic gives it: wrapping, where a bucket
// start lies beyond the range of longs (instants near Long.MIN_VALUE).
int64_t WrappingTimes(int64_t q, int64_t unit) {
  return static_cast<int64_t>(static_cast<uint64_t>(q) * static_cast<uint64_t>(unit));
}

int64_t FloorToUnit(int64_t ms, int64_t unit) {
  int64_t q = ms / unit;
  if (ms % unit != 0 && ms < 0) --q;
  return WrappingTimes(q, unit);
}

// SplitMix64's finaliser: the sample order of a bounded set's timestamps.
uint64_t SampleHash(int64_t v) {
  uint64_t z = static_cast<uint64_t>(v) + 0x9e3779b97f4a7c15ULL;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

// Reads `n` digits at text[*pos] into *out.
bool Digits(std::string_view text, size_t* pos, size_t n, int64_t* out) {
  if (*pos + n > text.size()) return false;
  int64_t v = 0;
  for (size_t i = 0; i < n; ++i) {
    char c = text[*pos + i];
    if (c < '0' || c > '9') return false;
    v = v * 10 + (c - '0');
  }
  *pos += n;
  *out = v;
  return true;
}

bool Expect(std::string_view text, size_t* pos, char c) {
  if (*pos >= text.size() || text[*pos] != c) return false;
  ++*pos;
  return true;
}

}  // namespace

std::optional<TimeBucket> ParseTimeBucket(std::string_view name) {
  for (const auto& [n, bucket] : kBucketNames) {
    if (n == name) return bucket;
  }
  return std::nullopt;
}

std::string_view TimeBucketName(TimeBucket bucket) {
  for (const auto& [n, b] : kBucketNames) {
    if (b == bucket) return n;
  }
  return "";
}

int64_t TimeBucketStart(int64_t ms, TimeBucket bucket) {
  switch (bucket) {
    case TimeBucket::kMillisecond:
      return ms;
    case TimeBucket::kSecond:
      return FloorToUnit(ms, kSecondMs);
    case TimeBucket::kMinute:
      return FloorToUnit(ms, kMinuteMs);
    case TimeBucket::kHour:
      return FloorToUnit(ms, kHourMs);
    case TimeBucket::kDay:
      return FloorToUnit(ms, kDayMs);
    case TimeBucket::kWeek: {
      int64_t days = FloorToUnit(ms, kDayMs) / kDayMs;
      int64_t since_monday = ((days + 3) % 7 + 7) % 7;  // 1970-01-01 was a Thursday.
      return WrappingTimes(days - since_monday, kDayMs);
    }
    case TimeBucket::kMonth: {
      fi::YearMonth ym = fi::YearMonthOf(ms);
      return WrappingTimes(fi::DaysFromCivil(ym.year, ym.month, 1), kDayMs);
    }
    case TimeBucket::kYear:
      return WrappingTimes(fi::DaysFromCivil(fi::YearMonthOf(ms).year, 1, 1), kDayMs);
  }
  return ms;
}

int64_t TimeBucketEnd(int64_t ms, TimeBucket bucket) {
  const int64_t start = TimeBucketStart(ms, bucket);
  switch (bucket) {
    case TimeBucket::kMillisecond:
      return start;
    case TimeBucket::kSecond:
      return start + kSecondMs - 1;
    case TimeBucket::kMinute:
      return start + kMinuteMs - 1;
    case TimeBucket::kHour:
      return start + kHourMs - 1;
    case TimeBucket::kDay:
      return start + kDayMs - 1;
    case TimeBucket::kWeek:
      return start + 7 * kDayMs - 1;
    case TimeBucket::kMonth: {
      fi::YearMonth ym = fi::YearMonthOf(start);
      return fi::DaysFromCivil(ym.year + (ym.month == 12), ym.month % 12 + 1, 1) * kDayMs - 1;
    }
    case TimeBucket::kYear:
      return fi::DaysFromCivil(fi::YearMonthOf(start).year + 1, 1, 1) * kDayMs - 1;
  }
  return ms;
}

Result<TimestampSet> TimestampSet::Rbm(TimeBucket bucket) {
  if (bucket == TimeBucket::kMillisecond) {
    return InvalidArgumentError(
        "RBMBackedTimestampSet: a TimeBucket of MILLISECOND is not supported");
  }
  return TimestampSet(false, bucket, 0);
}

Result<TimestampSet> TimestampSet::Bounded(TimeBucket bucket, int32_t max_size) {
  if (max_size <= 0) {
    return InvalidArgumentError(
        "BoundedTimestampSet: maximum size must be strictly positive, got " +
        std::to_string(max_size));
  }
  if (bucket == TimeBucket::kMillisecond) {
    return InvalidArgumentError(
        "BoundedTimestampSet: a TimeBucket of MILLISECOND is not supported");
  }
  return TimestampSet(true, bucket, max_size);
}

Status TimestampSet::Add(int64_t epoch_ms) {
  if (!sampled_ && (epoch_ms < 0 || epoch_ms > kRbmMaxMs)) {
    return InvalidArgumentError("Invalid instant of " + fi::InstantString(epoch_ms) +
                                " (a timestamp set holds 1970-01-01T00:00:00Z to "
                                "2038-01-19T03:14:07Z)");
  }
  const int64_t start = TimeBucketStart(epoch_ms, bucket_);
  auto it = std::lower_bound(timestamps_.begin(), timestamps_.end(), start);
  if (it == timestamps_.end() || *it != start) timestamps_.insert(it, start);
  if (bounded_ && timestamps_.size() > static_cast<size_t>(max_size_)) KeepSample();
  return Status::OK();
}

void TimestampSet::KeepSample() {
  sampled_ = true;
  if (timestamps_.size() <= static_cast<size_t>(max_size_)) return;
  std::vector<int64_t> by_hash = timestamps_;
  std::nth_element(by_hash.begin(), by_hash.begin() + max_size_, by_hash.end(),
                   [](int64_t a, int64_t b) { return SampleHash(a) < SampleHash(b); });
  by_hash.resize(static_cast<size_t>(max_size_));
  std::sort(by_hash.begin(), by_hash.end());
  timestamps_ = std::move(by_hash);
}

Status TimestampSet::Merge(const TimestampSet& other) {
  const std::string_view kind = bounded_ ? "BoundedTimestampSet" : "RBMBackedTimestampSet";
  if (bounded_ != other.bounded_) {
    return InvalidArgumentError(std::string(kind) + ": cannot merge a different kind of set");
  }
  if (bucket_ != other.bucket_) {
    return InvalidArgumentError(std::string(kind) +
                                ": can only merge sets with the same time bucket: a has " +
                                std::string(TimeBucketName(bucket_)) + ", b has " +
                                std::string(TimeBucketName(other.bucket_)));
  }
  if (max_size_ != other.max_size_) {
    return InvalidArgumentError(
        std::string(kind) + ": can only merge sets with the same maximum size: a has " +
        std::to_string(max_size_) + ", b has " + std::to_string(other.max_size_));
  }
  std::vector<int64_t> merged;
  merged.reserve(timestamps_.size() + other.timestamps_.size());
  std::set_union(timestamps_.begin(), timestamps_.end(), other.timestamps_.begin(),
                 other.timestamps_.end(), std::back_inserter(merged));
  timestamps_ = std::move(merged);
  // Gaffer's aggregator switches a to sampling when either set samples.
  if (bounded_ &&
      (sampled_ || other.sampled_ || timestamps_.size() > static_cast<size_t>(max_size_))) {
    KeepSample();
  }
  return Status::OK();
}

// RBMBackedTimestampSet's bitmap index of a time: its bucket's start in
// seconds, minutes, hours or (for days and longer) days, cut to 32 bits as
// Java's (int) cast does.
int32_t TimestampSet::BucketIndex(int64_t epoch_ms) const {
  int64_t unit = kDayMs;
  if (bucket_ == TimeBucket::kSecond) unit = kSecondMs;
  if (bucket_ == TimeBucket::kMinute) unit = kMinuteMs;
  if (bucket_ == TimeBucket::kHour) unit = kHourMs;
  if (bucket_ == TimeBucket::kMillisecond) unit = 1;
  return static_cast<int32_t>(static_cast<uint32_t>(TimeBucketStart(epoch_ms, bucket_) / unit));
}

Result<std::pair<size_t, size_t>> TimestampSet::MaskedRange(std::optional<int64_t> start_ms,
                                                            std::optional<int64_t> end_ms) const {
  if (start_ms && end_ms && *start_ms > *end_ms) {
    return InvalidArgumentError(
        "The start time should not be chronologically later than the end time");
  }
  if (timestamps_.empty()) return std::pair<size_t, size_t>(0, 0);
  const int32_t start = BucketIndex(start_ms.value_or(timestamps_.front()));
  const int32_t end = BucketIndex(end_ms.value_or(timestamps_.back()));
  for (auto [ms, index, what] : {std::tuple{start_ms, start, "start"}, {end_ms, end, "end"}}) {
    if (ms && *ms > 0 && index < 0) {
      return InvalidArgumentError(std::string("Failed to convert ") + what + " time to " +
                                  std::string(TimeBucketName(bucket_)) +
                                  " as the resulting value was outside the range of Integer");
    }
  }
  // Gaffer masks with RoaringBitmap.add(int, int) over [start, end + 1),
  // which reads a negative start (and then the end) as unsigned: the range
  // is then empty unless both are negative.
  const int32_t end_exclusive = static_cast<int32_t>(static_cast<uint32_t>(end) + 1u);
  const int64_t low = start >= 0 ? start : static_cast<int64_t>(static_cast<uint32_t>(start));
  const int64_t high =
      start >= 0 ? end_exclusive : static_cast<int64_t>(static_cast<uint32_t>(end_exclusive));
  // The held timestamps' bucket numbers ascend with them, so the kept ones
  // are one run.
  auto below = [this](int64_t bound) {
    return [this, bound](int64_t t) { return BucketIndex(t) < bound; };
  };
  auto first = std::partition_point(timestamps_.begin(), timestamps_.end(), below(low));
  auto last = std::partition_point(first, timestamps_.end(), below(high));
  return std::pair<size_t, size_t>(first - timestamps_.begin(), last - timestamps_.begin());
}

Status TimestampSet::Mask(std::optional<int64_t> start_ms, std::optional<int64_t> end_ms) {
  QUARRY_ASSIGN_OR_RETURN(auto range, MaskedRange(start_ms, end_ms));
  timestamps_.erase(timestamps_.begin() + static_cast<ptrdiff_t>(range.second), timestamps_.end());
  timestamps_.erase(timestamps_.begin(), timestamps_.begin() + static_cast<ptrdiff_t>(range.first));
  return Status::OK();
}

std::string TimestampSet::ToJavaString() const {
  std::string out =
      bounded_ ? "BoundedTimestampSet[timeBucket=" : "RBMBackedTimestampSet[timeBucket=";
  out += TimeBucketName(bucket_);
  if (bounded_) {
    out += sampled_ ? ",state=SAMPLE" : ",state=NOT_FULL";
    out += ",maxSize=" + std::to_string(max_size_);
  }
  out += ",timestamps=";
  for (size_t i = 0; i < timestamps_.size(); ++i) {
    if (i > 0) out += ',';
    out += fi::InstantString(timestamps_[i]);
  }
  return out + "]";
}

// ISO_INSTANT's year: four digits, or a sign and more (a '+' only before
// five or more, as Java's strict parse demands; a '-' before four or more).
bool ReadYear(std::string_view text, size_t* pos, int64_t* year) {
  if (*pos >= text.size() || (text[*pos] != '+' && text[*pos] != '-')) {
    return Digits(text, pos, 4, year);
  }
  const bool negative = text[*pos] == '-';
  size_t n = 0;
  while (*pos + 1 + n < text.size() && text[*pos + 1 + n] >= '0' && text[*pos + 1 + n] <= '9') ++n;
  if (n < (negative ? 4u : 5u) || n > 10) return false;
  ++*pos;
  if (!Digits(text, pos, n, year)) return false;
  if (negative) *year = -*year;
  return true;
}

std::optional<int64_t> ParseInstant(std::string_view text) {
  size_t pos = 0;
  int64_t year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0, millis = 0;
  if (!ReadYear(text, &pos, &year) || !Expect(text, &pos, '-') || !Digits(text, &pos, 2, &month) ||
      !Expect(text, &pos, '-') || !Digits(text, &pos, 2, &day) || !Expect(text, &pos, 'T') ||
      !Digits(text, &pos, 2, &hour) || !Expect(text, &pos, ':') ||
      !Digits(text, &pos, 2, &minute)) {
    return std::nullopt;
  }
  if (pos < text.size() && text[pos] == ':') {
    ++pos;
    if (!Digits(text, &pos, 2, &second)) return std::nullopt;
    if (pos < text.size() && text[pos] == '.') {
      ++pos;
      size_t digits = 0;
      for (; pos < text.size() && text[pos] >= '0' && text[pos] <= '9'; ++pos, ++digits) {
        if (digits < 3) millis = millis * 10 + (text[pos] - '0');
      }
      if (digits == 0 || digits > 9) return std::nullopt;
      for (; digits < 3; ++digits) millis *= 10;
    }
  }
  if (pos + 1 != text.size() || text[pos] != 'Z') return std::nullopt;
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) {
    return std::nullopt;
  }
  // Beyond the range of long milliseconds (Instant.toEpochMilli throws).
  const __int128 ms = static_cast<__int128>(fi::DaysFromCivil(year, month, day)) * kDayMs +
                      hour * kHourMs + minute * kMinuteMs + second * kSecondMs + millis;
  if (ms > INT64_MAX || ms < INT64_MIN) return std::nullopt;
  return static_cast<int64_t>(ms);
}

}  // namespace quarry
