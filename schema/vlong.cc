#include "schema/vlong.h"

namespace quarry {
namespace {

constexpr int64_t kMinOneByte = -112;
constexpr int64_t kMaxOneByte = 127;

// Number of bytes in the big-endian magnitude (0 for 0).
int MagnitudeBytes(uint64_t magnitude) {
  int n = 0;
  while (magnitude != 0) {
    magnitude >>= 8;
    ++n;
  }
  return n;
}

bool IsNegativeMarker(int8_t first) { return first < -120 || (first >= -112 && first < 0); }

}  // namespace

void AppendVLong(int64_t v, std::string* dst) {
  if (v >= kMinOneByte && v <= kMaxOneByte) {
    dst->push_back(static_cast<char>(v));
    return;
  }
  bool negative = v < 0;
  uint64_t magnitude = static_cast<uint64_t>(negative ? ~v : v);
  int n = MagnitudeBytes(magnitude);
  int marker = (negative ? -120 : -112) - n;
  dst->push_back(static_cast<char>(marker));
  for (int i = n - 1; i >= 0; --i) {
    dst->push_back(static_cast<char>((magnitude >> (8 * i)) & 0xff));
  }
}

int VLongSize(int64_t v) {
  if (v >= kMinOneByte && v <= kMaxOneByte) return 1;
  return 1 + MagnitudeBytes(static_cast<uint64_t>(v < 0 ? ~v : v));
}

int DecodeVLongSize(uint8_t first_byte) {
  auto first = static_cast<int8_t>(first_byte);
  if (first >= -112) return 1;
  if (first < -120) return -119 - first;
  return -111 - first;
}

Result<int64_t> ReadVLong(std::string_view bytes, size_t* pos) {
  if (*pos >= bytes.size()) return DataLossError("VLong: no bytes left to read");
  auto first = static_cast<int8_t>(bytes[*pos]);
  int size = DecodeVLongSize(static_cast<uint8_t>(first));
  if (size == 1) {
    ++*pos;
    return static_cast<int64_t>(first);
  }
  if (bytes.size() - *pos < static_cast<size_t>(size)) {
    return DataLossError("VLong: truncated, needs " + std::to_string(size) + " bytes, has " +
                         std::to_string(bytes.size() - *pos));
  }
  uint64_t magnitude = 0;
  for (int i = 1; i < size; ++i) {
    magnitude = (magnitude << 8) | static_cast<uint8_t>(bytes[*pos + i]);
  }
  *pos += size;
  auto value = static_cast<int64_t>(magnitude);
  return IsNegativeMarker(first) ? ~value : value;
}

void AppendLengthPrefixed(std::string_view value, std::string* dst) {
  AppendVLong(static_cast<int64_t>(value.size()), dst);
  dst->append(value);
}

Result<std::string_view> ReadLengthPrefixed(std::string_view bytes, size_t* pos) {
  QUARRY_ASSIGN_OR_RETURN(int64_t length, ReadVLong(bytes, pos));
  if (length < 0) return DataLossError("negative length prefix " + std::to_string(length));
  if (static_cast<uint64_t>(length) > bytes.size() - *pos) {
    return DataLossError("length prefix " + std::to_string(length) + " runs past the end (" +
                         std::to_string(bytes.size() - *pos) + " bytes left)");
  }
  std::string_view out = bytes.substr(*pos, static_cast<size_t>(length));
  *pos += static_cast<size_t>(length);
  return out;
}

}  // namespace quarry
