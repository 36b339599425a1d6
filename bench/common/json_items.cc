#include "bench/common/json_items.h"

#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace quarry::bench {

namespace {

constexpr size_t kBlock = 64;

// Bit i set where p[i] == c, for the 64 bytes at p.
#if defined(__SSE2__)
struct Block64 {
  __m128i part[4];
  explicit Block64(const char* p) {
    for (int i = 0; i < 4; ++i) {
      part[i] = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 16 * i));
    }
  }
  uint64_t Equal(char c) const {
    const __m128i needle = _mm_set1_epi8(c);
    uint64_t mask = 0;
    for (int i = 0; i < 4; ++i) {
      const auto bits = static_cast<uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(part[i], needle)));
      mask |= uint64_t{bits} << (16 * i);
    }
    return mask;
  }
};
#else
struct Block64 {
  const char* p;
  explicit Block64(const char* bytes) : p(bytes) {}
  uint64_t Equal(char c) const {
    uint64_t mask = 0;
    for (size_t i = 0; i < kBlock; ++i) mask |= uint64_t{p[i] == c} << i;
    return mask;
  }
};
#endif

// Bit i is the XOR of bits 0..i: from an opening quote's bit up to (not
// including) its closing quote's, the bits are set.
uint64_t PrefixXor(uint64_t x) {
  for (int shift = 1; shift < 64; shift *= 2) x ^= x << shift;
  return x;
}

}  // namespace

void JsonArrayItemCounter::Feed(std::string_view bytes) {
  const char* p = bytes.data();
  const char* const end = p + bytes.size();
  while (p < end) {
    if (depth_ >= 2 && !escaped_ && static_cast<size_t>(end - p) >= kBlock) {
      const char* next = Block(p);
      p = next != p ? next : Bytewise(p, p + kBlock);
    } else {
      p = Bytewise(p, p + 1);
    }
  }
}

const char* JsonArrayItemCounter::Block(const char* p) {
  const Block64 block(p);
  if (block.Equal('\\') != 0) return p;
  const uint64_t inside = PrefixXor(block.Equal('"')) ^ (in_string_ ? ~uint64_t{0} : 0);
  const uint64_t open = block.Equal('{') | block.Equal('[');
  const uint64_t close = block.Equal('}') | block.Equal(']');
  // Commas two levels down separate nothing counted: only brackets matter.
  for (uint64_t events = (open | close) & ~inside; events != 0; events &= events - 1) {
    const int i = __builtin_ctzll(events);
    if ((open >> i) & 1) {
      ++depth_;
    } else if (--depth_ < 2) {  // An item closed; a bracket is never in a string.
      // Compact arrays of objects go on ",{": the next item opens at once
      // (its bracket is the next event), so the block carries on.
      if (i + 2 < static_cast<int>(kBlock) && p[i + 1] == ',' &&
          (p[i + 2] == '{' || p[i + 2] == '[')) {
        ++items_;
        continue;
      }
      in_string_ = false;
      return p + i + 1;
    }
  }
  in_string_ = (inside >> 63) & 1;
  return p + kBlock;
}

const char* JsonArrayItemCounter::Bytewise(const char* p, const char* limit) {
  while (p < limit) {
    if (in_string_) {
      if (escaped_) {
        escaped_ = false;
      } else if (*p == '\\') {
        escaped_ = true;
      } else if (*p == '"') {
        in_string_ = false;
      }
      ++p;
      continue;
    }
    const char c = *p++;
    switch (c) {
      case '"':
        in_string_ = true;
        break;
      case '[':
      case '{':
        ++depth_;
        break;
      case ']':
      case '}':
        if (--depth_ == 0) {
          closed_ = true;
          if (item_open_) ++items_;
          item_open_ = false;
          continue;
        }
        break;
      case ',':
        if (depth_ == 1 && item_open_) {
          ++items_;
          item_open_ = false;
          continue;
        }
        break;
      case ' ':
      case '\n':
      case '\r':
      case '\t':
        continue;
      default:
        break;
    }
    // Any other byte inside the top-level array starts (or continues) an item.
    if (depth_ >= 1 && !(depth_ == 1 && c == '[')) item_open_ = true;
  }
  return limit;
}

void LineItemCounter::Feed(std::string_view bytes) {
  const char* p = bytes.data();
  const char* const end = p + bytes.size();
  while ((p = static_cast<const char*>(std::memchr(p, '\n', static_cast<size_t>(end - p)))) !=
         nullptr) {
    ++items_;
    ++p;
  }
}

}  // namespace quarry::bench
