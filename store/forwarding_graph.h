// ForwardingGraph: a Graph that passes every call to another Graph, the base
// of decorators that change a few calls and leave the rest alone (the
// server's CountingGraph counts reads and writes; WriteLaneGraph runs
// writes on low-priority threads). A subclass overrides what it changes and
// calls ForwardingGraph's version for the forwarding.
//
// Thread safety: as the wrapped Graph.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "store/graph.h"

namespace quarry {

class ForwardingGraph : public Graph {
 public:
  // REQUIRES: inner != nullptr.
  explicit ForwardingGraph(std::shared_ptr<Graph> inner) : inner_(std::move(inner)) {}

  std::shared_ptr<const Schema> schema() const override { return inner_->schema(); }
  const KeyPackage& key_package() const override { return inner_->key_package(); }
  const StoreProperties& properties() const override { return inner_->properties(); }

  Status AddElements(std::span<const Element> elements, const AddElementsOptions& options,
                     AddElementsResult* result) override {
    return inner_->AddElements(elements, options, result);
  }
  Status BulkImport(std::span<const Element> elements, const AddElementsOptions& options,
                    AddElementsResult* result) override {
    return inner_->BulkImport(elements, options, result);
  }
  Result<std::unique_ptr<ElementIterator>> GetElements(std::span<const ElementId> seeds,
                                                       const QueryOptions& options) const override {
    return inner_->GetElements(seeds, options);
  }
  Result<std::unique_ptr<ElementIterator>> GetAllElements(
      const QueryOptions& options) const override {
    return inner_->GetAllElements(options);
  }
  Result<std::unique_ptr<ElementIterator>> GetElementsInRanges(
      std::span<const std::pair<ElementId, ElementId>> ranges,
      const QueryOptions& options) const override {
    return inner_->GetElementsInRanges(ranges, options);
  }
  Status DeleteElements(std::span<const Element> elements) override {
    return inner_->DeleteElements(elements);
  }
  Status DeleteAllElements() override { return inner_->DeleteAllElements(); }
  int64_t created_time_ms() const override { return inner_->created_time_ms(); }
  Status Compact() override { return inner_->Compact(); }
  Result<std::map<std::string, uint64_t>> PreviewValidation(
      std::shared_ptr<const Schema> proposed) const override {
    return inner_->PreviewValidation(std::move(proposed));
  }
  Result<GraphStats> Stats() const override { return inner_->Stats(); }
  Status Checkpoint(const std::string& dir) const override { return inner_->Checkpoint(dir); }
  Status SetSplitPoints(std::vector<std::string> split_points) override {
    return inner_->SetSplitPoints(std::move(split_points));
  }
  Result<std::vector<std::string>> SplitPointsFromSample(std::span<const Element> sample,
                                                         int shards) const override {
    return inner_->SplitPointsFromSample(sample, shards);
  }
  Status MergeShards(const std::string& start, const std::string& end) override {
    return inner_->MergeShards(start, end);
  }
  Status PutMetadata(std::string_view key, std::string_view value) override {
    return inner_->PutMetadata(key, value);
  }
  Result<std::optional<std::string>> GetMetadata(std::string_view key) const override {
    return inner_->GetMetadata(key);
  }
  Status DeleteMetadata(std::string_view key) override { return inner_->DeleteMetadata(key); }
  Result<std::vector<std::pair<std::string, std::string>>> ListMetadata(
      std::string_view prefix) const override {
    return inner_->ListMetadata(prefix);
  }
  Result<EngineStats> EngineStatistics() const override { return inner_->EngineStatistics(); }

 protected:
  Graph& inner() const { return *inner_; }

 private:
  std::shared_ptr<Graph> inner_;
};

}  // namespace quarry
