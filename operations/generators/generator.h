// Gaffer's element generators (GenerateElements: objects -> elements) and
// object generators (GenerateObjects: elements -> objects), registered under
// their Gaffer class names and made from their JSON ({"class": ...} plus the
// generator's fields).
//
// A generator sees one input at a time and appends what it makes, so a
// GenerateElements chained into AddElements streams: memory holds one
// input's elements. A generator may keep state between inputs (the road
// traffic CSV generator remembers the header), so each run makes its own.
//
// Thread safety: the registry is immutable; a generator is used by one
// thread at a time.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "graph-core/element.h"
#include "graph-core/json_value.h"
#include "graph-core/status.h"
#include "operations/item.h"

namespace quarry {

class ElementGenerator {
 public:
  virtual ~ElementGenerator() = default;
  // Appends the elements made from `object` to `out` (none is fine, e.g.
  // for a CSV header). InvalidArgument naming the generator and the problem
  // if `object` is not what the generator reads.
  virtual Status Generate(const Item& object, std::vector<Element>* out) = 0;
};

class ObjectGenerator {
 public:
  virtual ~ObjectGenerator() = default;
  // Appends the objects made from `element` to `out`.
  virtual Status Generate(const Element& element, std::vector<Item>* out) = 0;
};

// Makes the generator `spec` names. InvalidArgument naming `path`.class if
// the class is missing or not registered, or `path`.field for a bad field.
Result<std::unique_ptr<ElementGenerator>> MakeElementGenerator(const Json& spec,
                                                               std::string_view path);
Result<std::unique_ptr<ObjectGenerator>> MakeObjectGenerator(const Json& spec,
                                                             std::string_view path);

// Full Gaffer class names of the registered generators, sorted.
std::vector<std::string> RegisteredElementGeneratorClassNames();
std::vector<std::string> RegisteredObjectGeneratorClassNames();

// The text of an input item that should be a string (a JSON string or a
// String value). InvalidArgument naming `generator` otherwise.
Result<std::string> GeneratorInputString(const Item& item, std::string_view generator);

}  // namespace quarry
