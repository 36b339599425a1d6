// ParsePredicate: maps a "class" name (full or simple) to the parser of the
// predicate that implements it. The table is built once from the lists each
// predicates/*.cc file contributes (internal::PredicateClasses(), which the
// class catalogue lists too; no static self-registration: the library
// is static and unreferenced registrars would be dropped by the linker).
#include <vector>

#include "graph-core/internal/json_value_util.h"
#include "graph-core/predicate.h"
#include "graph-core/predicates/internal/predicate_util.h"

namespace quarry {
namespace internal {

const std::vector<PredicateClass>& PredicateClasses() {
  static const std::vector<PredicateClass>* classes = [] {
    auto* out = new std::vector<PredicateClass>();
    internal::AddComparisonPredicates(out);
    internal::AddIsAPredicate(out);
    internal::AddLogicalPredicates(out);
    internal::AddStringPredicates(out);
    internal::AddCollectionPredicates(out);
    internal::AddAgeOffPredicates(out);
    internal::AddRangePredicates(out);
    internal::AddSketchPredicates(out);
    internal::AddTimeLibraryPredicates(out);
    return out;
  }();
  return *classes;
}

}  // namespace internal

namespace {

using internal::JsonError;
using internal::PredicateClass;

std::string_view SimpleName(std::string_view full) {
  size_t dot = full.rfind('.');
  return dot == std::string_view::npos ? full : full.substr(dot + 1);
}

// Gaffer capitalises a simple name before looking it up ("isMoreThan" works).
bool SimpleNameMatches(std::string_view given, std::string_view simple) {
  if (given.size() != simple.size() || given.empty()) return false;
  char first = given[0];
  if (first >= 'a' && first <= 'z') first = static_cast<char>(first - 'a' + 'A');
  return first == simple[0] && given.substr(1) == simple.substr(1);
}

const PredicateClass* FindClass(std::string_view name) {
  bool simple = name.find('.') == std::string_view::npos;
  for (const PredicateClass& c : internal::PredicateClasses()) {
    if (simple ? SimpleNameMatches(name, SimpleName(c.full_name)) : name == c.full_name) {
      return &c;
    }
  }
  return nullptr;
}

// Nesting depth of ParsePredicate calls on this thread (Not, And, If, ... nest).
thread_local int parse_depth = 0;

class DepthGuard {
 public:
  DepthGuard() { ++parse_depth; }
  ~DepthGuard() { --parse_depth; }
  DepthGuard(const DepthGuard&) = delete;
  DepthGuard& operator=(const DepthGuard&) = delete;
};

}  // namespace

Result<std::unique_ptr<Predicate>> ParsePredicate(const Json& json, std::string_view path) {
  if (!json.is_object()) {
    return JsonError(
        path, "a predicate must be an object, got " + std::string(internal::JsonTypeName(json)));
  }
  const Json* class_json = json_fields::Find(json, "class");
  if (class_json == nullptr) return internal::MissingField(path, "class");
  if (!class_json->is_string()) {
    return JsonError(json_fields::Join(path, "class"),
                     "expected a string, got " + std::string(internal::JsonTypeName(*class_json)));
  }
  const std::string& name = class_json->get_ref<const std::string&>();
  DepthGuard guard;
  if (parse_depth > kMaxJsonValueDepth) {
    return JsonError(path, "predicates nested deeper than " + std::to_string(kMaxJsonValueDepth));
  }
  const PredicateClass* c = FindClass(name);
  if (c == nullptr) return JsonError(path, "unknown predicate class '" + name + "'");
  return c->parse(json, path);
}

}  // namespace quarry
