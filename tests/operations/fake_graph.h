// FakeGraph: a test-only Graph that keeps elements in a vector and answers
// reads naively (no aggregation, no visibility). Enough to test the
// operations layer, not store semantics: one result per matching edge end
// (gaffer-compat.md §9.6), view group selection and filters, direction
// filters, seedMatching EQUAL. It records what the executor asked for.
#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "store/graph.h"

namespace quarry {

class FakeGraph : public Graph {
 public:
  explicit FakeGraph(std::shared_ptr<const Schema> schema);

  // The gaffer-doc operations example schema (doc_simple.json).
  static std::shared_ptr<FakeGraph> WithDocSchema();
  // Loads the gaffer-doc operations example graph (data.txt).
  void LoadDocExampleData();

  std::shared_ptr<const Schema> schema() const override { return schema_; }
  const KeyPackage& key_package() const override { return *key_package_; }
  const StoreProperties& properties() const override { return properties_; }

  Status AddElements(std::span<const Element> elements, const AddElementsOptions& options,
                     AddElementsResult* result) override;
  Result<std::unique_ptr<ElementIterator>> GetElements(std::span<const ElementId> seeds,
                                                       const QueryOptions& options) const override;
  Result<std::unique_ptr<ElementIterator>> GetAllElements(
      const QueryOptions& options) const override;
  Result<std::unique_ptr<ElementIterator>> GetElementsInRanges(
      std::span<const std::pair<ElementId, ElementId>> ranges,
      const QueryOptions& options) const override;
  Status DeleteElements(std::span<const Element> elements) override;
  Status DeleteAllElements() override;
  int64_t created_time_ms() const override { return 0; }
  Status Compact() override { return Status::OK(); }
  Result<std::map<std::string, uint64_t>> PreviewValidation(
      std::shared_ptr<const Schema> proposed) const override;
  Result<GraphStats> Stats() const override { return GraphStats(); }
  Status Checkpoint(const std::string& dir) const override;
  Status SetSplitPoints(std::vector<std::string> split_points) override;
  Result<std::vector<std::string>> SplitPointsFromSample(std::span<const Element> sample,
                                                         int shards) const override;
  Status MergeShards(const std::string&, const std::string&) override { return Status::OK(); }
  Status BulkImport(std::span<const Element> elements, const AddElementsOptions& options,
                    AddElementsResult* result) override;
  // Metadata kept in memory (a "restart" is a new Executor over the same FakeGraph).
  Status PutMetadata(std::string_view key, std::string_view value) override;
  Result<std::optional<std::string>> GetMetadata(std::string_view key) const override;
  Status DeleteMetadata(std::string_view key) override;
  Result<std::vector<std::pair<std::string, std::string>>> ListMetadata(
      std::string_view prefix) const override;

  // What the executor did.
  const std::vector<Element>& elements() const { return elements_; }
  int add_calls() const { return add_calls_; }
  int bulk_import_calls() const { return bulk_import_calls_; }
  const std::vector<std::string>& split_points() const { return split_points_; }
  const std::vector<std::string>& checkpoints() const { return *checkpoints_; }
  // The options of the last read.
  const QueryOptions& last_options() const { return *last_options_; }
  const std::vector<ElementId>& last_seeds() const { return *last_seeds_; }

 private:
  bool InView(const Element& e, const QueryOptions& options) const;
  void AddSeedRows(const ElementId& seed, const QueryOptions& options,
                   std::vector<Element>* out) const;

  std::shared_ptr<const Schema> schema_;
  std::unique_ptr<const KeyPackage> key_package_;
  StoreProperties properties_;
  std::vector<Element> elements_;
  int add_calls_ = 0;
  int bulk_import_calls_ = 0;
  std::vector<std::string> split_points_;
  std::shared_ptr<std::vector<std::string>> checkpoints_ =
      std::make_shared<std::vector<std::string>>();
  std::shared_ptr<QueryOptions> last_options_ = std::make_shared<QueryOptions>();
  std::shared_ptr<std::vector<ElementId>> last_seeds_ = std::make_shared<std::vector<ElementId>>();
  struct Metadata {
    std::mutex mu;
    std::map<std::string, std::string, std::less<>> entries;
  };
  std::shared_ptr<Metadata> metadata_ = std::make_shared<Metadata>();
};

}  // namespace quarry
