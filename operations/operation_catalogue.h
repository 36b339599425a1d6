// What Quarry can run, described as Gaffer describes it: the operation
// details behind the REST API's /graph/operations endpoints (Gaffer's
// OperationDetail JSON), the element and object generators, and the store's
// traits.
//
// Every operation class the executor runs has exactly one entry; the REST
// tests check each entry's example executes.
//
// Thread safety: immutable tables, built once.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "graph-core/json_value.h"

namespace quarry {

// One field of an operation, as Gaffer's OperationField JSON.
struct OperationFieldInfo {
  std::string name;                  // "view", "input", "directedType"...
  std::string class_name;            // Java type, generics included: "java.lang.String".
  std::string summary;               // Gaffer's @Summary of the field; may be empty.
  bool required = false;             // Gaffer's @Required.
  std::vector<std::string> options;  // Enum values (e.g. DIRECTED, UNDIRECTED, EITHER).
};

struct OperationInfo {
  std::string class_name;  // Full Gaffer class name.
  std::string summary;     // Gaffer's @Summary of the class.
  std::vector<OperationFieldInfo> fields;
  Json example;                   // An example that executes (exampleJson).
  std::string output_class_name;  // Empty for operations without output.
};

// Whether the operation is one of the admin operations that need the
// configured admin auth (Executor::MayRunAdminOperations).
bool RequiresAdminAuth(std::string_view class_name);

// Every supported operation, in a stable order (OperationChain excluded, as
// Gaffer excludes it from its supported list).
const std::vector<OperationInfo>& SupportedOperationInfos();
// The entry for a full or simple class name; nullptr if not supported.
const OperationInfo* FindOperationInfo(std::string_view class_name);
// The full class names of the operations that may follow `info`'s output in
// a chain (Gaffer's "next"), sorted.
std::vector<std::string> NextOperationClassNames(const OperationInfo& info);
// Gaffer's OperationDetail JSON: name, summary, fields, next, exampleJson,
// outputClassName (omitted when empty).
Json OperationDetailJson(const OperationInfo& info);

// Gaffer class names of the registered generators (GenerateElements'
// elementGenerator and GenerateObjects' objectGenerator), sorted.
std::vector<std::string> ElementGeneratorClassNames();
std::vector<std::string> ObjectGeneratorClassNames();

// Gaffer StoreTrait names this store supports (QUERY_AGGREGATION,
// INGEST_AGGREGATION, PRE_AGGREGATION_FILTERING, ...), sorted.
std::vector<std::string> StoreTraitNames();

}  // namespace quarry
