// A recursive-descent parser for column-visibility expressions:
//   expression := "" | sequence
//   sequence   := atom ( ("&" atom)+ | ("|" atom)+ )?
//   atom       := bare-term | quoted-term | "(" sequence ")"
// so '&' and '|' never mix at one level without parentheses.
#include <cstdint>
#include <cstdio>
#include <utility>

#include "iterators/internal/visibility_node.h"

namespace quarry::visibility_internal {
namespace {

// Checks that `s` is well-formed UTF-8 (no overlongs, surrogates or values
// past U+10FFFF).
bool IsValidUtf8(std::string_view s) {
  static constexpr uint32_t kMinForLength[] = {0, 0x80, 0x800, 0x10000};
  size_t i = 0;
  while (i < s.size()) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    size_t extra;
    uint32_t cp;
    if (c < 0x80) {
      ++i;
      continue;
    } else if ((c & 0xe0) == 0xc0) {
      extra = 1, cp = c & 0x1f;
    } else if ((c & 0xf0) == 0xe0) {
      extra = 2, cp = c & 0x0f;
    } else if ((c & 0xf8) == 0xf0) {
      extra = 3, cp = c & 0x07;
    } else {
      return false;
    }
    if (s.size() - i <= extra) return false;
    for (size_t k = 1; k <= extra; ++k) {
      unsigned char cc = static_cast<unsigned char>(s[i + k]);
      if ((cc & 0xc0) != 0x80) return false;
      cp = (cp << 6) | (cc & 0x3f);
    }
    if (cp < kMinForLength[extra] || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return false;
    i += extra + 1;
  }
  return true;
}

std::string Describe(char c) {
  unsigned char u = static_cast<unsigned char>(c);
  if (u >= 0x20 && u < 0x7f) return std::string("'") + c + "'";
  char buf[8];
  std::snprintf(buf, sizeof(buf), "0x%02x", u);
  return buf;
}

class Parser {
 public:
  explicit Parser(std::string_view text) : text_(text) {}

  Result<std::optional<Node>> ParseAll() {
    if (text_.empty()) return std::optional<Node>();
    QUARRY_ASSIGN_OR_RETURN(Node node, ParseSequence(0));
    if (!AtEnd()) return Error(pos_, "unmatched ')'");
    return std::optional<Node>(std::move(node));
  }

 private:
  bool AtEnd() const { return pos_ >= text_.size(); }
  char Peek() const { return text_[pos_]; }

  Status Error(size_t position, std::string_view reason) const {
    return InvalidArgumentError("visibility expression \"" + std::string(text_) + "\": " +
                                std::string(reason) + " at position " + std::to_string(position));
  }

  // After an atom: only an operator, ')' or the end may follow.
  Status CheckAfterAtom() const {
    if (AtEnd()) return Status::OK();
    char c = Peek();
    if (c == '&' || c == '|' || c == ')') return Status::OK();
    if (c == '(' || c == '"' || IsBareTermChar(c)) {
      return Error(pos_, "expected '&' or '|' before " + Describe(c));
    }
    return Error(pos_, "invalid character " + Describe(c));
  }

  Result<Node> ParseSequence(int depth) {
    QUARRY_ASSIGN_OR_RETURN(Node first, ParseAtom(depth));
    QUARRY_RETURN_IF_ERROR(CheckAfterAtom());
    if (AtEnd() || Peek() == ')') return first;
    const char op = Peek();
    Node node;
    node.kind = op == '&' ? NodeKind::kAnd : NodeKind::kOr;
    node.children.push_back(std::move(first));
    while (!AtEnd() && Peek() != ')') {
      if (Peek() != op) return Error(pos_, "cannot mix '&' and '|' without parentheses");
      ++pos_;
      if (AtEnd() || Peek() == '&' || Peek() == '|' || Peek() == ')') {
        return Error(pos_, std::string("missing term after '") + op + "'");
      }
      QUARRY_ASSIGN_OR_RETURN(Node next, ParseAtom(depth));
      node.children.push_back(std::move(next));
      QUARRY_RETURN_IF_ERROR(CheckAfterAtom());
    }
    return node;
  }

  Result<Node> ParseAtom(int depth) {
    if (AtEnd()) return Error(pos_, "missing term");
    const char c = Peek();
    if (c == '(') return ParseParenthesised(depth);
    if (c == '"') return ParseQuoted();
    if (c == '&' || c == '|' || c == ')') {
      return Error(pos_, "missing term before " + Describe(c));
    }
    if (!IsBareTermChar(c)) return Error(pos_, "invalid character " + Describe(c));
    size_t start = pos_;
    while (!AtEnd() && IsBareTermChar(Peek())) ++pos_;
    Node term;
    term.term.assign(text_.substr(start, pos_ - start));
    return term;
  }

  Result<Node> ParseParenthesised(int depth) {
    const size_t open = pos_;
    if (depth >= kMaxNesting) {
      return Error(open, "parentheses nested deeper than " + std::to_string(kMaxNesting));
    }
    ++pos_;
    if (!AtEnd() && Peek() == ')') return Error(pos_, "empty parentheses");
    QUARRY_ASSIGN_OR_RETURN(Node inner, ParseSequence(depth + 1));
    if (AtEnd()) return Error(open, "unclosed '('");
    ++pos_;  // ParseSequence stops only at the end or at ')'.
    return inner;
  }

  Result<Node> ParseQuoted() {
    const size_t open = pos_++;
    Node term;
    while (true) {
      if (AtEnd()) return Error(open, "unclosed quote");
      char c = text_[pos_];
      if (c == '"') break;
      if (c == '\\') {
        if (pos_ + 1 >= text_.size() || (text_[pos_ + 1] != '"' && text_[pos_ + 1] != '\\')) {
          return Error(pos_, "invalid escape in quoted term (only \\\" and \\\\ are allowed)");
        }
        c = text_[++pos_];
      }
      term.term.push_back(c);
      ++pos_;
    }
    ++pos_;  // The closing quote.
    if (term.term.empty()) return Error(open, "empty quoted term");
    if (!IsValidUtf8(term.term)) return Error(open, "quoted term is not valid UTF-8");
    return term;
  }

  std::string_view text_;
  size_t pos_ = 0;
};

}  // namespace

bool IsBareTermChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         c == '-' || c == ':' || c == '.' || c == '/';
}

Result<std::optional<Node>> ParseVisibility(std::string_view text) {
  return Parser(text).ParseAll();
}

}  // namespace quarry::visibility_internal
