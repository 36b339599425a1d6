// Quarry's Thrift interface. Transport: framed; protocol: binary (strict).
//
// Every call carries Credentials; the server maps them to a configured user
// (data auths, op auths). Auths are never taken from the client.
// Every failure is a QuarryError whose `code` is the canonical status name
// (INVALID_ARGUMENT, NOT_FOUND, UNAUTHENTICATED, RESOURCE_EXHAUSTED, ...).

namespace cpp quarry.rpc
namespace py quarry_rpc

struct Credentials { 1: required string userId; 2: optional string token }

exception QuarryError { 1: string code; 2: string message }

// One page of a paged query.
struct Page {
  // A JSON array of result items (elements, seeds or values) as Gaffer JSON.
  1: string itemsJson
  // True when the query has no more items; the handle is then released.
  2: bool done
  // How many items itemsJson holds (the server always sets it), so that a
  // client can count or show progress without parsing the page.
  3: optional i32 itemCount
}

// A typed property value or vertex for the AddElements fast path. Exactly one
// field is set. The schema's class must match the field (an Integer property
// takes intValue, a Long longValue, ...); `json` carries any other type in
// Gaffer's typed JSON, e.g. {"java.util.TreeSet": ["a", "b"]}.
union TypedValue {
  1: bool boolValue       // java.lang.Boolean
  2: i32 intValue         // java.lang.Integer
  3: i64 longValue        // java.lang.Long
  4: double floatValue    // java.lang.Float (narrowed to 32 bits)
  5: double doubleValue   // java.lang.Double
  6: string stringValue   // java.lang.String
  7: binary bytesValue    // byte[]
  8: i64 dateMillis       // java.util.Date, epoch milliseconds
  9: set<string> stringSet            // java.util.TreeSet<String>
  10: map<string, i64> freqMap        // uk.gov.gchq.gaffer.types.FreqMap
  15: string json         // Gaffer typed JSON for any other class
}

enum ElementKind { ENTITY = 1, EDGE = 2 }

// An Entity (vertex) or an Edge (source, destination, directed).
struct Element {
  1: required ElementKind kind
  2: required string group
  3: optional TypedValue vertex
  4: optional TypedValue source
  5: optional TypedValue destination
  6: optional bool directed = true
  7: map<string, TypedValue> properties
}

struct AddElementsOptions {
  // Check each element against the schema (classes, validators).
  1: bool validate = true
  // Drop invalid elements (counted in `skipped`) instead of failing the batch.
  2: bool skipInvalidElements = false
}

struct AddElementsResult { 1: i64 added; 2: i64 skipped }

// branch service (issue 19): what status() reports.
struct ServiceStatus {
  1: string status          // "UP" or "DOWN" (Gaffer's SystemStatus values)
  2: optional string reason // why it is DOWN
}

service Quarry {
  // Runs a Gaffer JSON operation or operation chain; returns its result as Gaffer JSON.
  string execute(1: Credentials credentials, 2: string operationJson) throws (1: QuarryError error)

  // Starts a paged query; returns an opaque handle. Handles are bound to the
  // user who opened them and expire after the server's idle timeout.
  // pageSize: items per nextPage, 1..server maximum.
  string openQuery(1: Credentials credentials, 2: string operationJson, 3: i32 pageSize)
      throws (1: QuarryError error)

  // The next page of an open query. NOT_FOUND for an unknown or expired handle.
  Page nextPage(1: Credentials credentials, 2: string handle) throws (1: QuarryError error)

  // Releases a query early. Closing an unknown handle is not an error.
  void closeQuery(1: Credentials credentials, 2: string handle) throws (1: QuarryError error)

  // The typed fast path for AddElements. Atomic: on error nothing is stored.
  AddElementsResult addElements(1: Credentials credentials, 2: list<Element> elements,
                                3: AddElementsOptions options) throws (1: QuarryError error)

  // branch service (issue 19): the graph's health, as REST's /graph/status.
  // "UP" only when the store is open and writable; "DOWN" with a reason
  // (read-only or full data directory, stalled or failed store). Needs no
  // credentials, so that monitors and load balancers can call it. A new
  // method: clients built from the older IDL are unaffected.
  ServiceStatus status()
}
