#include "iterators/scan_element_iterator.h"

#include <utility>
#include <vector>

#include "iterators/element_filter_iterator.h"

namespace quarry {

Result<bool> ApplyElementStage(const ViewElementDefinition& definition, Element* element) {
  for (size_t i = 0; i < definition.transform_functions.size(); ++i) {
    Status status = definition.transform_functions[i].Apply(element);
    if (!status.ok()) {
      return Status(status.code(), "group '" + element->group() + "': transformFunctions[" +
                                       std::to_string(i) + "]: " + status.message());
    }
  }
  if (!definition.post_transform_filter.Test(*element)) return false;
  if (definition.properties.has_value() || !definition.exclude_properties.empty()) {
    std::vector<std::string> dropped;
    for (const auto& [name, value] : element->properties()) {
      if (!definition.IsPropertySelected(name)) dropped.push_back(name);
    }
    for (const std::string& name : dropped) element->mutable_properties().Erase(name);
  }
  return true;
}

ScanElementIterator::ScanElementIterator(
    std::unique_ptr<KvIterator> stack, const KeyPackage& package,
    std::map<std::string, ViewElementDefinition, std::less<>> groups, bool matched_vertex)
    : stack_(std::move(stack)),
      package_(package),
      groups_(std::move(groups)),
      matched_vertex_(matched_vertex) {}

void ScanElementIterator::Seek(const KeyRange& range) {
  status_ = Status::OK();
  stack_->Seek(range);
  Settle();
}

void ScanElementIterator::Next() {
  stack_->Next();
  Settle();
}

void ScanElementIterator::Settle() {
  has_element_ = false;
  for (; stack_->Valid(); stack_->Next()) {
    Result<bool> kept = Process();
    if (!kept.ok()) {
      status_ = kept.status();
      return;
    }
    if (*kept) {
      has_element_ = true;
      return;
    }
  }
  status_ = stack_->status();
}

Result<bool> ScanElementIterator::Process() {
  current_ = stack_->DecodedElement();  // Decoded once, by a filter below.
  if (current_ == nullptr) {
    const KeyParts* parts = stack_->SplitParts();
    KeyParts split;
    if (parts == nullptr) {
      QUARRY_ASSIGN_OR_RETURN(split, SplitKey(stack_->key()));
      parts = &split;
    }
    QUARRY_RETURN_IF_ERROR(package_.DecodeInto(*parts, stack_->value(), &element_));
    current_ = &element_;
  }
  if (!matched_vertex_) current_->set_matched_vertex(std::nullopt);
  auto it = groups_.find(current_->group());
  if (it == groups_.end()) return true;
  return ApplyElementStage(it->second, current_);
}

}  // namespace quarry
