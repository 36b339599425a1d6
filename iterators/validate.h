// Schema validation of stored elements: the pure logic shared by the RocksDB
// compaction filter (age-off deletes) and the scan stack's validation filter
// (hides the same elements before compaction), so both give one answer
// (gaffer-compat.md §2.4, §4.4 "Validator").
//
// Validity is Gaffer's getValidator(includeIsA): the element-level
// validateFunctions, then each identifier's and each property's type
// validateFunctions (IsA checks only when asked; the Accumulo table validator
// runs without them). Time-relative predicates (AgeOff, InDateRange offsets)
// read NowMillis() (graph-core/clock.h), so tests pin time with
// ScopedFakeClock.
//
// Results: true = valid, false = invalid (filtered / deleted), an error
// Status only when the question cannot be answered (undecodable bytes,
// unknown group, an element of the other kind): callers must never turn an
// error into a delete.
//
// Thread safety: pure functions over immutable schema objects.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "graph-core/element.h"
#include "graph-core/status.h"
#include "keypackages/key_package.h"
#include "schema/schema.h"

namespace quarry {

// Whether `element` passes `def`'s validators. When invalid and `reason` is
// not null, *reason names the group and the failing function or key.
// InvalidArgument if the element's group or kind is not `def`'s.
Result<bool> ValidateElement(const SchemaElementDefinition& def, const Element& element,
                             bool include_is_a = false, std::string* reason = nullptr);

// False when no element of `def`'s group can fail validation without IsA:
// no element-level validateFunctions and no validateFunctions on any
// identifier or property type. Lets callers skip decoding.
bool HasValidators(const SchemaElementDefinition& def);

// ValidateElement without IsA and without a reason, precomputed for one
// group: only the identifiers and properties whose types have validators are
// visited, and nothing is allocated, so a scan can validate every cell.
// Valid(e) == ValidateElement(def, e).value() for every element of the
// group's name and kind. Immutable; `def` must outlive it.
class GroupValidator {
 public:
  explicit GroupValidator(const SchemaElementDefinition& def);

  // False if no element of the group can fail (HasValidators is false).
  bool has_validators() const { return has_validators_; }
  // REQUIRES: element.group() and kind() are the definition's.
  bool Valid(const Element& element) const;

 private:
  enum class Key { kVertex, kSource, kDestination, kDirected };
  struct KeyCheck {
    Key key;
    const TypeDefinition* type;
  };
  struct PropertyCheck {
    const std::string* name;
    const TypeDefinition* type;
  };

  const SchemaElementDefinition* def_;
  std::vector<KeyCheck> keys_;
  // The directed type's verdict on false and on true, judged once: the
  // flag has two values, and testing it per cell was a fortieth of a hub
  // scan's decoding thread.
  bool directed_accepts_[2] = {true, true};
  std::vector<PropertyCheck> properties_;
  bool has_validators_ = false;
};

// Decodes the stored cell with `package` and validates it (without IsA), as
// the compaction filter and the scan stack's validation filter do. DataLoss
// if the cell cannot be decoded.
Result<bool> ValidateStoredCell(const KeyPackage& package, std::string_view key,
                                std::string_view value, std::string* reason = nullptr);

}  // namespace quarry
