// Operation: a parsed Gaffer JSON operation or operation chain
// (gaffer-compat.md §7).
//
// One flat struct holds the fields of every supported operation; `kind`
// says which fields apply. Parsing checks every field's type and names its
// JSON path in errors ("operations[1].resultLimit: expected an integer");
// unknown fields are ignored as Gaffer does. Explicit inputs are parsed up
// front (seeds, elements, pairs), so a malformed seed fails before anything
// runs.
//
// Thread safety: a value type; const access from many threads is safe.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "graph-core/element_id.h"
#include "graph-core/enums.h"
#include "graph-core/json_value.h"
#include "graph-core/status.h"
#include "graph-core/view.h"
#include "operations/flow_fields.h"
#include "operations/item.h"
#include "operations/map_join_fields.h"

namespace quarry {

enum class OperationKind {
  kOperationChain,
  kAddElements,
  kGetElements,
  kGetAllElements,
  kGetAdjacentIds,
  kGetElementsBetweenSets,
  kGetElementsBetweenSetsPairs,
  kGetElementsWithinSet,
  kGetElementsInRanges,
  kSummariseGroupOverRanges,
  kCount,
  kCountGroups,
  kLimit,
  kDiscardOutput,
  kToSet,
  kToList,
  kToArray,
  kToStream,
  kToSingletonList,
  kToVertices,
  kToEntitySeeds,
  kToCsv,
  kGetSchema,
  kSplitStoreFromIterable,
  kSplitStoreFromFile,  // Its inputPath is held in `filename`.
  kSampleElementsForSplitPoints,
  kGenerateSplitPointsFromSample,
  kAddElementsFromFile,
  kCheckpoint,         // uk.gov.gchq.quarry.operation.Checkpoint
  kPreviewValidation,  // uk.gov.gchq.quarry.operation.PreviewValidation
  // --- Generators (catalogue branch) ---
  kGenerateElements,  // uk.gov.gchq.gaffer.operation.impl.generate.GenerateElements
  kGenerateObjects,   // uk.gov.gchq.gaffer.operation.impl.generate.GenerateObjects
  // --- Walks, named operations and named views (branch `named`). ---
  kGetWalks,
  kAddNamedOperation,
  kGetAllNamedOperations,
  kDeleteNamedOperation,
  kNamedOperation,
  kAddNamedView,
  kGetAllNamedViews,
  kDeleteNamedView,
  kToMap,
  // --- end of branch `named` ---
  // --- Jobs and exports (operations/job_ops.cc, operations/export_ops.cc) ---
  kGetJobDetails,
  kGetAllJobDetails,
  kGetJobResults,
  kExportToSet,
  kGetSetExport,
  kGetExports,
  kExportToGafferResultCache,
  kGetGafferResultCacheExport,
  // --- end of jobs and exports ---
  // --- Element functions, comparisons, flow control, variables, traits
  // (issue 12, branch flow). Fields: flow_fields.h and the block at the end
  // of Operation.
  kFilter,        // uk.gov.gchq.gaffer.operation.impl.function.Filter
  kTransform,     // uk.gov.gchq.gaffer.operation.impl.function.Transform
  kAggregate,     // uk.gov.gchq.gaffer.operation.impl.function.Aggregate
  kSort,          // uk.gov.gchq.gaffer.operation.impl.compare.Sort
  kMax,           // uk.gov.gchq.gaffer.operation.impl.compare.Max
  kMin,           // uk.gov.gchq.gaffer.operation.impl.compare.Min
  kValidate,      // uk.gov.gchq.gaffer.operation.impl.Validate
  kIf,            // uk.gov.gchq.gaffer.operation.impl.If
  kWhile,         // uk.gov.gchq.gaffer.operation.impl.While
  kForEach,       // uk.gov.gchq.gaffer.operation.impl.ForEach
  kSetVariable,   // uk.gov.gchq.gaffer.operation.impl.SetVariable
  kGetVariable,   // uk.gov.gchq.gaffer.operation.impl.GetVariable
  kGetVariables,  // uk.gov.gchq.gaffer.operation.impl.GetVariables
  kGetTraits,     // uk.gov.gchq.gaffer.store.operation.GetTraits
  kHasTrait,      // uk.gov.gchq.gaffer.store.operation.HasTrait
  // --- end of the flow block.
  // --- Branch restdone: the MapStore operation gafferpy's example_map runs.
  kCountAllElementsDefaultView,  // uk.gov.gchq.gaffer.mapstore.operation.CountAllElementsDefaultView
  // --- end of branch restdone.
  // --- Map, Reduce, Join, ValidateOperationChain (issue 12, branch mapjoin).
  // Fields: map_join_fields.h and the block at the end of Operation.
  kMap,                     // uk.gov.gchq.gaffer.operation.impl.Map
  kReduce,                  // uk.gov.gchq.gaffer.operation.impl.Reduce
  kJoin,                    // uk.gov.gchq.gaffer.operation.impl.join.Join
  kValidateOperationChain,  // uk.gov.gchq.gaffer.operation.impl.ValidateOperationChain
  // --- end of branch mapjoin.
  // --- Deletes and the graph's creation time (issue 12, branch deletes;
  // operations/delete_ops.cc). DeleteElements reads validate and
  // skip_invalid_elements.
  kDeleteElements,       // uk.gov.gchq.gaffer.operation.impl.delete.DeleteElements
  kDeleteAllData,        // uk.gov.gchq.gaffer.store.operation.DeleteAllData
  kGetGraphCreatedTime,  // uk.gov.gchq.gaffer.operation.impl.get.GetGraphCreatedTime
  // --- end of branch deletes.
  // Lines of text to and from a file on the machine running the operation
  // (operations/local_file_ops.cc). Both read `filename` (Gaffer's filePath).
  kExportToLocalFile,    // uk.gov.gchq.gaffer.operation.impl.export.localfile.ExportToLocalFile
  kImportFromLocalFile,  // uk.gov.gchq.gaffer.operation.impl.export.localfile.ImportFromLocalFile
  // Operation scores (operations/operation_scores.h); its operationChain is
  // map_join->operation_chain, kept as JSON so named operations in it are
  // scored, not resolved, as in Gaffer.
  kScoreOperationChain,  // uk.gov.gchq.gaffer.operation.impl.ScoreOperationChain
  // Scheduled jobs (Executor::ScheduleJob): reads job_id (required).
  kCancelScheduledJob,  // uk.gov.gchq.gaffer.operation.impl.job.CancelScheduledJob
};

// The full class name of `kind` (what Gaffer writes).
std::string_view OperationClassName(OperationKind kind);
// Resolves a full or simple class name (a simple name is capitalised first,
// as Gaffer does). nullopt if unknown.
std::optional<OperationKind> OperationKindFromClassName(std::string_view class_name);

// ToVertices' fields (§7.3). nullopt = Gaffer's null.
enum class EdgeVertices { kNone, kSource, kDestination, kBoth };
enum class UseMatchedVertex { kIgnore, kEqual, kOpposite };

// Gaffer's CsvGenerator: fields (identifier or property -> header) and
// constants (value -> header), both in JSON order.
struct CsvGeneratorSpec {
  std::vector<std::pair<std::string, std::string>> fields;
  std::vector<std::pair<std::string, std::string>> constants;
  bool quoted = false;
  std::optional<std::string> comma_replacement = " ";  // nullopt: commas kept.
  // ToCsv adds every schema property (then DIRECTED) as a field named after
  // itself, after `fields` (Gaffer's addAdditionalFieldsFromSchemaProperties).
  bool include_schema_properties = false;
  // Those added fields are headed `name:Type` (the OpenCypher generators).
  bool typed_schema_headers = false;
};

struct Operation {
  OperationKind kind = OperationKind::kOperationChain;
  std::string path;  // JSON path of this operation ("" for the root), for messages.
  std::vector<std::pair<std::string, std::string>> options;

  // Explicit input; nullopt means "the previous operation's output".
  std::optional<std::vector<Item>> input;
  // The explicit input was one JSON value, not an array, for an operation
  // whose input is any object (If, SetVariable, ToSingletonList: Gaffer's
  // GenericInput keeps a lone value as it is): `input` holds that one item,
  // and it runs as a single value, not as a list of one.
  bool input_is_single_value = false;
  std::optional<std::vector<Item>> input_b;  // GetElementsBetweenSets(Pairs): set B.
  // GetElementsInRanges: explicit ranges (required).
  std::vector<std::pair<ElementId, ElementId>> ranges;

  // Reads.
  std::optional<View> view;  // nullopt: Gaffer's null view (every group).
  IncludeIncomingOutgoing include_incoming_outgoing = IncludeIncomingOutgoing::kEither;
  DirectedType directed_type = DirectedType::kEither;
  bool seed_matching_equal = false;  // v1 "seedMatching": "EQUAL".

  // AddElements / AddElementsFromFile (and filePath, ExportToLocalFile /
  // ImportFromLocalFile).
  bool validate = true;
  bool skip_invalid_elements = false;
  std::string filename;

  // Count / Limit / CountGroups.
  std::optional<int64_t> count_groups_limit;
  int64_t result_limit = 0;
  bool truncate = true;

  // Output conversions.
  std::optional<EdgeVertices> edge_vertices;
  std::optional<UseMatchedVertex> use_matched_vertex;
  CsvGeneratorSpec csv;
  bool include_header = true;

  // Admin.
  bool compact = false;    // GetSchema.
  int64_t num_splits = 1;  // Split point sampling: shards = numSplits + 1.
  double proportion_to_sample = 1.0;
  std::string directory;  // Checkpoint.
  Json proposed_schema;   // PreviewValidation.

  // GenerateElements / GenerateObjects: the generator's JSON ({"class": ...}),
  // checked against the registry when parsed (generators/generator.h).
  Json generator;

  // OperationChain; GetWalks' hops (each a chain).
  std::vector<Operation> operations;

  // --- Walks, named operations and named views (branch `named`). ---
  // ToMap's MapGenerator reuses `csv`: fields (identifier, GROUP or property
  // -> map key) and constants (key -> value), both in JSON order.
  // GetWalks.
  bool include_partial = false;
  int64_t results_limit = 1'000'000;  // Gaffer's GetWalks.DEFAULT_RESULTS_LIMIT.
  // Named operations and views: the request's JSON object as sent, read by
  // the named-operation runners (operations/named_*.cc), which check it.
  Json named_request;
  // A view naming stored views (class NamedView), as sent; `view` is set from
  // it when the named views are resolved, before the chain runs.
  Json named_view;
  // --- end of branch `named` ---
  // --- Jobs and exports (operations/internal/job_fields.cc) ---
  // GetJobDetails, GetJobResults and the GetExports: jobId (nullopt: the
  // running request's own job).
  std::optional<std::string> job_id;
  // The exports' key (nullopt: Gaffer's default key "ALL").
  std::optional<std::string> export_key;
  // GetSetExport: items [start, end) of the export (end nullopt: to the end).
  int64_t export_start = 0;
  std::optional<int64_t> export_end;
  // ExportToGafferResultCache: the op auths a reader needs (nullopt: the
  // exporting user's id).
  std::optional<std::vector<std::string>> export_op_auths;
  // GetExports: its getExports (each a GetSetExport,
  // GetGafferResultCacheExport or ImportFromLocalFile), in order.
  std::vector<Operation> get_exports;
  // --- end of jobs and exports ---
  // --- Element functions, comparisons, flow control, variables, traits
  // (issue 12, branch flow); parsed by operations/internal/flow_parser.cc.
  std::shared_ptr<const ElementFunctionFields> element_functions;  // Filter/Transform/Aggregate.
  std::shared_ptr<const ComparisonFields> comparison;              // Sort/Max/Min.
  std::shared_ptr<const FlowFields> flow;                          // If/While/ForEach.
  std::string variable_name;                // SetVariable / GetVariable "variableName".
  std::vector<std::string> variable_names;  // GetVariables "variableNames".
  bool current_traits = true;               // GetTraits / HasTrait "currentTraits".
  std::string trait;                        // HasTrait "trait" (a StoreTrait name).
  // --- end of the flow block.
  // --- Map, Reduce, Join, ValidateOperationChain (branch mapjoin); parsed by
  // operations/internal/map_join_parser.cc. Join's right-hand operation is
  // flow->operation.
  std::shared_ptr<const MapJoinFields> map_join;
  // --- end of branch mapjoin.
};

// Limits applied while parsing.
struct ParseLimits {
  size_t max_bytes = 256u << 20;
  int max_depth = 200;
};

// Parses an operation document: a single operation, an explicit
// OperationChain, a top-level object without "class" (a chain), or
// {"operations": [...]}. The result is always a chain at the root.
// InvalidArgument (naming the JSON path) for malformed JSON, an unknown class
// ("operations[1].class: unknown operation class 'X'"), a bad field or a
// document nested deeper than the limit (checked on the raw text before the
// JSON parser sees it); ResourceExhausted for a document over the size limit.
Result<Operation> ParseOperationChain(std::string_view text, const ParseLimits& limits);

// Parses one operation object at `path` (a chain if it has no class).
Result<Operation> ParseOperation(const Json& json, const std::string& path);

}  // namespace quarry
