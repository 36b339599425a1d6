// What named operations and named views share: Gaffer's access rule for a
// stored resource, and ${param} substitution with its parameter details.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "graph-core/json_value.h"
#include "graph-core/status.h"
#include "operations/executor.h"

namespace quarry::operations_internal {

// Gaffer's AccessPredicate with a DefaultUserPredicate: the creator, a user
// holding the admin op auth (when one is configured), or a user with any op
// auth among `roles`. No roles: only the creator and admins.
bool HasAccess(const User& user, std::string_view creator_id, const std::vector<std::string>& roles,
               std::string_view admin_auth);

// A value class as Gaffer records it: simple java.lang / java.util names
// ("Long", "String", "ArrayList") become their full names; others are kept.
std::string CanonicalValueClass(std::string_view value_class);

// `value` as Jackson would read it into `value_class` (its JSON form after
// the round trip Gaffer makes): integers for Long/Integer/Short/Byte (numeric
// strings coerced, ranges checked), numbers for Double/Float, true/false for
// Boolean, scalars as text for String, arrays for lists and sets, objects for
// maps; other classes pass through. InvalidArgument naming `what` otherwise.
Result<Json> CoerceParameter(const Json& value, std::string_view value_class,
                             std::string_view what);

// How missing parameters are treated: named operations use the default
// unless required; named views need a non-null default.
enum class ParameterRules { kNamedOperation, kNamedView };

// Replaces each "${name}" (with its quotes) in `text` by the JSON of the
// supplied value (coerced to its valueClass for named operations) or the
// default. `details` is the stored parameters object (may be null);
// `supplied` the caller's parameters (may be null). InvalidArgument for a
// parameter not declared, a required one missing, or a wrong type.
Result<std::string> SubstituteParameters(std::string text, const Json& details,
                                         const Json& supplied, ParameterRules rules,
                                         std::string_view what);

// The "parameters" object of AddNamedOperation / AddNamedView checked as
// Gaffer's ParameterDetail does (description required for operations,
// valueClass required, no default when required, the default a value of
// valueClass), with value classes canonical. Null when absent.
Result<Json> ReadParameterDetails(const Json& req, const std::string& path, bool named_view);

// A stored detail's role list (`field`) and creatorId.
std::vector<std::string> Roles(const Json& detail, std::string_view field);
std::string Creator(const Json& detail);

}  // namespace quarry::operations_internal
