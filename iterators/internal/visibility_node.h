// The parse tree of an Accumulo column-visibility expression, and the
// operations on it that iterators/visibility.cc builds on. Private to
// iterators/.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "graph-core/status.h"

namespace quarry::visibility_internal {

// The order of the kinds is the order of the normal form: terms, then
// disjunctions, then conjunctions (as Accumulo sorts them).
enum class NodeKind { kTerm = 0, kOr = 1, kAnd = 2 };

struct Node {
  NodeKind kind = NodeKind::kTerm;
  std::string term;            // kTerm: the unquoted, unescaped bytes.
  std::vector<Node> children;  // kOr / kAnd: at least two.
};

// Deepest parenthesis nesting accepted (bounds the parser's recursion).
inline constexpr int kMaxNesting = 100;

// True for the characters a term may use unquoted: [A-Za-z0-9_\-:./].
bool IsBareTermChar(char c);

// Parses `text`. An empty text is the empty expression (nullopt). Errors are
// InvalidArgument naming the expression, the reason and the byte position.
Result<std::optional<Node>> ParseVisibility(std::string_view text);

// Accumulo's normal form: nested operators of the same kind flattened
// ("a&(b&c)" -> a&b&c), children sorted (terms bytewise, then ORs, then
// ANDs) and de-duplicated, and a lone child promoted ("(a)" -> a).
Node Normalize(Node node);

// Total order used by Normalize; 0 means equal trees.
int CompareNodes(const Node& a, const Node& b);

// Appends the expression text: terms bare when they can be, otherwise
// quoted; compound children parenthesised.
void Render(const Node& node, std::string* out);

// Appends `term` bare or quoted (with \" and \\ escapes) as needed.
void AppendTerm(std::string_view term, std::string* out);

}  // namespace quarry::visibility_internal
