// Accumulo column-visibility expressions and authorizations.
//
// Grammar (Accumulo's ColumnVisibility):
//  * a term is one or more of [A-Za-z0-9_\-:./], or any non-empty UTF-8 text
//    in double quotes with \" and \\ as the only escapes: "a b", "x\"y";
//  * '&' (all of) and '|' (any of) combine terms and parenthesised
//    sub-expressions; the two may not be mixed at one level without
//    parentheses: "A&B|C" is invalid, "(A&B)|C" is valid;
//  * no whitespace; the empty expression is visible to everyone.
// Parse errors are InvalidArgument naming the expression, the reason and the
// 0-based byte position, e.g.
//   visibility expression "A&B|C": cannot mix '&' and '|' without parentheses at position 3
//
// A cell is visible to a user iff the user's Authorizations satisfy the
// cell's expression: a term is satisfied when it is one of the
// authorizations (compared byte for byte, after unquoting).
//
// Thread safety: all types here are immutable values once built; const
// methods may be called from any thread.
#pragma once

#include <functional>
#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "graph-core/status.h"

namespace quarry {

namespace visibility_internal {
struct Node;
}  // namespace visibility_internal

// A user's data authorizations: a set of non-empty byte strings.
class Authorizations {
 public:
  // No authorizations: only cells with an empty visibility are visible.
  Authorizations() = default;

  // InvalidArgument if an authorization is empty. Duplicates are merged.
  static Result<Authorizations> Create(const std::vector<std::string>& auths);
  // "A,B,C" as Accumulo's shell writes them; "" gives none. An empty item
  // ("A,,B") is InvalidArgument.
  static Result<Authorizations> FromCommaSeparated(std::string_view text);

  bool Contains(std::string_view auth) const { return auths_.find(auth) != auths_.end(); }
  bool empty() const { return auths_.empty(); }
  size_t size() const { return auths_.size(); }
  // Sorted bytewise.
  const std::set<std::string, std::less<>>& values() const { return auths_; }
  // Sorted, comma-separated (for logs and messages).
  std::string ToString() const;

 private:
  std::set<std::string, std::less<>> auths_;
};

// A parsed visibility expression. Cheap to copy (the tree is shared).
class VisibilityExpression {
 public:
  // The empty expression: visible to everyone.
  VisibilityExpression() = default;

  // InvalidArgument (with reason and position) if `text` is not a valid
  // expression.
  static Result<VisibilityExpression> Parse(std::string_view text);

  bool empty() const { return root_ == nullptr; }
  // True iff `auths` satisfy the expression (always true when empty()).
  bool Evaluate(const Authorizations& auths) const;
  // Accumulo's flattened form: nested same operators merged, operands
  // sorted (terms bytewise, then '|' groups, then '&' groups) and
  // de-duplicated, redundant parentheses dropped, terms quoted only when
  // they must be. "b&a" -> "a&b", "(a)" -> "a", "a|(b|a)" -> "a|b",
  // "(c|b)&a&a" -> "a&(b|c)". Equivalent inputs that differ only in those
  // ways normalise to the same text; "" stays "".
  std::string Normalized() const;
  // The text it was parsed from.
  const std::string& text() const { return text_; }

  // The conjunction of `a` and `b`, normalised (an empty side is dropped).
  static VisibilityExpression And(const VisibilityExpression& a, const VisibilityExpression& b);

 private:
  std::string text_;
  std::shared_ptr<const visibility_internal::Node> root_;  // Null when empty.
};

// Parses and evaluates `expression` against `auths`.
Result<bool> EvaluateVisibility(std::string_view expression, const Authorizations& auths);

// The normal form of `expression` (see VisibilityExpression::Normalized).
Result<std::string> NormalizeVisibility(std::string_view expression);

// The normalised expression requiring both: "(a)&(b)" flattened, e.g.
// ("A|B", "C") -> "C&(A|B)", ("A&B", "B&C") -> "A&B&C"; an empty side is
// dropped, ("", "") -> "". InvalidArgument if either is invalid.
Result<std::string> CombineVisibilities(std::string_view a, std::string_view b);

// `term` as an expression operand: unchanged when it only uses bare-term
// characters, otherwise quoted with " and \ escaped. REQUIRES: !term.empty().
std::string QuoteVisibilityTerm(std::string_view term);

}  // namespace quarry
