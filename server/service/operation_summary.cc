#include "server/service/operation_summary.h"

#include "graph-core/json_value.h"

namespace quarry {
namespace {

// A SAX consumer that keeps only "class" strings of the top-level object and
// of the objects in its "operations" array.
class ClassScanner : public nlohmann::json_sax<Json> {
 public:
  std::string top_class;
  std::vector<std::string> chain_classes;

  bool null() override { return Value(); }
  bool boolean(bool) override { return Value(); }
  bool number_integer(number_integer_t) override { return Value(); }
  bool number_unsigned(number_unsigned_t) override { return Value(); }
  bool number_float(number_float_t, const string_t&) override { return Value(); }
  bool binary(binary_t&) override { return Value(); }
  bool string(string_t& value) override {
    if (last_key_ == "class") {
      if (depth_ == 1) top_class = value;
      if (depth_ == 3 && in_operations_) chain_classes.push_back(value);
    }
    return Value();
  }
  bool start_object(std::size_t) override {
    ++depth_;
    last_key_.clear();
    return true;
  }
  bool end_object() override {
    --depth_;
    last_key_.clear();
    return true;
  }
  bool start_array(std::size_t) override {
    ++depth_;
    if (depth_ == 2 && last_key_ == "operations") in_operations_ = true;
    last_key_.clear();
    return true;
  }
  bool end_array() override {
    if (depth_ == 2) in_operations_ = false;
    --depth_;
    last_key_.clear();
    return true;
  }
  bool key(string_t& name) override {
    // Only keys of the objects that matter are kept.
    last_key_ = (depth_ == 1 || (depth_ == 3 && in_operations_)) ? name : std::string();
    return true;
  }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override {
    return false;
  }

 private:
  bool Value() {
    last_key_.clear();
    return true;
  }

  int depth_ = 0;
  bool in_operations_ = false;
  std::string last_key_;
};

bool IsChain(std::string_view short_name) {
  return short_name == "OperationChain" || short_name == "OperationChainDAO";
}

}  // namespace

std::string ShortClassName(std::string_view class_name) {
  const size_t dot = class_name.rfind('.');
  return std::string(dot == std::string_view::npos ? class_name : class_name.substr(dot + 1));
}

std::vector<std::string> OperationClassNames(std::string_view operation_json) {
  ClassScanner scanner;
  (void)Json::sax_parse(operation_json.begin(), operation_json.end(), &scanner,
                        nlohmann::detail::input_format_t::json, /*strict=*/false);
  std::vector<std::string> names;
  const std::string top = ShortClassName(scanner.top_class);
  if (!top.empty() && !IsChain(top)) return {top};
  for (const std::string& name : scanner.chain_classes) names.push_back(ShortClassName(name));
  if (names.empty() && !top.empty()) names.push_back(top);
  return names;
}

std::string OperationLabel(const std::vector<std::string>& classes) {
  if (classes.size() > 1) return "OperationChain";
  if (classes.empty()) return "";
  return classes.front();
}

}  // namespace quarry
