// Every serialiser's Deserialise on arbitrary bytes (what a corrupt SST or a
// hostile bulk-import file hands it). The first byte picks the serialiser;
// a value that deserialises must serialise again without error.
#include <cstdlib>
#include <memory>

#include "fuzz/fuzz_util.h"
#include "schema/serialiser.h"

namespace {

// Every serialiser Quarry implements, as schema JSON names it.
const std::vector<std::shared_ptr<const quarry::Serialiser>>& AllSerialisers() {
  static const auto* all = [] {
    auto* out = new std::vector<std::shared_ptr<const quarry::Serialiser>>();
    std::vector<quarry::Json> specs;
    for (const char* name : {"BooleanSerialiser",
                             "BytesSerialiser",
                             "CompactRawIntegerSerialiser",
                             "CompactRawLongSerialiser",
                             "DateSerialiser",
                             "DoubleSerialiser",
                             "FloatSerialiser",
                             "FreqMapSerialiser",
                             "HllSketchSerialiser",
                             "HyperLogLogPlusSerialiser",
                             "IntegerSerialiser",
                             "LongSerialiser",
                             "NullSerialiser",
                             "OrderedDateSerialiser",
                             "OrderedDoubleSerialiser",
                             "OrderedFloatSerialiser",
                             "OrderedIntegerSerialiser",
                             "OrderedLongSerialiser",
                             "RawDateSerialiser",
                             "RawDoubleSerialiser",
                             "RawFloatSerialiser",
                             "RawIntegerSerialiser",
                             "RawLongSerialiser",
                             "StringSerialiser",
                             "TreeSetStringSerialiser",
                             "TypeSubTypeValueSerialiser",
                             "TypeValueSerialiser",
                             "VisibilitySerialiser",
                             "TypedCollectionSerialiser"}) {
      specs.push_back({{"class", name}});
    }
    specs.push_back({{"class", "SetSerialiser"},
                     {"objectSerialiser", "StringSerialiser"},
                     {"setClass", "java.util.TreeSet"}});
    specs.push_back({{"class", "SetSerialiser"}, {"objectSerialiser", "CompactRawLongSerialiser"}});
    specs.push_back({{"class", "MapSerialiser"},
                     {"keySerialiser", "StringSerialiser"},
                     {"valueSerialiser", "CompactRawLongSerialiser"}});
    for (const quarry::Json& spec : specs) {
      auto serialiser = quarry::ParseSerialiser(spec, "serialiser");
      if (serialiser.ok()) out->push_back(*serialiser);
    }
    if (out->size() < 25) std::abort();  // The names above went stale.
    return out;
  }();
  return *all;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const auto& all = AllSerialisers();
  const quarry::Serialiser& serialiser = *all[data[0] % all.size()];
  std::string_view bytes(reinterpret_cast<const char*>(data + 1), size - 1);
  auto value = serialiser.Deserialise(bytes);
  if (!value.ok()) return 0;
  std::string again;
  (void)serialiser.Serialise(*value, &again);
  return 0;
}
