// HyperLogLogPlus: offers, unions and estimates as clearspring's stream-lib
// computes them. Java's int arithmetic (wrapping shifts, signed minimum) is
// kept where it decides a stored bit, so that images match byte for byte.
#include "graph-core/hyper_log_log_plus.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <iterator>
#include <limits>

namespace quarry {
namespace {

constexpr uint32_t kHllpHashSeed = 0xe17a1465u;
constexpr int kHllpRegistersPerWord = 6;
constexpr int kHllpRegisterBits = 5;

// clearspring's thresholdData: below these (p = 4..18) linear counting is
// used. The cut-offs of the HLL++ paper (Heule, Nunkesser, Hall 2013).
constexpr double kHllpLinearCountingThreshold[] = {
    10, 20, 40, 80, 220, 400, 900, 1800, 3100, 6500, 11500, 20000, 50000, 120000, 350000};

// RegisterSet.getSizeForCount: words for `count` registers.
size_t HllpWordsFor(uint32_t count) {
  const uint32_t bits = count / kHllpRegistersPerWord;
  if (bits == 0) return 1;
  return bits % 32 == 0 ? bits : bits + 1;
}

// Long.numberOfLeadingZeros((x << p) | (long) (1 << (p - 1))) + 1, with
// Java's int shift (masked to 5 bits) and its sign extension to long.
int HllpRunLength(uint64_t x, int p) {
  const auto low = static_cast<int32_t>(uint32_t{1} << ((p - 1) & 31));
  const uint64_t v = (x << p) | static_cast<uint64_t>(static_cast<int64_t>(low));
  return std::countl_zero(v) + 1;
}

// HLL++'s sparse encoding (clearspring's encodeHash): the sp-bit index, and
// when the bits after the first p of it are all zero, the inverted run
// length and a set flag bit.
uint32_t HllpEncodeHash(uint64_t x, int p, int sp) {
  const auto idx = static_cast<uint32_t>(x >> (64 - sp));
  uint32_t zero_test = 0;
  if (p < sp) zero_test = idx << ((32 - sp) + p);
  if (zero_test == 0) {
    const auto inverted = static_cast<uint32_t>(HllpRunLength(x, p) ^ 63);
    return (((idx << 6) | inverted) << 1) | 1u;
  }
  return idx << 1;
}

// Math.round for the non-negative doubles an estimate can be.
int64_t HllpJavaRound(double x) {
  if (std::isnan(x)) return 0;
  if (x >= 9.2233720368547758e18) return std::numeric_limits<int64_t>::max();
  return std::llround(x);
}

double HllpAlphaMM(int p, double m) {
  switch (p) {
    case 4:
      return 0.673 * m * m;
    case 5:
      return 0.697 * m * m;
    case 6:
      return 0.709 * m * m;
    default:
      return (0.7213 / (1 + 1.079 / m)) * m * m;
  }
}

}  // namespace

HyperLogLogPlus::HyperLogLogPlus(int p, int sp) : p_(p), sp_(sp), sparse_mode_(sp > 0) {
  if (!sparse_mode_) words_.assign(HllpWordsFor(uint32_t{1} << p), 0);
}

Result<HyperLogLogPlus> HyperLogLogPlus::Create(int p, int sp) {
  if (p < kMinP || (p > sp && sp != 0)) {
    return InvalidArgumentError("HyperLogLogPlus: p must be between 4 and sp (inclusive), got p " +
                                std::to_string(p) + ", sp " + std::to_string(sp));
  }
  if (sp > kMaxSp) {
    return InvalidArgumentError("HyperLogLogPlus: sp values greater than 32 not supported, got " +
                                std::to_string(sp));
  }
  if (p > kMaxP) {
    return InvalidArgumentError("HyperLogLogPlus: p above " + std::to_string(kMaxP) +
                                " is not supported (2^p registers), got " + std::to_string(p));
  }
  return HyperLogLogPlus(p, sp);
}

uint64_t HyperLogLogPlus::Hash(std::string_view item) {
  return internal::MurmurHash64A(item, kHllpHashSeed);
}

void HyperLogLogPlus::OfferHashes(const std::vector<uint64_t>& hashes) {
  if (!sparse_mode_) {
    for (uint64_t hash : hashes) {
      UpdateRegister(static_cast<uint32_t>(hash >> (64 - p_)), HllpRunLength(hash, p_));
    }
    return;
  }
  std::vector<uint32_t> batch;
  batch.reserve(hashes.size());
  for (uint64_t hash : hashes) batch.push_back(HllpEncodeHash(hash, p_, sp_));
  InsertEncodedBatch(std::move(batch));
}

// Encodings into the sorted set: sorted by index and, within an index, by
// signed value, merged with the set, and the first kept per index - the
// smaller encoding (Java's signed Math.min), which is the longer run.
// clearspring converts to NORMAL at each temp-list merge; converting after
// the batch ends the same, as the set only grows and registers keep maxima.
void HyperLogLogPlus::InsertEncodedBatch(std::vector<uint32_t> batch) {
  auto before = [](uint32_t a, uint32_t b) {
    const uint32_t ia = SparseIndexOf(a), ib = SparseIndexOf(b);
    return ia != ib ? ia < ib : static_cast<int32_t>(a) < static_cast<int32_t>(b);
  };
  std::sort(batch.begin(), batch.end(), before);
  std::vector<uint32_t> merged;
  merged.reserve(sparse_set_.size() + batch.size());
  std::merge(sparse_set_.begin(), sparse_set_.end(), batch.begin(), batch.end(),
             std::back_inserter(merged), before);
  auto same_index = [](uint32_t a, uint32_t b) { return SparseIndexOf(a) == SparseIndexOf(b); };
  merged.erase(std::unique(merged.begin(), merged.end(), same_index), merged.end());
  sparse_set_ = std::move(merged);
  if (sparse_set_.size() > static_cast<size_t>((uint32_t{1} << p_) * 0.75)) ConvertToNormal();
}

uint32_t HyperLogLogPlus::IndexOfEncoded(uint32_t k) const {
  return SparseIndexOf(k) >> ((sp_ - p_) & 31);
}

int HyperLogLogPlus::RunLengthOfEncoded(uint32_t k) const {
  if (k & 1u) return static_cast<int>(((k >> 1) & 63u) ^ 63u);
  return std::countl_zero(k << ((p_ + (31 - sp_)) & 31)) + 1;
}

void HyperLogLogPlus::ConvertToNormal() {
  words_.assign(HllpWordsFor(uint32_t{1} << p_), 0);
  for (uint32_t k : sparse_set_) UpdateRegister(IndexOfEncoded(k), RunLengthOfEncoded(k));
  sparse_set_.clear();
  sparse_set_.shrink_to_fit();
  sparse_mode_ = false;
}

int HyperLogLogPlus::Register(uint32_t index) const {
  const uint32_t word = index / kHllpRegistersPerWord;
  const int shift = kHllpRegisterBits * static_cast<int>(index - word * kHllpRegistersPerWord);
  return static_cast<int>((words_[word] & (0x1fu << shift)) >> shift);
}

// RegisterSet.updateIfGreater, Java's arithmetic included: a run longer
// than 31 spills into the next register there, and so it does here.
void HyperLogLogPlus::UpdateRegister(uint32_t index, int run_length) {
  const uint32_t word = index / kHllpRegistersPerWord;
  const int shift = kHllpRegisterBits * static_cast<int>(index - word * kHllpRegistersPerWord);
  const auto mask = static_cast<int32_t>(0x1fu << shift);
  const auto current = static_cast<int32_t>(words_[word]);
  const auto old_value = static_cast<int64_t>(current & mask);
  const auto new_value =
      static_cast<int64_t>(static_cast<int32_t>(static_cast<uint32_t>(run_length) << shift));
  if (old_value < new_value) {
    words_[word] = static_cast<uint32_t>(static_cast<int64_t>(current & ~mask) | new_value);
  }
}

Status HyperLogLogPlus::Merge(const HyperLogLogPlus& other) {
  if (other.p_ != p_) {
    return InvalidArgumentError("HyperLogLogPlus: Cannot merge estimators of different sizes (p " +
                                std::to_string(p_) + " and " + std::to_string(other.p_) + ")");
  }
  if (sparse_mode_ && other.sparse_mode_ && other.sp_ == sp_) {
    InsertEncodedBatch(other.sparse_set_);
    return Status::OK();
  }
  if (sparse_mode_) ConvertToNormal();
  if (other.sparse_mode_) {
    for (uint32_t k : other.sparse_set_) {
      UpdateRegister(other.IndexOfEncoded(k), other.RunLengthOfEncoded(k));
    }
    return Status::OK();
  }
  // RegisterSet.merge: the larger of each of a word's six registers.
  for (size_t w = 0; w < words_.size() && w < other.words_.size(); ++w) {
    uint32_t merged = 0;
    for (int j = 0; j < kHllpRegistersPerWord; ++j) {
      const uint32_t mask = 0x1fu << (kHllpRegisterBits * j);
      merged |= std::max(words_[w] & mask, other.words_[w] & mask);
    }
    words_[w] = merged;
  }
  return Status::OK();
}

int64_t HyperLogLogPlus::Cardinality() const {
  if (!sparse_mode_) return NormalCardinality();
  const double sm = sp_ > 30 ? 2147483647.0 : static_cast<double>(uint32_t{1} << sp_);
  return HllpJavaRound(sm * std::log(sm / (sm - static_cast<double>(sparse_set_.size()))));
}

int64_t HyperLogLogPlus::NormalCardinality() const {
  const uint32_t m = uint32_t{1} << p_;
  double register_sum = 0;
  double zeros = 0;
  for (uint32_t j = 0; j < m; ++j) {
    const int value = Register(j);
    register_sum += std::ldexp(1.0, -value);
    if (value == 0) ++zeros;
  }
  const double md = static_cast<double>(m);
  const double estimate = HllpAlphaMM(p_, md) * (1 / register_sum);
  const bool in_bias_band = estimate <= 5 * md && p_ <= 18;
  const double linear = zeros > 0 ? md * std::log(md / zeros) : estimate;
  if ((p_ <= 18 && linear < kHllpLinearCountingThreshold[p_ - 4]) ||
      (p_ > 18 && estimate <= 5 * md)) {
    return HllpJavaRound(linear);
  }
  // clearspring subtracts its interpolated bias here (see the header).
  if (in_bias_band) return HllpJavaRound(linear);
  return HllpJavaRound(estimate);
}

bool HyperLogLogPlus::operator==(const HyperLogLogPlus& other) const {
  if (sparse_mode_ != other.sparse_mode_) return false;
  return sparse_mode_ ? sparse_set_ == other.sparse_set_ : words_ == other.words_;
}

std::string HyperLogLogPlus::CanonicalForm() const {
  std::string out(1, sparse_mode_ ? 'S' : 'N');
  for (uint32_t v : sparse_mode_ ? sparse_set_ : words_) {
    for (int shift = 24; shift >= 0; shift -= 8) out.push_back(static_cast<char>(v >> shift));
  }
  return out;
}

int32_t HyperLogLogPlus::JavaHashCode() const {
  uint32_t hash = 1;
  for (uint32_t v : sparse_mode_ ? sparse_set_ : words_) hash = 31 * hash + v;
  return static_cast<int32_t>(hash);
}

}  // namespace quarry
