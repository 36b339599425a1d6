#include "schema/internal/serialiser_registry.h"

#include <array>
#include <functional>

#include "schema/serialisers/boolean_serialiser.h"
#include "schema/serialisers/bytes_serialiser.h"
#include "schema/serialisers/compact_raw_serialisers.h"
#include "schema/serialisers/freq_map_serialiser.h"
#include "schema/serialisers/null_serialiser.h"
#include "schema/serialisers/ordered_double_serialiser.h"
#include "schema/serialisers/ordered_float_serialiser.h"
#include "schema/serialisers/ordered_integer_serialiser.h"
#include "schema/serialisers/ordered_long_serialiser.h"
#include "schema/serialisers/ordered_short_serialiser.h"
#include "schema/serialisers/raw_serialisers.h"
#include "schema/serialisers/sketch_serialisers.h"
#include "schema/serialisers/string_serialiser.h"
#include "schema/serialisers/text_serialisers.h"
#include "schema/serialisers/timestamp_set_serialisers.h"
#include "schema/serialisers/tree_set_string_serialiser.h"
#include "schema/serialisers/type_sub_type_value_serialiser.h"
#include "schema/serialisers/type_value_serialiser.h"
#include "schema/serialisers/typed_collection_serialiser.h"

namespace quarry::internal {
namespace {

constexpr std::string_view kGafferPackage = "uk.gov.gchq.gaffer.";

std::string_view SimpleName(std::string_view name) {
  size_t dot = name.rfind('.');
  return dot == std::string_view::npos ? name : name.substr(dot + 1);
}

bool EqualsIgnoringFirstCase(std::string_view a, std::string_view b) {
  if (a.size() != b.size() || a.empty()) return a == b;
  auto upper = [](char c) { return (c >= 'a' && c <= 'z') ? static_cast<char>(c - 32) : c; };
  return upper(a[0]) == upper(b[0]) && a.substr(1) == b.substr(1);
}

using Instances = std::vector<std::shared_ptr<const Serialiser>>;

const Instances& AllInstances() {
  using RawKind = RawFixedWidthSerialiser::Kind;
  using TextKind = TextNumberSerialiser::Kind;
  static const auto* instances = new Instances{
      std::make_shared<OrderedLongSerialiser>(),
      std::make_shared<OrderedDateSerialiser>(),
      std::make_shared<OrderedIntegerSerialiser>(),
      std::make_shared<OrderedDoubleSerialiser>(),
      std::make_shared<OrderedFloatSerialiser>(),
      std::make_shared<StringSerialiser>(),
      std::make_shared<BytesSerialiser>(),
      std::make_shared<CompactRawIntegerSerialiser>(),
      std::make_shared<CompactRawLongSerialiser>(),
      std::make_shared<BooleanSerialiser>(),
      std::make_shared<TreeSetStringSerialiser>(),
      std::make_shared<TypeValueSerialiser>(),
      std::make_shared<TypeSubTypeValueSerialiser>(),
      std::make_shared<FreqMapSerialiser>(),
      std::make_shared<HyperLogLogPlusSerialiser>(),
      std::make_shared<HllSketchSerialiser>(),
      std::make_shared<NullSerialiser>(),
      std::make_shared<RawFixedWidthSerialiser>(RawKind::kLong),
      std::make_shared<RawFixedWidthSerialiser>(RawKind::kInteger),
      std::make_shared<RawFixedWidthSerialiser>(RawKind::kDouble),
      std::make_shared<RawFixedWidthSerialiser>(RawKind::kFloat),
      std::make_shared<RawFixedWidthSerialiser>(RawKind::kDate),
      std::make_shared<TextNumberSerialiser>(TextKind::kLong),
      std::make_shared<TextNumberSerialiser>(TextKind::kInteger),
      std::make_shared<TextNumberSerialiser>(TextKind::kDouble),
      std::make_shared<TextNumberSerialiser>(TextKind::kFloat),
      std::make_shared<TextNumberSerialiser>(TextKind::kDate),
      std::make_shared<TypedCollectionSerialiser>(),
      std::make_shared<OrderedShortSerialiser>(),
      std::make_shared<RbmBackedTimestampSetSerialiser>(),
      std::make_shared<BoundedTimestampSetSerialiser>(),
      std::make_shared<DeltaLongTimeSeriesSerialiser>(),
  };
  return *instances;
}

struct Unsupported {
  std::string_view simple_name;
  std::string_view reason;
};

constexpr std::string_view kNotPortable =
    "Java object serialisation is not portable; name a byte serialiser for this type instead "
    "(e.g. SetSerialiser or MapSerialiser)";
constexpr std::string_view kNotToBytes =
    "it is not a ToBytesSerialiser, so an Accumulo-style store cannot use it";
constexpr std::string_view kNoSketch = "Quarry has no native form of this sketch type";

constexpr std::array<Unsupported, 12> kUnsupported = {{
    {"JavaSerialiser", kNotPortable},
    {"MultiSerialiser", "MultiSerialiser is not supported; use one serialiser per type"},
    {"CustomMapSerialiser", "CustomMapSerialiser is not supported; use MapSerialiser"},
    {"StringToStringSerialiser", kNotToBytes},
    {"LongsSketchSerialiser", kNoSketch},
    {"StringsSketchSerialiser", kNoSketch},
    {"DoublesUnionSerialiser", kNoSketch},
    {"StringsUnionSerialiser", kNoSketch},
    {"ReservoirLongsUnionSerialiser", kNoSketch},
    {"ReservoirNumbersUnionSerialiser", kNoSketch},
    {"ReservoirStringsUnionSerialiser", kNoSketch},
    {"UnionSerialiser", kNoSketch},
}};

}  // namespace

bool ClassNameMatches(std::string_view class_name, std::string_view full_name) {
  if (class_name == full_name) return true;
  std::string_view simple = SimpleName(full_name);
  if (class_name.find('.') == std::string_view::npos) {
    return EqualsIgnoringFirstCase(class_name, simple);
  }
  return class_name.substr(0, kGafferPackage.size()) == kGafferPackage &&
         SimpleName(class_name) == simple;
}

std::shared_ptr<const Serialiser> FindParameterlessSerialiser(std::string_view class_name) {
  for (const auto& serialiser : AllInstances()) {
    if (serialiser->ClassName() == class_name) return serialiser;
  }
  for (const auto& serialiser : AllInstances()) {
    if (ClassNameMatches(class_name, serialiser->ClassName())) return serialiser;
  }
  return nullptr;
}

const std::vector<std::string_view>& ParameterlessSerialiserClassNames() {
  static const auto* names = [] {
    auto* out = new std::vector<std::string_view>();
    for (const auto& serialiser : AllInstances()) out->push_back(serialiser->ClassName());
    return out;
  }();
  return *names;
}

std::string_view UnsupportedSerialiserReason(std::string_view class_name) {
  bool gaffer_name = class_name.find('.') == std::string_view::npos ||
                     class_name.substr(0, kGafferPackage.size()) == kGafferPackage;
  if (!gaffer_name) return {};
  for (const Unsupported& u : kUnsupported) {
    if (EqualsIgnoringFirstCase(SimpleName(class_name), u.simple_name)) return u.reason;
  }
  return {};
}

}  // namespace quarry::internal
