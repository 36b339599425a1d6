#include "server/metrics/counting_graph.h"

namespace quarry {
namespace {

// Counts the elements its consumer moves past, reported when destroyed
// (one atomic add per scan, not per element).
class CountingIterator : public ElementIterator {
 public:
  CountingIterator(std::unique_ptr<ElementIterator> inner, ServiceMetrics* metrics)
      : inner_(std::move(inner)), metrics_(metrics) {}
  ~CountingIterator() override { metrics_->AddElementsRead(read_); }

  bool Valid() const override { return inner_->Valid(); }
  void Next() override {
    ++read_;
    inner_->Next();
  }
  const Element& element() const override { return inner_->element(); }
  Status status() const override { return inner_->status(); }

 private:
  std::unique_ptr<ElementIterator> inner_;
  ServiceMetrics* metrics_;
  uint64_t read_ = 0;
};

class CountingGraphImpl final : public Graph {
 public:
  CountingGraphImpl(std::shared_ptr<Graph> inner, ServiceMetrics* metrics)
      : inner_(std::move(inner)), metrics_(metrics) {}

  std::shared_ptr<const Schema> schema() const override { return inner_->schema(); }
  const KeyPackage& key_package() const override { return inner_->key_package(); }
  const StoreProperties& properties() const override { return inner_->properties(); }

  Status AddElements(std::span<const Element> elements, const AddElementsOptions& options,
                     AddElementsResult* result) override {
    Status status = inner_->AddElements(elements, options, result);
    if (status.ok() && result != nullptr) metrics_->AddElementsAdded(result->added);
    return status;
  }
  Status BulkImport(std::span<const Element> elements, const AddElementsOptions& options,
                    AddElementsResult* result) override {
    Status status = inner_->BulkImport(elements, options, result);
    if (status.ok() && result != nullptr) metrics_->AddElementsAdded(result->added);
    return status;
  }

  Result<std::unique_ptr<ElementIterator>> GetElements(std::span<const ElementId> seeds,
                                                       const QueryOptions& options) const override {
    return Counted(inner_->GetElements(seeds, options));
  }
  Result<std::unique_ptr<ElementIterator>> GetAllElements(
      const QueryOptions& options) const override {
    return Counted(inner_->GetAllElements(options));
  }
  Result<std::unique_ptr<ElementIterator>> GetElementsInRanges(
      std::span<const std::pair<ElementId, ElementId>> ranges,
      const QueryOptions& options) const override {
    return Counted(inner_->GetElementsInRanges(ranges, options));
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

 private:
  Result<std::unique_ptr<ElementIterator>> Counted(
      Result<std::unique_ptr<ElementIterator>> scan) const {
    if (!scan.ok()) return scan;
    return std::unique_ptr<ElementIterator>(
        std::make_unique<CountingIterator>(std::move(*scan), metrics_));
  }

  std::shared_ptr<Graph> inner_;
  ServiceMetrics* metrics_;
};

}  // namespace

std::shared_ptr<Graph> CountingGraph(std::shared_ptr<Graph> graph, ServiceMetrics* metrics) {
  return std::make_shared<CountingGraphImpl>(std::move(graph), metrics);
}

}  // namespace quarry
