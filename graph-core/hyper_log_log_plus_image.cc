// HyperLogLogPlus::Serialize / Deserialize: clearspring's byte layouts, and
// the 64-bit MurmurHash2 its offers go through.
//
// Current layout (getBytes): i32 -2 (big-endian), then unsigned varints p,
// sp and the format (0 NORMAL, 1 SPARSE). NORMAL: the byte length of the
// register words, then the words as big-endian i32. SPARSE: the number of
// encodings, then each as the (wrapping) difference from the one before.
// Legacy layout (no version; first i32 is p >= 0): i32 p, sp, format; NORMAL
// an i32 byte length and the words; SPARSE a run of (i32 length, varint
// bytes) deltas ended by a length <= 0.
#include "graph-core/hyper_log_log_plus.h"

namespace quarry {
namespace {

constexpr int32_t kHllpVersion = 2;

Status HllpCorrupt(const std::string& what) {
  return DataLossError("HyperLogLogPlus bytes: " + what);
}

void PutHllpI32(std::string* out, uint32_t v) {
  for (int shift = 24; shift >= 0; shift -= 8) out->push_back(static_cast<char>(v >> shift));
}

// Varint.writeUnsignedVarInt: seven bits at a time, low first.
void PutHllpVarint(std::string* out, uint32_t v) {
  while (v & ~0x7fu) {
    out->push_back(static_cast<char>((v & 0x7fu) | 0x80u));
    v >>= 7;
  }
  out->push_back(static_cast<char>(v));
}

class HllpReader {
 public:
  explicit HllpReader(std::string_view b) : b_(b) {}
  size_t left() const { return b_.size() - at_; }

  Result<uint32_t> I32(const char* what) {
    if (left() < 4) return HllpCorrupt(std::string("ends before ") + what);
    uint32_t v = 0;
    for (int i = 0; i < 4; ++i) v = (v << 8) | static_cast<uint8_t>(b_[at_++]);
    return v;
  }
  Result<uint32_t> Varint(const char* what) {
    uint64_t v = 0;
    for (int shift = 0; shift < 35; shift += 7) {
      if (left() < 1) return HllpCorrupt(std::string("ends inside ") + what);
      const auto byte = static_cast<uint8_t>(b_[at_++]);
      v |= static_cast<uint64_t>(byte & 0x7fu) << shift;
      if (!(byte & 0x80u)) return static_cast<uint32_t>(v);
    }
    return HllpCorrupt(std::string(what) + " is a varint longer than 5 bytes");
  }
  Result<std::string_view> Bytes(uint32_t n, const char* what) {
    if (left() < n) return HllpCorrupt(std::string(what) + " runs past the end");
    std::string_view out = b_.substr(at_, n);
    at_ += n;
    return out;
  }

 private:
  std::string_view b_;
  size_t at_ = 0;
};

}  // namespace

class HyperLogLogPlusImage {
 public:
  static Result<HyperLogLogPlus> Read(std::string_view bytes);

 private:
  static Result<HyperLogLogPlus> Start(uint32_t p, uint32_t sp);
  static Status ReadWords(std::string_view words, HyperLogLogPlus* out);
  static Status SetSparse(std::vector<uint32_t> set, HyperLogLogPlus* out);
  static Result<HyperLogLogPlus> ReadCurrent(HllpReader* in);
  static Result<HyperLogLogPlus> ReadLegacy(HllpReader* in);
};

Result<HyperLogLogPlus> HyperLogLogPlusImage::Start(uint32_t p, uint32_t sp) {
  Result<HyperLogLogPlus> out = HyperLogLogPlus::Create(static_cast<int>(std::min(p, 99u)),
                                                        static_cast<int>(std::min(sp, 99u)));
  if (!out.ok()) return HllpCorrupt(std::string(out.status().message()));
  return out;
}

Status HyperLogLogPlusImage::ReadWords(std::string_view words, HyperLogLogPlus* out) {
  if (out->sparse_mode_) out->ConvertToNormal();  // an empty sparse set: zero registers
  const size_t want = out->words_.size();
  if (words.size() != want * 4) {
    return HllpCorrupt("p " + std::to_string(out->p_) + " needs " + std::to_string(want * 4) +
                       " register bytes, got " + std::to_string(words.size()));
  }
  for (size_t w = 0; w < want; ++w) {
    uint32_t v = 0;
    for (int i = 0; i < 4; ++i) v = (v << 8) | static_cast<uint8_t>(words[w * 4 + i]);
    out->words_[w] = v;
  }
  return Status::OK();
}

Status HyperLogLogPlusImage::SetSparse(std::vector<uint32_t> set, HyperLogLogPlus* out) {
  if (out->sp_ == 0) return HllpCorrupt("a sparse set with sp 0");
  for (size_t i = 1; i < set.size(); ++i) {
    if (HyperLogLogPlus::SparseIndexOf(set[i - 1]) >= HyperLogLogPlus::SparseIndexOf(set[i])) {
      return HllpCorrupt("sparse entries out of order at entry " + std::to_string(i));
    }
  }
  out->sparse_set_ = std::move(set);
  out->sparse_mode_ = true;
  out->words_.clear();
  return Status::OK();
}

Result<HyperLogLogPlus> HyperLogLogPlusImage::ReadCurrent(HllpReader* in) {
  QUARRY_ASSIGN_OR_RETURN(uint32_t p, in->Varint("p"));
  QUARRY_ASSIGN_OR_RETURN(uint32_t sp, in->Varint("sp"));
  QUARRY_ASSIGN_OR_RETURN(uint32_t format, in->Varint("the format"));
  QUARRY_ASSIGN_OR_RETURN(HyperLogLogPlus out, Start(p, sp));
  if (format == 0) {
    QUARRY_ASSIGN_OR_RETURN(uint32_t size, in->Varint("the register length"));
    QUARRY_ASSIGN_OR_RETURN(std::string_view words, in->Bytes(size, "the registers"));
    QUARRY_RETURN_IF_ERROR(ReadWords(words, &out));
  } else {
    QUARRY_ASSIGN_OR_RETURN(uint32_t count, in->Varint("the sparse count"));
    if (count > in->left())
      return HllpCorrupt("sparse count " + std::to_string(count) + " too large");
    std::vector<uint32_t> set(count);
    uint32_t previous = 0;
    for (uint32_t& k : set) {
      QUARRY_ASSIGN_OR_RETURN(uint32_t delta, in->Varint("a sparse entry"));
      k = previous + delta;
      previous = k;
    }
    QUARRY_RETURN_IF_ERROR(SetSparse(std::move(set), &out));
  }
  return out;
}

Result<HyperLogLogPlus> HyperLogLogPlusImage::ReadLegacy(HllpReader* in) {
  QUARRY_ASSIGN_OR_RETURN(uint32_t p, in->I32("p"));
  QUARRY_ASSIGN_OR_RETURN(uint32_t sp, in->I32("sp"));
  QUARRY_ASSIGN_OR_RETURN(uint32_t format, in->I32("the format"));
  QUARRY_ASSIGN_OR_RETURN(HyperLogLogPlus out, Start(p, sp));
  if (format == 0) {
    QUARRY_ASSIGN_OR_RETURN(uint32_t size, in->I32("the register length"));
    QUARRY_ASSIGN_OR_RETURN(std::string_view words, in->Bytes(size, "the registers"));
    QUARRY_RETURN_IF_ERROR(ReadWords(words, &out));
    return out;
  }
  std::vector<uint32_t> set;
  uint32_t previous = 0;
  for (;;) {
    QUARRY_ASSIGN_OR_RETURN(uint32_t length, in->I32("a sparse entry length"));
    if (static_cast<int32_t>(length) <= 0) break;
    QUARRY_ASSIGN_OR_RETURN(std::string_view entry, in->Bytes(length, "a sparse entry"));
    HllpReader one(entry);
    QUARRY_ASSIGN_OR_RETURN(uint32_t delta, one.Varint("a sparse entry"));
    previous += delta;
    set.push_back(previous);
  }
  QUARRY_RETURN_IF_ERROR(SetSparse(std::move(set), &out));
  return out;
}

Result<HyperLogLogPlus> HyperLogLogPlusImage::Read(std::string_view bytes) {
  HllpReader in(bytes);
  QUARRY_ASSIGN_OR_RETURN(uint32_t version, in.I32("the version"));
  const bool legacy = static_cast<int32_t>(version) >= 0;  // legacy images have no version
  if (legacy) in = HllpReader(bytes);
  Result<HyperLogLogPlus> out = legacy ? ReadLegacy(&in) : ReadCurrent(&in);
  if (out.ok() && in.left() != 0) {
    return HllpCorrupt(std::to_string(in.left()) + " bytes after the sketch");
  }
  return out;
}

std::string HyperLogLogPlus::Serialize() const {
  std::string out;
  PutHllpI32(&out, static_cast<uint32_t>(-kHllpVersion));
  PutHllpVarint(&out, static_cast<uint32_t>(p_));
  PutHllpVarint(&out, static_cast<uint32_t>(sp_));
  if (sparse_mode_) {
    PutHllpVarint(&out, 1);
    PutHllpVarint(&out, static_cast<uint32_t>(sparse_set_.size()));
    uint32_t previous = 0;
    for (uint32_t k : sparse_set_) {
      PutHllpVarint(&out, k - previous);
      previous = k;
    }
  } else {
    PutHllpVarint(&out, 0);
    PutHllpVarint(&out, static_cast<uint32_t>(words_.size() * 4));
    for (uint32_t w : words_) PutHllpI32(&out, w);
  }
  return out;
}

Result<HyperLogLogPlus> HyperLogLogPlus::Deserialize(std::string_view bytes) {
  return HyperLogLogPlusImage::Read(bytes);
}

namespace internal {

uint64_t MurmurHash64A(std::string_view bytes, uint32_t seed) {
  constexpr uint64_t kM = 0xc6a4a7935bd1e995ull;
  constexpr int kR = 47;
  const size_t n = bytes.size();
  uint64_t h = static_cast<uint64_t>(seed) ^ (static_cast<uint64_t>(n) * kM);
  auto byte = [&](size_t i) { return static_cast<uint64_t>(static_cast<uint8_t>(bytes[i])); };
  const size_t whole = n / 8;
  for (size_t i = 0; i < whole; ++i) {
    uint64_t k = 0;
    for (int j = 7; j >= 0; --j) k = (k << 8) | byte(i * 8 + j);
    k *= kM;
    k ^= k >> kR;
    k *= kM;
    h ^= k;
    h *= kM;
  }
  const size_t tail = n % 8;
  if (tail != 0) {
    for (size_t j = tail; j-- > 0;) h ^= byte(whole * 8 + j) << (8 * j);
    h *= kM;
  }
  h ^= h >> kR;
  h *= kM;
  h ^= h >> kR;
  return h;
}

}  // namespace internal
}  // namespace quarry
