#include "tests/iterators/scan_test_data.h"

#include <cstdlib>
#include <iostream>

namespace quarry::testing {
namespace {

Value RandomVertex(std::mt19937& rng) {
  static const char* const kVertices[] = {"a", "b", "c"};
  return Value::String(kVertices[rng() % 3]);
}

Properties RoadProperties(std::mt19937& rng) {
  static const int64_t kStarts[] = {0, 1000, 2000};
  static const int64_t kEnds[] = {5000, 6000};
  int64_t count = static_cast<int64_t>(rng() % 13) - 3;
  return Properties{
      {"startDate", Value::Date(kStarts[rng() % 3])},
      {"endDate", Value::Date(kEnds[rng() % 2])},
      {"count", Value::Int64(count)},
      {"countByVehicleType",
       Value::FreqMap({{rng() % 2 ? "CAR" : "BUS", static_cast<int64_t>(rng() % 5)}})}};
}

}  // namespace

std::vector<Element> RandomRoadTrafficElements(std::mt19937& rng, int n) {
  std::vector<Element> out;
  for (int i = 0; i < n; ++i) {
    switch (rng() % 3) {
      case 0:
        out.push_back(Element::Entity("JunctionUse", RandomVertex(rng), RoadProperties(rng)));
        break;
      case 1:
        out.push_back(Element::Edge("RoadUse", RandomVertex(rng), RandomVertex(rng), rng() % 4 != 0,
                                    RoadProperties(rng)));
        break;
      default:
        out.push_back(
            Element::Edge("RoadHasJunction", RandomVertex(rng), RandomVertex(rng), rng() % 2 == 0));
    }
  }
  return out;
}

std::vector<Element> RandomVisibilityElements(std::mt19937& rng, int n,
                                              const std::vector<std::string>& visibilities) {
  std::vector<Element> out;
  for (int i = 0; i < n; ++i) {
    Value count = Value::Int64(rng() % 10);
    if (rng() % 4 == 0) {
      out.push_back(Element::Entity("Junction", RandomVertex(rng), Properties{{"count", count}}));
      continue;
    }
    Properties properties{{"count", count}};
    const std::string& visibility = visibilities[rng() % visibilities.size()];
    if (!visibility.empty()) properties.Set("visibility", Value::String(visibility));
    out.push_back(Element::Edge("RoadUse", RandomVertex(rng), RandomVertex(rng), true, properties));
  }
  return out;
}

KvMap EncodeAll(const KeyPackage& package, const std::vector<Element>& elements,
                std::mt19937& rng) {
  KvMap data;
  for (const Element& element : elements) {
    std::vector<KeyValue> kvs;
    Status status = package.Encode(element, 1 + rng() % 100, &kvs);
    if (!status.ok()) {
      std::cerr << "cannot encode " << element.DebugString() << ": " << status.ToString() << "\n";
      std::abort();
    }
    for (KeyValue& kv : kvs) data[std::move(kv.key)] = std::move(kv.value);
  }
  return data;
}

std::shared_ptr<const KeyPackage> Package(std::string_view name,
                                          std::shared_ptr<const Schema> schema,
                                          uint32_t value_format) {
  Result<std::unique_ptr<const KeyPackage>> package =
      MakeKeyPackage(name, std::move(schema), value_format);
  if (!package.ok()) {
    std::cerr << "key-package " << name << ": " << package.status().ToString() << "\n";
    std::abort();
  }
  return std::shared_ptr<const KeyPackage>(std::move(*package));
}

}  // namespace quarry::testing
