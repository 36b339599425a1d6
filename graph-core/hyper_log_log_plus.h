// HyperLogLogPlus: the cardinality sketch behind Gaffer's
// com.clearspring.analytics.stream.cardinality.HyperLogLogPlus property type,
// behaving as clearspring's stream-lib sketch so that its bytes and
// cardinality match what a Java Gaffer stores and returns.
//
// Each item is hashed with 64-bit MurmurHash2 (MurmurHash64A, seed
// 0xe17a1465) over its UTF-8 text. A sketch with a sparse precision `sp` > 0
// starts SPARSE: a sorted set of 32-bit encodings, one per sp-bit index,
// keeping the longest run of zeros seen there (HLL++'s sparse encoding).
// Once the set holds more than 3/4 of 2^p entries it turns NORMAL: 2^p
// five-bit registers, six to a 32-bit word, as clearspring's RegisterSet.
//
// Cardinality: SPARSE is linear counting over 2^sp buckets, exactly as
// clearspring computes it. NORMAL is HyperLogLog with linear counting below
// clearspring's per-precision threshold and the raw estimate above 5 * 2^p,
// also exactly as there. Between the two clearspring subtracts a bias it
// interpolates from Google's published simulation tables, which Quarry does
// not carry: there Quarry returns linear counting while any register is
// still zero, else the raw estimate (README: "Where Quarry differs from
// Gaffer").
//
// Serialize() writes clearspring's getBytes() (version -2, varint p, sp and
// format, then the delta-coded sparse set or the register words, big-endian)
// byte for byte; Deserialize() also reads clearspring's legacy layout.
//
// Thread safety: const methods are safe to call concurrently; mutation needs
// external synchronisation (Values hold sketches as shared_ptr<const>).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "graph-core/status.h"

namespace quarry {

class HyperLogLogPlus {
 public:
  static constexpr int kDefaultP = 5;  // Gaffer's ToHyperLogLogPlus and JSON defaults.
  static constexpr int kDefaultSp = 5;
  static constexpr int kMinP = 4;
  // Quarry's cap, the top of clearspring's bias tables: one offer to a
  // NORMAL sketch allocates all 2^p registers (175 KiB at 18), so a larger
  // p would let a short request claim gigabytes.
  static constexpr int kMaxP = 18;
  static constexpr int kMaxSp = 32;

  // InvalidArgument with clearspring's wording unless kMinP <= p, (sp == 0
  // or p <= sp) and sp <= kMaxSp; Quarry also refuses p > kMaxP.
  static Result<HyperLogLogPlus> Create(int p, int sp);

  int p() const { return p_; }
  int sp() const { return sp_; }
  bool sparse() const { return sparse_mode_; }

  // clearspring's offer(Object): the item's bytes (UTF-8 for text). One
  // offer to a SPARSE sketch rewrites its set: offer many with OfferHashes.
  void Offer(std::string_view item) { OfferHashed(Hash(item)); }
  void OfferHashed(uint64_t hash) { OfferHashes({hash}); }
  // Many offers at once, as one sorted merge (clearspring's temp list).
  void OfferHashes(const std::vector<uint64_t>& hashes);
  // The hash clearspring offers for `item` (MurmurHash64A of its bytes).
  static uint64_t Hash(std::string_view item);

  // clearspring's addAll (Gaffer's HyperLogLogPlusAggregator): the union.
  // InvalidArgument if the precisions differ ("Cannot merge estimators of
  // different sizes"); leaves this sketch unchanged then.
  Status Merge(const HyperLogLogPlus& other);

  // clearspring's cardinality() (see above for the bias band).
  int64_t Cardinality() const;

  std::string Serialize() const;
  // DataLoss naming what is wrong if `bytes` is not a clearspring image.
  static Result<HyperLogLogPlus> Deserialize(std::string_view bytes);

  // Equal when clearspring's equals() is: same mode and the same sparse set
  // or register words.
  bool operator==(const HyperLogLogPlus& other) const;
  // A byte string equal for equal sketches, for ordering and hashing.
  std::string CanonicalForm() const;
  // clearspring's hashCode() (Arrays.hashCode of the set or the words),
  // which Java's default toString() prints in hex after the class name.
  int32_t JavaHashCode() const;

 private:
  HyperLogLogPlus(int p, int sp);
  // The sp-bit index an encoding carries (clearspring's getSparseIndex).
  static uint32_t SparseIndexOf(uint32_t k) { return (k & 1u) ? k >> 7 : k >> 1; }
  void InsertEncodedBatch(std::vector<uint32_t> batch);
  void ConvertToNormal();
  int Register(uint32_t index) const;
  void UpdateRegister(uint32_t index, int run_length);
  uint32_t IndexOfEncoded(uint32_t k) const;  // p-bit register index
  int RunLengthOfEncoded(uint32_t k) const;
  int64_t NormalCardinality() const;

  int p_;
  int sp_;
  bool sparse_mode_;
  std::vector<uint32_t> sparse_set_;  // SPARSE: ascending by sp-bit index
  std::vector<uint32_t> words_;       // NORMAL: RegisterSet words

  friend class HyperLogLogPlusImage;
};

namespace internal {
// 64-bit MurmurHash2 (MurmurHash64A), as clearspring's MurmurHash.hash64.
uint64_t MurmurHash64A(std::string_view bytes, uint32_t seed);
}  // namespace internal

}  // namespace quarry
