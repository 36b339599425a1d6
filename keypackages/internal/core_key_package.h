// CoreKeyPackage: the one KeyPackage implementation, parameterised by the
// package's RowLayout (Gaffer's AbstractCoreKeyAccumuloElementConverter and
// AbstractCoreKeyRangeFactory play the same role).
//
// Thread safety: immutable after Create; all methods const and reentrant.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "keypackages/internal/row_layout.h"
#include "keypackages/key_package.h"
#include "keypackages/value_format.h"

namespace quarry::internal {

class CoreKeyPackage final : public KeyPackage {
 public:
  // InvalidArgument if a group's properties cannot be laid out or the vertex
  // serialiser is not consistent. REQUIRES: value_format is readable.
  static Result<std::unique_ptr<const KeyPackage>> Create(std::string_view name,
                                                          const RowLayout& layout,
                                                          std::shared_ptr<const Schema> schema,
                                                          uint32_t value_format);

  std::string_view Name() const override { return name_; }
  const Schema& schema() const override { return *schema_; }
  uint32_t value_format() const override { return value_format_; }
  Status Encode(const Element& element, int64_t timestamp,
                std::vector<KeyValue>* out) const override;
  Status DecodeInto(const KeyParts& parts, std::string_view value, Element* out) const override;
  Result<RowInfo> ParseRowSection(const KeyParts& parts) const override;
  Status RangesFor(const ElementId& seed, const SeedOptions& options,
                   std::vector<KeyRange>* out) const override;
  Status RangesBetween(const ElementId& a, const ElementId& b, const SeedOptions& options,
                       std::vector<KeyRange>* out) const override;
  std::optional<RowFilter> FilterFor(ScanKind kind, const SeedOptions& options) const override;
  const PropertyLayout* LayoutFor(std::string_view group) const override;
  Status RebuildKey(std::string_view key, const Properties& properties,
                    std::string* dst) const override;

 private:
  CoreKeyPackage(std::string_view name, const RowLayout& layout,
                 std::shared_ptr<const Schema> schema, uint32_t value_format)
      : name_(name),
        layout_(layout),
        schema_(std::move(schema)),
        value_format_(value_format),
        serial_(NextSerial()) {}

  // A number no other package of this process has: the key of the per-thread
  // decode memo (an address could be reused by a later package).
  static uint64_t NextSerial();

  // The escaped serialised vertex appended to `dst`; raw bytes to `*raw`.
  Status AppendVertex(const Value& vertex, std::string_view what, std::string* raw,
                      std::string* dst) const;
  // The vertex in `escaped` into `*out`; `scratch` holds unescaped bytes
  // when needed. DataLoss if it does not decode or decodes to null.
  Status DecodeVertex(std::string_view escaped, std::string* scratch, Value* out) const;
  // DecodeVertex for a row's first vertex, remembered per thread: the cells
  // of one row (a hub's thousands of edges) decode it once.
  Status DecodeRowVertex(std::string_view escaped, std::string* scratch, Value* out) const;
  // The group named by the escaped `group` piece of a key, remembered per
  // thread; DataLoss if the schema has no such group.
  Result<const std::pair<const std::string, PropertyLayout>*> GroupOfKey(
      std::string_view group, std::string* scratch) const;
  Status AppendTail(const PropertyLayout& layout, const Properties& properties,
                    std::string* dst) const;
  Status EntitySeedRanges(const Value& vertex, const SeedOptions& options,
                          std::vector<KeyRange>* out) const;
  Status EdgeSeedRanges(const EdgeSeed& seed, const SeedOptions& options,
                        std::vector<KeyRange>* out) const;
  Status VertexRanges(const Value& vertex, const RowFilter& select,
                      std::vector<KeyRange>* out) const;

  std::string name_;
  const RowLayout& layout_;
  std::shared_ptr<const Schema> schema_;
  uint32_t value_format_;
  std::map<std::string, PropertyLayout, std::less<>> groups_;
  const uint64_t serial_;
};

}  // namespace quarry::internal
