#include "schema/internal/java_number_text.h"

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <system_error>

namespace quarry::internal {
namespace {

bool IsDigit(char c) { return c >= '0' && c <= '9'; }

// Java's layout of shortest-digit scientific text such as "1.2345e+02".
std::string JavaLayout(std::string_view sci, double magnitude) {
  size_t e = sci.find('e');
  std::string digits(1, sci[0]);
  if (sci.size() > 1 && sci[1] == '.') digits.append(sci.substr(2, e - 2));
  while (digits.size() > 1 && digits.back() == '0') digits.pop_back();
  std::string_view exp_text = sci.substr(e + 1);
  if (!exp_text.empty() && exp_text[0] == '+') exp_text.remove_prefix(1);
  int exp = 0;
  std::from_chars(exp_text.data(), exp_text.data() + exp_text.size(), exp);

  std::string out;
  if (magnitude >= 1e-3 && magnitude < 1e7) {
    if (exp >= 0) {
      size_t int_len = static_cast<size_t>(exp) + 1;
      if (digits.size() < int_len) digits.append(int_len - digits.size(), '0');
      out = digits.substr(0, int_len) + ".";
      out += digits.size() > int_len ? digits.substr(int_len) : "0";
    } else {
      out = "0." + std::string(static_cast<size_t>(-exp - 1), '0') + digits;
    }
  } else {
    out = digits.substr(0, 1) + ".";
    out += digits.size() > 1 ? digits.substr(1) : "0";
    out += "E" + std::to_string(exp);
  }
  return out;
}

template <typename F>
std::string FloatingToString(F v) {
  if (std::isnan(v)) return "NaN";
  if (std::isinf(v)) return v > 0 ? "Infinity" : "-Infinity";
  if (v == 0) return std::signbit(v) ? "-0.0" : "0.0";
  char buf[64];
  F magnitude = std::fabs(v);
  auto res = std::to_chars(buf, buf + sizeof(buf), magnitude, std::chars_format::scientific);
  std::string_view sci(buf, res.ptr - buf);
  if (sci.size() < 2 || sci[1] != '.') {
    // One shortest digit: Java then picks the two-digit decimal closest to
    // the value (Double.MIN_VALUE is "4.9E-324", not "5.0E-324").
    res = std::to_chars(buf, buf + sizeof(buf), magnitude, std::chars_format::scientific, 1);
    sci = std::string_view(buf, res.ptr - buf);
  }
  std::string out = v < 0 ? "-" : "";
  return out + JavaLayout(sci, static_cast<double>(magnitude));
}

std::string_view TrimJavaWhitespace(std::string_view s) {
  while (!s.empty() && static_cast<unsigned char>(s.front()) <= ' ') s.remove_prefix(1);
  while (!s.empty() && static_cast<unsigned char>(s.back()) <= ' ') s.remove_suffix(1);
  return s;
}

}  // namespace

std::string JavaDoubleToString(double d) { return FloatingToString(d); }
std::string JavaFloatToString(float f) { return FloatingToString(f); }

std::optional<int64_t> ParseJavaLong(std::string_view text) {
  std::string_view digits = text;
  if (!text.empty() && text[0] == '+') {
    text.remove_prefix(1);
    digits = text;
  } else if (!text.empty() && text[0] == '-') {
    digits.remove_prefix(1);
  }
  if (digits.empty()) return std::nullopt;
  for (char c : digits) {
    if (!IsDigit(c)) return std::nullopt;
  }
  int64_t v = 0;
  auto res = std::from_chars(text.data(), text.data() + text.size(), v);
  if (res.ec != std::errc() || res.ptr != text.data() + text.size()) return std::nullopt;
  return v;
}

template <typename F>
std::optional<F> ParseJavaFloating(std::string_view text) {
  text = TrimJavaWhitespace(text);
  bool negative = false;
  if (!text.empty() && (text[0] == '+' || text[0] == '-')) {
    negative = text[0] == '-';
    text.remove_prefix(1);
  }
  if (text == "NaN") return std::numeric_limits<F>::quiet_NaN();
  if (text == "Infinity")
    return negative ? -std::numeric_limits<F>::infinity() : std::numeric_limits<F>::infinity();
  if (!text.empty() && std::string_view("fFdD").find(text.back()) != std::string_view::npos) {
    text.remove_suffix(1);
  }
  if (text.empty() || !(IsDigit(text[0]) || text[0] == '.')) return std::nullopt;
  F v = 0;
  auto res = std::from_chars(text.data(), text.data() + text.size(), v);
  if (res.ptr != text.data() + text.size()) return std::nullopt;
  if (res.ec == std::errc::result_out_of_range) {
    // Java rounds overflow to infinity and underflow to zero; strtod does too.
    std::string copy(text);
    v = sizeof(F) == 4 ? std::strtof(copy.c_str(), nullptr) : std::strtod(copy.c_str(), nullptr);
  } else if (res.ec != std::errc()) {
    return std::nullopt;
  }
  return negative ? -v : v;
}

std::optional<double> ParseJavaDouble(std::string_view text) {
  return ParseJavaFloating<double>(text);
}
std::optional<float> ParseJavaFloat(std::string_view text) {
  return ParseJavaFloating<float>(text);
}

}  // namespace quarry::internal
