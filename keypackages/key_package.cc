#include "keypackages/key_package.h"

#include <string>

#include "keypackages/internal/core_key_package.h"
#include "keypackages/internal/row_layout.h"

namespace quarry {
namespace {

constexpr std::string_view kGafferPrefix = "uk.gov.gchq.gaffer.accumulostore.key.core.impl.";

}  // namespace

Result<Element> KeyPackage::Decode(std::string_view key, std::string_view value) const {
  QUARRY_ASSIGN_OR_RETURN(KeyParts parts, SplitKey(key));
  Element element;
  QUARRY_RETURN_IF_ERROR(DecodeInto(parts, value, &element));
  return element;
}

Result<RowInfo> KeyPackage::ParseRow(std::string_view key) const {
  QUARRY_ASSIGN_OR_RETURN(KeyParts parts, SplitKey(key));
  return ParseRowSection(parts);
}

Result<bool> KeyPackage::Accepts(std::string_view key, const RowFilter& filter) const {
  QUARRY_ASSIGN_OR_RETURN(KeyParts parts, SplitKey(key));
  return Accepts(parts, filter);
}

Result<bool> KeyPackage::Accepts(const KeyParts& parts, const RowFilter& filter) const {
  QUARRY_ASSIGN_OR_RETURN(RowInfo row, ParseRowSection(parts));
  return filter.Accepts(row);
}

Status KeyPackage::RangesForBatch(const std::vector<ElementId>& seeds, const SeedOptions& options,
                                  std::vector<KeyRange>* out) const {
  for (const ElementId& seed : seeds) QUARRY_RETURN_IF_ERROR(RangesFor(seed, options, out));
  MergeOverlapping(out);
  return Status::OK();
}

Result<std::string_view> CanonicalKeyPackageName(std::string_view name) {
  std::string_view simple = name;
  if (simple.substr(0, kGafferPrefix.size()) == kGafferPrefix) {
    simple.remove_prefix(kGafferPrefix.size());
    if (simple == "byteEntity.ByteEntityKeyPackage") return kByteEntityKeyPackageName;
    if (simple == "classic.ClassicKeyPackage") return kClassicKeyPackageName;
  } else {
    if (simple == kByteEntityKeyPackageName || simple == "ByteEntityKeyPackage") {
      return kByteEntityKeyPackageName;
    }
    if (simple == kClassicKeyPackageName || simple == "ClassicKeyPackage") {
      return kClassicKeyPackageName;
    }
  }
  return InvalidArgumentError("unknown key package '" + std::string(name) +
                              "' (expected byteEntity, classic or a Gaffer key package class)");
}

Result<std::unique_ptr<const KeyPackage>> MakeKeyPackage(std::string_view name,
                                                         std::shared_ptr<const Schema> schema,
                                                         uint32_t value_format) {
  QUARRY_ASSIGN_OR_RETURN(std::string_view canonical, CanonicalKeyPackageName(name));
  if (!IsReadableValueFormat(value_format)) {
    return InvalidArgumentError("value format " + std::to_string(value_format) +
                                " is not one this build reads (" + ReadableValueFormats() + ")");
  }
  const internal::RowLayout& layout = canonical == kByteEntityKeyPackageName
                                          ? internal::ByteEntityLayout()
                                          : internal::ClassicLayout();
  return internal::CoreKeyPackage::Create(canonical, layout, std::move(schema), value_format);
}

}  // namespace quarry
