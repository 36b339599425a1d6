// Operation class names (full and simple) and the raw-text nesting check.
#include <array>
#include <cctype>
#include <string>

#include "operations/operation.h"

namespace quarry {
namespace {

struct ClassEntry {
  OperationKind kind;
  std::string_view full_name;
};

constexpr ClassEntry kClasses[] = {
    {OperationKind::kOperationChain, "uk.gov.gchq.gaffer.operation.OperationChain"},
    {OperationKind::kAddElements, "uk.gov.gchq.gaffer.operation.impl.add.AddElements"},
    {OperationKind::kGetElements, "uk.gov.gchq.gaffer.operation.impl.get.GetElements"},
    {OperationKind::kGetAllElements, "uk.gov.gchq.gaffer.operation.impl.get.GetAllElements"},
    {OperationKind::kGetAdjacentIds, "uk.gov.gchq.gaffer.operation.impl.get.GetAdjacentIds"},
    {OperationKind::kGetElementsBetweenSets,
     "uk.gov.gchq.gaffer.accumulostore.operation.impl.GetElementsBetweenSets"},
    {OperationKind::kGetElementsBetweenSetsPairs,
     "uk.gov.gchq.gaffer.accumulostore.operation.impl.GetElementsBetweenSetsPairs"},
    {OperationKind::kGetElementsWithinSet,
     "uk.gov.gchq.gaffer.accumulostore.operation.impl.GetElementsWithinSet"},
    {OperationKind::kGetElementsInRanges,
     "uk.gov.gchq.gaffer.accumulostore.operation.impl.GetElementsInRanges"},
    {OperationKind::kSummariseGroupOverRanges,
     "uk.gov.gchq.gaffer.accumulostore.operation.impl.SummariseGroupOverRanges"},
    {OperationKind::kCount, "uk.gov.gchq.gaffer.operation.impl.Count"},
    {OperationKind::kCountGroups, "uk.gov.gchq.gaffer.operation.impl.CountGroups"},
    {OperationKind::kLimit, "uk.gov.gchq.gaffer.operation.impl.Limit"},
    {OperationKind::kDiscardOutput, "uk.gov.gchq.gaffer.operation.impl.DiscardOutput"},
    {OperationKind::kToSet, "uk.gov.gchq.gaffer.operation.impl.output.ToSet"},
    {OperationKind::kToList, "uk.gov.gchq.gaffer.operation.impl.output.ToList"},
    {OperationKind::kToArray, "uk.gov.gchq.gaffer.operation.impl.output.ToArray"},
    {OperationKind::kToStream, "uk.gov.gchq.gaffer.operation.impl.output.ToStream"},
    {OperationKind::kToSingletonList, "uk.gov.gchq.gaffer.operation.impl.output.ToSingletonList"},
    {OperationKind::kToVertices, "uk.gov.gchq.gaffer.operation.impl.output.ToVertices"},
    {OperationKind::kToEntitySeeds, "uk.gov.gchq.gaffer.operation.impl.output.ToEntitySeeds"},
    {OperationKind::kToCsv, "uk.gov.gchq.gaffer.operation.impl.output.ToCsv"},
    {OperationKind::kGetSchema, "uk.gov.gchq.gaffer.store.operation.GetSchema"},
    {OperationKind::kSplitStoreFromIterable,
     "uk.gov.gchq.gaffer.operation.impl.SplitStoreFromIterable"},
    {OperationKind::kSplitStoreFromFile, "uk.gov.gchq.gaffer.operation.impl.SplitStoreFromFile"},
    {OperationKind::kSampleElementsForSplitPoints,
     "uk.gov.gchq.gaffer.operation.impl.SampleElementsForSplitPoints"},
    {OperationKind::kGenerateSplitPointsFromSample,
     "uk.gov.gchq.gaffer.operation.impl.GenerateSplitPointsFromSample"},
    {OperationKind::kAddElementsFromFile,
     "uk.gov.gchq.gaffer.operation.impl.add.AddElementsFromFile"},
    {OperationKind::kCheckpoint, "uk.gov.gchq.quarry.operation.Checkpoint"},
    {OperationKind::kPreviewValidation, "uk.gov.gchq.quarry.operation.PreviewValidation"},
    // --- Generators (catalogue branch) ---
    {OperationKind::kGenerateElements,
     "uk.gov.gchq.gaffer.operation.impl.generate.GenerateElements"},
    {OperationKind::kGenerateObjects, "uk.gov.gchq.gaffer.operation.impl.generate.GenerateObjects"},
    // --- Walks, named operations and named views (branch `named`). ---
    {OperationKind::kGetWalks, "uk.gov.gchq.gaffer.operation.impl.GetWalks"},
    {OperationKind::kAddNamedOperation, "uk.gov.gchq.gaffer.named.operation.AddNamedOperation"},
    {OperationKind::kGetAllNamedOperations,
     "uk.gov.gchq.gaffer.named.operation.GetAllNamedOperations"},
    {OperationKind::kDeleteNamedOperation,
     "uk.gov.gchq.gaffer.named.operation.DeleteNamedOperation"},
    {OperationKind::kNamedOperation, "uk.gov.gchq.gaffer.named.operation.NamedOperation"},
    {OperationKind::kAddNamedView, "uk.gov.gchq.gaffer.named.view.AddNamedView"},
    {OperationKind::kGetAllNamedViews, "uk.gov.gchq.gaffer.named.view.GetAllNamedViews"},
    {OperationKind::kDeleteNamedView, "uk.gov.gchq.gaffer.named.view.DeleteNamedView"},
    {OperationKind::kToMap, "uk.gov.gchq.gaffer.operation.impl.output.ToMap"},
    // --- end of branch `named` ---
    // --- Jobs and exports ---
    {OperationKind::kGetJobDetails, "uk.gov.gchq.gaffer.operation.impl.job.GetJobDetails"},
    {OperationKind::kGetAllJobDetails, "uk.gov.gchq.gaffer.operation.impl.job.GetAllJobDetails"},
    {OperationKind::kGetJobResults, "uk.gov.gchq.gaffer.operation.impl.job.GetJobResults"},
    {OperationKind::kExportToSet, "uk.gov.gchq.gaffer.operation.impl.export.set.ExportToSet"},
    {OperationKind::kGetSetExport, "uk.gov.gchq.gaffer.operation.impl.export.set.GetSetExport"},
    {OperationKind::kGetExports, "uk.gov.gchq.gaffer.operation.impl.export.GetExports"},
    {OperationKind::kExportToGafferResultCache,
     "uk.gov.gchq.gaffer.operation.impl.export.resultcache.ExportToGafferResultCache"},
    {OperationKind::kGetGafferResultCacheExport,
     "uk.gov.gchq.gaffer.operation.impl.export.resultcache.GetGafferResultCacheExport"},
    // --- end of jobs and exports ---
    // --- Element functions, comparisons, flow control, variables, traits
    // (issue 12, branch flow).
    {OperationKind::kFilter, "uk.gov.gchq.gaffer.operation.impl.function.Filter"},
    {OperationKind::kTransform, "uk.gov.gchq.gaffer.operation.impl.function.Transform"},
    {OperationKind::kAggregate, "uk.gov.gchq.gaffer.operation.impl.function.Aggregate"},
    {OperationKind::kSort, "uk.gov.gchq.gaffer.operation.impl.compare.Sort"},
    {OperationKind::kMax, "uk.gov.gchq.gaffer.operation.impl.compare.Max"},
    {OperationKind::kMin, "uk.gov.gchq.gaffer.operation.impl.compare.Min"},
    {OperationKind::kValidate, "uk.gov.gchq.gaffer.operation.impl.Validate"},
    {OperationKind::kIf, "uk.gov.gchq.gaffer.operation.impl.If"},
    {OperationKind::kWhile, "uk.gov.gchq.gaffer.operation.impl.While"},
    {OperationKind::kForEach, "uk.gov.gchq.gaffer.operation.impl.ForEach"},
    {OperationKind::kSetVariable, "uk.gov.gchq.gaffer.operation.impl.SetVariable"},
    {OperationKind::kGetVariable, "uk.gov.gchq.gaffer.operation.impl.GetVariable"},
    {OperationKind::kGetVariables, "uk.gov.gchq.gaffer.operation.impl.GetVariables"},
    {OperationKind::kGetTraits, "uk.gov.gchq.gaffer.store.operation.GetTraits"},
    {OperationKind::kHasTrait, "uk.gov.gchq.gaffer.store.operation.HasTrait"},
    // --- end of the flow block.
    // --- Branch restdone.
    {OperationKind::kCountAllElementsDefaultView,
     "uk.gov.gchq.gaffer.mapstore.operation.CountAllElementsDefaultView"},
    // --- end of branch restdone.
    // --- Map, Reduce, Join, ValidateOperationChain (branch mapjoin).
    {OperationKind::kMap, "uk.gov.gchq.gaffer.operation.impl.Map"},
    {OperationKind::kReduce, "uk.gov.gchq.gaffer.operation.impl.Reduce"},
    {OperationKind::kJoin, "uk.gov.gchq.gaffer.operation.impl.join.Join"},
    {OperationKind::kValidateOperationChain,
     "uk.gov.gchq.gaffer.operation.impl.ValidateOperationChain"},
    // --- end of branch mapjoin.
    // --- Deletes and the graph's creation time (branch deletes).
    {OperationKind::kDeleteElements, "uk.gov.gchq.gaffer.operation.impl.delete.DeleteElements"},
    {OperationKind::kDeleteAllData, "uk.gov.gchq.gaffer.store.operation.DeleteAllData"},
    {OperationKind::kGetGraphCreatedTime,
     "uk.gov.gchq.gaffer.operation.impl.get.GetGraphCreatedTime"},
    {OperationKind::kExportToLocalFile,
     "uk.gov.gchq.gaffer.operation.impl.export.localfile.ExportToLocalFile"},
    {OperationKind::kImportFromLocalFile,
     "uk.gov.gchq.gaffer.operation.impl.export.localfile.ImportFromLocalFile"},
    {OperationKind::kScoreOperationChain, "uk.gov.gchq.gaffer.operation.impl.ScoreOperationChain"},
    {OperationKind::kCancelScheduledJob,
     "uk.gov.gchq.gaffer.operation.impl.job.CancelScheduledJob"},
    // --- end of branch deletes.
};

std::string_view SimpleName(std::string_view full) {
  size_t dot = full.rfind('.');
  return dot == std::string_view::npos ? full : full.substr(dot + 1);
}

}  // namespace

std::string_view OperationClassName(OperationKind kind) {
  for (const ClassEntry& e : kClasses) {
    if (e.kind == kind) return e.full_name;
  }
  return "";
}

std::optional<OperationKind> OperationKindFromClassName(std::string_view class_name) {
  if (class_name.empty()) return std::nullopt;
  if (class_name.find('.') != std::string_view::npos) {
    for (const ClassEntry& e : kClasses) {
      if (e.full_name == class_name) return e.kind;
    }
    return std::nullopt;
  }
  std::string simple(class_name);
  simple[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(simple[0])));
  for (const ClassEntry& e : kClasses) {
    if (SimpleName(e.full_name) == simple) return e.kind;
  }
  return std::nullopt;
}

}  // namespace quarry
