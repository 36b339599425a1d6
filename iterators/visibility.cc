#include "iterators/visibility.h"

#include <algorithm>
#include <utility>

#include "iterators/internal/visibility_node.h"

namespace quarry {

using visibility_internal::Node;
using visibility_internal::NodeKind;

namespace {

bool EvaluateNode(const Node& node, const Authorizations& auths) {
  switch (node.kind) {
    case NodeKind::kTerm:
      return auths.Contains(node.term);
    case NodeKind::kAnd:
      return std::all_of(node.children.begin(), node.children.end(),
                         [&](const Node& c) { return EvaluateNode(c, auths); });
    case NodeKind::kOr:
      return std::any_of(node.children.begin(), node.children.end(),
                         [&](const Node& c) { return EvaluateNode(c, auths); });
  }
  return false;
}

}  // namespace

Result<Authorizations> Authorizations::Create(const std::vector<std::string>& auths) {
  Authorizations out;
  for (size_t i = 0; i < auths.size(); ++i) {
    if (auths[i].empty()) {
      return InvalidArgumentError("authorization " + std::to_string(i) + " is empty");
    }
    out.auths_.insert(auths[i]);
  }
  return out;
}

Result<Authorizations> Authorizations::FromCommaSeparated(std::string_view text) {
  std::vector<std::string> auths;
  if (!text.empty()) {
    size_t begin = 0;
    while (true) {
      size_t comma = text.find(',', begin);
      auths.emplace_back(text.substr(begin, comma - begin));
      if (comma == std::string_view::npos) break;
      begin = comma + 1;
    }
  }
  Result<Authorizations> out = Create(auths);
  if (!out.ok()) return out.status().WithContext("authorizations \"" + std::string(text) + "\"");
  return out;
}

std::string Authorizations::ToString() const {
  std::string out;
  for (const std::string& a : auths_) {
    if (!out.empty()) out.push_back(',');
    out.append(a);
  }
  return out;
}

Result<VisibilityExpression> VisibilityExpression::Parse(std::string_view text) {
  QUARRY_ASSIGN_OR_RETURN(std::optional<Node> root, visibility_internal::ParseVisibility(text));
  VisibilityExpression out;
  out.text_.assign(text);
  if (root) out.root_ = std::make_shared<const Node>(std::move(*root));
  return out;
}

bool VisibilityExpression::Evaluate(const Authorizations& auths) const {
  return root_ == nullptr || EvaluateNode(*root_, auths);
}

std::string VisibilityExpression::Normalized() const {
  std::string out;
  if (root_ != nullptr) visibility_internal::Render(visibility_internal::Normalize(*root_), &out);
  return out;
}

VisibilityExpression VisibilityExpression::And(const VisibilityExpression& a,
                                               const VisibilityExpression& b) {
  VisibilityExpression out;
  if (a.empty() && b.empty()) return out;
  Node node;
  if (a.empty() || b.empty()) {
    node = a.empty() ? *b.root_ : *a.root_;
  } else {
    node.kind = NodeKind::kAnd;
    node.children = {*a.root_, *b.root_};
  }
  node = visibility_internal::Normalize(std::move(node));
  visibility_internal::Render(node, &out.text_);
  out.root_ = std::make_shared<const Node>(std::move(node));
  return out;
}

Result<bool> EvaluateVisibility(std::string_view expression, const Authorizations& auths) {
  QUARRY_ASSIGN_OR_RETURN(VisibilityExpression parsed, VisibilityExpression::Parse(expression));
  return parsed.Evaluate(auths);
}

Result<std::string> NormalizeVisibility(std::string_view expression) {
  QUARRY_ASSIGN_OR_RETURN(VisibilityExpression parsed, VisibilityExpression::Parse(expression));
  return parsed.Normalized();
}

Result<std::string> CombineVisibilities(std::string_view a, std::string_view b) {
  QUARRY_ASSIGN_OR_RETURN(VisibilityExpression pa, VisibilityExpression::Parse(a));
  QUARRY_ASSIGN_OR_RETURN(VisibilityExpression pb, VisibilityExpression::Parse(b));
  return VisibilityExpression::And(pa, pb).text();
}

std::string QuoteVisibilityTerm(std::string_view term) {
  std::string out;
  visibility_internal::AppendTerm(term, &out);
  return out;
}

}  // namespace quarry
