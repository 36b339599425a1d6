// Parsing of the operations added on branch `named`: GetWalks, the named
// operation and named view operations, and views that name stored views.
#pragma once

#include <string>

#include "graph-core/json_value.h"
#include "graph-core/status.h"
#include "operations/operation.h"

namespace quarry::operations_internal {

// Reads the fields of op->kind into *op if it is one of this branch's kinds
// and returns true (with *status the outcome); returns false otherwise.
bool ReadWalkAndNamedFields(const Json& obj, const std::string& path, Operation* op,
                            Status* status);

// Reads "view" and "views" (Gaffer's OperationView.setViews: each merged in
// turn after "view"). A plain view is parsed into op->view; one that is or
// merges a NamedView is kept in op->named_view, to be resolved before the
// chain runs.
Status ReadViewFields(const Json& obj, const std::string& path, Operation* op);

// True if a view's JSON is (or merges) a Gaffer NamedView: class
// uk.gov.gchq.gaffer.data.elementdefinition.view.NamedView (full or simple)
// at its root. Such a view is resolved against the stored named views before
// the operation runs (named_view_resolver.h).
bool IsNamedViewJson(const Json& view);

}  // namespace quarry::operations_internal
