// OperationAuthoriser: Gaffer's OperationAuthoriser graph hook. A map from
// operation classes to the operation auths a user must hold to run them; a
// chain is refused before any of it runs if one of its operations (nested
// ones included) maps to an auth the user lacks.
//
// Config (Gaffer's hook JSON, e.g. core/graph's opAuthoriser.json):
//
//   {"class": "uk.gov.gchq.gaffer.graph.hook.OperationAuthoriser",
//    "auths": {"uk.gov.gchq.gaffer.operation.impl.add.AddElements": ["write"],
//              "uk.gov.gchq.gaffer.operation.Operation": ["User"]}}
//
// "class" is optional (it must name OperationAuthoriser when given). Keys are
// operation classes, full or simple names as the operation parser accepts
// them; "uk.gov.gchq.gaffer.operation.Operation" (Gaffer's root interface)
// applies to every operation. As in Gaffer, every entry whose class matches
// an operation applies (the user needs all their auths), and an operation
// that no entry names needs nothing. Nested operations are authorised too:
// the operations of a chain, If/While/ForEach's operations, GetWalks' hops,
// GetExports' exports and the chain AddNamedOperation stores (Gaffer's
// Operations interface), and the chain itself.
//
// Named operations are resolved before the Executor calls Authorise, so a
// named operation cannot hide an operation the user may not run.
//
// Thread safety: immutable after construction; const methods may be called
// from many threads.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "graph-core/status.h"
#include "operations/operation.h"

namespace quarry {

class OperationAuthoriser {
 public:
  // Nothing required of anyone.
  OperationAuthoriser() = default;

  // Parses Gaffer's hook JSON (above). InvalidArgument naming `source` and
  // the JSON path for malformed JSON, an unknown key, an unknown operation
  // class or an auth that is not a non-empty string.
  static Result<OperationAuthoriser> Parse(std::string_view json_text, std::string_view source);
  // Reads and parses a file. NotFound if it cannot be read.
  static Result<OperationAuthoriser> FromFile(const std::string& path);

  // Appends `auths` to what `kind` requires (Gaffer's addAuths).
  void AddAuths(OperationKind kind, const std::vector<std::string>& auths);
  // Appends `auths` to what every operation requires (the Operation class).
  void AddAuthsForEveryOperation(const std::vector<std::string>& auths);

  // OK if a user holding `op_auths` may run `chain` and everything nested
  // in it; else PermissionDenied naming the first refused operation's
  // class and JSON path, the user and the auths it lacks.
  // REQUIRES: named operations in `chain` are resolved.
  Status Authorise(const Operation& chain, std::string_view user_id,
                   const std::vector<std::string>& op_auths) const;
  // The same for one operation of `kind` with nothing nested (the typed
  // AddElements / DeleteElements paths).
  Status AuthoriseKind(OperationKind kind, std::string_view user_id,
                       const std::vector<std::string>& op_auths) const;

  // Every auth any entry requires (Gaffer's getAllAuths), sorted.
  std::vector<std::string> AllAuths() const;
  bool empty() const { return every_operation_.empty() && by_kind_.empty(); }

 private:
  // The auths `kind` needs that `op_auths` lacks, sorted and unique.
  std::vector<std::string> Missing(OperationKind kind,
                                   const std::vector<std::string>& op_auths) const;
  Status AuthoriseTree(const Operation& op, std::string_view user_id,
                       const std::vector<std::string>& op_auths, int depth) const;

  std::vector<std::string> every_operation_;
  std::map<OperationKind, std::vector<std::string>> by_kind_;
};

// The operations that change the graph's data or its shared definitions
// (AddElements, DeleteElements, named operations and views, ...): what an
// anonymous user may not run without `quarry serve --anonymous-writes`.
std::vector<OperationKind> WriteOperationKinds();

}  // namespace quarry
