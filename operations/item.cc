#include "operations/item.h"

#include <functional>
#include <unordered_set>
#include <utility>

#include "graph-core/json_element.h"
#include "graph-core/json_writer.h"

namespace quarry {
namespace {

template <class... Ts>
struct Overloaded : Ts... {
  using Ts::operator()...;
};
template <class... Ts>
Overloaded(Ts...) -> Overloaded<Ts...>;

size_t Mix(size_t seed, size_t h) { return seed ^ (h + 0x9e3779b97f4a7c15ULL + (seed << 6)); }

size_t SeedHash(const ElementId& id) {
  if (const auto* e = std::get_if<EntitySeed>(&id)) return Mix(1, e->vertex.Hash());
  const auto& s = std::get<EdgeSeed>(id);
  return Mix(Mix(Mix(2, s.source.Hash()), s.destination.Hash()),
             static_cast<size_t>(s.directed_type));
}

}  // namespace

Json ItemToJson(const Item& item) {
  return std::visit(
      Overloaded{[](const Element& e) { return ElementToJson(e); },
                 [](const ElementId& id) { return ElementIdToJson(id); },
                 [](const Value& v) { return ValueToJson(v); }, [](const Json& j) { return j; }},
      item);
}

void AppendItemJson(const Item& item, std::string* out) {
  std::visit(Overloaded{[out](const Element& e) { AppendElementJson(e, out); },
                        [out](const ElementId& id) { AppendElementIdJson(id, out); },
                        [out](const Value& v) { AppendValueJson(v, out); },
                        [out](const Json& j) { AppendJson(j, out); }},
             item);
}

namespace {

// The class wrappers ValueToJson writes for types Gaffer's result mapper
// writes bare: Jackson's natural forms of a Long, Float, Double (NaN and
// the infinities as strings), Date (epoch ms), byte[] (base64), the
// collections and the time library's sets and series (not annotated for
// class names, unlike the sketches and Gaffer's own types).
bool IsUntypedInResults(std::string_view wrapper) {
  static constexpr std::string_view kBare[] = {"java.lang.Long",
                                               "java.lang.Short",
                                               "java.lang.Float",
                                               "java.lang.Double",
                                               "java.util.Date",
                                               "[B",
                                               "java.util.TreeSet",
                                               "java.util.HashSet",
                                               "java.util.ArrayList",
                                               "java.util.HashMap",
                                               "java.util.TreeMap",
                                               "uk.gov.gchq.gaffer.time.RBMBackedTimestampSet",
                                               "uk.gov.gchq.gaffer.time.BoundedTimestampSet",
                                               "uk.gov.gchq.gaffer.time.LongTimeSeries"};
  for (std::string_view bare : kBare) {
    if (wrapper == bare) return true;
  }
  return false;
}

constexpr std::string_view kFreqMapClass = "uk.gov.gchq.gaffer.types.FreqMap";
constexpr std::string_view kTypeValueClass = "uk.gov.gchq.gaffer.types.TypeValue";
constexpr std::string_view kTypeSubTypeValueClass = "uk.gov.gchq.gaffer.types.TypeSubTypeValue";

}  // namespace

Json ToResultJson(Json json) {
  if (json.is_array()) {
    for (Json& item : json) item = ToResultJson(std::move(item));
    return json;
  }
  if (!json.is_object() || json.contains("class")) return json;
  if (json.size() == 1 && IsUntypedInResults(json.begin().key())) {
    return ToResultJson(std::move(json.begin().value()));
  }
  // FreqMap, TypeValue and TypeSubTypeValue have a class-level
  // @JsonTypeInfo(property = "class"): outside an element's properties
  // (which wrap every value) Jackson writes the class as the first member.
  // Gaffer's mapper leaves out null fields; Quarry holds a null type,
  // subType or value as "", so those are left out too (gaffer-doc's
  // ToTypeValue example: {"class": "...TypeValue", "value": "aString"}).
  if (json.size() == 1 && json.begin()->is_object()) {
    const std::string& wrapper = json.begin().key();
    const bool freq_map = wrapper == kFreqMapClass;
    if (freq_map || wrapper == kTypeValueClass || wrapper == kTypeSubTypeValueClass) {
      Json typed = Json::object();
      typed["class"] = wrapper;
      for (auto& [key, field] : json.begin()->items()) {
        if (!freq_map && field.is_string() && field.get_ref<const std::string&>().empty()) continue;
        typed[key] = std::move(field);
      }
      return typed;
    }
  }
  for (auto& [key, value] : json.items()) value = ToResultJson(std::move(value));
  return json;
}

Json ItemToResultJson(const Item& item) {
  if (std::holds_alternative<Element>(item) || std::holds_alternative<ElementId>(item)) {
    return ItemToJson(item);
  }
  return ToResultJson(ItemToJson(item));
}

void AppendItemResultJson(const Item& item, std::string* out) {
  if (std::holds_alternative<Element>(item) || std::holds_alternative<ElementId>(item)) {
    AppendItemJson(item, out);
    return;
  }
  AppendJson(ToResultJson(ItemToJson(item)), out);
}

bool ItemEquals(const Item& a, const Item& b) {
  if (a.index() != b.index()) return false;
  return std::visit(
      [&b](const auto& x) {
        using T = std::decay_t<decltype(x)>;
        return x == std::get<T>(b);
      },
      a);
}

size_t ItemHash(const Item& item) {
  return std::visit(Overloaded{[](const Element& e) { return ElementHash()(e); },
                               [](const ElementId& id) { return SeedHash(id); },
                               [](const Value& v) { return v.Hash(); },
                               [](const Json& j) { return std::hash<std::string>()(j.dump()); }},
                    item);
}

namespace {

class VectorStream : public ItemStream {
 public:
  explicit VectorStream(std::vector<Item> items) : items_(std::move(items)) {}
  bool Valid() const override { return pos_ < items_.size(); }
  void Next() override { ++pos_; }
  const Item& item() const override { return items_[pos_]; }
  Status status() const override { return Status::OK(); }

 private:
  std::vector<Item> items_;
  size_t pos_ = 0;
};

class ElementStream : public ItemStream {
 public:
  ElementStream(std::unique_ptr<ElementIterator> it, std::shared_ptr<const void> keep_alive)
      : keep_alive_(std::move(keep_alive)), it_(std::move(it)) {
    Load();
  }
  bool Valid() const override { return it_->Valid(); }
  void Next() override {
    it_->Next();
    Load();
  }
  const Item& item() const override { return current_; }
  Status status() const override { return it_->status(); }

 private:
  // The properties stay undecoded until something reads them (a consumer
  // of identifiers, e.g. GetAdjacentIds or Count, never does); keep_alive_
  // keeps their decoder alive. Copies of item() decode.
  void Load() {
    if (!it_->Valid()) return;
    if (!std::holds_alternative<Element>(current_)) current_ = Element();
    std::get<Element>(current_).AssignKeepingHold(it_->element());
  }
  std::shared_ptr<const void> keep_alive_;  // Declared first: destroyed last.
  std::unique_ptr<ElementIterator> it_;
  Item current_;
};

class FlatMapStream : public ItemStream {
 public:
  FlatMapStream(std::unique_ptr<ItemStream> input, FlatMapFn fn)
      : input_(std::move(input)), fn_(std::move(fn)) {
    Fill();
  }
  bool Valid() const override { return status_.ok() && pos_ < buffer_.size(); }
  void Next() override {
    ++pos_;
    if (pos_ >= buffer_.size()) Fill();
  }
  const Item& item() const override { return buffer_[pos_]; }
  Status status() const override { return status_.ok() ? input_->status() : status_; }

 private:
  // Pulls input items until one maps to at least one output item.
  void Fill() {
    buffer_.clear();
    pos_ = 0;
    while (buffer_.empty() && input_->Valid()) {
      status_ = fn_(input_->item(), &buffer_);
      input_->Next();
      if (!status_.ok()) return;
    }
  }
  std::unique_ptr<ItemStream> input_;
  FlatMapFn fn_;
  std::vector<Item> buffer_;
  size_t pos_ = 0;
  Status status_;
};

class LimitStream : public ItemStream {
 public:
  LimitStream(std::unique_ptr<ItemStream> input, uint64_t limit, bool fail_if_more)
      : input_(std::move(input)), limit_(limit), fail_if_more_(fail_if_more) {
    Check();
  }
  bool Valid() const override { return status_.ok() && seen_ < limit_ && input_->Valid(); }
  void Next() override {
    ++seen_;
    input_->Next();
    Check();
  }
  const Item& item() const override { return input_->item(); }
  Status status() const override { return status_.ok() ? input_->status() : status_; }

 private:
  void Check() {
    if (seen_ >= limit_ && fail_if_more_ && input_->Valid()) {
      status_ = ResourceExhaustedError("Limit of " + std::to_string(limit_) + " exceeded.");
    }
  }
  std::unique_ptr<ItemStream> input_;
  uint64_t limit_;
  bool fail_if_more_;
  uint64_t seen_ = 0;
  Status status_;
};

class DistinctStream : public ItemStream {
 public:
  DistinctStream(std::unique_ptr<ItemStream> input, size_t max_distinct)
      : input_(std::move(input)), max_distinct_(max_distinct) {
    SkipSeen();
  }
  bool Valid() const override { return status_.ok() && input_->Valid(); }
  void Next() override {
    input_->Next();
    SkipSeen();
  }
  const Item& item() const override { return input_->item(); }
  Status status() const override { return status_.ok() ? input_->status() : status_; }

 private:
  // Advances to the next item not seen before and remembers it.
  void SkipSeen() {
    while (input_->Valid()) {
      if (!seen_.contains(input_->item())) {
        if (seen_.size() >= max_distinct_) {
          status_ = ResourceExhaustedError("ToSet: more than " + std::to_string(max_distinct_) +
                                           " distinct items");
          return;
        }
        seen_.insert(input_->item());
        return;
      }
      input_->Next();
    }
  }
  std::unique_ptr<ItemStream> input_;
  size_t max_distinct_;
  std::unordered_set<Item, ItemHasher, ItemEq> seen_;
  Status status_;
};

class PrefixedStream : public ItemStream {
 public:
  PrefixedStream(std::vector<Item> prefix, std::unique_ptr<ItemStream> input)
      : prefix_(std::move(prefix)), input_(std::move(input)) {}
  bool Valid() const override { return pos_ < prefix_.size() || input_->Valid(); }
  void Next() override {
    if (pos_ < prefix_.size()) {
      ++pos_;
    } else {
      input_->Next();
    }
  }
  const Item& item() const override {
    return pos_ < prefix_.size() ? prefix_[pos_] : input_->item();
  }
  Status status() const override { return input_->status(); }

 private:
  std::vector<Item> prefix_;
  size_t pos_ = 0;
  std::unique_ptr<ItemStream> input_;
};

}  // namespace

std::unique_ptr<ItemStream> MakeVectorStream(std::vector<Item> items) {
  return std::make_unique<VectorStream>(std::move(items));
}

std::unique_ptr<ItemStream> MakeElementStream(std::unique_ptr<ElementIterator> it,
                                              std::shared_ptr<const void> keep_alive) {
  return std::make_unique<ElementStream>(std::move(it), std::move(keep_alive));
}

std::unique_ptr<ItemStream> MakeFlatMapStream(std::unique_ptr<ItemStream> input, FlatMapFn fn) {
  return std::make_unique<FlatMapStream>(std::move(input), std::move(fn));
}

std::unique_ptr<ItemStream> MakeLimitStream(std::unique_ptr<ItemStream> input, uint64_t limit,
                                            bool fail_if_more) {
  return std::make_unique<LimitStream>(std::move(input), limit, fail_if_more);
}

std::unique_ptr<ItemStream> MakeDistinctStream(std::unique_ptr<ItemStream> input,
                                               size_t max_distinct) {
  return std::make_unique<DistinctStream>(std::move(input), max_distinct);
}

std::unique_ptr<ItemStream> MakePrefixedStream(std::vector<Item> prefix,
                                               std::unique_ptr<ItemStream> input) {
  return std::make_unique<PrefixedStream>(std::move(prefix), std::move(input));
}

}  // namespace quarry
