// Gaffer 2.3.2's description of each operation Quarry runs. Summaries are the
// classes' @Summary; fields are the Jackson properties JsonSerialisationUtil
// finds (a MultiInput's "input" is its item type as an array; enums are
// java.lang.String with their constants as options and their enum class's
// @Summary); output classes are Gaffer's. gafferpy's generated operations
// (made from Gaffer's /graph/operations/details) list the same summaries,
// fields and outputs. To add an operation: one CatalogueRow below, or in one
// of the operation_catalogue_rows_*.cc files.
#include "operations/internal/operation_catalogue_table.h"

namespace quarry::operations_internal {

OperationFieldInfo Field(std::string name, std::string class_name, bool required) {
  return {std::move(name), std::move(class_name), "", required, {}};
}
OperationFieldInfo Input(std::string_view class_name) {
  return Field("input", std::string(class_name));
}
OperationFieldInfo Options() {
  return Field("options", "java.util.Map<java.lang.String,java.lang.String>");
}
OperationFieldInfo Bool(std::string name) { return Field(std::move(name), "java.lang.Boolean"); }
OperationFieldInfo Int(std::string name) { return Field(std::move(name), "java.lang.Integer"); }
OperationFieldInfo Enum(std::string name, std::string summary, std::vector<std::string> options) {
  return {std::move(name), "java.lang.String", std::move(summary), false, std::move(options)};
}

namespace {

using K = OperationKind;

OperationFieldInfo DirectedTypeField() {
  return Enum("directedType", "Is the Edge directed?", {"DIRECTED", "UNDIRECTED", "EITHER"});
}

// Fields of the seeded reads (GetElements and the Accumulo store's reads).
std::vector<OperationFieldInfo> SeededReadFields(OperationFieldInfo input) {
  return {std::move(input),
          Field("view", "uk.gov.gchq.gaffer.data.elementdefinition.view.View"),
          Enum("includeIncomingOutGoing", "Should the edges point towards, or away from your seeds",
               {"INCOMING", "OUTGOING", "EITHER"}),
          DirectedTypeField(),
          Options(),
          Field("views", "java.util.List<uk.gov.gchq.gaffer.data.elementdefinition.view.View>")};
}

std::vector<CatalogueRow> ReadRows() {
  return {
      {K::kGetElements, "Gets elements related to provided seeds",
       SeededReadFields(Input(kObjectArray)),
       R"({"class": "uk.gov.gchq.gaffer.operation.impl.get.GetElements", "input": [{"class": "uk.gov.gchq.gaffer.operation.data.EntitySeed", "vertex": "M5"}]})",
       kIterableOfElements, kIterable},
      {K::kGetAllElements,
       "Gets all elements compatible with a provided View",
       {Field("view", "uk.gov.gchq.gaffer.data.elementdefinition.view.View"), DirectedTypeField(),
        Options(),
        Field("views", "java.util.List<uk.gov.gchq.gaffer.data.elementdefinition.view.View>")},
       R"({"class": "uk.gov.gchq.gaffer.operation.impl.get.GetAllElements"})",
       kIterableOfElements,
       ""},
      {K::kGetAdjacentIds, "Performs a single hop down related edges",
       SeededReadFields(Input(kObjectArray)),
       R"({"class": "uk.gov.gchq.gaffer.operation.impl.get.GetAdjacentIds", "input": [{"class": "uk.gov.gchq.gaffer.operation.data.EntitySeed", "vertex": "M5"}]})",
       "java.lang.Iterable<uk.gov.gchq.gaffer.data.element.id.EntityId>", kIterable},
      {K::kGetElementsBetweenSets,
       "Gets edges that exist between 2 sets and entities in the first set",
       [] {
         auto fields = SeededReadFields(Input(kObjectArray));
         fields.insert(fields.begin() + 1, Field("inputB", std::string(kObjectArray)));
         return fields;
       }(),
       R"({"class": "uk.gov.gchq.gaffer.accumulostore.operation.impl.GetElementsBetweenSets", "input": [{"class": "uk.gov.gchq.gaffer.operation.data.EntitySeed", "vertex": "M5"}], "inputB": [{"class": "uk.gov.gchq.gaffer.operation.data.EntitySeed", "vertex": "M5:10"}]})",
       kIterableOfElements, kIterable},
      {K::kGetElementsBetweenSetsPairs,
       "Gets edges that exist between 2 sets and entities in the first set",
       SeededReadFields(Input(
           "uk.gov.gchq.gaffer.commonutil.pair.Pair<java.lang.Iterable<uk.gov.gchq.gaffer.data."
           "element.id.ElementId>,java.lang.Iterable<uk.gov.gchq.gaffer.data.element.id."
           "ElementId>>")),
       R"({"class": "uk.gov.gchq.gaffer.accumulostore.operation.impl.GetElementsBetweenSetsPairs", "input": {"class": "uk.gov.gchq.gaffer.commonutil.pair.Pair", "first": [{"class": "uk.gov.gchq.gaffer.operation.data.EntitySeed", "vertex": "M5"}], "second": [{"class": "uk.gov.gchq.gaffer.operation.data.EntitySeed", "vertex": "M5:10"}]}})",
       kIterableOfElements, "uk.gov.gchq.gaffer.commonutil.pair.Pair"},
      {K::kGetElementsWithinSet,
       "Gets edges with both vertices in a given set and entities with vertices in a given set",
       SeededReadFields(Input(kObjectArray)),
       R"({"class": "uk.gov.gchq.gaffer.accumulostore.operation.impl.GetElementsWithinSet", "input": [{"class": "uk.gov.gchq.gaffer.operation.data.EntitySeed", "vertex": "M5"}, {"class": "uk.gov.gchq.gaffer.operation.data.EntitySeed", "vertex": "M5:10"}]})",
       kIterableOfElements, kIterable},
      {K::kGetElementsInRanges, "Gets elements that have vertices within a given range",
       SeededReadFields(Input("uk.gov.gchq.gaffer.commonutil.pair.Pair<uk.gov.gchq.gaffer.data."
                              "element.id.ElementId,uk.gov.gchq.gaffer.data.element.id."
                              "ElementId>[]")),
       R"({"class": "uk.gov.gchq.gaffer.accumulostore.operation.impl.GetElementsInRanges", "input": [{"class": "uk.gov.gchq.gaffer.commonutil.pair.Pair", "first": {"uk.gov.gchq.gaffer.operation.data.EntitySeed": {"vertex": "M5"}}, "second": {"uk.gov.gchq.gaffer.operation.data.EntitySeed": {"vertex": "M6"}}}]})",
       kIterableOfElements, kIterable},
      {K::kSummariseGroupOverRanges,
       "Gets summarised Elements for each group over a provided range",
       SeededReadFields(Input("uk.gov.gchq.gaffer.commonutil.pair.Pair<uk.gov.gchq.gaffer.data."
                              "element.id.ElementId,uk.gov.gchq.gaffer.data.element.id."
                              "ElementId>[]")),
       R"({"class": "uk.gov.gchq.gaffer.accumulostore.operation.impl.SummariseGroupOverRanges", "input": [{"class": "uk.gov.gchq.gaffer.commonutil.pair.Pair", "first": {"uk.gov.gchq.gaffer.operation.data.EntitySeed": {"vertex": "M5"}}, "second": {"uk.gov.gchq.gaffer.operation.data.EntitySeed": {"vertex": "M6"}}}], "view": {"edges": {"RoadUse": {}}}})",
       kIterableOfElements, kIterable},
  };
}

// Examples of the output operations read small literal inputs: they run on
// any graph.
std::vector<CatalogueRow> OutputRows() {
  return {
      {K::kCount,
       "Counts the number of items",
       {Input(kObjectArray), Options()},
       R"({"class": "uk.gov.gchq.gaffer.operation.impl.Count", "input": ["a", "b"]})",
       "java.lang.Long",
       kIterable},
      // --- Branch restdone: Gaffer's MapStore operation (its input is ignored).
      {K::kCountAllElementsDefaultView,
       "Counts all elements",
       {Input(kElementArray), Options()},
       R"({"class": "uk.gov.gchq.gaffer.mapstore.operation.CountAllElementsDefaultView"})",
       "java.lang.Long",
       kIterable},
      // --- end of branch restdone.
      {K::kCountGroups,
       "Counts the different element groups",
       {Input(kElementArray), Int("limit"), Options()},
       R"({"class": "uk.gov.gchq.gaffer.operation.impl.CountGroups", "input": [{"class": "uk.gov.gchq.gaffer.data.element.Entity", "group": "JunctionUse", "vertex": "M5:10", "properties": {}}]})",
       "uk.gov.gchq.gaffer.data.GroupCounts",
       kIterable},
      {K::kLimit,
       "Limits the number of items",
       {Input(kObjectArray), Field("resultLimit", "java.lang.Integer", /*required=*/true),
        Bool("truncate"), Options()},
       R"({"class": "uk.gov.gchq.gaffer.operation.impl.Limit", "input": ["a", "b"], "resultLimit": 1})",
       "java.lang.Iterable<?>",
       kIterable},
      {K::kDiscardOutput,
       "Discards the results from the previous operation",
       {Input("java.lang.Object"), Options()},
       R"({"class": "uk.gov.gchq.gaffer.operation.impl.DiscardOutput", "input": ["a"]})",
       "",
       "java.lang.Object"},
      {K::kToSet,
       "Converts an Iterable to a Set",
       {Input(kObjectArray), Options()},
       R"({"class": "uk.gov.gchq.gaffer.operation.impl.output.ToSet", "input": ["a", "b", "a"]})",
       "java.util.Set<T>",
       kIterable},
      {K::kToList,
       "Converts an Iterable to a List",
       {Input(kObjectArray), Options()},
       R"({"class": "uk.gov.gchq.gaffer.operation.impl.output.ToList", "input": ["a", "b"]})",
       "java.util.List<T>",
       kIterable},
      {K::kToArray,
       "Converts an Iterable to an Array",
       {Input(kObjectArray), Options()},
       R"({"class": "uk.gov.gchq.gaffer.operation.impl.output.ToArray", "input": ["a", "b"]})",
       "java.lang.Object[]",
       kIterable},
      {K::kToStream,
       "Converts an Iterable to a Stream",
       {Input(kObjectArray), Options()},
       R"({"class": "uk.gov.gchq.gaffer.operation.impl.output.ToStream", "input": ["a", "b"]})",
       "java.util.stream.Stream<T>",
       kIterable},
      {K::kToSingletonList,
       "Converts a single input of type T to a List",
       {Input("java.lang.Object"), Options()},
       R"({"class": "uk.gov.gchq.gaffer.operation.impl.output.ToSingletonList", "input": "a"})",
       "java.util.List<T>",
       kAnyInput},
      {K::kToVertices,
       "Converts element ids into vertices",
       {Input("uk.gov.gchq.gaffer.data.element.id.ElementId[]"),
        Enum("useMatchedVertex",
             "Choose whether to extract vertices based on how the seeds match the edges",
             {"IGNORE", "EQUAL", "OPPOSITE"}),
        Enum("edgeVertices", "Choose whether to extract the edge vertices",
             {"NONE", "SOURCE", "DESTINATION", "BOTH"}),
        Options()},
       R"({"class": "uk.gov.gchq.gaffer.operation.impl.output.ToVertices", "input": [{"class": "uk.gov.gchq.gaffer.operation.data.EntitySeed", "vertex": "M5"}], "edgeVertices": "NONE"})",
       "java.lang.Iterable<?>",
       kIterable},
      {K::kToEntitySeeds,
       "Converts an objects into EntitySeeds",
       {Input(kObjectArray), Options()},
       R"({"class": "uk.gov.gchq.gaffer.operation.impl.output.ToEntitySeeds", "input": ["M5"]})",
       "java.lang.Iterable<uk.gov.gchq.gaffer.operation.data.EntitySeed>",
       kIterable},
      {K::kToCsv,
       "Converts elements to CSV Strings",
       {Input(kElementArray),
        {"csvGenerator",
         "uk.gov.gchq.gaffer.data.generator.CsvGenerator",
         "Generates a CSV string for each element",
         false,
         {}},
        Bool("includeHeader"),
        Options()},
       R"({"class": "uk.gov.gchq.gaffer.operation.impl.output.ToCsv", "input": [{"class": "uk.gov.gchq.gaffer.data.element.Entity", "group": "JunctionUse", "vertex": "M5:10", "properties": {}}], "csvGenerator": {"class": "uk.gov.gchq.gaffer.data.generator.CsvGenerator", "fields": {"VERTEX": "Junction"}}})",
       "java.lang.Iterable<java.lang.String>",
       kIterable},
  };
}

// PreviewValidation must name every group of the graph: the example proposes
// the road-traffic schema itself (descriptions dropped), which deletes nothing.
constexpr std::string_view kPreviewValidationExample =
    R"({"class": "uk.gov.gchq.quarry.operation.PreviewValidation", "schema": {"edges": {"RoadUs)"
    R"(e": {"source": "junction", "destination": "junction", "directed": "true", "properties": )"
    R"({"startDate": "date.earliest", "endDate": "date.latest", "count": "count.long", "countBy)"
    R"(VehicleType": "counts.freqmap"}, "groupBy": ["startDate", "endDate"]}, "RoadHasJunction")"
    R"(: {"source": "road", "destination": "junction", "directed": "true"}, "RegionContainsLoca)"
    R"(tion": {"source": "region", "destination": "location", "directed": "true"}, "LocationCon)"
    R"(tainsRoad": {"source": "location", "destination": "road", "directed": "true"}, "Junction)"
    R"(LocatedAt": {"source": "junction", "destination": "coordinates", "directed": "true"}}, ")"
    R"(entities": {"Cardinality": {"vertex": "anyVertex", "properties": {"edgeGroup": "set", "h)"
    R"(llp": "hllp", "count": "count.long"}, "groupBy": ["edgeGroup"]}, "JunctionUse": {"vertex)"
    R"(": "junction", "properties": {"startDate": "date.earliest", "endDate": "date.latest", "c)"
    R"(ount": "count.long", "countByVehicleType": "counts.freqmap"}, "groupBy": ["startDate", ")"
    R"(endDate"]}}, "types": {"junction": {"class": "java.lang.String"}, "road": {"class": "jav)"
    R"(a.lang.String"}, "location": {"class": "java.lang.String", "validateFunctions": [{"class)"
    R"(": "uk.gov.gchq.koryphe.impl.predicate.Exists"}]}, "anyVertex": {"class": "java.lang.Str)"
    R"(ing", "validateFunctions": [{"class": "uk.gov.gchq.koryphe.impl.predicate.Exists"}]}, "c)"
    R"(oordinates": {"class": "java.lang.String", "validateFunctions": [{"class": "uk.gov.gchq.)"
    R"(koryphe.impl.predicate.Exists"}]}, "region": {"class": "java.lang.String", "validateFunc)"
    R"(tions": [{"class": "uk.gov.gchq.koryphe.impl.predicate.Exists"}]}, "count.long": {"class)"
    R"(": "java.lang.Long", "validateFunctions": [{"class": "uk.gov.gchq.koryphe.impl.predicate)"
    R"(.IsMoreThan", "orEqualTo": true, "value": {"java.lang.Long": 0}}], "aggregateFunction": )"
    R"({"class": "uk.gov.gchq.koryphe.impl.binaryoperator.Sum"}}, "true": {"class": "java.lang.)"
    R"(Boolean", "validateFunctions": [{"class": "uk.gov.gchq.koryphe.impl.predicate.IsTrue"}]})"
    R"(, "date.earliest": {"class": "java.util.Date", "validateFunctions": [{"class": "uk.gov.g)"
    R"(chq.koryphe.impl.predicate.Exists"}], "aggregateFunction": {"class": "uk.gov.gchq.koryph)"
    R"(e.impl.binaryoperator.Min"}}, "date.latest": {"class": "java.util.Date", "validateFuncti)"
    R"(ons": [{"class": "uk.gov.gchq.koryphe.impl.predicate.Exists"}], "aggregateFunction": {"c)"
    R"(lass": "uk.gov.gchq.koryphe.impl.binaryoperator.Max"}}, "set": {"class": "java.util.Tree)"
    R"(Set", "aggregateFunction": {"class": "uk.gov.gchq.koryphe.impl.binaryoperator.Collection)"
    R"(Concat"}}, "hllp": {"class": "org.apache.datasketches.hll.HllSketch", "aggregateFunction)"
    R"(": {"class": "uk.gov.gchq.gaffer.sketches.datasketches.cardinality.binaryoperator.HllSke)"
    R"(tchAggregator"}, "serialiser": {"class": "uk.gov.gchq.gaffer.sketches.datasketches.cardi)"
    R"(nality.serialisation.HllSketchSerialiser"}}, "counts.freqmap": {"class": "uk.gov.gchq.ga)"
    R"(ffer.types.FreqMap", "validateFunctions": [{"class": "uk.gov.gchq.koryphe.impl.predicate)"
    R"(.Exists"}], "aggregateFunction": {"class": "uk.gov.gchq.gaffer.types.function.FreqMapAgg)"
    R"(regator"}}}}})";

std::vector<CatalogueRow> AdminRows() {
  return {
      {K::kAddElements,
       "Adds elements",
       {Input(kElementArray), Bool("skipInvalidElements"), Bool("validate"), Options()},
       R"({"class": "uk.gov.gchq.gaffer.operation.impl.add.AddElements", "input": [], "skipInvalidElements": false, "validate": true})",
       "",
       kIterable},
      {K::kGetSchema,
       "Gets the Schema of a Graph",
       {Bool("compact"), Options()},
       R"({"class": "uk.gov.gchq.gaffer.store.operation.GetSchema", "compact": false})",
       "uk.gov.gchq.gaffer.store.schema.Schema",
       ""},
      {K::kSplitStoreFromIterable,
       "Splits a store based on an iterable of split points",
       {Input(kObjectArray), Options()},
       R"({"class": "uk.gov.gchq.gaffer.operation.impl.SplitStoreFromIterable", "input": []})",
       "",
       kIterable},
      {K::kSplitStoreFromFile,
       "Splits a store based on a file of split points",
       {Field("inputPath", "java.lang.String", /*required=*/true), Options()},
       R"({"class": "uk.gov.gchq.gaffer.operation.impl.SplitStoreFromFile", "inputPath": "/dev/null"})",
       "",
       ""},
      {K::kSampleElementsForSplitPoints,
       "Samples an iterable of elements and generates split points",
       {Input(kElementArray), Int("numSplits"), Field("proportionToSample", "java.lang.Float"),
        Options()},
       R"({"class": "uk.gov.gchq.gaffer.operation.impl.SampleElementsForSplitPoints", "input": [{"class": "uk.gov.gchq.gaffer.data.element.Entity", "group": "JunctionUse", "vertex": "M5:10", "properties": {}}], "numSplits": 1})",
       "java.util.List<T>",
       kIterable},
      {K::kGenerateSplitPointsFromSample,
       "Generates split points from the supplied Iterable",
       {Input(kObjectArray), Int("numSplits"), Options()},
       R"({"class": "uk.gov.gchq.gaffer.operation.impl.GenerateSplitPointsFromSample", "input": [{"class": "uk.gov.gchq.gaffer.data.element.Entity", "group": "JunctionUse", "vertex": "M5:10", "properties": {}}], "numSplits": 1})",
       "java.util.List<T>",
       kIterable},
      {K::kAddElementsFromFile,
       "Adds elements from a file",
       {Field("filename", "java.lang.String", /*required=*/true),
        Field("elementGenerator",
              "java.lang.Class<java.util.function.Function<java.lang.Iterable<java.lang.String>,"
              "java.lang.Iterable<uk.gov.gchq.gaffer.data.element.Element>>>",
              /*required=*/true),
        Int("parallelism"), Bool("validate"), Bool("skipInvalidElements"), Options()},
       R"({"class": "uk.gov.gchq.gaffer.operation.impl.add.AddElementsFromFile", "filename": "/dev/null"})",
       "",
       ""},
      {K::kCheckpoint,
       "Copies the graph, consistently, into a new directory on the server (Quarry)",
       {Field("directory", "java.lang.String", /*required=*/true), Options()},
       R"({"class": "uk.gov.gchq.quarry.operation.Checkpoint", "directory": "/tmp/quarry-checkpoint-example"})",
       "",
       ""},
      {K::kPreviewValidation,
       "Counts, per group, the stored elements a proposed schema's validators would delete "
       "(Quarry)",
       {Field("schema", "uk.gov.gchq.gaffer.store.schema.Schema", /*required=*/true), Options()},
       kPreviewValidationExample,
       "java.util.Map<java.lang.String,java.lang.Long>",
       ""},
  };
}

// --- Generators (catalogue branch) ---
std::vector<CatalogueRow> GeneratorRows() {
  return {
      {K::kGenerateElements,
       "Generates elements from objects using provided generators",
       {Input(kObjectArray),
        Field("elementGenerator",
              "java.util.function.Function<java.lang.Iterable<OBJ>,java.lang.Iterable<uk.gov."
              "gchq.gaffer.data.element.Element>>",
              /*required=*/true),
        Options()},
       R"({"class": "uk.gov.gchq.gaffer.operation.impl.generate.GenerateElements", "input": [{"class": "uk.gov.gchq.gaffer.rest.example.ExampleDomainObject", "ids": ["M5:10"], "type": "JunctionUse"}, {"class": "uk.gov.gchq.gaffer.rest.example.ExampleDomainObject", "ids": ["M5", "M5:10", true], "type": "RoadHasJunction"}], "elementGenerator": {"class": "uk.gov.gchq.gaffer.rest.example.ExampleElementGenerator"}})",
       kIterableOfElements,
       kIterable},
      {K::kGenerateObjects,
       "Generates objects from elements using provided generators",
       {Input(kElementArray),
        Field("elementGenerator",
              "java.util.function.Function<java.lang.Iterable<uk.gov.gchq.gaffer.data.element."
              "Element>,java.lang.Iterable<OBJ>>",
              /*required=*/true),
        Options()},
       R"({"class": "uk.gov.gchq.gaffer.operation.impl.generate.GenerateObjects", "input": [{"class": "uk.gov.gchq.gaffer.data.element.Entity", "group": "JunctionUse", "vertex": "M5:10", "properties": {}}], "elementGenerator": {"class": "uk.gov.gchq.gaffer.rest.example.ExampleDomainObjectGenerator"}})",
       "java.lang.Iterable<?>",
       kIterable},
  };
}

}  // namespace

std::vector<CatalogueRow> CatalogueRows() {
  std::vector<CatalogueRow> rows;
  for (auto part : {ReadRows, OutputRows, AdminRows, GeneratorRows, WalkAndNamedRows,
                    JobAndExportRows, FlowRows, MapJoinRows, DeleteRows}) {
    for (CatalogueRow& row : part()) rows.push_back(std::move(row));
  }
  return rows;
}

}  // namespace quarry::operations_internal
