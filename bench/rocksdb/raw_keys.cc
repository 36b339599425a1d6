#include "bench/rocksdb/raw_keys.h"

#include "bench/schema/bench_data.h"
#include "keypackages/key_format.h"

namespace quarry::bench {
namespace {

std::string Tail(const KeyParts& parts) {
  std::string tail;
  for (std::string_view piece : {parts.group, parts.column_qualifier, parts.visibility}) {
    tail.push_back('\0');
    tail.append(piece);
  }
  return tail;
}

// The key-package's keys of one event, in EventKeys order.
Result<EventKeys> PackageKeys(const KeyPackage& package, const EdgeEvent& event) {
  std::vector<Element> elements;
  AppendEventElements(event, &elements);
  std::vector<KeyValue> edge, entity;
  QUARRY_RETURN_IF_ERROR(package.Encode(elements[0], 0, &edge));
  QUARRY_RETURN_IF_ERROR(package.Encode(elements[1], 0, &entity));
  if (edge.empty() || edge.size() > 2 || entity.size() != 1) {
    return InternalError("unexpected key count from the key-package");
  }
  EventKeys keys;
  const std::string src = VertexName(event.src) + '\0';
  for (KeyValue& kv : edge) {
    (kv.key.compare(0, src.size(), src) == 0 ? keys.source_first : keys.destination_first) =
        std::move(kv.key);
  }
  keys.entity = std::move(entity[0].key);
  return keys;
}

}  // namespace

Result<RawKeys> RawKeys::Make(const DatasetSpec& spec, std::shared_ptr<const Schema> schema) {
  RawKeys keys;
  QUARRY_ASSIGN_OR_RETURN(std::unique_ptr<const KeyPackage> package,
                          MakeKeyPackage(kByteEntityKeyPackageName, std::move(schema)));
  keys.package_ = std::move(package);
  for (uint32_t day = 0; day < spec.days; ++day) {
    QUARRY_ASSIGN_OR_RETURN(EventKeys sample, PackageKeys(*keys.package_, {0, 1, day}));
    QUARRY_ASSIGN_OR_RETURN(KeyParts parts, SplitKey(sample.source_first));
    keys.qualifiers_.emplace_back(parts.column_qualifier);
    keys.edge_tails_.push_back(Tail(parts));
    if (day == 0) {
      QUARRY_ASSIGN_OR_RETURN(KeyParts entity_parts, SplitKey(sample.entity));
      keys.entity_tail_ = Tail(entity_parts);
    }
  }
  return keys;
}

// Row sections (keypackages/key_format.h), vertex names needing no escaping:
//   entity V 00 01;  edge S->D: S 00 02 00 D 00 02 and D 00 03 00 S 00 03.
void RawKeys::KeysOf(const EdgeEvent& event, EventKeys* out) const {
  std::string s = VertexName(event.src), d = VertexName(event.dst);
  const std::string& tail = edge_tails_[event.day];
  out->source_first.assign(s).append("\0\2\0", 3).append(d).append("\0\2", 2).append(tail);
  if (event.src == event.dst) {
    out->destination_first.clear();
  } else {
    out->destination_first.assign(d).append("\0\3\0", 3).append(s).append("\0\3", 2).append(tail);
  }
  out->entity.assign(s).append("\0\1", 2).append(entity_tail_);
}

Status RawKeys::Verify(const DatasetSpec& spec, uint64_t events) const {
  EventStream stream(spec);
  EdgeEvent event;
  EventKeys mine;
  for (uint64_t i = 0; i < events && stream.Next(&event); ++i) {
    QUARRY_ASSIGN_OR_RETURN(EventKeys theirs, PackageKeys(*package_, event));
    KeysOf(event, &mine);
    if (mine.source_first != theirs.source_first ||
        mine.destination_first != theirs.destination_first || mine.entity != theirs.entity) {
      return InternalError("raw keys differ from the key-package's at event " + std::to_string(i) +
                           ": " + HexBytes(mine.source_first) + " vs " +
                           HexBytes(theirs.source_first));
    }
  }
  return Status::OK();
}

}  // namespace quarry::bench
