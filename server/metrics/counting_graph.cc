#include "server/metrics/counting_graph.h"

#include "store/forwarding_graph.h"

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

class CountingGraphImpl final : public ForwardingGraph {
 public:
  CountingGraphImpl(std::shared_ptr<Graph> inner, ServiceMetrics* metrics)
      : ForwardingGraph(std::move(inner)), metrics_(metrics) {}

  Status AddElements(std::span<const Element> elements, const AddElementsOptions& options,
                     AddElementsResult* result) override {
    Status status = ForwardingGraph::AddElements(elements, options, result);
    if (status.ok() && result != nullptr) metrics_->AddElementsAdded(result->added);
    return status;
  }
  Status BulkImport(std::span<const Element> elements, const AddElementsOptions& options,
                    AddElementsResult* result) override {
    Status status = ForwardingGraph::BulkImport(elements, options, result);
    if (status.ok() && result != nullptr) metrics_->AddElementsAdded(result->added);
    return status;
  }

  Result<std::unique_ptr<ElementIterator>> GetElements(std::span<const ElementId> seeds,
                                                       const QueryOptions& options) const override {
    return Counted(ForwardingGraph::GetElements(seeds, options));
  }
  Result<std::unique_ptr<ElementIterator>> GetAllElements(
      const QueryOptions& options) const override {
    return Counted(ForwardingGraph::GetAllElements(options));
  }
  Result<std::unique_ptr<ElementIterator>> GetElementsInRanges(
      std::span<const std::pair<ElementId, ElementId>> ranges,
      const QueryOptions& options) const override {
    return Counted(ForwardingGraph::GetElementsInRanges(ranges, options));
  }

 private:
  Result<std::unique_ptr<ElementIterator>> Counted(
      Result<std::unique_ptr<ElementIterator>> scan) const {
    if (!scan.ok()) return scan;
    return std::unique_ptr<ElementIterator>(
        std::make_unique<CountingIterator>(std::move(*scan), metrics_));
  }

  ServiceMetrics* metrics_;
};

}  // namespace

std::shared_ptr<Graph> CountingGraph(std::shared_ptr<Graph> graph, ServiceMetrics* metrics) {
  return std::make_shared<CountingGraphImpl>(std::move(graph), metrics);
}

}  // namespace quarry
