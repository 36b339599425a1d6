// The iterator contract suite: every KvIterator layer must (a) yield what a
// model computed directly over a std::map yields, for random data and
// ranges; (b) yield the same cells when re-seeked to (k, end) after every key
// k it returns as in one pass; and (c) when it groups cells, yield a group's
// full aggregate after a Seek into the middle of the group.
//
// Use: describe the layer with an IteratorContract and instantiate
//   INSTANTIATE_TEST_SUITE_P(Sum, IteratorContractTest,
//                            ::testing::Values(MySumContract()), ContractName);
// The TEST_Ps live in iterator_contract.cc.
#pragma once

#include <gtest/gtest.h>

#include <functional>
#include <memory>
#include <ostream>
#include <random>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "graph-core/status.h"
#include "iterators/key_range_ops.h"
#include "iterators/kv_iterator.h"
#include "tests/testutil/memory_kv_iterator.h"

namespace quarry::testing {

using KvList = std::vector<std::pair<std::string, std::string>>;

struct IteratorContract {
  // A gtest parameter name: letters, digits and underscores.
  std::string name;
  // A random data set for one trial.
  std::function<KvMap(std::mt19937& rng)> make_data;
  // The layer under test over a MemoryKvIterator borrowing `*data`.
  std::function<std::unique_ptr<KvIterator>(const KvMap* data)> make_iterator;
  // What the layer must yield after Seek(range), computed over the map alone.
  std::function<KvList(const KvMap& data, const KeyRange& range)> model;
  // For grouping layers: where the group of `key` begins. Empty otherwise
  // (test (c) is then skipped).
  std::function<std::string(std::string_view key)> group_start;
};

// Everything `it` yields after Seek(range); *status gets its final status.
KvList Drain(KvIterator* it, const KeyRange& range, Status* status);

// Seeks once and then re-seeks to (k, range end) after every key k returned,
// reading one cell per seek.
KvList DrainReseekingEachKey(KvIterator* it, const KeyRange& range, Status* status);

// A random range whose bounds are mostly near keys of `data`: existing keys,
// their prefixes and successors, with random inclusivity, sometimes unbounded.
KeyRange RandomRange(const KvMap& data, std::mt19937& rng);

// A random key over a small alphabet ("a".."e", ":" and digits) so that
// random keys share prefixes and collide often.
std::string RandomKey(std::mt19937& rng);

// The cells of `data` inside `range`, in order.
KvList CellsInRange(const KvMap& data, const KeyRange& range);

// Prints the contract's name (gtest prints parameters on failure).
inline void PrintTo(const IteratorContract& contract, std::ostream* os) { *os << contract.name; }

std::string ContractName(const ::testing::TestParamInfo<IteratorContract>& info);

class IteratorContractTest : public ::testing::TestWithParam<IteratorContract> {};

}  // namespace quarry::testing
