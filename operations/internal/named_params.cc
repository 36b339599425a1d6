#include "operations/internal/named_params.h"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <limits>
#include <utility>

#include "graph-core/json_fields.h"

namespace quarry::operations_internal {
namespace {

struct IntegerClass {
  std::string_view name;
  int64_t min;
  int64_t max;
};

constexpr IntegerClass kIntegerClasses[] = {
    {"java.lang.Long", std::numeric_limits<int64_t>::min(), std::numeric_limits<int64_t>::max()},
    {"java.lang.Integer", std::numeric_limits<int32_t>::min(), std::numeric_limits<int32_t>::max()},
    {"java.lang.Short", std::numeric_limits<int16_t>::min(), std::numeric_limits<int16_t>::max()},
    {"java.lang.Byte", std::numeric_limits<int8_t>::min(), std::numeric_limits<int8_t>::max()},
};

bool IsOneOf(std::string_view cls, std::initializer_list<std::string_view> names) {
  return std::find(names.begin(), names.end(), cls) != names.end();
}

Status WrongType(std::string_view what, const Json& value, std::string_view cls) {
  return InvalidArgumentError(std::string(what) + ": " + value.dump() +
                              " is not a valid value of class " + std::string(cls));
}

Result<Json> CoerceInteger(const Json& value, const IntegerClass& cls, std::string_view what) {
  int64_t n = 0;
  if (value.is_number_integer() && !value.is_number_unsigned()) {
    n = value.get<int64_t>();
  } else if (value.is_number_unsigned() &&
             value.get<uint64_t>() <= static_cast<uint64_t>(cls.max)) {
    n = static_cast<int64_t>(value.get<uint64_t>());
  } else if (value.is_string()) {  // Jackson coerces numeric text.
    const std::string& s = value.get_ref<const std::string&>();
    auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), n);
    if (ec != std::errc() || end != s.data() + s.size() || s.empty()) {
      return WrongType(what, value, cls.name);
    }
  } else {
    return WrongType(what, value, cls.name);
  }
  if (n < cls.min || n > cls.max) return WrongType(what, value, cls.name);
  return Json(n);
}

Result<Json> CoerceScalar(const Json& value, std::string_view cls, std::string_view what) {
  if (cls == "java.lang.String") {
    if (value.is_string()) return value;
    if (value.is_number() || value.is_boolean()) return Json(value.dump());
    return WrongType(what, value, cls);
  }
  if (cls == "java.lang.Boolean") {
    if (value.is_boolean()) return value;
    if (value.is_string() && (value == "true" || value == "false")) return Json(value == "true");
    return WrongType(what, value, cls);
  }
  // Double / Float.
  if (value.is_number()) return value;
  if (value.is_string()) {
    const std::string& s = value.get_ref<const std::string&>();
    double d = 0;
    auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), d);
    if (ec == std::errc() && end == s.data() + s.size() && !s.empty()) return Json(d);
  }
  return WrongType(what, value, cls);
}

// The default or supplied value of one parameter, or an error.
Result<std::optional<Json>> ParameterValue(const std::string& name, const Json& detail,
                                           const Json& supplied, ParameterRules rules,
                                           std::string_view what) {
  std::string at = std::string(what) + ".parameters." + name;
  if (!detail.is_object()) return InvalidArgumentError(at + ": stored detail is not an object");
  const Json* given = supplied.is_object() ? json_fields::Find(supplied, name) : nullptr;
  bool has_given = supplied.is_object() && supplied.contains(name);
  const Json* dflt = json_fields::Find(detail, "defaultValue");
  const Json* cls = json_fields::Find(detail, "valueClass");
  std::string value_class = cls != nullptr && cls->is_string() ? cls->get<std::string>() : "";
  bool required = detail.value("required", false);
  if (has_given) {
    if (rules == ParameterRules::kNamedView) return std::optional<Json>(given ? *given : Json());
    if (given == nullptr) return std::optional<Json>(Json());
    QUARRY_ASSIGN_OR_RETURN(Json v, CoerceParameter(*given, value_class, at));
    return std::optional<Json>(std::move(v));
  }
  bool usable_default =
      rules == ParameterRules::kNamedOperation ? !required : (!required && dflt != nullptr);
  if (!usable_default) {
    return InvalidArgumentError(std::string(what) + ": Missing parameter " + name +
                                " with no default");
  }
  return std::optional<Json>(dflt != nullptr ? *dflt : Json());
}

void ReplaceAll(std::string* text, const std::string& from, const std::string& to) {
  for (size_t pos = text->find(from); pos != std::string::npos; pos = text->find(from, pos)) {
    text->replace(pos, from.size(), to);
    pos += to.size();
  }
}

}  // namespace

bool HasAccess(const User& user, std::string_view creator_id, const std::vector<std::string>& roles,
               std::string_view admin_auth) {
  const std::vector<std::string>& auths = user.op_auths;
  auto holds = [&](std::string_view auth) {
    return std::find(auths.begin(), auths.end(), auth) != auths.end();
  };
  if (!admin_auth.empty() && holds(admin_auth)) return true;
  if (user.user_id == creator_id) return true;
  return std::any_of(roles.begin(), roles.end(), holds);
}

std::string CanonicalValueClass(std::string_view value_class) {
  static constexpr std::string_view kLang[] = {"Long",  "Integer", "Short",   "Byte",  "Double",
                                               "Float", "String",  "Boolean", "Object"};
  static constexpr std::string_view kUtil[] = {"List",    "ArrayList", "Set",     "HashSet",
                                               "TreeSet", "Map",       "HashMap", "LinkedHashMap"};
  for (std::string_view s : kLang) {
    if (value_class == s) return "java.lang." + std::string(s);
  }
  for (std::string_view s : kUtil) {
    if (value_class == s) return "java.util." + std::string(s);
  }
  return std::string(value_class);
}

Result<Json> CoerceParameter(const Json& value, std::string_view value_class,
                             std::string_view what) {
  std::string cls = CanonicalValueClass(value_class);
  if (value.is_null()) return value;
  for (const IntegerClass& ic : kIntegerClasses) {
    if (cls == ic.name) return CoerceInteger(value, ic, what);
  }
  if (IsOneOf(cls,
              {"java.lang.String", "java.lang.Boolean", "java.lang.Double", "java.lang.Float"})) {
    return CoerceScalar(value, cls, what);
  }
  if (IsOneOf(cls, {"java.util.List", "java.util.ArrayList", "java.util.Set", "java.util.HashSet",
                    "java.util.TreeSet"})) {
    if (value.is_array()) return value;
    return WrongType(what, value, cls);
  }
  if (IsOneOf(cls, {"java.util.Map", "java.util.HashMap", "java.util.LinkedHashMap"})) {
    if (value.is_object()) return value;
    return WrongType(what, value, cls);
  }
  return value;  // A class Quarry does not model: passed through as JSON.
}

Result<std::string> SubstituteParameters(std::string text, const Json& details,
                                         const Json& supplied, ParameterRules rules,
                                         std::string_view what) {
  if (!supplied.is_null() && !supplied.is_object()) {
    return InvalidArgumentError(std::string(what) + ".parameters: expected an object");
  }
  // As Gaffer: with no declared parameters, supplied ones are ignored.
  if (!details.is_object()) return text;
  if (supplied.is_object()) {
    for (const auto& [name, value] : supplied.items()) {
      if (!details.contains(name)) {
        return InvalidArgumentError(std::string(what) + ": Unexpected parameter name '" + name +
                                    "'");
      }
    }
  }
  for (const auto& [name, detail] : details.items()) {
    QUARRY_ASSIGN_OR_RETURN(std::optional<Json> value,
                            ParameterValue(name, detail, supplied, rules, what));
    ReplaceAll(&text, "\"${" + name + "}\"", value->dump());
  }
  return text;
}

// ParameterDetail: description and valueClass required, no default when
// required, and the default must be a value of valueClass.
Result<Json> ReadParameterDetails(const Json& req, const std::string& path, bool named_view) {
  const Json* params = json_fields::Find(req, "parameters");
  if (params == nullptr) return Json();
  std::string ppath = json_fields::Join(path, "parameters");
  if (!params->is_object()) return InvalidArgumentError(ppath + ": expected an object");
  Json out = Json::object();
  for (const auto& [name, detail] : params->items()) {
    std::string at = json_fields::Join(ppath, name);
    if (!detail.is_object()) return InvalidArgumentError(at + ": expected a parameter detail");
    QUARRY_ASSIGN_OR_RETURN(std::optional<std::string> desc,
                            json_fields::OptionalString(detail, "description", at));
    QUARRY_ASSIGN_OR_RETURN(std::optional<std::string> cls,
                            json_fields::OptionalString(detail, "valueClass", at));
    QUARRY_ASSIGN_OR_RETURN(bool required, json_fields::BoolOr(detail, "required", at, false));
    if (!desc.has_value() && !named_view) {
      return InvalidArgumentError(at + ".description: required (description must not be empty)");
    }
    if (!cls.has_value()) return InvalidArgumentError(at + ".valueClass: required");
    const Json* dflt = json_fields::Find(detail, "defaultValue");
    if (required && dflt != nullptr) {
      return InvalidArgumentError(at + ": required is true but a default value has been provided");
    }
    Json stored = Json::object();
    if (desc.has_value()) stored["description"] = *desc;
    if (dflt != nullptr) {
      QUARRY_ASSIGN_OR_RETURN(stored["defaultValue"],
                              CoerceParameter(*dflt, *cls, at + ".defaultValue"));
    }
    stored["valueClass"] = CanonicalValueClass(*cls);
    stored["required"] = required;
    if (const Json* options = json_fields::Find(detail, "options")) stored["options"] = *options;
    out[name] = std::move(stored);
  }
  return out;
}

std::vector<std::string> Roles(const Json& detail, std::string_view field) {
  std::vector<std::string> roles;
  const Json* r = json_fields::Find(detail, field);
  if (r != nullptr && r->is_array()) {
    for (const Json& s : *r) {
      if (s.is_string()) roles.push_back(s.get<std::string>());
    }
  }
  return roles;
}

std::string Creator(const Json& detail) {
  const Json* c = json_fields::Find(detail, "creatorId");
  return c != nullptr && c->is_string() ? c->get<std::string>() : "";
}

}  // namespace quarry::operations_internal
