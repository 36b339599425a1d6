#include "iterators/internal/visibility_node.h"

#include <algorithm>
#include <utility>

namespace quarry::visibility_internal {

int CompareNodes(const Node& a, const Node& b) {
  if (a.kind != b.kind) return static_cast<int>(a.kind) < static_cast<int>(b.kind) ? -1 : 1;
  if (a.kind == NodeKind::kTerm) return a.term.compare(b.term);
  if (a.children.size() != b.children.size()) {
    return a.children.size() < b.children.size() ? -1 : 1;
  }
  for (size_t i = 0; i < a.children.size(); ++i) {
    int c = CompareNodes(a.children[i], b.children[i]);
    if (c != 0) return c;
  }
  return 0;
}

Node Normalize(Node node) {
  if (node.kind == NodeKind::kTerm) return node;
  std::vector<Node> flat;
  for (Node& child : node.children) {
    Node c = Normalize(std::move(child));
    if (c.kind == node.kind) {
      // Already normalised: its children are sorted, distinct and of other kinds.
      for (Node& grandchild : c.children) flat.push_back(std::move(grandchild));
    } else {
      flat.push_back(std::move(c));
    }
  }
  std::sort(flat.begin(), flat.end(),
            [](const Node& a, const Node& b) { return CompareNodes(a, b) < 0; });
  flat.erase(std::unique(flat.begin(), flat.end(),
                         [](const Node& a, const Node& b) { return CompareNodes(a, b) == 0; }),
             flat.end());
  if (flat.size() == 1) return std::move(flat.front());
  node.children = std::move(flat);
  return node;
}

void AppendTerm(std::string_view term, std::string* out) {
  bool bare = !term.empty() && std::all_of(term.begin(), term.end(), IsBareTermChar);
  if (bare) {
    out->append(term);
    return;
  }
  out->push_back('"');
  for (char c : term) {
    if (c == '"' || c == '\\') out->push_back('\\');
    out->push_back(c);
  }
  out->push_back('"');
}

void Render(const Node& node, std::string* out) {
  if (node.kind == NodeKind::kTerm) {
    AppendTerm(node.term, out);
    return;
  }
  const char op = node.kind == NodeKind::kAnd ? '&' : '|';
  for (size_t i = 0; i < node.children.size(); ++i) {
    if (i > 0) out->push_back(op);
    const Node& child = node.children[i];
    if (child.kind == NodeKind::kTerm) {
      Render(child, out);
    } else {
      out->push_back('(');
      Render(child, out);
      out->push_back(')');
    }
  }
}

}  // namespace quarry::visibility_internal
