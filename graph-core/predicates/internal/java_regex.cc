// JavaRegex: compiles the parse tree to a Thompson NFA program and runs it as
// a Pike VM over the input's code points, one step per code point, following
// epsilon edges with an explicit stack.
#include "graph-core/predicates/internal/java_regex.h"

#include <algorithm>
#include <string>

#include "graph-core/predicates/internal/java_regex_ast.h"

namespace quarry::internal {

int DecodeUtf8(std::string_view s, size_t pos, uint32_t* cp) {
  const auto b0 = static_cast<uint8_t>(s[pos]);
  if (b0 < 0x80) {
    *cp = b0;
    return 1;
  }
  int len = b0 >= 0xF0 ? 4 : b0 >= 0xE0 ? 3 : b0 >= 0xC0 ? 2 : 0;
  if (len == 0 || b0 > 0xF4 || pos + len > s.size()) {
    *cp = kReplacementChar;
    return 1;
  }
  uint32_t v = b0 & (0x7F >> len);
  for (int i = 1; i < len; ++i) {
    const auto b = static_cast<uint8_t>(s[pos + i]);
    if ((b & 0xC0) != 0x80) {
      *cp = kReplacementChar;
      return 1;
    }
    v = (v << 6) | (b & 0x3F);
  }
  static constexpr uint32_t kMinForLength[] = {0, 0, 0x80, 0x800, 0x10000};
  if (v < kMinForLength[len] || v > kMaxCodePoint || (v >= 0xD800 && v <= 0xDFFF)) {
    *cp = kReplacementChar;
    return 1;
  }
  *cp = v;
  return len;
}

void NormalizeRanges(CodePointRanges* ranges) {
  std::sort(ranges->begin(), ranges->end());
  CodePointRanges out;
  for (const auto& r : *ranges) {
    if (!out.empty() && r.first <= out.back().second + 1) {
      out.back().second = std::max(out.back().second, r.second);
    } else {
      out.push_back(r);
    }
  }
  *ranges = std::move(out);
}

CodePointRanges ComplementRanges(const CodePointRanges& ranges) {
  CodePointRanges out;
  uint32_t next = 0;
  for (const auto& [lo, hi] : ranges) {
    if (lo > next) out.push_back({next, lo - 1});
    next = hi + 1;
  }
  if (next <= kMaxCodePoint) out.push_back({next, kMaxCodePoint});
  return out;
}

bool RangesContain(const CodePointRanges& ranges, uint32_t cp) {
  auto it = std::upper_bound(ranges.begin(), ranges.end(), cp,
                             [](uint32_t c, const auto& r) { return c < r.first; });
  return it != ranges.begin() && cp <= std::prev(it)->second;
}

class RegexCompiler {
 public:
  static constexpr size_t kMaxProgram = 20000;

  explicit RegexCompiler(JavaRegex* out) : out_(out) {}

  Status Emit(const RegexNode& node) {
    if (out_->program_.size() > kMaxProgram) {
      return InvalidArgumentError("pattern too large once repetitions are expanded");
    }
    using Kind = RegexNode::Kind;
    switch (node.kind) {
      case Kind::kEmpty:
        return Status::OK();
      case Kind::kClass:
        out_->classes_.push_back(node.ranges);
        Add({JavaRegex::Op::kClass, {}, 0, 0, static_cast<int>(out_->classes_.size() - 1)});
        return Status::OK();
      case Kind::kAssert:
        Add({JavaRegex::Op::kAssert, node.assertion});
        return Status::OK();
      case Kind::kConcat:
        for (const RegexNode& child : node.children) QUARRY_RETURN_IF_ERROR(Emit(child));
        return Status::OK();
      case Kind::kAlt:
        return EmitAlternation(node);
      case Kind::kRepeat:
        return EmitRepeat(node);
    }
    return Status::OK();
  }

  void Finish() { Add({JavaRegex::Op::kMatch}); }

 private:
  int Pc() const { return static_cast<int>(out_->program_.size()); }
  int Add(JavaRegex::Inst inst) {
    out_->program_.push_back(inst);
    return Pc() - 1;
  }
  JavaRegex::Inst& At(int pc) { return out_->program_[pc]; }

  // split(L1, next); L1: a; jmp end; next: split(L2, next2); ...; last; end:
  Status EmitAlternation(const RegexNode& node) {
    std::vector<int> jumps;
    for (size_t i = 0; i + 1 < node.children.size(); ++i) {
      int split = Add({JavaRegex::Op::kSplit});
      At(split).x = Pc();
      QUARRY_RETURN_IF_ERROR(Emit(node.children[i]));
      jumps.push_back(Add({JavaRegex::Op::kJump}));
      At(split).y = Pc();
    }
    QUARRY_RETURN_IF_ERROR(Emit(node.children.back()));
    for (int j : jumps) At(j).x = Pc();
    return Status::OK();
  }

  Status EmitRepeat(const RegexNode& node) {
    const RegexNode& body = node.children[0];
    for (int i = 0; i < node.min; ++i) QUARRY_RETURN_IF_ERROR(Emit(body));
    if (node.max == -1) {  // L: split(body, end); body; jmp L; end:
      int loop = Add({JavaRegex::Op::kSplit});
      At(loop).x = Pc();
      QUARRY_RETURN_IF_ERROR(Emit(body));
      int jump = Add({JavaRegex::Op::kJump});
      At(jump).x = loop;
      At(loop).y = Pc();
      if (node.lazy) std::swap(At(loop).x, At(loop).y);
      return Status::OK();
    }
    std::vector<int> splits;  // (max - min) optional copies, each may skip to the end
    for (int i = node.min; i < node.max; ++i) {
      int split = Add({JavaRegex::Op::kSplit});
      At(split).x = Pc();
      splits.push_back(split);
      QUARRY_RETURN_IF_ERROR(Emit(body));
    }
    for (int s : splits) {
      At(s).y = Pc();
      if (node.lazy) std::swap(At(s).x, At(s).y);
    }
    return Status::OK();
  }

  JavaRegex* out_;
};

Result<JavaRegex> JavaRegex::Compile(std::string_view pattern) {
  auto fail = [&](const Status& s) {
    return InvalidArgumentError("invalid regex '" + std::string(pattern) + "': " + s.message());
  };
  Result<RegexNode> root = ParseJavaRegex(pattern);
  if (!root.ok()) return fail(root.status());
  JavaRegex regex;
  RegexCompiler compiler(&regex);
  Status s = compiler.Emit(*root);
  if (!s.ok()) return fail(s);
  compiler.Finish();
  return regex;
}

namespace {

// Where the VM stands in the input, for assertions.
struct Position {
  std::string_view input;
  size_t offset;
  uint32_t prev;  // previous code point, or UINT32_MAX at the start

  bool AtStart() const { return offset == 0; }
  bool AtEnd() const { return offset == input.size(); }
  // At the end, or before one final line terminator ("\r\n" counts as one).
  bool AtLineEnd() const {
    std::string_view rest = input.substr(offset);
    if (rest.empty() || rest == "\r\n") return true;
    uint32_t cp;
    return DecodeUtf8(rest, 0, &cp) == static_cast<int>(rest.size()) && IsLineTerminator(cp);
  }
  bool AtWordBoundary() const {
    bool before = prev != UINT32_MAX && IsAsciiWordChar(prev);
    uint32_t next = UINT32_MAX;
    if (!AtEnd()) DecodeUtf8(input, offset, &next);
    bool after = next != UINT32_MAX && IsAsciiWordChar(next);
    return before != after;
  }
  bool Holds(JavaRegex::Assertion a) const {
    switch (a) {
      case JavaRegex::Assertion::kLineStart:
      case JavaRegex::Assertion::kInputStart:
        return AtStart();
      case JavaRegex::Assertion::kLineEnd:
        return AtLineEnd();
      case JavaRegex::Assertion::kInputEnd:
        return AtEnd();
      case JavaRegex::Assertion::kWordBoundary:
        return AtWordBoundary();
      case JavaRegex::Assertion::kNotWordBoundary:
        return !AtWordBoundary();
    }
    return false;
  }
};

}  // namespace

namespace {

// One FullMatch run: the current and next thread lists (program counters
// waiting at a kClass or kMatch) and the per-step dedupe marks.
class PikeVm {
 public:
  PikeVm(const std::vector<JavaRegex::Inst>& program, const std::vector<CodePointRanges>& classes)
      : program_(program), classes_(classes), seen_(program.size(), 0) {}

  bool Run(std::string_view input) {
    Position pos{input, 0, UINT32_MAX};
    ++generation_;
    AddThreads(&current_, 0, pos);
    while (!pos.AtEnd()) {
      if (current_.empty()) return false;
      uint32_t cp;
      int len = DecodeUtf8(input, pos.offset, &cp);
      Position after{input, pos.offset + len, cp};
      Step(cp, after);
      pos = after;
    }
    return std::any_of(current_.begin(), current_.end(),
                       [&](int pc) { return program_[pc].op == JavaRegex::Op::kMatch; });
  }

 private:
  // Advances every thread whose class accepts `cp`.
  void Step(uint32_t cp, const Position& after) {
    ++generation_;
    next_.clear();
    for (int pc : current_) {
      const JavaRegex::Inst& inst = program_[pc];
      if (inst.op == JavaRegex::Op::kClass && RangesContain(classes_[inst.class_index], cp)) {
        AddThreads(&next_, pc + 1, after);
      }
    }
    current_.swap(next_);
  }

  // Adds the threads reachable from `start` by epsilon edges at `pos`.
  void AddThreads(std::vector<int>* list, int start, const Position& pos) {
    stack_.push_back(start);
    while (!stack_.empty()) {
      int pc = stack_.back();
      stack_.pop_back();
      if (seen_[pc] == generation_) continue;
      seen_[pc] = generation_;
      const JavaRegex::Inst& inst = program_[pc];
      switch (inst.op) {
        case JavaRegex::Op::kJump:
          stack_.push_back(inst.x);
          break;
        case JavaRegex::Op::kSplit:
          stack_.push_back(inst.y);
          stack_.push_back(inst.x);
          break;
        case JavaRegex::Op::kAssert:
          if (pos.Holds(inst.assertion)) stack_.push_back(pc + 1);
          break;
        case JavaRegex::Op::kClass:
        case JavaRegex::Op::kMatch:
          list->push_back(pc);
          break;
      }
    }
  }

  const std::vector<JavaRegex::Inst>& program_;
  const std::vector<CodePointRanges>& classes_;
  std::vector<uint32_t> seen_;  // generation in which a pc was last added
  uint32_t generation_ = 0;
  std::vector<int> current_, next_, stack_;
};

// One Find run: like PikeVm, but every thread remembers where its match
// started, a new thread is seeded at each position (lowest priority) until
// a match is found, and a match cuts off the threads below it in priority.
class PikeSearch {
 public:
  PikeSearch(const std::vector<JavaRegex::Inst>& program,
             const std::vector<CodePointRanges>& classes)
      : program_(program), classes_(classes), seen_(program.size(), 0) {}

  std::optional<std::pair<size_t, size_t>> Run(std::string_view input, size_t from) {
    uint32_t prev = UINT32_MAX;
    if (from > 0) {
      size_t b = from - 1;
      while (b > 0 && (static_cast<uint8_t>(input[b]) & 0xC0) == 0x80) --b;
      DecodeUtf8(input, b, &prev);
    }
    Position pos{input, from, prev};
    std::optional<std::pair<size_t, size_t>> match;
    ++generation_;
    AddThreads(&current_, 0, pos, from);
    while (true) {
      for (size_t i = 0; i < current_.size(); ++i) {
        if (program_[current_[i].pc].op == JavaRegex::Op::kMatch) {
          match = std::make_pair(current_[i].start, pos.offset);
          current_.resize(i);
          break;
        }
      }
      if (pos.AtEnd() || (match && current_.empty())) return match;
      uint32_t cp;
      int len = DecodeUtf8(input, pos.offset, &cp);
      Position after{input, pos.offset + len, cp};
      ++generation_;
      next_.clear();
      for (const Thread& t : current_) {
        const JavaRegex::Inst& inst = program_[t.pc];
        if (inst.op == JavaRegex::Op::kClass && RangesContain(classes_[inst.class_index], cp)) {
          AddThreads(&next_, t.pc + 1, after, t.start);
        }
      }
      if (!match) AddThreads(&next_, 0, after, after.offset);
      current_.swap(next_);
      pos = after;
    }
  }

 private:
  struct Thread {
    int pc;
    size_t start;
  };

  void AddThreads(std::vector<Thread>* list, int start_pc, const Position& pos, size_t start) {
    stack_.push_back(start_pc);
    while (!stack_.empty()) {
      int pc = stack_.back();
      stack_.pop_back();
      if (seen_[pc] == generation_) continue;
      seen_[pc] = generation_;
      const JavaRegex::Inst& inst = program_[pc];
      switch (inst.op) {
        case JavaRegex::Op::kJump:
          stack_.push_back(inst.x);
          break;
        case JavaRegex::Op::kSplit:
          stack_.push_back(inst.y);
          stack_.push_back(inst.x);
          break;
        case JavaRegex::Op::kAssert:
          if (pos.Holds(inst.assertion)) stack_.push_back(pc + 1);
          break;
        case JavaRegex::Op::kClass:
        case JavaRegex::Op::kMatch:
          list->push_back({pc, start});
          break;
      }
    }
  }

  const std::vector<JavaRegex::Inst>& program_;
  const std::vector<CodePointRanges>& classes_;
  std::vector<uint32_t> seen_;
  uint32_t generation_ = 0;
  std::vector<Thread> current_, next_;
  std::vector<int> stack_;
};

}  // namespace

bool JavaRegex::FullMatch(std::string_view input) const {
  return PikeVm(program_, classes_).Run(input);
}

std::optional<std::pair<size_t, size_t>> JavaRegex::Find(std::string_view input,
                                                         size_t from) const {
  return PikeSearch(program_, classes_).Run(input, from);
}

}  // namespace quarry::internal
