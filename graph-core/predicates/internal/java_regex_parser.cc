// Recursive-descent parser for the java.util.regex subset JavaRegex runs.
// Recursion follows the pattern's group nesting, which is capped.
#include <algorithm>
#include <optional>
#include <string>

#include "graph-core/predicates/internal/java_regex_ast.h"
#include "graph-core/predicates/internal/java_regex_classes.h"

namespace quarry::internal {
namespace {

using Kind = RegexNode::Kind;
using Assertion = JavaRegex::Assertion;

constexpr int kMaxNesting = 100;
constexpr int kMaxRepeat = 1000;

RegexNode ClassNode(CodePointRanges ranges) {
  RegexNode n;
  n.kind = Kind::kClass;
  n.ranges = std::move(ranges);
  NormalizeRanges(&n.ranges);
  return n;
}

RegexNode AssertNode(Assertion a) {
  RegexNode n;
  n.kind = Kind::kAssert;
  n.assertion = a;
  return n;
}

class Parser {
 public:
  explicit Parser(std::string_view pattern) {
    for (size_t i = 0; i < pattern.size();) {
      uint32_t cp;
      i += DecodeUtf8(pattern, i, &cp);
      cps_.push_back(cp);
    }
  }

  Result<RegexNode> Parse() {
    QUARRY_ASSIGN_OR_RETURN(RegexNode root, ParseAlternation(0));
    if (!AtEnd()) return Error("unmatched ')'");
    return root;
  }

 private:
  bool AtEnd() const { return pos_ >= cps_.size(); }
  uint32_t Peek(size_t ahead = 0) const {
    return pos_ + ahead < cps_.size() ? cps_[pos_ + ahead] : 0xFFFFFFFF;
  }
  bool Consume(uint32_t c) {
    if (Peek() != c) return false;
    ++pos_;
    return true;
  }
  Status Error(std::string_view what) const {
    return InvalidArgumentError(std::string(what) + " at offset " + std::to_string(pos_));
  }

  Result<RegexNode> ParseAlternation(int depth);
  Result<RegexNode> ParseConcat(int depth);
  Result<RegexNode> ParseQuantifier(RegexNode atom);
  Result<RegexNode> ParseAtom(int depth);
  Result<RegexNode> ParseGroup(int depth);
  Status ParseFlags(bool* scoped);
  Result<RegexNode> ParseEscape();
  Result<RegexNode> ParseBracket();
  Status ParseBracketItem(CodePointRanges* ranges);
  std::optional<CodePointRanges> ParseClassEscape(uint32_t c, Status* error);
  Result<uint32_t> ParseCharEscape(uint32_t c);
  Result<uint32_t> ParseHex(size_t digits);
  Result<uint32_t> ParseOctal();
  Result<uint32_t> ParseBracedHex();
  Result<int> ParseNumber();

  RegexNode Literal(uint32_t c) const {
    CodePointRanges r = {{c, c}};
    if (icase_) AddCaseFold(&r);
    return ClassNode(std::move(r));
  }
  // (?i) folds ASCII letters; with (?u) too, every Unicode letter.
  void AddCaseFold(CodePointRanges* r) const {
    if (ucase_) {
      AddUnicodeCaseFold(r);
    } else {
      AddAsciiCaseFold(r);
    }
  }

  std::vector<uint32_t> cps_;
  size_t pos_ = 0;
  bool icase_ = false;
  bool ucase_ = false;  // (?u): UNICODE_CASE.
  bool dotall_ = false;
};

Result<RegexNode> Parser::ParseAlternation(int depth) {
  if (depth > kMaxNesting) return Error("groups nested too deeply");
  RegexNode alt;
  alt.kind = Kind::kAlt;
  while (true) {
    QUARRY_ASSIGN_OR_RETURN(RegexNode branch, ParseConcat(depth));
    alt.children.push_back(std::move(branch));
    if (!Consume('|')) break;
  }
  if (alt.children.size() == 1) return std::move(alt.children[0]);
  return alt;
}

Result<RegexNode> Parser::ParseConcat(int depth) {
  RegexNode concat;
  concat.kind = Kind::kConcat;
  while (!AtEnd() && Peek() != '|' && Peek() != ')') {
    QUARRY_ASSIGN_OR_RETURN(RegexNode atom, ParseAtom(depth));
    QUARRY_ASSIGN_OR_RETURN(RegexNode node, ParseQuantifier(std::move(atom)));
    concat.children.push_back(std::move(node));
  }
  return concat;
}

Result<RegexNode> Parser::ParseQuantifier(RegexNode atom) {
  int min, max;
  if (Consume('*')) {
    min = 0, max = -1;
  } else if (Consume('+')) {
    min = 1, max = -1;
  } else if (Consume('?')) {
    min = 0, max = 1;
  } else if (Consume('{')) {
    QUARRY_ASSIGN_OR_RETURN(min, ParseNumber());
    max = min;
    if (Consume(',')) {
      max = -1;
      if (Peek() != '}') {
        QUARRY_ASSIGN_OR_RETURN(max, ParseNumber());
      }
    }
    if (!Consume('}')) return Error("illegal repetition");
    if (max != -1 && max < min) return Error("illegal repetition range");
  } else {
    return atom;
  }
  if (Consume('+')) return Error("possessive quantifiers are not supported");
  bool lazy = Consume('?');
  if (Peek() == '*' || Peek() == '+' || Peek() == '?' || Peek() == '{') {
    return Error("dangling meta character");
  }
  RegexNode rep;
  rep.kind = Kind::kRepeat;
  rep.min = min;
  rep.max = max;
  rep.lazy = lazy;
  rep.children.push_back(std::move(atom));
  return rep;
}

Result<int> Parser::ParseNumber() {
  int n = 0;
  size_t start = pos_;
  while (Peek() >= '0' && Peek() <= '9') {
    n = n * 10 + static_cast<int>(cps_[pos_++] - '0');
    if (n > kMaxRepeat) return Error("repetition count above " + std::to_string(kMaxRepeat));
  }
  if (pos_ == start) return Error("illegal repetition");
  return n;
}

Result<RegexNode> Parser::ParseAtom(int depth) {
  uint32_t c = cps_[pos_++];
  switch (c) {
    case '(':
      return ParseGroup(depth + 1);
    case '[':
      return ParseBracket();
    case '\\':
      return ParseEscape();
    case '^':
      return AssertNode(Assertion::kLineStart);
    case '$':
      return AssertNode(Assertion::kLineEnd);
    case '.': {
      CodePointRanges any = {{0, kMaxCodePoint}};
      if (dotall_) return ClassNode(std::move(any));
      return ClassNode(
          ComplementRanges({{'\n', '\n'}, {'\r', '\r'}, {0x85, 0x85}, {0x2028, 0x2029}}));
    }
    case '*':
    case '+':
    case '?':
      --pos_;
      return Error("dangling meta character");
    case '{':
      --pos_;
      return Error("illegal repetition");
    default:
      return Literal(c);
  }
}

// After "(?": flags such as "i", "is", "-i", then ')' (to the end of the
// enclosing group) or ':' (scoped: *scoped is set).
Status Parser::ParseFlags(bool* scoped) {
  bool on = true;
  while (!AtEnd()) {
    uint32_t c = cps_[pos_++];
    if (c == ')' || c == ':') {
      *scoped = c == ':';
      return Status::OK();
    }
    if (c == '-') {
      on = false;
    } else if (c == 'i') {
      icase_ = on;
    } else if (c == 's') {
      dotall_ = on;
    } else if (c == 'u' || c == 'U') {  // (?U) implies UNICODE_CASE in Java.
      ucase_ = on;
    } else {
      --pos_;
      return Error("unsupported inline flag '" + std::string(1, static_cast<char>(c)) + "'");
    }
  }
  return Error("unclosed group");
}

Result<RegexNode> Parser::ParseGroup(int depth) {
  const bool saved_icase = icase_, saved_ucase = ucase_, saved_dotall = dotall_;
  if (Consume('?')) {
    if (Consume(':')) {
      // Non-capturing group: parsed below.
    } else if (Peek() == '<' && Peek(1) != '=' && Peek(1) != '!') {
      while (!AtEnd() && cps_[pos_] != '>') ++pos_;  // named group: the name is not needed
      if (!Consume('>')) return Error("unclosed group name");
    } else if (Peek() == '=' || Peek() == '!' || Peek() == '<' || Peek() == '>') {
      return Error("lookaround and atomic groups are not supported");
    } else {
      bool scoped = false;
      QUARRY_RETURN_IF_ERROR(ParseFlags(&scoped));
      if (!scoped) return RegexNode();  // (?i): applies to the rest of the group
    }
  }
  QUARRY_ASSIGN_OR_RETURN(RegexNode inner, ParseAlternation(depth));
  if (!Consume(')')) return Error("unclosed group");
  icase_ = saved_icase;
  ucase_ = saved_ucase;
  dotall_ = saved_dotall;
  return inner;
}

Result<uint32_t> Parser::ParseHex(size_t digits) {
  uint32_t v = 0;
  for (size_t i = 0; i < digits; ++i) {
    uint32_t c = Peek();
    int d = (c >= '0' && c <= '9')   ? static_cast<int>(c - '0')
            : (c >= 'a' && c <= 'f') ? static_cast<int>(c - 'a' + 10)
            : (c >= 'A' && c <= 'F') ? static_cast<int>(c - 'A' + 10)
                                     : -1;
    if (d < 0) return Error("illegal hexadecimal escape");
    v = v * 16 + static_cast<uint32_t>(d);
    ++pos_;
  }
  return v;
}

// \0n, \0nn or \0mnn (at most 0377), after the "\0".
Result<uint32_t> Parser::ParseOctal() {
  uint32_t v = 0;
  int digits = 0;
  while (digits < 3 && Peek() >= '0' && Peek() <= '7' && v * 8 + (Peek() - '0') <= 0377) {
    v = v * 8 + (cps_[pos_++] - '0');
    ++digits;
  }
  if (digits == 0) return Error("illegal octal escape");
  return v;
}

// \x{h...h}, after the "\x{".
Result<uint32_t> Parser::ParseBracedHex() {
  uint32_t v = 0;
  size_t start = pos_;
  while (!AtEnd() && Peek() != '}' && pos_ - start < 8) {
    QUARRY_ASSIGN_OR_RETURN(uint32_t d, ParseHex(1));
    v = v * 16 + d;
  }
  if (pos_ == start || !Consume('}') || v > kMaxCodePoint) {
    return Error("illegal hexadecimal escape");
  }
  return v;
}

// Escapes that stand for one character (after the backslash and `c`).
Result<uint32_t> Parser::ParseCharEscape(uint32_t c) {
  switch (c) {
    case 't':
      return uint32_t{'\t'};
    case 'n':
      return uint32_t{'\n'};
    case 'r':
      return uint32_t{'\r'};
    case 'f':
      return uint32_t{'\f'};
    case 'a':
      return uint32_t{0x07};
    case 'e':
      return uint32_t{0x1B};
    case '0':
      return ParseOctal();
    case 'x':
      return Consume('{') ? ParseBracedHex() : ParseHex(2);
    case 'u':
      return ParseHex(4);
    case 'c':
      if (AtEnd()) return Error("illegal control escape");
      return cps_[pos_++] ^ 64;
    default:
      break;
  }
  if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')) {
    return Error("unsupported escape '\\" + std::string(1, static_cast<char>(c)) + "'");
  }
  return c;  // An escaped non-alphanumeric character is itself.
}

// \d \D \w \W \s \S \h \H \v \V \p{..} \P{..}; nullopt if `c` is not one
// (with *error set if it was malformed).
std::optional<CodePointRanges> Parser::ParseClassEscape(uint32_t c, Status* error) {
  CodePointRanges r;
  uint32_t lower = c | 0x20;
  bool negate = c >= 'A' && c <= 'Z';
  if (lower == 'd') {
    r = {{'0', '9'}};
  } else if (lower == 'w') {
    r = {{'0', '9'}, {'A', 'Z'}, {'_', '_'}, {'a', 'z'}};
  } else if (lower == 's') {
    r = {{'\t', '\r'}, {' ', ' '}};
  } else if (lower == 'h') {
    r = {{' ', ' '},       {'\t', '\t'},     {0xA0, 0xA0},     {0x1680, 0x1680}, {0x180E, 0x180E},
         {0x2000, 0x200A}, {0x202F, 0x202F}, {0x205F, 0x205F}, {0x3000, 0x3000}};
  } else if (lower == 'v') {
    r = {{'\n', '\r'}, {0x85, 0x85}, {0x2028, 0x2029}};
  } else if (lower == 'p') {
    std::string name;
    if (Consume('{')) {
      while (!AtEnd() && Peek() != '}') name += static_cast<char>(cps_[pos_++]);
      if (!Consume('}')) name.clear();
    }
    if (name.rfind("Is", 0) == 0) name = name.substr(2);
    r = NamedClassRanges(name);
    if (r.empty()) {
      *error = Error("unsupported character property '" + name + "'");
      return std::nullopt;
    }
  } else {
    return std::nullopt;
  }
  NormalizeRanges(&r);
  if (icase_) AddCaseFold(&r);
  return negate ? ComplementRanges(r) : r;
}

Result<RegexNode> Parser::ParseEscape() {
  if (AtEnd()) return Error("trailing backslash");
  uint32_t c = cps_[pos_++];
  switch (c) {
    case 'b':
      return AssertNode(Assertion::kWordBoundary);
    case 'B':
      return AssertNode(Assertion::kNotWordBoundary);
    case 'A':
      return AssertNode(Assertion::kInputStart);
    case 'z':
      return AssertNode(Assertion::kInputEnd);
    case 'Z':
      return AssertNode(Assertion::kLineEnd);
    case 'Q': {
      RegexNode quoted;
      quoted.kind = Kind::kConcat;
      while (!AtEnd() && !(Peek() == '\\' && Peek(1) == 'E')) {
        quoted.children.push_back(Literal(cps_[pos_++]));
      }
      pos_ = std::min(pos_ + 2, cps_.size());
      return quoted;
    }
    default:
      break;
  }
  if (c >= '1' && c <= '9') return Error("back-references are not supported");
  Status error;
  std::optional<CodePointRanges> cls = ParseClassEscape(c, &error);
  if (!error.ok()) return error;
  if (cls) return ClassNode(std::move(*cls));
  QUARRY_ASSIGN_OR_RETURN(uint32_t ch, ParseCharEscape(c));
  return Literal(ch);
}

// One member of a bracket class: a character, a range or an escaped class.
Status Parser::ParseBracketItem(CodePointRanges* ranges) {
  uint32_t c = cps_[pos_++];
  if (c == '[') return Error("nested character classes are not supported");
  if (c == '&' && Peek() == '&') return Error("character class intersection is not supported");
  uint32_t lo = c;
  if (c == '\\') {
    if (AtEnd()) return Error("trailing backslash");
    uint32_t e = cps_[pos_++];
    Status error;
    std::optional<CodePointRanges> cls = ParseClassEscape(e, &error);
    QUARRY_RETURN_IF_ERROR(error);
    if (cls) {
      ranges->insert(ranges->end(), cls->begin(), cls->end());
      return Status::OK();
    }
    if (e == 'Q' || e == 'b') return Error("unsupported escape in a character class");
    QUARRY_ASSIGN_OR_RETURN(lo, ParseCharEscape(e));
  }
  uint32_t hi = lo;
  if (Peek() == '-' && Peek(1) != ']' && Peek(1) != 0xFFFFFFFF) {
    ++pos_;
    uint32_t h = cps_[pos_++];
    if (h == '[') return Error("nested character classes are not supported");
    if (h == '\\') {
      if (AtEnd()) return Error("trailing backslash");
      QUARRY_ASSIGN_OR_RETURN(h, ParseCharEscape(cps_[pos_++]));
    }
    if (h < lo) return Error("illegal character range");
    hi = h;
  }
  CodePointRanges item = {{lo, hi}};
  if (icase_) AddCaseFold(&item);
  ranges->insert(ranges->end(), item.begin(), item.end());
  return Status::OK();
}

Result<RegexNode> Parser::ParseBracket() {
  bool negate = Consume('^');
  CodePointRanges ranges;
  bool first = true;
  while (true) {
    if (AtEnd()) return Error("unclosed character class");
    if (Peek() == ']' && !first) break;
    if (first && Peek() == ']') {  // a leading ']' is a literal
      ranges.push_back({']', ']'});
      ++pos_;
    } else {
      QUARRY_RETURN_IF_ERROR(ParseBracketItem(&ranges));
    }
    first = false;
  }
  ++pos_;  // ']'
  NormalizeRanges(&ranges);
  return ClassNode(negate ? ComplementRanges(ranges) : std::move(ranges));
}

}  // namespace

Result<RegexNode> ParseJavaRegex(std::string_view pattern) { return Parser(pattern).Parse(); }

}  // namespace quarry::internal
