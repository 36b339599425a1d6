// Data behind graph-core/class_catalogue.h that the parsers do not need:
// the JSON fields Gaffer reports for each class, and the Java type
// hierarchy used to match a predicate's input class.
//
// Thread safety: immutable tables.
#pragma once

#include <string_view>
#include <vector>

namespace quarry::catalogue_internal {

struct FieldSpec {
  std::string_view name;
  std::string_view class_name;
};

// A class's fields as JsonSerialisationUtil.getSerialisedFieldClasses finds
// them (Jackson's property order; callers reorder as Java's HashMap does).
struct ClassFields {
  std::string_view class_name;
  std::vector<FieldSpec> fields;
};

// Every predicate, function and binary operator class the parsers accept.
const std::vector<ClassFields>& SerialisedFieldTable();

// A Java class and every class or interface it is assignable to (itself and
// java.lang.Object excepted).
struct JavaType {
  std::string_view name;
  std::vector<std::string_view> supertypes;
};

// The input classes /filterFunctions/{inputClass} recognises.
const std::vector<JavaType>& KnownJavaTypes();

}  // namespace quarry::catalogue_internal
