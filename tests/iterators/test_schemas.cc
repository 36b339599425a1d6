#include "tests/iterators/test_schemas.h"

#include <cstdlib>
#include <iostream>

namespace quarry::testing {
namespace {

std::shared_ptr<const Schema> Load(const char* name, const std::string& json) {
  Result<std::shared_ptr<const Schema>> schema = Schema::FromJsonStrings({json}, {name});
  if (!schema.ok()) {
    std::cerr << "test schema " << name << ": " << schema.status().message() << "\n";
    std::abort();
  }
  return *schema;
}

}  // namespace

std::shared_ptr<const Schema> RoadTrafficSchema() {
  static const auto* const kSchema = new std::shared_ptr<const Schema>(Load("road", R"json({
  "edges": {
    "RoadUse": {
      "source": "junction", "destination": "junction", "directed": "true",
      "properties": {"startDate": "date.earliest", "endDate": "date.latest",
                     "count": "count.long", "countByVehicleType": "counts.freqmap"},
      "groupBy": ["startDate", "endDate"]
    },
    "RoadHasJunction": {"source": "junction", "destination": "junction", "directed": "true"}
  },
  "entities": {
    "JunctionUse": {
      "vertex": "junction",
      "properties": {"startDate": "date.earliest", "endDate": "date.latest",
                     "count": "count.long", "countByVehicleType": "counts.freqmap"},
      "groupBy": ["startDate", "endDate"]
    }
  },
  "types": {
    "junction": {"class": "java.lang.String"},
    "true": {"class": "java.lang.Boolean", "validateFunctions": [{"class": "IsTrue"}]},
    "count.long": {"class": "java.lang.Long", "aggregateFunction": {"class": "Sum"},
                   "validateFunctions": [{"class": "IsMoreThan", "orEqualTo": true,
                                          "value": {"java.lang.Long": 0}}]},
    "date.earliest": {"class": "java.util.Date", "aggregateFunction": {"class": "Min"},
                      "validateFunctions": [{"class": "Exists"}]},
    "date.latest": {"class": "java.util.Date", "aggregateFunction": {"class": "Max"},
                    "validateFunctions": [{"class": "Exists"}]},
    "counts.freqmap": {"class": "uk.gov.gchq.gaffer.types.FreqMap",
                       "aggregateFunction": {"class": "FreqMapAggregator"}}
  }
})json"));
  return *kSchema;
}

std::shared_ptr<const Schema> VisibilitySchema() {
  static const auto* const kSchema = new std::shared_ptr<const Schema>(Load("vis", R"json({
  "edges": {
    "RoadUse": {
      "source": "junction", "destination": "junction", "directed": "true",
      "properties": {"visibility": "visibility", "count": "count.long"}
    }
  },
  "entities": {
    "Junction": {"vertex": "junction", "properties": {"count": "count.long"}}
  },
  "visibilityProperty": "visibility",
  "types": {
    "junction": {"class": "java.lang.String"},
    "true": {"class": "java.lang.Boolean"},
    "count.long": {"class": "java.lang.Long", "aggregateFunction": {"class": "Sum"}},
    "visibility": {"class": "java.lang.String", "aggregateFunction": {"class": "Min"}}
  }
})json"));
  return *kSchema;
}

std::shared_ptr<const Schema> OrderingSchema() {
  static const auto* const kSchema = new std::shared_ptr<const Schema>(Load("ordering", R"json({
  "entities": {
    "Ordered": {
      "vertex": "string",
      "properties": {"first": "string.first", "last": "string.last",
                     "concat": "string.concat", "count": "count.long"}
    },
    "Aged": {"vertex": "string", "properties": {"time": "time.aged", "count": "count.long"}},
    "Plain": {"vertex": "string", "properties": {"note": "string.first"}, "aggregate": false},
    "Versions": {"vertex": "string", "groupBy": ["bucket"],
                 "properties": {"bucket": "int.sum", "first": "string.first",
                                "last": "string.last"}}
  },
  "edges": {
    "Link": {"source": "string", "destination": "string", "directed": "bool",
             "properties": {"weight": "int.sum"}}
  },
  "types": {
    "string": {"class": "java.lang.String"},
    "bool": {"class": "java.lang.Boolean"},
    "string.first": {"class": "java.lang.String", "aggregateFunction": {"class": "First"}},
    "string.last": {"class": "java.lang.String", "aggregateFunction": {"class": "Last"}},
    "string.concat": {"class": "java.lang.String", "aggregateFunction": {"class": "StringConcat"}},
    "count.long": {"class": "java.lang.Long", "aggregateFunction": {"class": "Sum"}},
    "int.sum": {"class": "java.lang.Integer", "aggregateFunction": {"class": "Sum"}},
    "time.aged": {"class": "java.lang.Long", "aggregateFunction": {"class": "Max"},
                  "validateFunctions": [{"class": "AgeOff", "ageOffTime": 1000}]}
  }
})json"));
  return *kSchema;
}

}  // namespace quarry::testing
