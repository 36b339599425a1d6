#include "operations/internal/named_store.h"

namespace quarry::operations_internal {
namespace {

std::string Key(NamedKind kind, std::string_view name) {
  std::string_view prefix =
      kind == NamedKind::kOperation ? kNamedOperationPrefix : kNamedViewPrefix;
  return std::string(prefix) + std::string(name);
}

Result<Json> ParseDetail(std::string_view key, const std::string& text) {
  Json j = Json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded() || !j.is_object()) {
    return DataLossError("graph metadata '" + std::string(key) + "': not a JSON object");
  }
  return j;
}

}  // namespace

Result<std::optional<Json>> GetNamedDetail(const Graph& graph, NamedKind kind,
                                           std::string_view name) {
  std::string key = Key(kind, name);
  QUARRY_ASSIGN_OR_RETURN(std::optional<std::string> text, graph.GetMetadata(key));
  if (!text.has_value()) return std::optional<Json>();
  QUARRY_ASSIGN_OR_RETURN(Json detail, ParseDetail(key, *text));
  return std::optional<Json>(std::move(detail));
}

Status PutNamedDetail(Graph& graph, NamedKind kind, std::string_view name, const Json& detail) {
  return graph.PutMetadata(Key(kind, name), detail.dump());
}

Status DeleteNamedDetail(Graph& graph, NamedKind kind, std::string_view name) {
  return graph.DeleteMetadata(Key(kind, name));
}

Result<std::vector<Json>> ListNamedDetails(const Graph& graph, NamedKind kind) {
  std::string prefix = Key(kind, "");
  QUARRY_ASSIGN_OR_RETURN(auto entries, graph.ListMetadata(prefix));
  std::vector<Json> out;
  out.reserve(entries.size());
  for (const auto& [key, text] : entries) {
    QUARRY_ASSIGN_OR_RETURN(Json detail, ParseDetail(key, text));
    out.push_back(std::move(detail));
  }
  return out;
}

}  // namespace quarry::operations_internal
